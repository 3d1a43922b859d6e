// The typed tree edit mapping of the score panel, node by node: the scorer's mapping numbers each tree's
// nodes 1, 2, … in left-to-right postorder, words (leaves) included (Thomae et al. §4, src/core/ted/ted.ts),
// so each pair (i, j, op) is turned back into the two nodes it names, with their paths and word spans.
import { indexTree, type NodeInfo } from '../../../core/edit/treePaths';
import { postorder, type TreeNode } from '../../../core/tree/tree';

/** What the mapping did to a node: correct, substituted, deleted (gold only) or inserted (system only). */
export type NodeOp = 'C' | 'S' | 'D' | 'I';

/** One node of either tree with its operation and, when mapped, its partner's label. */
export interface MappedNode {
  path: number[];
  label: string;
  type?: string;
  depth: number;
  leaf: boolean;
  /** First and last word (leaf) it covers, inclusive, in its own tree's words. */
  first: number;
  last: number;
  op: NodeOp;
  /** The label of the node it is mapped to (C and S). */
  partner?: string;
}

/** One operation of the scorer's mapping (1-based postorder numbers, null for ε). */
export interface MappingPair {
  i: number | null;
  j: number | null;
  op: string;
}

/** Nodes in preorder, each with its 1-based postorder number. */
function numbered(tree: TreeNode): { info: NodeInfo; post: number }[] {
  const infos = indexTree(tree);
  const byNode = new Map<TreeNode, NodeInfo>(infos.map((n) => [n.node, n]));
  const post = new Map<NodeInfo, number>();
  postorder(tree).forEach((n, k) => post.set(byNode.get(n)!, k + 1));
  return infos.map((info) => ({ info, post: post.get(info)! }));
}

const asOp = (op: string): NodeOp => (op === 'C' || op === 'S' || op === 'D' || op === 'I' ? op : 'S');

/**
 * Both trees' nodes in preorder, marked by `mapping`. A node the mapping does not name (which a mapping
 * of these trees never leaves) is marked deleted (gold) or inserted (system), so nothing is hidden.
 */
export function mappedNodes(
  gold: TreeNode,
  pred: TreeNode,
  mapping: readonly MappingPair[],
): { gold: MappedNode[]; pred: MappedNode[] } {
  const g = numbered(gold);
  const p = numbered(pred);
  const gByPost = new Map(g.map((x) => [x.post, x.info]));
  const pByPost = new Map(p.map((x) => [x.post, x.info]));
  const gOp = new Map<number, { op: NodeOp; partner?: string }>();
  const pOp = new Map<number, { op: NodeOp; partner?: string }>();
  for (const m of mapping) {
    const op = asOp(m.op);
    const gi = m.i === null ? undefined : gByPost.get(m.i);
    const pj = m.j === null ? undefined : pByPost.get(m.j);
    if (m.i !== null) gOp.set(m.i, { op, partner: pj?.node.label });
    if (m.j !== null) pOp.set(m.j, { op, partner: gi?.node.label });
  }
  const mark = (xs: typeof g, ops: typeof gOp, unmapped: NodeOp): MappedNode[] =>
    xs.map(({ info, post }) => {
      const o = ops.get(post) ?? { op: unmapped };
      return {
        path: info.path,
        label: info.node.label,
        ...(info.node.type !== undefined ? { type: info.node.type } : {}),
        depth: info.depth,
        leaf: info.node.children.length === 0,
        first: info.first,
        last: info.last,
        op: o.op,
        ...(o.partner !== undefined ? { partner: o.partner } : {}),
      };
    });
  return { gold: mark(g, gOp, 'D'), pred: mark(p, pOp, 'I') };
}
