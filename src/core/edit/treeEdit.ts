// Keyboard bracketing as pure functions on trees (in the manner of Annotald): wrap a run of siblings in a
// new node, relabel or retype a node, delete a node lifting its children, move a node across a bracket.
// None of them changes the leaves or their order: the words stay the words of the word tier.
import type { TreeNode } from '../tree/tree';
import { EditRefused, refuseUnless } from './editRefused';
import { type NodePath, copyAlong, indexTree, nodeAt } from './treePaths';

/** A run of siblings: children `from..to` (inclusive) of the node at `parent`; `parent: null` is the root. */
export interface SiblingRange {
  parent: number[] | null;
  from: number;
  to: number;
}

/** The range that selects exactly the node at `path`. */
export function nodeRange(path: NodePath): SiblingRange {
  if (path.length === 0) return { parent: null, from: 0, to: 0 };
  return { parent: path.slice(0, -1), from: path[path.length - 1]!, to: path[path.length - 1]! };
}

/** The paths of the nodes a range selects. */
export function rangePaths(range: SiblingRange): number[][] {
  if (range.parent === null) return [[]];
  const out: number[][] = [];
  for (let i = range.from; i <= range.to; i++) out.push([...range.parent, i]);
  return out;
}

/**
 * The run of siblings whose leaves are exactly words `first..last`, taken as deep as possible (so one word
 * selects its leaf, and the two words of an NP select the NP's two children, not the NP); null when the
 * words cross a bracket and no run of siblings covers exactly them.
 */
export function rangeForWords(tree: TreeNode, first: number, last: number): SiblingRange | null {
  const nodes = indexTree(tree);
  const root = nodes[0]!;
  if (first < root.first || last > root.last || first > last) return null;
  if (tree.children.length === 0) return { parent: null, from: 0, to: 0 };
  const spans = new Map<TreeNode, { first: number; last: number }>();
  for (const n of nodes) spans.set(n.node, n);
  let path: number[] = [];
  let node = tree;
  for (;;) {
    const kids = node.children;
    let a = -1;
    let b = -1;
    kids.forEach((k, i) => {
      const s = spans.get(k)!;
      if (s.first <= first && first <= s.last) a = i;
      if (s.first <= last && last <= s.last) b = i;
    });
    const ka = kids[a]!;
    if (a === b && ka.children.length > 0) {
      path = [...path, a];
      node = ka;
      continue;
    }
    if (spans.get(ka)!.first !== first || spans.get(kids[b]!)!.last !== last) return null;
    return { parent: path, from: a, to: b };
  }
}

/**
 * What is wrong with a node label or type typed by the annotator, or null: bracket text cannot hold
 * whitespace or brackets, and a type ends at the first ':' of `TYPE:LABEL`.
 */
export function labelProblem(text: string, kind: 'label' | 'type' = 'label'): string | null {
  const what = kind === 'label' ? 'A label' : 'A type';
  if (text.length === 0) return `${what} cannot be empty.`;
  if (/[\s()]/.test(text)) return `${what} cannot contain spaces or brackets ("${text}").`;
  if (kind === 'type' && text.includes(':')) return `A type cannot contain ':' ("${text}").`;
  return null;
}

function checkLabel(label: string, type: string | undefined, typed: boolean): void {
  const p = labelProblem(label);
  if (p) throw new EditRefused(p);
  if (typed) {
    refuseUnless(type !== undefined && type.length > 0, 'Nodes of a typed tree need a type.');
    const t = labelProblem(type, 'type');
    if (t) throw new EditRefused(t);
  }
}

function makeNode(label: string, children: TreeNode[], type: string | undefined, typed: boolean): TreeNode {
  return typed ? { label, type, children } : { label, children };
}

/** Wraps the selected siblings in a new node; returns the tree and the new node's path. */
export function wrapRange(
  tree: TreeNode,
  range: SiblingRange,
  label: string,
  options: { typed?: boolean; type?: string } = {},
): { tree: TreeNode; path: number[] } {
  const typed = options.typed ?? false;
  checkLabel(label, options.type, typed);
  if (range.parent === null) return { tree: makeNode(label, [tree], options.type, typed), path: [] };
  const { root, target } = copyAlong(tree, range.parent);
  refuseUnless(
    range.from >= 0 && range.from <= range.to && range.to < target.children.length,
    'The selection is not a run of siblings.',
  );
  const kids = target.children.splice(range.from, range.to - range.from + 1);
  target.children.splice(range.from, 0, makeNode(label, kids, options.type, typed));
  return { tree: root, path: [...range.parent, range.from] };
}

function internalAt(tree: TreeNode, path: NodePath): TreeNode {
  const n = nodeAt(tree, path);
  refuseUnless(n !== undefined, 'That node no longer exists.');
  refuseUnless(n.children.length > 0, 'That is a word: words are edited on the word tier.');
  return n;
}

/** Gives the node at `path` a new label (and, in a typed tree, a new type). */
export function relabelNode(
  tree: TreeNode,
  path: NodePath,
  label: string,
  options: { typed?: boolean; type?: string } = {},
): TreeNode {
  const old = internalAt(tree, path);
  const typed = options.typed ?? false;
  const type = options.type ?? old.type;
  checkLabel(label, type, typed);
  const { root, target } = copyAlong(tree, path);
  target.label = label;
  if (typed) target.type = type;
  return root;
}

/** Sets the type of the node at `path` (typed trees, Thomae et al. §5: one type per hierarchy level). */
export function setNodeType(tree: TreeNode, path: NodePath, type: string): TreeNode {
  const old = internalAt(tree, path);
  return relabelNode(tree, path, old.label, { typed: true, type });
}

/**
 * Deletes the selected nodes; each one's children move up into its place. The root can only go when it
 * has a single child that is not a word (a tree needs one root).
 */
export function deleteRange(tree: TreeNode, range: SiblingRange): { tree: TreeNode; range: SiblingRange } {
  if (range.parent === null) {
    internalAt(tree, []);
    const only = tree.children[0]!;
    refuseUnless(
      tree.children.length === 1 && only.children.length > 0,
      `The root has ${tree.children.length} children; a tree keeps one root.`,
    );
    return { tree: only, range: { parent: null, from: 0, to: 0 } };
  }
  for (let i = range.from; i <= range.to; i++) internalAt(tree, [...range.parent, i]);
  const { root, target } = copyAlong(tree, range.parent);
  let lifted = 0;
  for (let i = range.to; i >= range.from; i--) {
    const gone = target.children[i]!;
    target.children.splice(i, 1, ...gone.children);
    lifted += gone.children.length;
  }
  return { tree: root, range: { parent: range.parent, from: range.from, to: range.from + lifted - 1 } };
}

/**
 * Moves a node one bracket left or right without changing the order of the words: a node that is the
 * first (last) child of its parent leaves it to become the parent's previous (next) sibling; otherwise it
 * enters its left (right) sibling as that sibling's last (first) child. Returns the node's new path.
 */
export function moveNode(
  tree: TreeNode,
  path: NodePath,
  dir: 'left' | 'right',
): { tree: TreeNode; path: number[] } {
  refuseUnless(path.length > 0, 'The root cannot move.');
  const parentPath = path.slice(0, -1);
  const i = path[path.length - 1]!;
  const parent = nodeAt(tree, parentPath);
  refuseUnless(parent !== undefined && i < parent.children.length, 'That node no longer exists.');
  const atEdge = dir === 'left' ? i === 0 : i === parent.children.length - 1;
  if (atEdge) {
    // Out of the parent, to its side.
    refuseUnless(parentPath.length > 0, `The node is already the ${dir}most child of the root.`);
    refuseUnless(parent.children.length > 1, `Moving it out would leave "${parent.label}" empty.`);
    const grandPath = parentPath.slice(0, -1);
    const p = parentPath[parentPath.length - 1]!;
    const { root, target: grand } = copyAlong(tree, grandPath);
    const par = { ...grand.children[p]!, children: [...grand.children[p]!.children] };
    grand.children[p] = par;
    const [moved] = par.children.splice(i, 1);
    const at = dir === 'left' ? p : p + 1;
    grand.children.splice(at, 0, moved!);
    return { tree: root, path: [...grandPath, at] };
  }
  // Into the neighbouring sibling.
  const j = dir === 'left' ? i - 1 : i + 1;
  const sib = parent.children[j]!;
  refuseUnless(sib.children.length > 0, `The node next to it is a word; a node can only move into a node.`);
  const { root, target: par } = copyAlong(tree, parentPath);
  const into = { ...sib, children: [...sib.children] };
  par.children[j] = into;
  const [moved] = par.children.splice(i, 1);
  if (dir === 'left') {
    into.children.push(moved!);
    return { tree: root, path: [...parentPath, j, into.children.length - 1] };
  }
  into.children.unshift(moved!);
  return { tree: root, path: [...parentPath, i, 0] };
}
