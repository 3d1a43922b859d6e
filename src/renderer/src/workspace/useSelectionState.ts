// The workspace's selection: words, nodes or an entity, checked against the records and the shown tree
// at every render (an edit, an undo or another tree may leave it pointing at nothing: then nothing is
// selected), the words it covers and its interval on the time axis.
import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import type { GoldRecords } from '../../../core/gold/records';
import {
  NO_SELECTION,
  type Selection,
  type SelectionContext,
  selectionValid,
  selectionWords,
} from '../../../core/edit/selection';
import type { TreeNode } from '../../../core/tree/tree';

/** The selection and what is derived from it. */
export interface SelectionState {
  /** The selection, or nothing when it no longer points at anything. */
  selection: Selection;
  setSelection: Dispatch<SetStateAction<Selection>>;
  /** What the selection is checked and spanned against. */
  ctx: SelectionContext;
  /** The words the selection covers. */
  span: readonly [number, number] | null;
  /** The selection's interval, drawn as a band across the waveform and every tier. */
  band: { startSec: number; endSec: number } | null;
}

/** The selection over `gold` and the shown `tree`. */
export function useSelectionState(gold: GoldRecords, tree: TreeNode | null): SelectionState {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  // The playhead is not needed to check or span a selection (commands read it from the clock): the
  // workspace does not render as the playhead moves; the tiers mark the word under it themselves.
  const ctx = useMemo(
    () => ({ wordCount: gold.words.length, tree, entities: gold.entities, playheadWord: -1 }),
    [gold, tree],
  );
  const sel = selectionValid(selection, ctx) ? selection : NO_SELECTION;
  const span = selectionWords(sel, ctx);
  const startSec = span ? gold.words[span[0]]?.startSec : undefined;
  const endSec = span ? gold.words[span[1]]?.endSec : undefined;
  const band = useMemo(
    () => (startSec !== undefined && endSec !== undefined ? { startSec, endSec } : null),
    [startSec, endSec],
  );
  return { selection: sel, setSelection, ctx, span, band };
}

/** Keeps `band` in view as the keys move it. */
export function useKeepInView(
  band: { startSec: number; endSec: number } | null,
  reveal: (startSec: number, endSec: number) => void,
): void {
  useEffect(() => {
    if (band) reveal(band.startSec, band.endSec);
  }, [band, reveal]);
}
