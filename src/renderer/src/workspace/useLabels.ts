// The labels offered when a node is labelled: the project's tree labels, those in use in the project and
// those of this utterance's trees.
import { useMemo } from 'react';
import { labelsInBrackets } from '../../../core/edit/goldTrees';
import type { AnnotationSettingsState } from '../../../core/edit/settings';
import type { GoldRecords } from '../../../core/gold/records';

/** The labels to complete from, sorted; empty until `needed` (they are not needed for the first frame). */
export function useLabels(
  needed: boolean,
  settings: AnnotationSettingsState,
  trees: GoldRecords['trees'],
): readonly string[] {
  return useMemo(
    () =>
      !needed
        ? []
        : [
            ...new Set([
              ...settings.settings.treeLabels,
              ...settings.labelsInUse,
              ...labelsInBrackets(trees.map((t) => t.bracket)),
            ]),
          ].sort(),
    [needed, settings, trees],
  );
}
