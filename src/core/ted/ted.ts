// The tree edit distance engine: one call returns the distance, one optimal mapping and its counts
// (Thomae et al. §2, §4), with the settings signature.
import type { TreeNode } from '../tree/tree';
import { makeSignature } from '../stats/signature';
import { costsFields, tedCosts, type TedCosts } from './costModel';
import { runTed } from './distance';
import { recoverMapping } from './mapping';
import { indexTree, type IndexMemory, LabelKeys, type TreeIndex } from './treeIndex';
import type { WorkspaceMemory } from './workspace';

/** One edit operation of a mapping; i and j are 1-based left-to-right postorder numbers (Thomae et al. §4), null for ε. */
export interface TedOp {
  /** Node of the first (reference) tree, or null for an insertion. */
  i: number | null;
  /** Node of the second (hypothesis) tree, or null for a deletion. */
  j: number | null;
  /** C correct, S substitution, D deletion, I insertion. */
  op: 'C' | 'S' | 'D' | 'I';
}

/** Counts of a mapping's operations. */
export interface TedCounts {
  /** Correctly mapped nodes (same label, and same type when typed). */
  C: number;
  /** Substitutions. */
  S: number;
  /** Insertions. */
  I: number;
  /** Deletions. */
  D: number;
}

/** Everything the engine returns for one pair of trees. */
export interface TedResult {
  /** Minimum tree edit distance (Thomae et al. Eq. (18)). */
  distance: number;
  /** One optimal mapping, in the merged postorder of both trees (deletions before insertions). */
  mapping: TedOp[];
  /** Counts of that mapping. */
  counts: TedCounts;
  /** Settings signature, e.g. `ted|costs:3,3,4|typed:no|v:0.1.0`. */
  signature: string;
}

/** The signature of a distance computed with `costs`. */
export function tedSignature(costs: TedCosts): string {
  return makeSignature('ted', costsFields(costs));
}

// treeDistance and treeEditDistance drop their indices and workspace before they return (they are not
// re-entrant), so the memory of both is kept from call to call instead of being allocated per pair: fewer
// buffers outside V8's heap, far fewer collections when a corpus is scored. Past SCRATCH_KEEP elements a
// buffer is not kept, so one huge pair does not pin its memory.
const SCRATCH_KEEP = 1 << 20;

/** A zeroed typed array of at least `n` elements from `slot` of `kept`, or a fresh one. */
function scratch<T extends Int32Array | Float32Array | Float64Array>(
  kept: (T | undefined)[],
  slot: number,
  n: number,
  make: (n: number) => T,
): T {
  if (n > SCRATCH_KEEP) return make(n);
  let a = kept[slot];
  if (a === undefined || a.length < n) kept[slot] = a = make(Math.max(n, 2 * (a?.length ?? 0), 1024));
  else a.fill(0, 0, n);
  return a;
}

const keptInts: (Int32Array | undefined)[] = [];
const keptFloats: (Float64Array | undefined)[] = [];
const keptSingles: (Float32Array | undefined)[] = [];
const newInts = (n: number): Int32Array => new Int32Array(n);
const newFloats = (n: number): Float64Array => new Float64Array(n);
const newSingles = (n: number): Float32Array => new Float32Array(n);
const firstIndexMemory: IndexMemory = (ints, floats) => [
  scratch(keptInts, 0, ints, newInts),
  scratch(keptFloats, 0, floats, newFloats),
];
const secondIndexMemory: IndexMemory = (ints, floats) => [
  scratch(keptInts, 1, ints, newInts),
  scratch(keptFloats, 1, floats, newFloats),
];
const workspaceMemory: WorkspaceMemory = (floats, ints, single) => [
  single ? scratch(keptSingles, 0, floats, newSingles) : scratch(keptFloats, 2, floats, newFloats),
  scratch(keptInts, 2, ints, newInts),
];

function indexPair(t1: TreeNode, t2: TreeNode, typed: boolean): [TreeIndex, TreeIndex] {
  const keys = new LabelKeys();
  return [indexTree(t1, keys, typed, firstIndexMemory), indexTree(t2, keys, typed, secondIndexMemory)];
}

/** Minimum tree edit distance only (no mapping), the fast path. */
export function treeDistance(t1: TreeNode, t2: TreeNode, costs: Partial<TedCosts> = {}): number {
  const c = tedCosts(costs);
  const [a, b] = indexPair(t1, t2, c.typed);
  return runTed(a, b, c, null, workspaceMemory).distance;
}

/** Distance, one optimal mapping (tie rule in mapping.ts) and its counts C, S, I, D. */
export function treeEditDistance(t1: TreeNode, t2: TreeNode, costs: Partial<TedCosts> = {}): TedResult {
  const c = tedCosts(costs);
  const [a, b] = indexPair(t1, t2, c.typed);
  const { distance, ws } = runTed(a, b, c, null, workspaceMemory);
  const { partner1, partner2 } = recoverMapping(ws);
  // Postorder numbers, and the nodes of each tree in postorder.
  const post1 = a.L.postToPre;
  const post2 = b.L.postToPre;
  const mapping: TedOp[] = [];
  const counts: TedCounts = { C: 0, S: 0, I: 0, D: 0 };
  let j = 0; // next T2 node (postorder) not yet written
  const flushInsertions = (upTo: number): void => {
    for (; j < upTo; j++) {
      if (partner2[post2[j]!]! < 0) {
        mapping.push({ i: null, j: j + 1, op: 'I' });
        counts.I++;
      }
    }
  };
  for (let i = 0; i < a.n; i++) {
    const x = post1[i]!;
    const y = partner1[x]!;
    if (y < 0) {
      mapping.push({ i: i + 1, j: null, op: 'D' });
      counts.D++;
      continue;
    }
    const jy = b.L.preToPost[y]!;
    flushInsertions(jy);
    j = jy + 1;
    const op = a.L.key[x] === b.L.key[y] ? 'C' : 'S';
    mapping.push({ i: i + 1, j: jy + 1, op });
    counts[op]++;
  }
  flushInsertions(b.n);
  return { distance, mapping, counts, signature: tedSignature(c) };
}
