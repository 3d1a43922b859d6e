// The tree edit distance engine: one call returns the distance, one optimal mapping and its counts
// (Thomae et al. §2, §4), with the settings signature.
import type { TreeNode } from '../tree/tree';
import { SIEVE_VERSION } from '../version';
import { costsSignature, tedCosts, type TedCosts } from './costModel';
import { runTed } from './distance';
import { recoverMapping } from './mapping';
import { indexTree, LabelKeys, type TreeIndex } from './treeIndex';

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
  return `ted|${costsSignature(costs)}|v:${SIEVE_VERSION}`;
}

function indexPair(t1: TreeNode, t2: TreeNode, typed: boolean): [TreeIndex, TreeIndex] {
  const keys = new LabelKeys();
  return [indexTree(t1, keys, typed), indexTree(t2, keys, typed)];
}

/** Minimum tree edit distance only (no mapping), the fast path. */
export function treeDistance(t1: TreeNode, t2: TreeNode, costs: Partial<TedCosts> = {}): number {
  const c = tedCosts(costs);
  const [a, b] = indexPair(t1, t2, c.typed);
  return runTed(a, b, c).distance;
}

/** Distance, one optimal mapping (tie rule in mapping.ts) and its counts C, S, I, D. */
export function treeEditDistance(t1: TreeNode, t2: TreeNode, costs: Partial<TedCosts> = {}): TedResult {
  const c = tedCosts(costs);
  const [a, b] = indexPair(t1, t2, c.typed);
  const { distance, ws } = runTed(a, b, c);
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
