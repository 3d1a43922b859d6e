// The matched-pair sentence-segment word error test (MAPSSWE; Gillick & Cox 1989) as NIST SCTK's sc_stats
// runs it (mtchprs.c): each utterance's two alignments are cut into segments bounded by runs of words both
// systems got right, and the per-segment error differences are tested with a z statistic.
import type { EditOp } from '../align/align';
import { sctkTwoSidedP } from './distributions';
import { MetricInputError } from '../errors';
import { makeSignature } from './signature';
import { type SignificanceResult, pairById } from './sctkTests';

/** One alignment step: its operation and its reference word (null for an insertion). */
export interface AlignmentStep {
  op: EditOp;
  ref: string | null;
}

/** One utterance's alignment. */
export interface UtteranceAlignment {
  id: string;
  steps: readonly AlignmentStep[];
}

/** A segment: its reference words (the mean of the two sides', rounded down, as sc_stats) and each system's errors. */
export interface MapssweSegment {
  id: string;
  refWords: number;
  errorsA: number;
  errorsB: number;
}

/** sc_stats's default: a segment ends after two consecutive words both systems got right. */
export const MAPSSWE_MIN_GOOD = 2;

function countSegment(
  id: string,
  p1: readonly AlignmentStep[],
  p2: readonly AlignmentStep[],
  beg1: number,
  beg2: number,
  end1: number,
  end2: number,
  out: MapssweSegment[],
): void {
  const count = (p: readonly AlignmentStep[], from: number, to: number): [number, number] => {
    let err = 0;
    let ref = 0;
    for (let i = Math.max(0, from); i <= to; i++) {
      if (p[i]!.op !== 'C') err++;
      if (p[i]!.op !== 'I') ref++;
    }
    return [err, ref];
  };
  const [err1, ref1] = count(p1, beg1, end1);
  const [err2, ref2] = count(p2, beg2, end2);
  // A segment where neither system erred is dropped (sc_stats warns and ignores it).
  if (err1 === 0 && err2 === 0) return;
  out.push({ id, refWords: Math.floor((ref1 + ref2) / 2), errorsA: err1, errorsB: err2 });
}

/**
 * Cuts one utterance's pair of alignments into segments, as `test_comp_sents` does: from state "begin"
 * (no error yet) an error in either system opens a segment; it closes once `minGood` consecutive reference
 * words are correct in both, and spans from `minGood − 1` words before the last shared correct word ahead
 * of it to the closing word; an insertion in either system counts as an error; the end of the utterance
 * closes an open segment. Where the two reference sides fall out of step (possible only with alternations
 * in the reference) the systems are re-synchronised the way sc_stats does it.
 */
export function mapssweSegments(
  id: string,
  p1: readonly AlignmentStep[],
  p2: readonly AlignmentStep[],
  minGood = MAPSSWE_MIN_GOOD,
  out: MapssweSegment[] = [],
): MapssweSegment[] {
  const n1 = p1.length;
  const n2 = p2.length;
  let ind1 = 0;
  let ind2 = 0;
  let eog1 = 0;
  let eog2 = 0;
  let numGood = 0;
  let state: 'b' | 'e' | 'g' = 'b';
  const correct1 = (): boolean => ind1 < n1 && p1[ind1]!.op === 'C';
  const correct2 = (): boolean => ind2 < n2 && p2[ind2]!.op === 'C';
  const close = (): void => {
    countSegment(id, p1, p2, eog1 - (minGood - 1), eog2 - (minGood - 1), ind1, ind2, out);
    eog1 = ind1;
    eog2 = ind2;
    state = 'b';
  };
  while (ind1 < n1) {
    while (ind1 < n1 && p1[ind1]!.op === 'I') {
      ind1++;
      state = 'e';
    }
    while (ind2 < n2 && p2[ind2]!.op === 'I') {
      ind2++;
      state = 'e';
    }
    const null1 = ind1 < n1 && p1[ind1]!.ref === null;
    const null2 = ind2 < n2 && p2[ind2]!.ref === null;
    if (
      null1 !== null2 ||
      (ind1 < n1 && ind2 < n2 && p1[ind1]!.ref !== p2[ind2]!.ref && p1[ind1]!.op !== p2[ind2]!.op)
    ) {
      // sc_stats's re-synchronisation, kept as written there (it stops at the first pair whose reference
      // words differ); it cannot trigger when both systems were aligned to the same reference words.
      let i1 = ind1;
      let i2 = ind2;
      let synched = false;
      while (i1 < n1 && !synched) {
        while (i2 < n2 && i2 <= ind2 + 1 + (i1 - ind1) && !synched) {
          if ((p1[i1]!.ref ?? '') !== (p2[i2]!.ref ?? '')) synched = true;
          else i2++;
        }
        if (!synched) i1++;
      }
      if (synched) {
        for (let k = ind1; k <= i1; k++) if (p1[k]!.op !== 'C') state = 'e';
        for (let k = ind2; k <= i2; k++) if (p2[k]!.op !== 'C') state = 'e';
        ind1 = i1;
        ind2 = i2;
      }
    }
    const both = correct1() && correct2();
    if (state === 'b') {
      if (both) {
        eog1 = ind1;
        eog2 = ind2;
      } else state = 'e';
    } else if (state === 'e') {
      if (both) {
        numGood = 1;
        if (numGood === minGood) close();
        else state = 'g';
      }
    } else if (both) {
      numGood++;
      if (numGood === minGood) close();
    } else state = 'e';
    if (ind1 < n1) ind1++;
    if (ind2 < n2) ind2++;
  }
  if (state !== 'b' || n2 > ind2) {
    countSegment(id, p1, p2, eog1 - (minGood - 1), eog2 - (minGood - 1), n1 - 1, n2 - 1, out);
  }
  return out;
}

/**
 * MAPSSWE between systems A and B on the same utterances (paired by id): the segments of every utterance,
 * then z = mean(d) / (sd(d) / √n) over the segments' error differences d = errors(A) − errors(B) (sd with
 * n − 1), z = 0 when the differences do not vary (sc_stats's rule, so p = 1 for a single segment), p
 * two-sided from sc_stats's floored normal table. No segment at all (neither system erred): p undefined.
 */
export function mapssweTest(
  a: readonly UtteranceAlignment[],
  b: readonly UtteranceAlignment[],
  minGood = MAPSSWE_MIN_GOOD,
): SignificanceResult & { segments: MapssweSegment[] } {
  if (!Number.isInteger(minGood) || minGood < 1)
    throw new MetricInputError(`MAPSSWE needs at least 1 boundary word, got ${minGood}`);
  const segments: MapssweSegment[] = [];
  for (const [ua, ub] of pairById(a, b).values())
    mapssweSegments(ua.id, ua.steps, ub.steps, minGood, segments);
  const n = segments.length;
  let sum = 0;
  let errorsA = 0;
  let errorsB = 0;
  let refWords = 0;
  for (const s of segments) {
    sum += s.errorsA - s.errorsB;
    errorsA += s.errorsA;
    errorsB += s.errorsB;
    refWords += s.refWords;
  }
  const mean = n === 0 ? NaN : sum / n;
  let ss = 0;
  for (const s of segments) ss += (s.errorsA - s.errorsB - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
  const z = ss !== 0 ? mean / (sd / Math.sqrt(n)) : 0;
  return {
    test: 'mapsswe',
    pValue: n === 0 ? null : sctkTwoSidedP(z),
    n,
    unit: 'segments',
    better: n === 0 || mean === 0 ? null : mean < 0 ? 'A' : 'B',
    details: { segments: n, meanDifference: mean, sd, z, errorsA, errorsB, refWords },
    segments,
    signature: makeSignature('sctk-mapsswe', [
      ['boundary', minGood],
      ['normal', 'table0.01'],
    ]),
  };
}
