// The maximally IoU-weighted structured alignment of two relaxed segment trees (Shi et al. §4, Problem 11),
// exactly, by the recursion of Equation 3 with the knapsack-style table of Algorithm 1 — restricted to the
// part of each table where overlapping pairs can live, since only they carry weight.
//
// f(p, g) is the best alignment of the subtrees of p and g with p ↔ g matched (Problem 13):
//   f(p, g) = IoU(p, g) + max over same-length ordered disjoint descendant sequences D1, D2 of Σ f(d1,k, d2,k).
// The inner maximum is a chain DP over word boundaries: H[x][y] is the best sum of f over disjoint
// descendant pairs that end by boundary x of p's words and boundary y of g's. Problem 11 itself is the same
// chain over all nodes of both trees (the dummy roots of §4.2), so the roots need not be matched.
import { IOU_EPSILON, intervalIou } from './iou';
import type { SegmentTree } from './segmentTree';

/** What may be matched (the published implementation's switches). */
export interface AlignSettings {
  /** A pair in which either node is a preterminal may match whatever the labels. */
  flexible: boolean;
  /** Only pairs whose IoU is strictly above this value may match. */
  threshold: number;
}

/** The optimum of Problem 11 and, when asked for, one alignment that reaches it. */
export interface SegmentAlignment {
  /** Maximal sum of IoU over matched pairs. */
  sum: number;
  /** Matched pairs as [node of t1, node of t2] (postorder indices), with their IoU. */
  pairs: { a: number; b: number; iou: number }[];
}

/** Index of the first k in [lo, hi) with values[k] > x (values non-decreasing on that range). */
function firstAbove(values: Float64Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Index of the first k in [lo, hi) with values[k] ≥ x (values non-decreasing on that range). */
function firstAtLeast(values: Float64Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The boundaries of p's words (in `t`) that can matter against a partner spanning (s, e): descendants
 * whose last word ends by s cannot overlap any descendant of the partner, nor can those that start
 * at or after e; rows outside (lo, hi] of the chain table therefore only copy their neighbours.
 * Returns hi ≤ lo when nothing can overlap. p = −1 stands for the dummy root (all words).
 */
function rowRange(t: SegmentTree, p: number, s: number, e: number, out: Int32Array, at: number): void {
  if (p < 0) {
    out[at] = 0;
    out[at + 1] = t.wordCount;
    return;
  }
  const a = t.firstWord[p]!;
  const b = t.endWord[p]!;
  const lo = firstAbove(t.wordEndSec, a, b, s);
  const startsBefore = firstAtLeast(t.wordStartSec, a, b, e); // words a … startsBefore−1 start before e
  out[at] = lo;
  if (startsBefore <= a) {
    out[at + 1] = lo;
    return;
  }
  // A descendant that overlaps the partner starts before e; if it ends after word startsBefore−1 it
  // contains that word, so it lies inside the child of p that holds the word.
  let c = t.wordParent[startsBefore - 1]!;
  if (c === p) {
    out[at + 1] = startsBefore - 1;
    return;
  }
  while (t.parent[c] !== p) c = t.parent[c]!;
  out[at + 1] = t.endWord[c]!;
}

/** Solves Problem 11 for `t1` and `t2`; with `withPairs`, also returns one optimal set of matched pairs. */
export function alignSegmentTrees(
  t1: SegmentTree,
  t2: SegmentTree,
  settings: AlignSettings,
  withPairs = true,
): SegmentAlignment {
  const n = t1.size;
  const m = t2.size;
  const { flexible, threshold } = settings;
  const ids = new Map<string, number>();
  const labelId = (l: string): number => {
    let id = ids.get(l);
    if (id === undefined) ids.set(l, (id = ids.size));
    return id;
  };
  const lab1 = Int32Array.from(t1.labels, labelId);
  const lab2 = Int32Array.from(t2.labels, labelId);
  const { startSec: s1, endSec: e1, firstWord: a1, preterminal: pre1, endOffset: o1, endNodes: en1 } = t1;
  const { startSec: s2, endSec: e2, firstWord: a2, preterminal: pre2, endOffset: o2, endNodes: en2 } = t2;
  const cols = t2.wordCount + 1;
  const weight = new Float64Array(n * m); // IoU of the pairs that may match, 0 for the others
  const f = new Float64Array(n * m);
  const table = new Float64Array((t1.wordCount + 1) * cols);
  let choice: Int32Array | null = null;
  const region = new Int32Array(4);

  // The chain DP of Algorithm 1 for the descendants of p and g (−1: the dummy roots). Cells are
  // visited in increasing x, then y; a pair (p', g') ending at (x, y) extends the best chain that ends
  // by (start of p', start of g'), by Corollary 14.1 (disjoint nodes follow each other in time).
  const chain = (p: number, g: number, record: boolean): number => {
    rowRange(t1, p, p < 0 ? 0 : s2[g]!, p < 0 ? 0 : e2[g]!, region, 0);
    rowRange(t2, g, g < 0 ? 0 : s1[p]!, g < 0 ? 0 : e1[p]!, region, 2);
    const x0 = region[0]!;
    const x1 = region[1]!;
    const y0 = region[2]!;
    const y1 = region[3]!;
    if (x1 <= x0 || y1 <= y0) return 0;
    const w = y1 - y0 + 1;
    const pEnd = p < 0 ? -1 : t1.endWord[p]!;
    const gEnd = g < 0 ? -1 : t2.endWord[g]!;
    for (let k = 0; k < w; k++) table[k] = 0;
    for (let x = x0 + 1; x <= x1; x++) {
      const row = (x - x0) * w;
      const prev = row - w;
      table[row] = 0;
      const first1 = o1[x]!;
      // Only proper descendants of p: at p's own end, the nodes below p in its group.
      const k1 = x === pEnd ? t1.endRank[p]! : o1[x + 1]! - first1;
      for (let y = y0 + 1; y <= y1; y++) {
        const cell = row + y - y0;
        let best = table[prev + y - y0]!;
        let how = -1;
        const left = table[cell - 1]!;
        if (left > best) {
          best = left;
          how = -2;
        }
        if (k1 > 0) {
          const first2 = o2[y]!;
          const k2 = y === gEnd ? t2.endRank[g]! : o2[y + 1]! - first2;
          for (let i = 0; i < k1; i++) {
            const pp = en1[first1 + i]!;
            const base = pp * m;
            const ax = a1[pp]!;
            const from = (ax > x0 ? ax - x0 : 0) * w - y0;
            for (let j = 0; j < k2; j++) {
              const gg = en2[first2 + j]!;
              const v = f[base + gg]!;
              if (v > 0) {
                const ay = a2[gg]!;
                const cand = table[from + (ay > y0 ? ay : y0)]! + v;
                if (cand > best) {
                  best = cand;
                  how = base + gg;
                }
              }
            }
          }
        }
        table[cell] = best;
        if (record) choice![cell] = how;
      }
    }
    return table[(x1 - x0) * w + (y1 - y0)]!;
  };

  // Subtrees before their ancestors in both trees: postorder indices, ascending.
  for (let p = 0; p < n; p++) {
    const ps = s1[p]!;
    const pe = e1[p]!;
    const pl = lab1[p]!;
    const pPre = pre1[p] === 1;
    for (let g = 0; g < m; g++) {
      const iou = intervalIou(ps, pe, s2[g]!, e2[g]!);
      // The published rule: IoU strictly above the threshold, and not within 1e-6 of zero.
      if (iou <= threshold || iou < IOU_EPSILON) continue;
      const anyPre = pPre || pre2[g] === 1;
      // Labels must agree, except, with flexible terminal alignment, when either node is a preterminal.
      if (pl !== lab2[g] && !(flexible && anyPre)) continue;
      const at = p * m + g;
      weight[at] = iou;
      // A preterminal has no descendants, so the pair contributes its own IoU only (Problem 13).
      f[at] = anyPre ? iou : iou + chain(p, g, false);
    }
  }
  const sum = chain(-1, -1, false);
  if (!withPairs) return { sum, pairs: [] };

  choice = new Int32Array(table.length);
  const pairs: SegmentAlignment['pairs'] = [];
  const todo: number[] = [-1, -1];
  while (todo.length > 0) {
    const g = todo.pop()!;
    const p = todo.pop()!;
    if (p >= 0) {
      pairs.push({ a: p, b: g, iou: weight[p * m + g]! });
      if (pre1[p] === 1 || pre2[g] === 1) continue;
    }
    chain(p, g, true);
    const x0 = region[0]!;
    const y0 = region[2]!;
    let x = region[1]!;
    let y = region[3]!;
    const w = region[3]! - y0 + 1;
    while (x > x0 && y > y0) {
      const how = choice[(x - x0) * w + y - y0]!;
      if (how === -1) x--;
      else if (how === -2) y--;
      else {
        const pp = Math.floor(how / m);
        const gg = how - pp * m;
        todo.push(pp, gg);
        x = Math.max(a1[pp]!, x0);
        y = Math.max(a2[gg]!, y0);
      }
    }
  }
  pairs.sort((u, v) => u.a - v.a || u.b - v.b);
  return { sum, pairs };
}
