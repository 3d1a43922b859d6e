// Buffers shared by the single-path functions of one distance computation, allocated once per pair
// of trees so that no DP cell allocates.
import type { TedCosts } from './costModel';
import { emptyChainStore, type ChainStore } from './spfInner';
import type { TreeIndex } from './treeIndex';

/**
 * An array of distances: 32-bit floats when every distance of the pair is an integer small enough to be
 * held exactly (half the memory and cache of 64-bit ones), 64-bit floats otherwise.
 */
export type Distances = Float32Array | Float64Array;

/** Largest integer below which every integer is a 32-bit float. */
const FLOAT32_EXACT = 2 ** 24;

/**
 * Whether 32-bit floats hold every distance of a pair of n1 and n2 nodes exactly: the costs are integers,
 * and every forest distance, at most deleting one forest and inserting the other (≤ del·n1 + ins·n2, the
 * largest cost times n1 + n2), stays below 2^24. Infinity (a forbidden typed substitution) is never
 * stored: the minimum always has a finite deletion or insertion to choose.
 */
export function distancesFitFloat32(costs: TedCosts, n1: number, n2: number): boolean {
  const { ins, del, sub } = costs;
  if (!Number.isInteger(ins) || !Number.isInteger(del) || !Number.isInteger(sub)) return false;
  return Math.max(ins, del, sub) * (n1 + n2 + 2) < FLOAT32_EXACT;
}

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
  delta: Distances;
  /** Forest-distance rows (Zhang–Shasha's forestdist, and ΔA's rows for one right root). */
  rows: Distances;
  /**
   * delta and rows together, zeroed: scratch for the strategy's rows before the distance computation
   * starts (so that they take no memory of their own), handed back zeroed, then `initDelta`.
   */
  scratch: Distances;
  /**
   * ΔA: distances from the last complete forest of F to every forest of A(G_w), in the order of
   * chainL (so that one right root's chain is a contiguous run). Allocated on first use.
   */
  tL: Distances;
  /** The mirrored copy of tL. */
  tR: Distances;
  /** ΔA: the forests of A(G_w) by right root, in the L view. */
  chainL: ChainStore;
  /** ΔA: the same in the R view. */
  chainR: ChainStore;
  /** ΔA scratch: position of the forest (leftmost, rightmost root) in chainL. */
  pairPos: Int32Array;
  /** ΔA: distances from each row's forest to the children forest of the next right root's parent. */
  q: Distances;
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
 * Where a workspace's arrays come from: zeroed buffers of at least `floats` and `ints` elements, the
 * first a Float32Array when `single`, else a Float64Array. By default fresh ones; a caller that drops
 * the workspace before making another may hand out the same.
 */
export type WorkspaceMemory = (floats: number, ints: number, single: boolean) => [Distances, Int32Array];

const freshMemory: WorkspaceMemory = (floats, ints, single) => [
  single ? new Float32Array(floats) : new Float64Array(floats),
  new Int32Array(ints),
];

/**
 * Sets delta for the subtree pairs with a single node, known at once: deleting or inserting the other
 * subtree's children (APTED's initialisation; they need no single-path function); 0 elsewhere.
 */
export function initDelta(ws: TedWorkspace): void {
  const { t1, t2, costs, delta } = ws;
  const n2 = t2.n;
  for (let x = 0; x < t1.n; x++) {
    const sx = t1.size[x]!;
    const base = x * n2;
    for (let y = 0; y < n2; y++) {
      const sy = t2.size[y]!;
      delta[base + y] = sx === 1 ? costs.ins * (sy - 1) : sy === 1 ? costs.del * (sx - 1) : 0;
    }
  }
}

/** Allocates the workspace for trees of n1 and n2 nodes (delta still to be set by `initDelta`). */
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
  const single = distancesFitFloat32(costs, n1, n2);
  // delta, the rows and q in one buffer: delta and the rows side by side are the strategy's scratch.
  const [floats, ints] = memory(n1 * n2 + rowsSize + nMax + 3, 8 * (nMax + 1), single);
  const top = n1 * n2 + rowsSize;
  const slice = (k: number): Int32Array => ints.subarray(k * (nMax + 1), (k + 1) * (nMax + 1));
  return {
    costs,
    t1,
    t2,
    delta: floats.subarray(0, n1 * n2),
    rows: floats.subarray(n1 * n2, top),
    scratch: floats.subarray(0, top),
    tL: floats.subarray(0, 0),
    tR: floats.subarray(0, 0),
    chainL: emptyChainStore(),
    chainR: emptyChainStore(),
    pairPos: new Int32Array(0),
    q: floats.subarray(top, top + nMax + 3),
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
