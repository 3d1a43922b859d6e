// What a change of the word tier does to the gold trees: their leaves are the words, so a split word
// becomes two sibling leaves, merged words one leaf, a deleted word's leaf goes (and any node left
// without children with it), an inserted word joins its left neighbour's parent.
import type { GoldTree } from '../gold/records';
import { parseTree } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { formatTree, leafMatches, leafToken } from './bracketFormat';
import { indexTree } from './treePaths';

/** A change of the leaves: leaf `at` … `at + remove - 1` are replaced by leaves with `texts`. */
export interface LeafSplice {
  at: number;
  remove: number;
  texts: string[];
}

function leafPaths(tree: TreeNode): number[][] {
  return indexTree(tree)
    .filter((n) => n.node.children.length === 0)
    .map((n) => n.path);
}

/** Removes the node at `path`, then every ancestor left without children; null when the root goes. */
function removeAt(tree: TreeNode, path: number[]): TreeNode | null {
  if (path.length === 0) return null;
  const chain: TreeNode[] = [tree];
  for (const i of path.slice(0, -1)) chain.push(chain[chain.length - 1]!.children[i]!);
  chain[chain.length - 1]!.children.splice(path[path.length - 1]!, 1);
  for (let d = chain.length - 1; d > 0; d--) {
    if (chain[d]!.children.length > 0) break;
    chain[d - 1]!.children.splice(path[d - 1]!, 1);
  }
  return tree.children.length === 0 ? null : tree;
}

/**
 * Applies a leaf splice to a tree (mutating a copy). New leaves take the place (and, in typed trees, the
 * type) of the first replaced leaf; inserted leaves with nothing replaced go after their left neighbour,
 * or before the first leaf. Returns null when no leaf is left.
 */
export function spliceLeaves(tree: TreeNode, splice: LeafSplice): TreeNode | null {
  let root: TreeNode = JSON.parse(JSON.stringify(tree)) as TreeNode;
  if (root.children.length === 0) {
    // A one-word tree is its own leaf; give it a parent so words can be added next to it.
    root = { label: 'S', ...(root.type !== undefined ? { type: 'S' } : {}), children: [root] };
  }
  const paths = leafPaths(root);
  const anchor = paths[splice.at] ?? paths[splice.at - 1] ?? paths[0]!;
  const anchorLeaf = indexTree(root).find((n) => n.path.join('.') === anchor.join('.'))!.node;
  const make = (text: string): TreeNode =>
    anchorLeaf.type !== undefined
      ? { label: leafToken(text), type: anchorLeaf.type, children: [] }
      : { label: leafToken(text), children: [] };
  const parentOf = (p: number[]): TreeNode => {
    let t = root;
    for (const i of p.slice(0, -1)) t = t.children[i]!;
    return t;
  };
  if (splice.remove === 0) {
    const after = splice.at > 0 && paths[splice.at - 1];
    const p = after || paths[splice.at]!;
    const pos = p[p.length - 1]! + (after ? 1 : 0);
    parentOf(p).children.splice(pos, 0, ...splice.texts.map(make));
    return root;
  }
  const first = paths[splice.at]!;
  parentOf(first).children.splice(first[first.length - 1]!, 1, ...splice.texts.map(make));
  if (splice.texts.length === 0) {
    // The first removed leaf went without a replacement: its emptied ancestors go too.
    const parent = parentOf(first);
    if (parent.children.length === 0) {
      const pruned = removeAt(root, first.slice(0, -1));
      if (!pruned) return null;
      root = pruned;
    }
  }
  // The other removed leaves, right to left so earlier paths stay valid.
  const rest = leafPaths(root).slice(
    splice.at + splice.texts.length,
    splice.at + splice.texts.length + splice.remove - 1,
  );
  for (let k = rest.length - 1; k >= 0; k--) {
    const pruned = removeAt(root, rest[k]!);
    if (!pruned) return null;
    root = pruned;
  }
  return root;
}

/**
 * Applies a leaf splice to every gold tree that matches the old words. A tree that does not (its text has
 * errors, or its leaves are not the words) is left as it is and reported; a tree left without leaves is
 * removed and reported.
 */
export function spliceTrees(
  trees: GoldTree[],
  oldWords: readonly string[],
  splice: LeafSplice,
): { trees: GoldTree[]; notes: string[] } {
  const notes: string[] = [];
  const out: GoldTree[] = [];
  for (const t of trees) {
    const parsed = parseTree(t.bracket, { typed: t.typed });
    const tree = parsed.value;
    const leaves = tree ? indexTree(tree).filter((n) => n.node.children.length === 0) : [];
    const matches =
      tree !== null &&
      parsed.diagnostics.length === 0 &&
      leaves.length === oldWords.length &&
      leaves.every((n, k) => leafMatches(n.node.label, oldWords[k]!));
    if (!matches) {
      notes.push(`Tree "${t.name}" does not match the words, so it was left as it is.`);
      out.push(t);
      continue;
    }
    const next = spliceLeaves(tree, splice);
    if (!next) {
      notes.push(`Tree "${t.name}" lost its last word and was removed.`);
      continue;
    }
    out.push({ ...t, bracket: formatTree(next, { typed: t.typed }) });
  }
  return { trees: out, notes };
}
