// Keeping the bracket text and the drawing in step: a valid text typed in Monaco is shown at once and
// saved after a pause in typing; the caret selects its node; the selection is selected in the text.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { indexBracketText, spanAtOffset, textRangeOf } from '../../../core/edit/bracketIndex';
import { type LoadedTree, withTreeText } from '../../../core/edit/goldTrees';
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
    (text: string, check: TreeCheck) => {
      if (!check.tree || name === undefined) return;
      preview(withTreeText(current(), name, text));
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

  const bracket = shown?.tree ? shown.gold.bracket : null;
  const [a, b] = words ?? [-1, -1];
  const range = selection.kind === 'nodes' ? selection.range : null;
  const reveal = useMemo(() => {
    if (!bracket || a < 0) return null;
    const spans = indexBracketText(bracket);
    return textRangeOf(spans, range ?? { words: [a, b] });
  }, [bracket, range, a, b]);

  return { onEdit, onCursor, reveal };
}
