// Moving nodes to a new parent in one command (as in Annotald: select the nodes, press a key, pick the
// target). The moved run of siblings goes where the word order puts it among the target's children; a
// move is refused when no such place keeps every word where it was, so the leaves stay the words, in order.
import type { TreeNode } from '../tree/tree';
import { refuseUnless } from './editRefused';
import type { SiblingRange } from './treeEdit';
import { type NodePath, indexTree, isWithin, nodeAt } from './treePaths';

/** The result of a move: the tree, the moved nodes' range in it, and where their former parent now is. */
export interface MovedNodes {
  tree: TreeNode;
  range: SiblingRange;
  /** The path of the nodes' former parent in the new tree (moving them back there undoes the move). */
  formerParent: number[];
}

/** The leaves of a tree as objects, left to right (identity, not labels: two words may read the same). */
function leafNodes(tree: TreeNode): TreeNode[] {
  return indexTree(tree)
    .filter((n) => n.node.children.length === 0)
    .map((n) => n.node);
}

/**
 * Moves siblings `range` (not the root) under the node at `target`, at the one place among its children
 * where the words keep their order. Refuses, with a message for the annotator, a target that is a word,
 * one of the moved nodes or below them, their own parent, a move that would leave their parent empty, and
 * any move that would change the order of the words (the target must be next to the nodes in the text).
 */
export function moveNodes(tree: TreeNode, range: SiblingRange, target: NodePath): MovedNodes {
  refuseUnless(range.parent !== null, 'The root cannot move.');
  const parentPath = range.parent;
  const parent = nodeAt(tree, parentPath);
  refuseUnless(
    parent !== undefined && range.from >= 0 && range.from <= range.to && range.to < parent.children.length,
    'Those nodes no longer exist.',
  );
  const dest = nodeAt(tree, target);
  refuseUnless(dest !== undefined, 'The target node no longer exists.');
  refuseUnless(dest.children.length > 0, 'The target is a word: nodes can only move under a node.');
  for (let i = range.from; i <= range.to; i++)
    refuseUnless(!isWithin(target, [...parentPath, i]), 'A node cannot move under itself.');
  refuseUnless(
    !(target.length === parentPath.length && isWithin(target, parentPath)),
    `The nodes are already under "${dest.label}".`,
  );
  refuseUnless(
    range.to - range.from + 1 < parent.children.length,
    `Moving them would leave "${parent.label}" empty: move "${parent.label}" itself instead.`,
  );

  const info = indexTree(tree);
  const firstLeaf = new Map(info.map((n) => [n.node, n.first]));
  const moved = parent.children.slice(range.from, range.to + 1);
  const movedFirst = firstLeaf.get(moved[0]!)!;
  const movedLast = info.find((n) => n.node === moved[moved.length - 1])!.last;
  // Under the target, the moved nodes go before the first child that starts after them (a child holding
  // them starts where its words left behind start).
  const startOf = (c: TreeNode, i: number): number => {
    const first = firstLeaf.get(c)!;
    return first === movedFirst && isWithin(parentPath, [...target, i]) ? movedLast + 1 : first;
  };
  let at = dest.children.findIndex((c, i) => startOf(c, i) > movedFirst);
  if (at < 0) at = dest.children.length;

  let formerParent: number[] = [];
  let movedPath: number[] = [];
  const rebuild = (node: TreeNode, path: number[], newPath: number[]): TreeNode => {
    const isSource = path.length === parentPath.length && isWithin(path, parentPath);
    const isTarget = path.length === target.length && isWithin(path, target);
    const onWay = isWithin(parentPath, path) || isWithin(target, path);
    if (!onWay) return node;
    const kids: TreeNode[] = [];
    node.children.forEach((child, i) => {
      if (isTarget && i === at) {
        movedPath = [...newPath, kids.length];
        for (const m of moved) kids.push(m);
      }
      if (isSource && i >= range.from && i <= range.to) return;
      kids.push(rebuild(child, [...path, i], [...newPath, kids.length]));
    });
    if (isTarget && at === node.children.length) {
      movedPath = [...newPath, kids.length];
      for (const m of moved) kids.push(m);
    }
    if (isSource) formerParent = newPath;
    return { ...node, children: kids };
  };
  const next = rebuild(tree, [], []);

  const before = leafNodes(tree);
  const after = leafNodes(next);
  refuseUnless(
    before.length === after.length && before.every((l, i) => l === after[i]),
    `Moving ${moved.length > 1 ? 'them' : 'it'} under "${dest.label}" would change the order of the words: a node can only move under a node next to it.`,
  );
  const last = movedPath[movedPath.length - 1]!;
  return {
    tree: next,
    range: { parent: movedPath.slice(0, -1), from: last, to: last + moved.length - 1 },
    formerParent,
  };
}
