// The result of Stage 2 (Burger et al. §2.2): a monotone alignment of the reference and hypothesis words
// as a sequence of blocks. A block pairs a run of reference words with a run of hypothesis words; sclite's
// one-to-one alignment uses blocks of sizes 1–1, 1–0 and 0–1, while the phonetic and time aligners also
// give the one-to-many and many-to-many correspondences the paper asks for (NEW YORK ↔ NEWARK).
import { BugError } from '../errors';

/** A monotone many-to-many alignment: blocks that cover both word sequences in order. */
export interface LexemeAlignment {
  readonly blockCount: number;
  /** Block b holds reference words refStart[b] … refStart[b + 1] − 1 (length blockCount + 1). */
  readonly refStart: Int32Array;
  /** Block b holds hypothesis words hypStart[b] … hypStart[b + 1] − 1 (length blockCount + 1). */
  readonly hypStart: Int32Array;
  /** The block of each reference word. */
  readonly refBlock: Int32Array;
  /** The block of each hypothesis word. */
  readonly hypBlock: Int32Array;
  /** 1 where a block is one reference word against one identical hypothesis word (no word error). */
  readonly correct: Uint8Array;
}

/** Collects blocks in order and turns them into a `LexemeAlignment`. */
export class AlignmentBuilder {
  private refStart: Int32Array<ArrayBuffer> = new Int32Array(64);
  private hypStart: Int32Array<ArrayBuffer> = new Int32Array(64);
  private count = 0;
  private refEnd = 0;
  private hypEnd = 0;

  /** Reference and hypothesis words covered so far. */
  get covered(): { ref: number; hyp: number } {
    return { ref: this.refEnd, hyp: this.hypEnd };
  }

  /** Appends a block of `refCount` reference and `hypCount` hypothesis words (not both zero). */
  push(refCount: number, hypCount: number): void {
    if (refCount < 0 || hypCount < 0 || refCount + hypCount === 0) {
      throw new BugError(`empty or negative alignment block ${refCount}–${hypCount}`);
    }
    if (this.count + 2 > this.refStart.length) {
      const grow = (a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> => {
        const b = new Int32Array(a.length * 2);
        b.set(a);
        return b;
      };
      this.refStart = grow(this.refStart);
      this.hypStart = grow(this.hypStart);
    }
    this.refStart[this.count] = this.refEnd;
    this.hypStart[this.count] = this.hypEnd;
    this.count++;
    this.refEnd += refCount;
    this.hypEnd += hypCount;
  }

  /** The alignment of `ref` against `hyp` (codes); every word must have been covered exactly once. */
  finish(ref: Int32Array, hyp: Int32Array): LexemeAlignment {
    if (this.refEnd !== ref.length || this.hypEnd !== hyp.length) {
      throw new BugError(
        `alignment covers ${this.refEnd}/${ref.length} reference and ${this.hypEnd}/${hyp.length} hypothesis words`,
      );
    }
    const b = this.count;
    const refStart = this.refStart.slice(0, b + 1);
    const hypStart = this.hypStart.slice(0, b + 1);
    refStart[b] = this.refEnd;
    hypStart[b] = this.hypEnd;
    const refBlock = new Int32Array(ref.length);
    const hypBlock = new Int32Array(hyp.length);
    const correct = new Uint8Array(b);
    for (let k = 0; k < b; k++) {
      const r0 = refStart[k]!;
      const r1 = refStart[k + 1]!;
      const h0 = hypStart[k]!;
      const h1 = hypStart[k + 1]!;
      for (let i = r0; i < r1; i++) refBlock[i] = k;
      for (let j = h0; j < h1; j++) hypBlock[j] = k;
      // Burger et al. §2.4: a word is correct only when it aligns with exactly one identical word.
      if (r1 - r0 === 1 && h1 - h0 === 1 && ref[r0] === hyp[h0]) correct[k] = 1;
    }
    return { blockCount: b, refStart, hypStart, refBlock, hypBlock, correct };
  }
}

/**
 * Turns word-to-word links inside ref[r0, r1) × hyp[h0, h1) into blocks appended to `out`. A link says
 * two words correspond (they share phones, or overlap in time); `hypLo[i]`/`hypHi[i]` (indexed from r0)
 * are the first and last hypothesis word linked to reference word r0 + i, or −1 when it has none. Linked
 * words are closed under contiguity, so the blocks are the smallest monotone ones containing every link;
 * unlinked words between blocks become deletions, then insertions (sclite's order for equal costs).
 */
export function linksToBlocks(
  r0: number,
  r1: number,
  h0: number,
  h1: number,
  hypLo: Int32Array,
  hypHi: Int32Array,
  out: AlignmentBuilder,
): void {
  // A stack of linked blocks [refA, refB] × [hypA, hypB]; a new link that reaches back into the block on
  // top merges with it, so hypothesis ranges on the stack are disjoint and increasing.
  const n = r1 - r0;
  const refA = new Int32Array(n);
  const refB = new Int32Array(n);
  const hypA = new Int32Array(n);
  const hypB = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const lo = hypLo[i]!;
    if (lo < 0) continue;
    let a = i;
    let c = lo;
    let d = hypHi[i]!;
    while (top > 0 && hypB[top - 1]! >= c) {
      top--;
      a = refA[top]!;
      c = Math.min(c, hypA[top]!);
      d = Math.max(d, hypB[top]!);
    }
    refA[top] = a;
    refB[top] = i;
    hypA[top] = c;
    hypB[top] = d;
    top++;
  }
  let ri = 0;
  let hj = h0;
  const gap = (refUntil: number, hypUntil: number): void => {
    for (; ri < refUntil; ri++) out.push(1, 0);
    for (; hj < hypUntil; hj++) out.push(0, 1);
  };
  for (let k = 0; k < top; k++) {
    gap(refA[k]!, hypA[k]!);
    out.push(refB[k]! - refA[k]! + 1, hypB[k]! - hypA[k]! + 1);
    ri = refB[k]! + 1;
    hj = hypB[k]! + 1;
  }
  gap(n, h1);
}

/**
 * What is wrong with an alignment of `ref` against `hyp` (codes): coverage, block indices of words,
 * correctness flags. Empty for every alignment the builder makes; tests and debugging use it.
 */
export function alignmentProblems(a: LexemeAlignment, ref: Int32Array, hyp: Int32Array): string[] {
  const problems: string[] = [];
  const b = a.blockCount;
  if (a.refStart[0] !== 0 || a.hypStart[0] !== 0) problems.push('first block does not start at word 0');
  if (a.refStart[b] !== ref.length || a.hypStart[b] !== hyp.length)
    problems.push('blocks do not cover every word');
  for (let k = 0; k < b; k++) {
    const nr = a.refStart[k + 1]! - a.refStart[k]!;
    const nh = a.hypStart[k + 1]! - a.hypStart[k]!;
    if (nr < 0 || nh < 0 || nr + nh === 0) problems.push(`block ${k} is empty or reversed`);
    for (let i = a.refStart[k]!; i < a.refStart[k + 1]!; i++) {
      if (a.refBlock[i] !== k) problems.push(`reference word ${i} not in block ${k}`);
    }
    for (let j = a.hypStart[k]!; j < a.hypStart[k + 1]!; j++) {
      if (a.hypBlock[j] !== k) problems.push(`hypothesis word ${j} not in block ${k}`);
    }
    const same = nr === 1 && nh === 1 && ref[a.refStart[k]!] === hyp[a.hypStart[k]!];
    if (a.correct[k] !== (same ? 1 : 0)) problems.push(`block ${k} correctness flag wrong`);
  }
  return problems;
}
