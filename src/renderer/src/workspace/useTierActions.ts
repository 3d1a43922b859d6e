// The tiers' mouse actions, as one stable object (the tiers are memoized and must not re-render when the
// workspace does).
import { useMemo } from 'react';
import type { Selection } from '../../../core/edit/selection';
import { nodeRange } from '../../../core/edit/treeEdit';
import type { NodePath } from '../../../core/edit/treePaths';
import type { TierActions } from './tierActions';
import type { TimeAxis } from './timeAxis';
import type { GoldEditor } from './useGoldEditor';

/** The selection after a click on a node: Shift extends a run of siblings under the same parent. */
function clickNode(s: Selection, path: NodePath, extend: boolean): Selection {
  const p = [...path];
  if (extend && s.kind === 'nodes' && s.range.parent && p.length === s.range.parent.length + 1) {
    const i = p[p.length - 1]!;
    if (s.range.parent.every((v, k) => v === p[k]))
      return {
        kind: 'nodes',
        range: { ...s.range, from: Math.min(s.range.from, i), to: Math.max(s.range.to, i) },
      };
  }
  return { kind: 'nodes', range: nodeRange(p) };
}

/** Builds the tiers' actions from the workspace's parts. */
export function useTierActions(
  axis: TimeAxis,
  limits: { minSec: number; maxSec: number },
  editor: GoldEditor,
  setSelection: (update: (s: Selection) => Selection) => void,
  playWords: (first: number, last: number) => void,
  rename: () => void,
  refuse: (message: string) => void,
): TierActions {
  const { current, preview, finish } = editor;
  return useMemo<TierActions>(
    () => ({
      axis,
      limits,
      selectWords: (anchor, focus) => setSelection(() => ({ kind: 'words', anchor, focus })),
      selectNodes: (path, extend) => setSelection((s) => clickNode(s, path, extend)),
      selectEntity: (index) => setSelection(() => ({ kind: 'entity', index })),
      playWords,
      rename,
      current,
      preview,
      finish,
      refuse,
    }),
    [axis, limits, setSelection, playWords, rename, current, preview, finish, refuse],
  );
}
