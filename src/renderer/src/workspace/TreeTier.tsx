import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import { type NodeInfo, indexTree } from '../../../core/edit/treePaths';
import type { TreeNode } from '../../../core/tree/tree';
import type { TierActions } from './tierActions';
import { escapeHtml, spanCss, syncBoxes } from './boxMarkup';
import { type Clock, useCurrentWordEffect } from './clock';

/** Height of one row of the tree, in pixels (also in styles.css). */
export const TREE_ROW_PX = 24;

interface Props {
  tree: TreeNode | null;
  typed: boolean;
  words: readonly GoldWord[];
  /** The selected run of sibling nodes, or null. */
  selected: SiblingRange | null;
  /** The nodes being moved (picked, waiting for their new parent), or null. */
  moving?: SiblingRange | null;
  /** The recording's duration: the tier's width on the time axis. */
  durationSec: number;
  /** The playhead: nodes over the word under it are marked. */
  clock: Clock;
  actions: TierActions;
  /** Shown instead of the drawing when there is no usable tree. */
  emptyText: string;
  /** By node path (`0.1.2`): the Struct-IoU pair with the system tree shown, its colour and IoU. */
  colours?: ReadonlyMap<string, PairMark>;
}

function isSelected(path: number[], sel: SiblingRange | null): boolean {
  if (!sel) return false;
  if (sel.parent === null) return path.length === 0;
  if (path.length !== sel.parent.length + 1) return false;
  for (let i = 0; i < sel.parent.length; i++) if (path[i] !== sel.parent[i]) return false;
  const last = path[path.length - 1]!;
  return last >= sel.from && last <= sel.to;
}

/** Calls `f` with each node and its box under `el` (`nodes` in the order of `treeMarkup`). */
function eachBox(
  el: HTMLElement,
  nodes: readonly NodeInfo[],
  f: (n: NodeInfo, box: HTMLElement) => void,
): void {
  const kids = el.children;
  // The boxes are in the order of `nodes` (a node whose words are gone is skipped: then match by path).
  nodes.forEach((n, k) => {
    let box = kids[k] as HTMLElement | undefined;
    const path = n.path.join('.');
    if (box?.dataset.path !== path) box = el.querySelector<HTMLElement>(`[data-path="${path}"]`) ?? undefined;
    if (box) f(n, box);
  });
}

/** A gold node's Struct-IoU pair: the colour it shares with its system node, and the pair's IoU. */
export interface PairMark {
  colour: string;
  iou: number;
}

/** The node boxes, each in the row of its height. */
export function treeMarkup(
  nodes: readonly NodeInfo[],
  words: readonly GoldWord[],
  durationSec: number,
  typed: boolean,
  colours: ReadonlyMap<string, PairMark> | undefined,
): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const first = words[n.first];
    const last = words[n.last];
    if (!first || !last) continue;
    const path = n.path.join('.');
    const label = escapeHtml(
      typed && n.node.type !== undefined ? `${n.node.type}:${n.node.label}` : n.node.label,
    );
    const pair = colours?.get(path);
    const text = escapeHtml(
      words
        .slice(n.first, n.last + 1)
        .map((w) => w.text)
        .join(' '),
    );
    out.push(
      `<div class="tier-box node-box" style="${spanCss(first.startSec, last.endSec, durationSec)};top:${(n.height - 1) * TREE_ROW_PX}px` +
        `${pair ? `;background:${escapeHtml(pair.colour)}` : ''}" data-path="${path}" data-label="${label}" ` +
        `title="${label}: ${text}${pair ? ` · matched, IoU ${pair.iou.toFixed(3)}` : ''}">${label}</div>`,
    );
  }
  return out;
}

/**
 * The gold tree on the time axis, hanging under the word tier: every node is a bar spanning the time of
 * its words (Shi et al., Struct-IoU, Fig. 1), in the row of its height, so nodes just above the words come
 * first and the root last. Clicking a node selects and plays it; Shift extends over siblings. The bars are
 * markup (see boxMarkup.ts); the selection, the current word and nodes being moved are marked on them.
 */
export const TreeTier = memo(function TreeTier({
  tree,
  typed,
  words,
  durationSec,
  selected,
  moving,
  clock,
  actions,
  emptyText,
  colours,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  const nodes = useMemo(
    () => (tree ? indexTree(tree).filter((n) => n.node.children.length > 0) : []),
    [tree],
  );
  const boxes = useMemo(
    () => treeMarkup(nodes, words, durationSec, typed, colours),
    [nodes, words, durationSec, typed, colours],
  );
  const drawn = useRef<readonly string[] | null>(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) {
      drawn.current = null;
      return;
    }
    if (drawn.current !== boxes) syncBoxes(el, boxes, drawn.current);
    drawn.current = boxes;
    eachBox(el, nodes, (n, box) => {
      box.classList.toggle('selected', isSelected(n.path, selected));
      box.classList.toggle('moving', isSelected(n.path, moving ?? null));
    });
  }, [boxes, nodes, selected, moving]);
  useCurrentWordEffect(
    clock,
    words,
    (current) => {
      if (root.current)
        eachBox(root.current, nodes, (n, box) =>
          box.classList.toggle('current', current >= n.first && current <= n.last),
        );
    },
    [boxes, nodes],
  );
  const rows = nodes.reduce((m, n) => Math.max(m, n.height), 0);
  if (!tree || words.length === 0)
    return (
      <div className="tier tree-tier empty" data-testid="tree-tier" key="empty">
        <span className="tier-hint">{emptyText}</span>
      </div>
    );
  return (
    <div
      key="tree"
      className="tier tree-tier"
      style={{ height: rows * TREE_ROW_PX + 4 }}
      data-testid="tree-tier"
      aria-label="Tree"
      ref={root}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        const box = (e.target as HTMLElement).closest<HTMLElement>('[data-path]');
        if (!box) return;
        const path = box.dataset.path === '' ? [] : box.dataset.path!.split('.').map(Number);
        const info = nodes.find((n) => n.path.join('.') === box.dataset.path);
        actions.selectNodes(path, e.shiftKey);
        if (!e.shiftKey && info) actions.playWords(info.first, info.last);
      }}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('[data-path]')) actions.rename();
      }}
    />
  );
});
