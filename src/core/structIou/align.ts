// The maximally IoU-weighted structured alignment of two relaxed segment trees (Shi et al. §4, Problem 11),
// exactly, by the recursion of Equation 3 with the knapsack-style table of Algorithm 1 — restricted to the
// part of each table where overlapping pairs can live, since only they carry weight.
//
// f(p, g) is the best alignment of the subtrees of p and g with p ↔ g matched (Problem 13):
//   f(p, g) = IoU(p, g) + max over same-length ordered disjoint descendant sequences D1, D2 of Σ f(d1,k, d2,k).
// The inner maximum is a chain DP over word boundaries: H[x][y] is the best sum of f over disjoint
// descendant pairs that end by boundary x of p's words and boundary y of g's. Problem 11 itself is the same
// chain over all nodes of both trees (the dummy roots of §4.2), so the roots need not be matched.
//
// "Ordered" and "disjoint" (Definition 14) are read in word order, as the published implementation reads
// them: constituents are disjoint when they share no word, and a sequence runs left to right in the
// words. For words that do not overlap in time this is the paper's reading (Proposition 9), and any
// matching free of Definition 10's conflicts whose pairs all have positive IoU keeps the left-to-right
// order of unrelated constituents anyway. For words that overlap in time, constituents that share no
// word may still overlap, and keeping the word order is what the alignment demands beyond Definition 10:
// crossed pairs (a before b in one tree, their partners the other way round) are never matched together.
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
  /** Matched pairs as [node of t1, node of t2] (postorder indices), with their IoU; sorted by t1 node. */
  pairs: { a: number; b: number; iou: number }[];
}

/** Scratch arrays reused from call to call (grown on demand), so scoring a corpus allocates little. */
interface Workspace {
  t1: SegmentTree;
  t2: SegmentTree;
  /** f(p, g) of Problem 13 at p · m + g; 0 for pairs that may not match. */
  f: Float64Array;
  table: Float64Array;
  choice: Int32Array;
  /** Per row of the chain table: offset of f's row and of the table row where each pair starts. */
  rowBase: Int32Array;
  rowFrom: Int32Array;
  /** Whether `rowRange` may narrow the chain tables (both trees `monotone`). */
  prune: boolean;
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

let shared: Workspace | null = null;

function workspace(t1: SegmentTree, t2: SegmentTree): Workspace {
  const nm = t1.size * t2.size;
  const cells = (t1.wordCount + 1) * (t2.wordCount + 1);
  const ws = shared ?? {
    t1,
    t2,
    f: new Float64Array(0),
    table: new Float64Array(0),
    choice: new Int32Array(0),
    rowBase: new Int32Array(0),
    rowFrom: new Int32Array(0),
    prune: true,
    x0: 0,
    x1: 0,
    y0: 0,
    y1: 0,
  };
  shared = ws;
  ws.t1 = t1;
  ws.t2 = t2;
  ws.prune = t1.monotone && t2.monotone;
  if (ws.f.length < nm) ws.f = new Float64Array(nm);
  else ws.f.fill(0, 0, nm);
  if (ws.table.length < cells) {
    ws.table = new Float64Array(cells);
    ws.choice = new Int32Array(cells);
  }
  if (ws.rowBase.length < t1.size) {
    ws.rowBase = new Int32Array(t1.size);
    ws.rowFrom = new Int32Array(t1.size);
  }
  return ws;
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

/** Packs two word boundaries into one number (sentences have far fewer than 2^21 words). */
const PACK = 2097152;

/**
 * The word boundaries (lo, hi] of p's words that matter against a partner spanning (s, e): descendants
 * whose last word ends by s cannot overlap any descendant of the partner, nor can those that start at or
 * after e, so rows outside (lo, hi] of the chain table only copy their neighbours. hi ≤ lo when nothing
 * can overlap. Packed as lo · PACK + hi. Valid only when both trees are `monotone`: the searches need
 * ordered word times, and the partner's descendants must lie inside (s, e).
 */
function rowRange(t: SegmentTree, p: number, s: number, e: number): number {
  const a = t.firstWord[p]!;
  const b = t.endWord[p]!;
  const lo = firstAbove(t.wordEndSec, a, b, s);
  const startsBefore = firstAtLeast(t.wordStartSec, a, b, e); // words a … startsBefore−1 start before e
  if (startsBefore <= a) return lo * PACK + lo;
  // A descendant that overlaps the partner starts before e; if it ends after word startsBefore−1 it
  // contains that word, so it lies inside the child of p that holds the word.
  let c = t.wordParent[startsBefore - 1]!;
  if (c === p) return lo * PACK + startsBefore - 1;
  while (t.parent[c] !== p) c = t.parent[c]!;
  return lo * PACK + t.endWord[c]!;
}

/**
 * The chain DP of Algorithm 1 over the proper descendants of p and g (−1, −1: the dummy roots, i.e. all
 * nodes). Cells are filled in increasing x, then y; a pair (p', g') ending at (x, y) extends the best chain
 * that ends by (start of p', start of g'): disjoint nodes follow each other in time (Corollary 14.1).
 * With `record`, the choice made at each cell is kept for the traceback.
 */
function chain(ws: Workspace, p: number, g: number, record: boolean): number {
  const { t1, t2, f, table, choice, rowBase, rowFrom } = ws;
  const m = t2.size;
  let x0 = 0;
  let x1 = t1.wordCount;
  let y0 = 0;
  let y1 = t2.wordCount;
  if (p >= 0 && !ws.prune) {
    // Words out of time order: every descendant of p may overlap one of g, so the whole table is filled.
    x0 = t1.firstWord[p]!;
    x1 = t1.endWord[p]!;
    y0 = t2.firstWord[g]!;
    y1 = t2.endWord[g]!;
  } else if (p >= 0) {
    const rx = rowRange(t1, p, t2.startSec[g]!, t2.endSec[g]!);
    const ry = rowRange(t2, g, t1.startSec[p]!, t1.endSec[p]!);
    x0 = Math.floor(rx / PACK);
    x1 = rx - x0 * PACK;
    y0 = Math.floor(ry / PACK);
    y1 = ry - y0 * PACK;
  }
  ws.x0 = x0;
  ws.x1 = x1;
  ws.y0 = y0;
  ws.y1 = y1;
  if (x1 <= x0 || y1 <= y0) return 0;
  const o1 = t1.endOffset;
  const en1 = t1.endNodes;
  const a1 = t1.firstWord;
  const o2 = t2.endOffset;
  const en2 = t2.endNodes;
  const a2 = t2.firstWord;
  const pEnd = p < 0 ? -1 : t1.endWord[p]!;
  const gEnd = g < 0 ? -1 : t2.endWord[g]!;
  const pRank = p < 0 ? 0 : t1.endRank[p]!;
  const gRank = g < 0 ? 0 : t2.endRank[g]!;
  const w = y1 - y0 + 1;
  for (let k = 0; k < w; k++) table[k] = 0;
  for (let x = x0 + 1; x <= x1; x++) {
    const row = (x - x0) * w;
    const prev = row - w;
    table[row] = 0;
    // Only proper descendants of p: at p's own end, the nodes below p in its group.
    const first1 = o1[x]!;
    const k1 = x === pEnd ? pRank : o1[x + 1]! - first1;
    for (let i = 0; i < k1; i++) {
      const pp = en1[first1 + i]!;
      const ax = a1[pp]!;
      rowBase[i] = pp * m;
      rowFrom[i] = (ax > x0 ? ax - x0 : 0) * w - y0;
    }
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
        const k2 = y === gEnd ? gRank : o2[y + 1]! - first2;
        for (let j = 0; j < k2; j++) {
          const gg = en2[first2 + j]!;
          const ay = a2[gg]!;
          const col = ay > y0 ? ay : y0;
          for (let i = 0; i < k1; i++) {
            const v = f[rowBase[i]! + gg]!;
            if (v > 0) {
              const cand = table[rowFrom[i]! + col]! + v;
              if (cand > best) {
                best = cand;
                how = rowBase[i]! + gg;
              }
            }
          }
        }
      }
      table[cell] = best;
      if (record) choice[cell] = how;
    }
  }
  return table[(x1 - x0) * w + (y1 - y0)]!;
}

/** Fills f(p, g) for every pair, subtrees before their ancestors (postorder indices ascending). */
function fillPairs(ws: Workspace, settings: AlignSettings, lab1: Int32Array, lab2: Int32Array): void {
  const { t1, t2, f } = ws;
  const n = t1.size;
  const m = t2.size;
  const { flexible, threshold } = settings;
  const s1 = t1.startSec;
  const e1 = t1.endSec;
  const s2 = t2.startSec;
  const e2 = t2.endSec;
  const pre1 = t1.preterminal;
  const pre2 = t2.preterminal;
  for (let p = 0; p < n; p++) {
    const ps = s1[p]!;
    const pe = e1[p]!;
    const pl = lab1[p]!;
    const pPre = pre1[p] === 1;
    for (let g = 0; g < m; g++) {
      // Cheap rejection of pairs that cannot overlap by 1e-6 before computing the IoU.
      if (e2[g]! - ps < IOU_EPSILON || pe - s2[g]! < IOU_EPSILON) continue;
      const anyPre = pPre || pre2[g] === 1;
      // Labels must agree, except, with flexible terminal alignment, when either node is a preterminal.
      if (pl !== lab2[g] && !(flexible && anyPre)) continue;
      const iou = intervalIou(ps, pe, s2[g]!, e2[g]!);
      // The published rule: IoU strictly above the threshold, and not within 1e-6 of zero.
      if (iou <= threshold || iou < IOU_EPSILON) continue;
      // A preterminal has no descendants, so the pair contributes its own IoU only (Problem 13).
      f[p * m + g] = anyPre ? iou : iou + chain(ws, p, g, false);
    }
  }
}

/** Solves Problem 11 for `t1` and `t2`; with `withPairs`, also returns one optimal set of matched pairs. */
export function alignSegmentTrees(
  t1: SegmentTree,
  t2: SegmentTree,
  settings: AlignSettings,
  withPairs = true,
): SegmentAlignment {
  const ws = workspace(t1, t2);
  // Labels as small integers, shared by both trees (a loop: TypedArray.from with a mapper is slow in V8).
  const ids = new Map<string, number>();
  const labelIds = (labels: readonly string[]): Int32Array => {
    const out = new Int32Array(labels.length);
    for (let k = 0; k < labels.length; k++) {
      let id = ids.get(labels[k]!);
      if (id === undefined) ids.set(labels[k]!, (id = ids.size));
      out[k] = id;
    }
    return out;
  };
  fillPairs(ws, settings, labelIds(t1.labels), labelIds(t2.labels));
  const sum = chain(ws, -1, -1, false);
  if (!withPairs) return { sum, pairs: [] };

  const m = t2.size;
  const pairs: SegmentAlignment['pairs'] = [];
  const todo: number[] = [-1, -1];
  while (todo.length > 0) {
    const g = todo.pop()!;
    const p = todo.pop()!;
    if (p >= 0) {
      pairs.push({
        a: p,
        b: g,
        iou: intervalIou(t1.startSec[p]!, t1.endSec[p]!, t2.startSec[g]!, t2.endSec[g]!),
      });
      if (t1.preterminal[p] === 1 || t2.preterminal[g] === 1) continue;
    }
    chain(ws, p, g, true);
    const { x0, y0, choice } = ws;
    let x = ws.x1;
    let y = ws.y1;
    const w = ws.y1 - y0 + 1;
    while (x > x0 && y > y0) {
      const how = choice[(x - x0) * w + y - y0]!;
      if (how === -1) x--;
      else if (how === -2) y--;
      else {
        const pp = Math.floor(how / m);
        const gg = how - pp * m;
        todo.push(pp, gg);
        x = Math.max(t1.firstWord[pp]!, x0);
        y = Math.max(t2.firstWord[gg]!, y0);
      }
    }
  }
  pairs.sort((u, v) => u.a - v.a || u.b - v.b);
  return { sum, pairs };
}
