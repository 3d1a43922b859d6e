import { memo, useMemo } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import { indexTree } from '../../../core/edit/treePaths';
import type { TreeNode } from '../../../core/tree/tree';
import type { TierActions } from './tierActions';
import { spanStyle } from './timeAxis';

/** Height of one row of the tree, in pixels (also in styles.css). */
export const TREE_ROW_PX = 24;

interface Props {
  tree: TreeNode | null;
  typed: boolean;
  words: readonly GoldWord[];
  /** The selected run of sibling nodes, or null. */
  selected: SiblingRange | null;
  /** Words of the selection (any kind), to mark the nodes they fall in. */
  current: number;
  actions: TierActions;
  /** Shown instead of the drawing when there is no usable tree. */
  emptyText: string;
  /** Background colours by node path (`0.1.2`): the Struct-IoU pairs with the system tree shown. */
  colours?: ReadonlyMap<string, string>;
}

function isSelected(path: number[], sel: SiblingRange | null): boolean {
  if (!sel) return false;
  if (sel.parent === null) return path.length === 0;
  if (path.length !== sel.parent.length + 1) return false;
  for (let i = 0; i < sel.parent.length; i++) if (path[i] !== sel.parent[i]) return false;
  const last = path[path.length - 1]!;
  return last >= sel.from && last <= sel.to;
}

/**
 * The gold tree on the time axis, hanging under the word tier: every node is a bar spanning the time of
 * its words (Shi et al., Struct-IoU, Fig. 1), in the row of its height, so nodes just above the words come
 * first and the root last. Clicking a node selects and plays it; Shift extends over siblings.
 */
export const TreeTier = memo(function TreeTier({
  tree,
  typed,
  words,
  selected,
  current,
  actions,
  emptyText,
  colours,
}: Props) {
  const nodes = useMemo(
    () => (tree ? indexTree(tree).filter((n) => n.node.children.length > 0) : []),
    [tree],
  );
  const rows = nodes.reduce((m, n) => Math.max(m, n.height), 0);
  if (!tree || words.length === 0)
    return (
      <div className="tier tree-tier empty" data-testid="tree-tier">
        <span className="tier-hint">{emptyText}</span>
      </div>
    );
  return (
    <div
      className="tier tree-tier"
      style={{ height: rows * TREE_ROW_PX + 4 }}
      data-testid="tree-tier"
      aria-label="Tree"
    >
      {nodes.map((n) => {
        const first = words[n.first]!;
        const last = words[n.last]!;
        const cls = ['tier-box', 'node-box'];
        if (isSelected(n.path, selected)) cls.push('selected');
        if (current >= n.first && current <= n.last) cls.push('current');
        const label = typed && n.node.type !== undefined ? `${n.node.type}:${n.node.label}` : n.node.label;
        return (
          <div
            key={n.path.join('.')}
            className={cls.join(' ')}
            style={{
              ...spanStyle(first.startSec, last.endSec),
              top: (n.height - 1) * TREE_ROW_PX,
              ...(colours?.has(n.path.join('.')) ? { background: colours.get(n.path.join('.')) } : {}),
            }}
            data-path={n.path.join('.')}
            data-label={label}
            title={`${label}: ${words
              .slice(n.first, n.last + 1)
              .map((w) => w.text)
              .join(' ')}`}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              actions.selectNodes(n.path, e.shiftKey);
              if (!e.shiftKey) actions.playWords(n.first, n.last);
            }}
            onDoubleClick={actions.rename}
          >
            <span className="box-label">{label}</span>
          </div>
        );
      })}
    </div>
  );
});
