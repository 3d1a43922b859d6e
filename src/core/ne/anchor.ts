// Coarse segmentation before lexeme alignment (Burger et al. §2.1): "identifying sequences of three or
// more identical words in the reference and hypothesis transcriptions, transforming the long sequence into
// a set of shorter sequences"; the aligner then runs on the short sequences between the anchors.
import { AlignmentBuilder, type LexemeAlignment } from './alignment';
import type { CodedWords } from './document';
import type { LexemeAligner } from './lexemeAligner';

const MAX_DEPTH = 8;

/** FNV-1a over `len` codes from `at`: a 32-bit key for a run of words (equality is checked after). */
function runHash(codes: Int32Array, at: number, len: number): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < len; k++) h = Math.imul(h ^ codes[at + k]!, 0x01000193);
  return h;
}

function sameRun(ref: Int32Array, i: number, hyp: Int32Array, j: number, len: number): boolean {
  for (let k = 0; k < len; k++) if (ref[i + k] !== hyp[j + k]) return false;
  return true;
}

/** Start of each `len`-word run in [a, b) keyed by its hash; −1 marks a key seen more than once. */
function uniqueRuns(codes: Int32Array, a: number, b: number, len: number): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = a; i + len <= b; i++) {
    const h = runHash(codes, i, len);
    map.set(h, map.has(h) ? -1 : i);
  }
  return map;
}

/** Indices of a longest strictly increasing subsequence of `values` (patience sorting). */
function longestIncreasing(values: readonly number[]): number[] {
  const tails: number[] = [];
  const prev = new Int32Array(values.length).fill(-1);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (values[tails[mid]!]! < v) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const chain: number[] = [];
  for (let k = tails.length > 0 ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) chain.push(k);
  return chain.reverse();
}

function anchorsIn(
  ref: Int32Array,
  hyp: Int32Array,
  r0: number,
  r1: number,
  h0: number,
  h1: number,
  minRun: number,
  depth: number,
  out: number[],
): void {
  if (r1 - r0 < minRun || h1 - h0 < minRun || depth > MAX_DEPTH) return;
  // Runs unique on both sides (within this range) pair up without ambiguity, as in patience diff; the
  // longest chain of them in the same order on both sides keeps the anchors monotone.
  const refRuns = uniqueRuns(ref, r0, r1, minRun);
  const hypRuns = uniqueRuns(hyp, h0, h1, minRun);
  const ci: number[] = [];
  const cj: number[] = [];
  for (let i = r0; i + minRun <= r1; i++) {
    const h = runHash(ref, i, minRun);
    if (refRuns.get(h) !== i) continue;
    const j = hypRuns.get(h);
    if (j !== undefined && j >= 0 && sameRun(ref, i, hyp, j, minRun)) {
      ci.push(i);
      cj.push(j);
    }
  }
  const chain = longestIncreasing(cj);
  // Overlapping windows on one diagonal merge into one run; a window overlapping a run off its diagonal
  // is dropped.
  const runs: number[] = [];
  for (const k of chain) {
    const i = ci[k]!;
    const j = cj[k]!;
    const last = runs.length - 3;
    if (last >= 0) {
      const ri = runs[last]!;
      const hj = runs[last + 1]!;
      const len = runs[last + 2]!;
      if (i - ri === j - hj && i <= ri + len) {
        runs[last + 2] = Math.max(len, i + minRun - ri);
        continue;
      }
      if (i < ri + len || j < hj + len) continue;
    }
    runs.push(i, j, minRun);
  }
  if (runs.length === 0) return;
  // Grow each run over identical neighbours, up to its neighbouring runs.
  for (let k = 0; k < runs.length; k += 3) {
    const prevR = k > 0 ? runs[k - 3]! + runs[k - 1]! : r0;
    const prevH = k > 0 ? runs[k - 2]! + runs[k - 1]! : h0;
    while (runs[k]! > prevR && runs[k + 1]! > prevH && ref[runs[k]! - 1] === hyp[runs[k + 1]! - 1]) {
      runs[k]!--;
      runs[k + 1]!--;
      runs[k + 2]!++;
    }
    const nextR = k + 3 < runs.length ? runs[k + 3]! : r1;
    const nextH = k + 3 < runs.length ? runs[k + 4]! : h1;
    while (
      runs[k]! + runs[k + 2]! < nextR &&
      runs[k + 1]! + runs[k + 2]! < nextH &&
      ref[runs[k]! + runs[k + 2]!] === hyp[runs[k + 1]! + runs[k + 2]!]
    ) {
      runs[k + 2]!++;
    }
  }
  // Recurse into the gaps: a run repeated in the whole text may be unique between two anchors.
  let r = r0;
  let h = h0;
  for (let k = 0; k < runs.length; k += 3) {
    anchorsIn(ref, hyp, r, runs[k]!, h, runs[k + 1]!, minRun, depth + 1, out);
    out.push(runs[k]!, runs[k + 1]!, runs[k + 2]!);
    r = runs[k]! + runs[k + 2]!;
    h = runs[k + 1]! + runs[k + 2]!;
  }
  anchorsIn(ref, hyp, r, r1, h, h1, minRun, depth + 1, out);
}

/**
 * Anchor runs of at least `minRun` identical words, as a flat list `[refStart, hypStart, length, …]`
 * increasing on both sides. Runs are unique within the range searched (first the whole text, then each
 * gap between anchors), so a repeated phrase is never anchored to the wrong occurrence.
 */
export function findAnchorRuns(ref: Int32Array, hyp: Int32Array, minRun: number): Int32Array {
  const out: number[] = [];
  if (minRun > 0) anchorsIn(ref, hyp, 0, ref.length, 0, hyp.length, minRun, 0, out);
  return Int32Array.from(out);
}

function alignGap(
  aligner: LexemeAligner,
  ref: CodedWords,
  hyp: CodedWords,
  r0: number,
  r1: number,
  h0: number,
  h1: number,
  out: AlignmentBuilder,
): void {
  const nr = r1 - r0;
  const nh = h1 - h0;
  if (nr === 0 && nh === 0) return;
  // A safeguard beyond the paper: a gap too long for the aligner's table (texts with no shared runs at
  // all) is cut into pieces at proportional positions.
  const pieces = Math.ceil(Math.max(nr, nh) / aligner.maxSpan);
  if (pieces <= 1) {
    aligner.alignRange(ref, hyp, r0, r1, h0, h1, out);
    return;
  }
  for (let p = 0; p < pieces; p++) {
    const ra = r0 + Math.floor((nr * p) / pieces);
    const rb = r0 + Math.floor((nr * (p + 1)) / pieces);
    const ha = h0 + Math.floor((nh * p) / pieces);
    const hb = h0 + Math.floor((nh * (p + 1)) / pieces);
    if (rb > ra || hb > ha) aligner.alignRange(ref, hyp, ra, rb, ha, hb, out);
  }
}

/**
 * Stage 2 over a whole document: anchors runs of ≥ `minRun` identical words (0: none) when the aligner
 * wants anchors, aligns the gaps between them with `aligner`, and returns the block alignment.
 */
export function alignLexemes(
  ref: CodedWords,
  hyp: CodedWords,
  aligner: LexemeAligner,
  minRun = 3,
): LexemeAlignment {
  const out = new AlignmentBuilder();
  const n = ref.codes.length;
  const m = hyp.codes.length;
  const runs = aligner.anchored ? findAnchorRuns(ref.codes, hyp.codes, minRun) : new Int32Array(0);
  let r = 0;
  let h = 0;
  for (let k = 0; k < runs.length; k += 3) {
    alignGap(aligner, ref, hyp, r, runs[k]!, h, runs[k + 1]!, out);
    for (let q = 0; q < runs[k + 2]!; q++) out.push(1, 1);
    r = runs[k]! + runs[k + 2]!;
    h = runs[k + 1]! + runs[k + 2]!;
  }
  alignGap(aligner, ref, hyp, r, n, h, m, out);
  return out.finish(ref.codes, hyp.codes);
}
