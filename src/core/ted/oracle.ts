// A slow, obviously correct tree edit distance, kept as the test oracle: the recursive forest
// distance of Thomae et al. Eq. (19) on explicit forests (lists of subtrees), memoised on the node
// identities of the forest. Exponential in the worst case; meant for trees of up to ~10 nodes.
import type { TedCosts } from './costModel';
import type { TreeNode } from '../tree/tree';

function count(forest: readonly TreeNode[]): number {
  let n = 0;
  const stack = [...forest];
  while (stack.length > 0) {
    const t = stack.pop()!;
    n++;
    for (const c of t.children) stack.push(c);
  }
  return n;
}

/** Cost of mapping node a to node b under `costs` (labels, and types when typed). */
export function oracleRename(costs: TedCosts, a: TreeNode, b: TreeNode): number {
  if (costs.typed && (a.type ?? '') !== (b.type ?? '')) return Infinity;
  return a.label === b.label ? 0 : costs.sub;
}

/** D_t^min(T1, T2) by brute-force recursion over rightmost roots. */
export function oracleDistance(t1: TreeNode, t2: TreeNode, costs: TedCosts): number {
  const ids = new Map<TreeNode, number>();
  const id = (t: TreeNode): number => {
    let k = ids.get(t);
    if (k === undefined) ids.set(t, (k = ids.size));
    return k;
  };
  const memo = new Map<string, number>();
  const fd = (f: readonly TreeNode[], g: readonly TreeNode[]): number => {
    if (f.length === 0) return costs.ins * count(g);
    if (g.length === 0) return costs.del * count(f);
    const key = `${f.map(id).join(',')}|${g.map(id).join(',')}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const v = f[f.length - 1]!;
    const w = g[g.length - 1]!;
    const fRest = f.slice(0, -1);
    const gRest = g.slice(0, -1);
    const best = Math.min(
      fd([...fRest, ...v.children], g) + costs.del, // delete v: its children take its place
      fd(f, [...gRest, ...w.children]) + costs.ins, // insert w
      fd(fRest, gRest) + fd(v.children, w.children) + oracleRename(costs, v, w), // map v to w
    );
    memo.set(key, best);
    return best;
  };
  return fd([t1], [t2]);
}
