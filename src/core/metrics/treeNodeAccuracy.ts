// Tree node accuracy (Thomae et al. §2, Eq. (2)): Acc_n = (C − I)/(C + S + D), the counts taken from
// one optimal mapping of the typed tree edit distance (§4–5). Per-item counts are the sufficient
// statistics; the corpus figure sums them over items (a ratio of sums, as the paper's Table 1).
import { costsFields, tedCosts, TedInputError, type TedCosts } from '../ted/costModel';
import { treeEditDistance, type TedCounts, type TedOp } from '../ted/ted';
import { type TreeNode, foldLeafCase } from '../tree/tree';
import { makeSignature } from '../stats/signature';

/**
 * `count`: every node counts, the roots too (the literal Eq. (2)). `dummy`: the roots are the dummy
 * roots Thomae et al. add to make a rooted tree (§5) and are left out of the counts — the pair of the
 * two roots, a deleted reference root or an inserted hypothesis root (a root mapped to a non-root node
 * still counts). This is how §6 gets Acc_n = (9 − 2)/(9 + 2 + 3) from a mapping with 12 pairs.
 */
export type RootRule = 'count' | 'dummy';

/** Settings of tree node accuracy; all of them show in the signature. */
export interface TnaOptions {
  /** Edit costs (default 3/3/4, untyped). */
  costs?: Partial<TedCosts>;
  /** Whether the roots count (default `count`). */
  root?: RootRule;
  /** Compare the leaves (the words) case-insensitively, as word accuracy does (default: exact). */
  ignoreCase?: boolean;
}

/** One scored pair of trees. */
export interface TnaItem {
  /** Item id. */
  id: string;
  /** Minimum tree edit distance (the roots always take part in the distance). */
  distance: number;
  /** Counts under the root rule. */
  counts: TedCounts;
  /** Acc_n of this item; null when N = C + S + D = 0 (see `tnaAccuracy`). */
  accuracy: number | null;
  /** The optimal mapping (postorder numbers, Thomae et al. §4). */
  mapping: TedOp[];
}

/** Summed counts, N = C + S + D, and the corpus Acc_n. */
export interface TnaSummary extends TedCounts {
  /** Number of reference nodes counted. */
  N: number;
  /** Corpus Acc_n from the summed counts; null when N = 0. */
  accuracy: number | null;
}

/** A scored corpus. */
export interface TnaResult {
  /** Per-item scores, in input order. */
  items: TnaItem[];
  /** Corpus figures (sums of counts). */
  corpus: TnaSummary;
  /** Settings signature, e.g. `tna|costs:3,3,4|typed:no|root:count|v:0.1.0`. */
  signature: string;
}

/** Settings signature of tree node accuracy. */
export function tnaSignature(options: TnaOptions = {}): string {
  return makeSignature('tna', [
    ...costsFields(tedCosts(options.costs)),
    ['root', options.root ?? 'count'],
    ['case', options.ignoreCase ? 'fold' : 'exact'],
  ]);
}

/**
 * Acc_n = (C − I)/(C + S + D). Ill-defined when no reference node is counted (N = 0, only possible with
 * the dummy-root rule and a reference that is just a root): then it is null — undefined, not 0 or −∞ —
 * and the corpus figure, a ratio of sums, still takes the item's insertions into account.
 */
export function tnaAccuracy(counts: TedCounts): number | null {
  const n = counts.C + counts.S + counts.D;
  return n === 0 ? null : (counts.C - counts.I) / n;
}

/** Combines per-item counts into the corpus figure: counts are summed, then Eq. (2) is applied once. */
export function combineTna(items: readonly TedCounts[]): TnaSummary {
  const sum: TedCounts = { C: 0, S: 0, I: 0, D: 0 };
  for (const c of items) {
    sum.C += c.C;
    sum.S += c.S;
    sum.I += c.I;
    sum.D += c.D;
  }
  return { ...sum, N: sum.C + sum.S + sum.D, accuracy: tnaAccuracy(sum) };
}

/** Counts of a mapping under a root rule; `n1`, `n2` are the tree sizes (the roots are last in postorder). */
export function countOps(mapping: readonly TedOp[], n1: number, n2: number, root: RootRule): TedCounts {
  const counts: TedCounts = { C: 0, S: 0, I: 0, D: 0 };
  for (const o of mapping) {
    if (root === 'dummy') {
      const r1 = o.i === n1;
      const r2 = o.j === n2;
      if ((r1 && r2) || (r1 && o.j === null) || (r2 && o.i === null)) continue;
    }
    counts[o.op]++;
  }
  return counts;
}

/** Scores one reference tree against one hypothesis tree. */
export function scoreTreePair(id: string, ref: TreeNode, hyp: TreeNode, options: TnaOptions = {}): TnaItem {
  const r = options.ignoreCase
    ? treeEditDistance(foldLeafCase(ref), foldLeafCase(hyp), options.costs)
    : treeEditDistance(ref, hyp, options.costs);
  const n1 = r.mapping.filter((o) => o.i !== null).length;
  const n2 = r.mapping.filter((o) => o.j !== null).length;
  const counts = countOps(r.mapping, n1, n2, options.root ?? 'count');
  return { id, distance: r.distance, counts, accuracy: tnaAccuracy(counts), mapping: r.mapping };
}

/** Tree node accuracy of paired items (per item and corpus); ids must be unique. */
export function treeNodeAccuracy(
  items: readonly { id: string; ref: TreeNode; hyp: TreeNode }[],
  options: TnaOptions = {},
): TnaResult {
  const root = options.root ?? 'count';
  if (root !== 'count' && root !== 'dummy') {
    throw new TedInputError(`root rule must be 'count' or 'dummy', got '${String(root)}'`);
  }
  const seen = new Set<string>();
  for (const it of items) {
    if (seen.has(it.id)) throw new TedInputError(`item id '${it.id}' appears twice`);
    seen.add(it.id);
  }
  const scored = items.map((it) => scoreTreePair(it.id, it.ref, it.hyp, options));
  return { items: scored, corpus: combineTna(scored.map((s) => s.counts)), signature: tnaSignature(options) };
}

/** Tree node accuracy of two parallel lists of trees (item k of each is a pair, ids `1`, `2`, …). */
export function treeNodeAccuracyLists(
  refs: readonly TreeNode[],
  hyps: readonly TreeNode[],
  options: TnaOptions = {},
): TnaResult {
  if (refs.length !== hyps.length) {
    throw new TedInputError(`${refs.length} reference and ${hyps.length} hypothesis trees`);
  }
  return treeNodeAccuracy(
    refs.map((ref, k) => ({ id: String(k + 1), ref, hyp: hyps[k]! })),
    options,
  );
}
