import { memo, useLayoutEffect, useMemo, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import { type NodeInfo, indexTree } from '../../../core/edit/treePaths';
import type { TreeNode } from '../../../core/tree/tree';
import type { TierActions } from './tierActions';
import { escapeHtml, spanCss, syncBoxes } from './boxMarkup';
import { type Clock, useCurrentWordEffect } from './clock';
import { type Span, spanBoxes } from './tierWindow';
import { useDrawnWindow } from './useDrawnWindow';

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

/** Calls `f` with each drawn node's box under `el` and the node (by its path in `byPath`). */
function eachBox(
  el: HTMLElement,
  byPath: ReadonlyMap<string, NodeInfo>,
  f: (n: NodeInfo, box: HTMLElement) => void,
): void {
  for (const box of el.children) {
    const n = (box as HTMLElement).dataset.path;
    const info = n === undefined ? undefined : byPath.get(n);
    if (info) f(info, box as HTMLElement);
  }
}

/** A gold node's Struct-IoU pair: the colour it shares with its system node, and the pair's IoU. */
export interface PairMark {
  colour: string;
  iou: number;
}

/** The box of node `n` in the row of its height (null when its words are not there). */
function nodeBox(
  n: NodeInfo,
  words: readonly GoldWord[],
  durationSec: number,
  typed: boolean,
  colours: ReadonlyMap<string, PairMark> | undefined,
): string | null {
  const first = words[n.first];
  const last = words[n.last];
  if (!first || !last) return null;
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
  return (
    `<div class="tier-box node-box" style="${spanCss(first.startSec, last.endSec, durationSec)};top:${(n.height - 1) * TREE_ROW_PX}px` +
    `${pair ? `;background:${escapeHtml(pair.colour)}` : ''}" data-path="${path}" data-label="${label}" ` +
    `title="${label}: ${text}${pair ? ` · matched, IoU ${pair.iou.toFixed(3)}` : ''}">${label}</div>`
  );
}

/** The box of a run of nodes of one row too close together at the zoom to draw one by one. */
function nodeGroup(
  nodes: readonly NodeInfo[],
  run: readonly number[],
  spans: readonly (Span | null)[],
  durationSec: number,
): string {
  const end = Math.max(...run.map((i) => spans[i]!.endSec));
  const row = nodes[run[0]!]!.height - 1;
  return (
    `<div class="tier-box node-box tier-group" style="${spanCss(spans[run[0]!]!.startSec, end, durationSec)};top:${row * TREE_ROW_PX}px" ` +
    `data-nodes="${run.length}" title="${run.length} nodes; zoom in to edit them"></div>`
  );
}

/** The time span of each node (null when its words are not there). */
export function nodeSpans(
  nodes: readonly NodeInfo[],
  words: readonly { startSec?: number | null; endSec?: number | null }[],
): (Span | null)[] {
  return nodes.map((n) => {
    const a = words[n.first]?.startSec;
    const b = words[n.last]?.endSec;
    return a == null || b == null ? null : { startSec: a, endSec: b };
  });
}

/**
 * The gold tree on the time axis, hanging under the word tier: every node is a bar spanning the time of
 * its words (Shi et al., Struct-IoU, Fig. 1), in the row of its height, so nodes just above the words come
 * first and the root last. Clicking a node selects and plays it; Shift extends over siblings. The bars are
 * markup (see boxMarkup.ts); the selection, the current word and nodes being moved are marked on them.
 * Only the nodes in the visible range and a margin are drawn (see tierWindow.ts), those of a row closer
 * than a few pixels at the zoom as one box per run.
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
  const byPath = useMemo(() => new Map(nodes.map((n) => [n.path.join('.'), n])), [nodes]);
  const spans = useMemo(() => nodeSpans(nodes, words), [nodes, words]);
  const view = useDrawnWindow(actions.axis);
  const boxes = useMemo(
    () =>
      spanBoxes(spans, view.range, view.pps, (i) => nodes[i]!.height).map((run) =>
        run.length === 1
          ? nodeBox(nodes[run[0]!]!, words, durationSec, typed, colours)!
          : nodeGroup(nodes, run, spans, durationSec),
      ),
    [nodes, spans, view, words, durationSec, typed, colours],
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
    eachBox(el, byPath, (n, box) => {
      box.classList.toggle('selected', isSelected(n.path, selected));
      box.classList.toggle('moving', isSelected(n.path, moving ?? null));
    });
  }, [boxes, byPath, selected, moving]);
  useCurrentWordEffect(
    clock,
    words,
    (current) => {
      if (root.current)
        eachBox(root.current, byPath, (n, box) =>
          box.classList.toggle('current', current >= n.first && current <= n.last),
        );
    },
    [boxes, byPath],
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
        const info = byPath.get(box.dataset.path!);
        actions.selectNodes(path, e.shiftKey);
        if (!e.shiftKey && info) actions.playWords(info.first, info.last);
      }}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('[data-path]')) actions.rename();
      }}
    />
  );
});
