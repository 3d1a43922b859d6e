// Addressing the nodes of a tree for editing: a node is named by its path (child indices from the root),
// and every node covers a run of leaves. Leaves are the utterance's words, in order, so a node's leaf run
// is also its time span on the word tier (Shi et al., Struct-IoU, Fig. 1: each constituent spans the time
// of its words).
import type { TreeNode } from '../tree/tree';

/** Child indices from the root to a node; `[]` is the root. */
export type NodePath = readonly number[];

/** One node of a tree with where it is and what it covers. */
export interface NodeInfo {
  path: number[];
  node: TreeNode;
  /** First and last leaf (word) index it covers, inclusive. */
  first: number;
  last: number;
  /** Edges to its deepest leaf (0 for a leaf). */
  height: number;
  /** Edges from the root. */
  depth: number;
}

/** The node at `path`, or undefined when the path leads nowhere. */
export function nodeAt(tree: TreeNode, path: NodePath): TreeNode | undefined {
  let t: TreeNode | undefined = tree;
  for (const i of path) {
    t = t.children[i];
    if (!t) return undefined;
  }
  return t;
}

/** Whether two paths name the same node. */
export function samePath(a: NodePath | null, b: NodePath | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Whether `inner` is `outer` or lies below it. */
export function isWithin(inner: NodePath, outer: NodePath): boolean {
  return inner.length >= outer.length && outer.every((v, i) => v === inner[i]);
}

/**
 * Every node in preorder with its leaf run, height and depth; leaves are included (their run is one
 * word). Iterative, so a deep tree does not exhaust the stack.
 */
export function indexTree(tree: TreeNode): NodeInfo[] {
  const out: NodeInfo[] = [];
  let leaf = 0;
  // Preorder pass assigns paths and first leaves; heights and last leaves are filled after the children.
  const stack: { info: NodeInfo; next: number }[] = [];
  const enter = (node: TreeNode, path: number[]): void => {
    const info: NodeInfo = { path, node, first: leaf, last: leaf, height: 0, depth: path.length };
    out.push(info);
    if (node.children.length === 0) leaf++;
    stack.push({ info, next: 0 });
  };
  enter(tree, []);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const kids = top.info.node.children;
    if (top.next < kids.length) {
      const i = top.next++;
      enter(kids[i]!, [...top.info.path, i]);
      continue;
    }
    stack.pop();
    if (kids.length > 0) top.info.last = leaf - 1;
    const parent = stack[stack.length - 1];
    if (parent) parent.info.height = Math.max(parent.info.height, top.info.height + 1);
  }
  return out;
}

/** The leaf labels, left to right. */
export function leafLabels(tree: TreeNode): string[] {
  return indexTree(tree)
    .filter((n) => n.node.children.length === 0)
    .map((n) => n.node.label);
}

/** A copy of the tree in which the nodes along `path` are fresh objects (the rest is shared). */
export function copyAlong(tree: TreeNode, path: NodePath): { root: TreeNode; target: TreeNode } {
  const root: TreeNode = { ...tree, children: [...tree.children] };
  let cur = root;
  for (const i of path) {
    const child = cur.children[i];
    if (!child) throw new RangeError(`no child ${i} on the path ${path.join('.')}`);
    const copy: TreeNode = { ...child, children: [...child.children] };
    cur.children[i] = copy;
    cur = copy;
  }
  return { root, target: cur };
}

/** A deep copy of a tree (iterative). */
export function cloneTree(tree: TreeNode): TreeNode {
  const root: TreeNode = { ...tree, children: [] };
  const stack: [TreeNode, TreeNode][] = [[tree, root]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop()!;
    for (const c of src.children) {
      const copy: TreeNode = { ...c, children: [] };
      dst.children.push(copy);
      stack.push([c, copy]);
    }
  }
  return root;
}
