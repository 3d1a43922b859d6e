/**
 * An ordered labelled tree. A leaf has no children. `type` is set for typed trees (Thomae et al. §5:
 * root / concept / word class / word) and absent otherwise.
 */
export interface TreeNode {
  label: string;
  type?: string;
  children: TreeNode[];
}

/** Makes a node; `type` is omitted when undefined so untyped trees compare equal structurally. */
export function node(label: string, children: TreeNode[] = [], type?: string): TreeNode {
  return type === undefined ? { label, children } : { label, type, children };
}

/** Number of nodes in the tree. */
export function nodeCount(tree: TreeNode): number {
  let n = 0;
  const stack: TreeNode[] = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    n++;
    for (const c of t.children) stack.push(c);
  }
  return n;
}

/** The leaves, left to right. */
export function leaves(tree: TreeNode): TreeNode[] {
  const out: TreeNode[] = [];
  const stack: TreeNode[] = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t.children.length === 0) out.push(t);
    else for (let i = t.children.length - 1; i >= 0; i--) stack.push(t.children[i]!);
  }
  return out;
}

/** The nodes in postorder (children left to right, then the node), iteratively so deep trees are fine. */
export function postorder(tree: TreeNode): TreeNode[] {
  const out: TreeNode[] = [];
  const stack: { n: TreeNode; i: number }[] = [{ n: tree, i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.i < top.n.children.length) stack.push({ n: top.n.children[top.i++]!, i: 0 });
    else {
      out.push(top.n);
      stack.pop();
    }
  }
  return out;
}

/** Height in edges (a single node has depth 0). */
export function treeDepth(tree: TreeNode): number {
  let best = 0;
  const stack: [TreeNode, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [t, d] = stack.pop()!;
    if (d > best) best = d;
    for (const c of t.children) stack.push([c, d + 1]);
  }
  return best;
}

/**
 * A copy of the tree whose leaves (the words) are lower-cased with `toLowerCase`, the fold word accuracy
 * uses, so every metric that compares words applies one case rule; labels above the leaves are kept.
 * Iterative, so deep trees are fine.
 */
export function foldLeafCase(tree: TreeNode): TreeNode {
  const copy = (t: TreeNode): TreeNode =>
    t.type === undefined ? { label: t.label, children: [] } : { label: t.label, type: t.type, children: [] };
  const root = copy(tree);
  const stack: [TreeNode, TreeNode][] = [[tree, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    if (from.children.length === 0) to.label = from.label.toLowerCase();
    for (const c of from.children) {
      const d = copy(c);
      to.children.push(d);
      stack.push([c, d]);
    }
  }
  return root;
}
