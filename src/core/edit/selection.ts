// What is selected in the workspace and how the arrow keys move it: a run of words on the word tier, a
// run of sibling nodes of the tree (↑ climbs to the parent, ↓ goes back down the way ↑ came, or to the
// first child when the nodes were not reached by climbing), or one entity.
import type { GoldEntity } from '../gold/records';
import type { TreeNode } from '../tree/tree';
import { type SiblingRange, nodeRange } from './treeEdit';
import { type NodeInfo, indexTree, nodeAt } from './treePaths';

/** The workspace's selection. */
export type Selection =
  | { kind: 'none' }
  | { kind: 'words'; anchor: number; focus: number }
  | {
      kind: 'nodes';
      range: SiblingRange;
      /** What `↓` goes back down to: the selection `↑` climbed from, or what `W` wrapped. */
      below?: Selection;
    }
  | { kind: 'entity'; index: number };

/** What navigation needs to know about the utterance. */
export interface SelectionContext {
  wordCount: number;
  /** The shown tree, when it fits the words. */
  tree: TreeNode | null;
  entities: readonly GoldEntity[];
  /** The word under the playhead (-1 when none), where selecting starts from nothing. */
  playheadWord: number;
}

/** The navigation actions of the keymap. */
export type NavAction =
  | 'selectPrev'
  | 'selectNext'
  | 'extendPrev'
  | 'extendNext'
  | 'selectFirst'
  | 'selectLast'
  | 'selectParent'
  | 'selectChild'
  | 'selectEntity';

/** Nothing selected. */
export const NO_SELECTION: Selection = { kind: 'none' };

/** The single word `i` as a selection. */
export function wordSelection(first: number, last = first): Selection {
  return { kind: 'words', anchor: first, focus: last };
}

function infoByPath(tree: TreeNode): Map<string, NodeInfo> {
  return new Map(indexTree(tree).map((n) => [n.path.join('.'), n]));
}

/** The words a selection covers (first, last), or null. */
export function selectionWords(sel: Selection, ctx: SelectionContext): [number, number] | null {
  switch (sel.kind) {
    case 'none':
      return null;
    case 'words':
      return [Math.min(sel.anchor, sel.focus), Math.max(sel.anchor, sel.focus)];
    case 'entity': {
      const e = ctx.entities[sel.index];
      return e ? [e.firstWord, e.lastWord] : null;
    }
    case 'nodes': {
      if (!ctx.tree) return null;
      const info = infoByPath(ctx.tree);
      const base = sel.range.parent ?? [];
      const a = info.get((sel.range.parent ? [...base, sel.range.from] : []).join('.'));
      const b = info.get((sel.range.parent ? [...base, sel.range.to] : []).join('.'));
      return a && b ? [a.first, b.last] : null;
    }
  }
}

/** Whether a selection still points at something that exists (after an edit or an undo). */
export function selectionValid(sel: Selection, ctx: SelectionContext): boolean {
  if (sel.kind === 'words')
    return Math.max(sel.anchor, sel.focus) < ctx.wordCount && Math.min(sel.anchor, sel.focus) >= 0;
  if (sel.kind === 'entity') return sel.index < ctx.entities.length;
  if (sel.kind === 'nodes') {
    if (!ctx.tree) return false;
    if (sel.range.parent === null) return true;
    const p = nodeAt(ctx.tree, sel.range.parent);
    return !!p && sel.range.from >= 0 && sel.range.to < p.children.length && sel.range.from <= sel.range.to;
  }
  return true;
}

const clampWord = (i: number, n: number): number => Math.max(0, Math.min(n - 1, i));

/** The deepest node that is not a word and covers words `first..last`. */
function coveringNode(tree: TreeNode, first: number, last: number): number[] | null {
  let best: NodeInfo | null = null;
  for (const n of indexTree(tree)) {
    if (n.node.children.length > 0 && n.first <= first && last <= n.last && (!best || n.depth > best.depth))
      best = n;
  }
  return best ? best.path : null;
}

/** Whether `below` is still a selection inside `sel` (an edit since the climb may have changed the tree). */
function leadsBelow(sel: Selection, below: Selection, ctx: SelectionContext): boolean {
  if (!selectionValid(below, ctx)) return false;
  const outer = selectionWords(sel, ctx);
  const inner = selectionWords(below, ctx);
  if (!outer || !inner || inner[0] < outer[0] || inner[1] > outer[1]) return false;
  if (below.kind !== 'nodes' || sel.kind !== 'nodes') return true;
  // A run of nodes lies below the selected nodes when its parent path starts inside them.
  const p = below.range.parent;
  const r = sel.range;
  if (p === null) return false;
  if (r.parent === null) return true;
  const depth = r.parent.length;
  return p.length > depth && r.parent.every((v, i) => p[i] === v) && p[depth]! >= r.from && p[depth]! <= r.to;
}

/** The selection after a navigation key. */
export function navigate(sel: Selection, action: NavAction, ctx: SelectionContext): Selection {
  const n = ctx.wordCount;
  if (n === 0) return NO_SELECTION;
  const start = ctx.playheadWord >= 0 ? ctx.playheadWord : 0;
  if (action === 'selectFirst') return wordSelection(0);
  if (action === 'selectLast') return wordSelection(n - 1);
  if (sel.kind === 'none') {
    if (action === 'selectParent' && ctx.tree) return navigate(wordSelection(start), action, ctx);
    if (action === 'selectEntity') return navigate(wordSelection(start), action, ctx);
    return wordSelection(start);
  }
  if (sel.kind === 'words') {
    switch (action) {
      case 'selectPrev':
        return wordSelection(clampWord(sel.focus - 1, n));
      case 'selectNext':
        return wordSelection(clampWord(sel.focus + 1, n));
      case 'extendPrev':
        return { kind: 'words', anchor: sel.anchor, focus: clampWord(sel.focus - 1, n) };
      case 'extendNext':
        return { kind: 'words', anchor: sel.anchor, focus: clampWord(sel.focus + 1, n) };
      case 'selectParent': {
        if (!ctx.tree) return sel;
        const path = coveringNode(ctx.tree, Math.min(sel.anchor, sel.focus), Math.max(sel.anchor, sel.focus));
        return path ? { kind: 'nodes', range: nodeRange(path), below: sel } : sel;
      }
      case 'selectEntity': {
        const i = ctx.entities.findIndex((e) => e.firstWord <= sel.focus && sel.focus <= e.lastWord);
        return i >= 0 ? { kind: 'entity', index: i } : sel;
      }
      default:
        return sel;
    }
  }
  if (sel.kind === 'entity') {
    const e = ctx.entities[sel.index];
    if (!e) return NO_SELECTION;
    if (action === 'selectPrev') return wordSelection(clampWord(e.firstWord - 1, n));
    if (action === 'selectNext') return wordSelection(clampWord(e.lastWord + 1, n));
    if (action === 'selectChild' || action === 'extendPrev' || action === 'extendNext')
      return { kind: 'words', anchor: e.firstWord, focus: e.lastWord };
    return sel;
  }
  // A run of nodes.
  const tree = ctx.tree;
  if (!tree) return NO_SELECTION;
  const r = sel.range;
  const parent = r.parent === null ? null : nodeAt(tree, r.parent);
  const count = parent ? parent.children.length : 1;
  const single = (i: number): Selection => ({ kind: 'nodes', range: { parent: r.parent, from: i, to: i } });
  switch (action) {
    case 'selectPrev':
      return single(r.from === r.to ? Math.max(0, r.from - 1) : r.from);
    case 'selectNext':
      return single(r.from === r.to ? Math.min(count - 1, r.to + 1) : r.to);
    case 'extendPrev':
      return { kind: 'nodes', range: { ...r, from: Math.max(0, r.from - 1) } };
    case 'extendNext':
      return { kind: 'nodes', range: { ...r, to: Math.min(count - 1, r.to + 1) } };
    case 'selectParent':
      return r.parent === null ? sel : { kind: 'nodes', range: nodeRange(r.parent), below: sel };
    case 'selectChild': {
      if (sel.below && leadsBelow(sel, sel.below, ctx)) return sel.below;
      const path = r.parent === null ? [] : [...r.parent, r.from];
      const node = nodeAt(tree, path);
      const firstChild = node?.children[0];
      if (!node || !firstChild) return sel;
      if (firstChild.children.length > 0) return { kind: 'nodes', range: nodeRange([...path, 0]) };
      const span = selectionWords({ kind: 'nodes', range: nodeRange(path) }, ctx);
      return span ? { kind: 'words', anchor: span[0], focus: span[1] } : sel;
    }
    case 'selectEntity': {
      const span = selectionWords(sel, ctx);
      const i = span ? ctx.entities.findIndex((e) => e.firstWord <= span[0] && span[0] <= e.lastWord) : -1;
      return i >= 0 ? { kind: 'entity', index: i } : sel;
    }
    default:
      return sel;
  }
}
