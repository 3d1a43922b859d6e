// The time aligner: where both sides carry word times, words correspond when they overlap in time
// (Burger et al. §2.1 use "coarse-grained timestamps" of the recognizer output to assist alignment). Overlap
// gives one-to-many and many-to-one correspondences directly, and needs neither anchors nor a DP table.
import { MetricInputError } from '../errors';
import { linksToBlocks } from './alignment';
import type { CodedWords } from './document';
import type { LexemeAligner } from './lexemeAligner';

function checkTimes(words: CodedWords, a: number, b: number, side: string): void {
  let lastStart = -Infinity;
  for (let i = a; i < b; i++) {
    const s = words.startSec[i]!;
    const e = words.endSec[i]!;
    if (!Number.isFinite(s) || !Number.isFinite(e) || e < s) {
      throw new MetricInputError(
        `the time aligner needs word times: ${side} word ${i} '${words.text[i]}' has start ${s} and end ${e}`,
      );
    }
    if (s < lastStart) {
      throw new MetricInputError(
        `the time aligner needs words in time order: ${side} word ${i} '${words.text[i]}' starts at ${s}, before the word ahead of it (${lastStart})`,
      );
    }
    lastStart = s;
  }
}

/**
 * How much two words overlap, or −1 when they do not. Touching words (one ends where the other starts)
 * do not overlap; a word of zero length overlaps a word whose closed interval contains it (amount 0).
 */
function overlap(s1: number, e1: number, s2: number, e2: number): number {
  const amount = Math.min(e1, e2) - Math.max(s1, s2);
  if (amount > 0) return amount;
  if ((s1 === e1 && s1 >= s2 && s1 <= e2) || (s2 === e2 && s2 >= s1 && s2 <= e1)) return 0;
  return -1;
}

/**
 * Aligns by time overlap. Each word is linked to the word of the other side it overlaps most (the first
 * such on ties), so a slightly late boundary does not chain neighbours together, while a word spanning
 * several others links to each of them through theirs. Both sides need finite times, in time order;
 * otherwise a `MetricInputError` names the first offending word.
 */
export const timeAligner: LexemeAligner = {
  name: 'time',
  anchored: false,
  maxSpan: Number.POSITIVE_INFINITY,
  alignRange(ref, hyp, r0, r1, h0, h1, out) {
    checkTimes(ref, r0, r1, 'reference');
    checkTimes(hyp, h0, h1, 'hypothesis');
    const n = r1 - r0;
    const hypLo = new Int32Array(n).fill(-1);
    const hypHi = new Int32Array(n).fill(-1);
    const hypBest = new Int32Array(h1 - h0).fill(-1);
    const hypBestAmount = new Float64Array(h1 - h0).fill(-1);
    const link = (i: number, j: number): void => {
      if (hypLo[i]! < 0 || j < hypLo[i]!) hypLo[i] = j;
      if (j > hypHi[i]!) hypHi[i] = j;
    };
    // Hypothesis words overlapping ref word i start after every word whose end (running maximum) is at
    // or before the reference start, and stop at the first one starting after its end.
    const maxEnd = new Float64Array(h1 - h0);
    let running = -Infinity;
    for (let j = h0; j < h1; j++) maxEnd[j - h0] = running = Math.max(running, hyp.endSec[j]!);
    let first = h0;
    for (let i = 0; i < n; i++) {
      const s = ref.startSec[r0 + i]!;
      const e = ref.endSec[r0 + i]!;
      while (first < h1 && maxEnd[first - h0]! < s) first++;
      let best = -1;
      let bestAmount = -1;
      for (let j = first; j < h1 && hyp.startSec[j]! <= e; j++) {
        const amount = overlap(s, e, hyp.startSec[j]!, hyp.endSec[j]!);
        if (amount < 0) continue;
        if (amount > bestAmount) {
          best = j;
          bestAmount = amount;
        }
        if (amount > hypBestAmount[j - h0]!) {
          hypBest[j - h0] = i;
          hypBestAmount[j - h0] = amount;
        }
      }
      if (best >= 0) link(i, best);
    }
    for (let j = h0; j < h1; j++) if (hypBest[j - h0]! >= 0) link(hypBest[j - h0]!, j);
    linksToBlocks(r0, r1, h0, h1, hypLo, hypHi, out);
  },
};
