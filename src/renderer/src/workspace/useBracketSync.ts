// Keeping the bracket text and the drawing in step: a valid text typed in Monaco is shown at once and
// saved after a pause in typing (as the tree's stored text: the layout typed is the editor's, not the
// tree's); the caret selects its node; the selection is selected in the text.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { indexBracketText, spanAtOffset } from '../../../core/edit/bracketIndex';
import { type LoadedTree, withTree } from '../../../core/edit/goldTrees';
import type { Selection } from '../../../core/edit/selection';
import { nodeRange } from '../../../core/edit/treeEdit';
import type { TreeCheck } from '../../../core/edit/treeCheck';
import type { GoldEditor } from './useGoldEditor';

/** A pause in typing this long saves the text. */
const TYPING_PAUSE_MS = 800;

/** The bracket editor's callbacks and the text range to select, for the shown tree. */
export function useBracketSync(
  editor: GoldEditor,
  shown: LoadedTree | null,
  selection: Selection,
  words: readonly [number, number] | null,
  setSelection: (s: Selection) => void,
) {
  const timer = useRef(0);
  const { preview, finish, current } = editor;
  const name = shown?.gold.name;
  const onEdit = useCallback(
    (_text: string, check: TreeCheck) => {
      if (!check.tree || name === undefined) return;
      preview(withTree(current(), name, check.tree));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => finish(`edit the bracket text of "${name}"`), TYPING_PAUSE_MS);
    },
    [preview, finish, current, name],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onCursor = useCallback(
    (offset: number, text: string) => {
      const s = spanAtOffset(indexBracketText(text), offset);
      if (!s) return;
      setSelection(
        s.leafIndex >= 0
          ? { kind: 'words', anchor: s.leafIndex, focus: s.leafIndex }
          : { kind: 'nodes', range: nodeRange(s.path) },
      );
    },
    [setSelection],
  );

  // What to select in the text: the editor finds it in the text it shows.
  const hasTree = shown?.tree != null;
  const [a, b] = words ?? [-1, -1];
  const range = selection.kind === 'nodes' ? selection.range : null;
  const reveal = useMemo(
    () => (!hasTree || a < 0 ? null : (range ?? { words: [a, b] as const })),
    [hasTree, range, a, b],
  );

  return { onEdit, onCursor, reveal };
}
