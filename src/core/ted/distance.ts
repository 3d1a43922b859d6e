// The distance computation: APTED's layering (Pawlik & Augsten, Information Systems 56, 2016) —
// tree index, cost model, optimal strategy, then GTED (TODS 2015 §3.4): for a subtree pair, first
// the subtrees hanging off the strategy path are paired recursively with the other subtree, then one
// single-path function fills the distances for the path nodes.
import type { TedCosts } from './costModel';
import { spfInner } from './spfInner';
import { spfLeft } from './spfLeft';
import { strategyFor, type Strategy } from './strategy';
import type { TreeIndex } from './treeIndex';
import { initDelta, makeWorkspace, type TedWorkspace, type WorkspaceMemory } from './workspace';

/** Distance between two single-node-or-larger trees when one of them is a single node (APTED's spf1). */
function singleNodeDistance(ws: TedWorkspace): number {
  const { t1, t2, costs } = ws;
  const one = t1.n === 1 ? t1 : t2;
  const other = t1.n === 1 ? t2 : t1;
  const delOne = t1.n === 1 ? costs.del : costs.ins;
  const insOther = t1.n === 1 ? costs.ins : costs.del;
  let best = delOne + insOther * other.n; // delete the node, insert the other tree
  const k = one.L.key[0]!;
  const ty = one.L.type[0]!;
  for (let y = 0; y < other.n; y++) {
    const ren = k === other.L.key[y] ? 0 : ty === other.L.type[y] ? costs.sub : Infinity;
    const c = insOther * (other.n - 1) + ren; // map it to y, insert the rest
    if (c < best) best = c;
  }
  return best;
}

/** Runs the single-path function the strategy chose for (v, w), after its hanging pairs are done. */
function runSpf(ws: TedWorkspace, v: number, w: number, path: number): number {
  const { t1, t2 } = ws;
  if (path > 0) {
    const leaf = path - 1;
    if (leaf === t1.lld[v]) return spfLeft(ws, t1.L, v, t2.L, t2.L.fromOrig[w]!, false);
    if (leaf === t1.rld[v]) return spfLeft(ws, t1.R, t1.R.fromOrig[v]!, t2.R, t2.R.fromOrig[w]!, false);
    return spfInner(ws, t1, v, leaf, t2, w, false);
  }
  const leaf = -path - 1;
  if (leaf === t2.lld[w]) return spfLeft(ws, t2.L, w, t1.L, t1.L.fromOrig[v]!, true);
  if (leaf === t2.rld[w]) return spfLeft(ws, t2.R, t2.R.fromOrig[w]!, t1.R, t1.R.fromOrig[v]!, true);
  return spfInner(ws, t2, w, leaf, t1, v, true);
}

/** The result of the fast algorithm: the distance and the filled workspace (delta is reused by the mapping). */
export interface TedRun {
  /** Minimum tree edit distance D_t^min(T1, T2), Thomae et al. Eq. (18). */
  distance: number;
  /** The workspace; delta holds the children-forest distance of every subtree pair. */
  ws: TedWorkspace;
}

/**
 * Computes the tree edit distance of two indexed trees with the optimal strategy, or with the given
 * one (any valid strategy gives the same distance; tests use random ones to exercise every path type).
 */
export function runTed(
  t1: TreeIndex,
  t2: TreeIndex,
  costs: TedCosts,
  strategy: Strategy | null = null,
  memory?: WorkspaceMemory,
): TedRun {
  const ws = makeWorkspace(costs, t1, t2, memory);
  if (t1.n === 1 || t2.n === 1) {
    initDelta(ws);
    return { distance: singleNodeDistance(ws), ws };
  }
  strategy ??= strategyFor(t1, t2, ws.scratch);
  initDelta(ws);
  const n2 = t2.n;
  // GTED with an explicit stack (deep trees must not overflow the call stack): a pair is pushed
  // once to expand its hanging pairs and once more, below them, to run its single-path function.
  const stack: number[] = [0, 0, 0];
  let distance = 0;
  while (stack.length > 0) {
    const expanded = stack.pop()!;
    const w = stack.pop()!;
    const v = stack.pop()!;
    const path = strategy[v * n2 + w]!;
    if (expanded === 1) {
      const d = runSpf(ws, v, w, path);
      if (v === 0 && w === 0) distance = d;
      continue;
    }
    stack.push(v, w, 1);
    const inF = path > 0;
    const tree = inF ? t1 : t2;
    const top = inF ? v : w;
    let x = inF ? path - 1 : -path - 1;
    while (x !== top) {
      const p = tree.parent[x]!;
      for (let k = tree.childStart[p]!; k < tree.childStart[p + 1]!; k++) {
        const c = tree.childList[k]!;
        if (c === x || tree.size[c] === 1) continue; // single-node pairs are initialised already
        const a = inF ? c : v;
        const b = inF ? w : c;
        if (t1.size[a] === 1 || t2.size[b] === 1) continue;
        stack.push(a, b, 0);
      }
      x = p;
    }
  }
  return { distance, ws };
}
