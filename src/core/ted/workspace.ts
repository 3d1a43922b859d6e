// Buffers shared by the single-path functions of one distance computation, allocated once per pair
// of trees so that no DP cell allocates.
import type { TedCosts } from './costModel';
import { emptyChainStore, type ChainStore } from './spfInner';
import type { TreeIndex } from './treeIndex';

/** Everything a single-path function reads and writes. */
export interface TedWorkspace {
  /** Costs of the computation. */
  costs: TedCosts;
  /** The two trees (first = reference, second = hypothesis). */
  t1: TreeIndex;
  /** Second tree. */
  t2: TreeIndex;
  /**
   * delta[x·n2 + y] = D_f(F_x − x, G_y − y), the distance between the children forests of x and y
   * (the third term of Thomae et al. Eq. (19) without c(i ↦ j)); x, y in preL ids.
   */
  delta: Float64Array;
  /** Forest-distance rows (Zhang–Shasha's forestdist, and ΔA's rows for one right root). */
  rows: Float64Array;
  /**
   * ΔA: distances from the last complete forest of F to every forest of A(G_w), in the order of
   * chainL (so that one right root's chain is a contiguous run). Allocated on first use.
   */
  tL: Float64Array;
  /** The mirrored copy of tL. */
  tR: Float64Array;
  /** ΔA: the forests of A(G_w) by right root, in the L view. */
  chainL: ChainStore;
  /** ΔA: the same in the R view. */
  chainR: ChainStore;
  /** ΔA scratch: position of the forest (leftmost, rightmost root) in chainL. */
  pairPos: Int32Array;
  /** ΔA: distances from each row's forest to the children forest of the next right root's parent. */
  q: Float64Array;
  /** Scratch for ΔL: leftmost leaves, keys, types and delta offsets of G_w in postorder. */
  cSize: Int32Array;
  /** Scratch keys. */
  cKey: Int32Array;
  /** Scratch types. */
  cType: Int32Array;
  /** Scratch delta offsets. */
  cOff: Int32Array;
  /** Scratch for ΔL: the same four for the nodes of F_v (the rows of every table). */
  rLld: Int32Array;
  /** Scratch keys of F_v. */
  rKey: Int32Array;
  /** Scratch types of F_v. */
  rType: Int32Array;
  /** Scratch delta offsets of F_v. */
  rOff: Int32Array;
  /** Number of cells filled (the subproblem count of Pawlik & Augsten), for benchmarks. */
  cells: number;
}

/**
 * Where a workspace's arrays come from: zeroed buffers of at least `delta`, `floats` and `ints` elements.
 * By default fresh ones; a caller that drops the workspace before making another may hand out the same.
 */
export type WorkspaceMemory = (
  delta: number,
  floats: number,
  ints: number,
) => [Float64Array, Float64Array, Int32Array];

const freshMemory: WorkspaceMemory = (delta, floats, ints) => [
  new Float64Array(delta),
  new Float64Array(floats),
  new Int32Array(ints),
];

/** Allocates the workspace for trees of n1 and n2 nodes. */
export function makeWorkspace(
  costs: TedCosts,
  t1: TreeIndex,
  t2: TreeIndex,
  memory: WorkspaceMemory = freshMemory,
): TedWorkspace {
  const n1 = t1.n;
  const n2 = t2.n;
  const nMax = Math.max(n1, n2);
  const rowsSize = (n1 + 3) * (n2 + 3);
  // The scratch rows in two allocations rather than ten: a typed array with a buffer of its own costs
  // about a microsecond (V8 keeps buffers over 64 bytes off the heap), a view into one a few nanoseconds.
  const [deltaBuffer, floats, ints] = memory(n1 * n2, rowsSize + nMax + 3, 8 * (nMax + 1));
  const delta = deltaBuffer.subarray(0, n1 * n2);
  // Subtree pairs with a single node are known at once: deleting or inserting the other subtree's
  // children (APTED's initialisation; they need no single-path function).
  for (let x = 0; x < n1; x++) {
    const sx = t1.size[x]!;
    const base = x * n2;
    for (let y = 0; y < n2; y++) {
      const sy = t2.size[y]!;
      if (sx === 1) delta[base + y] = costs.ins * (sy - 1);
      else if (sy === 1) delta[base + y] = costs.del * (sx - 1);
    }
  }
  const slice = (k: number): Int32Array => ints.subarray(k * (nMax + 1), (k + 1) * (nMax + 1));
  return {
    costs,
    t1,
    t2,
    delta,
    rows: floats.subarray(0, rowsSize),
    tL: new Float64Array(0),
    tR: new Float64Array(0),
    chainL: emptyChainStore(),
    chainR: emptyChainStore(),
    pairPos: new Int32Array(0),
    q: floats.subarray(rowsSize, rowsSize + nMax + 3),
    cSize: slice(0),
    cKey: slice(1),
    cType: slice(2),
    cOff: slice(3),
    rLld: slice(4),
    rKey: slice(5),
    rType: slice(6),
    rOff: slice(7),
    cells: 0,
  };
}
