// How well a recognizer's word confidences predict its errors: normalised cross entropy (NCE) as NIST sclite
// computes it from CTM confidences (SCTK scores.c `compute_SCORE_nce`), and the data of a reliability
// diagram (calibration plot).
import { makeSignature } from '../stats/signature';

/** A hypothesis word with its confidence and whether the alignment found it correct. */
export interface ConfidenceWord {
  confidence: number;
  correct: boolean;
}

/** NCE and what it was computed from. */
export interface NceResult {
  /** Normalised cross entropy; null when undefined (no hypothesis word, or all of them right or all wrong). */
  nce: number | null;
  /** Hypothesis words scored (correct ones and the rest). */
  n: number;
  correct: number;
  /** Confidences outside [0, 1] (sclite warns about them and clamps them like the others). */
  outOfRange: number;
  /** `nce|log:2|clamp:1e-7|v:…`. */
  signature: string;
}

/** sclite's floor and ceiling for a confidence before its logarithm (0 and 1 would give log 0). */
export const NCE_CLAMP = 1e-7;

/** The signature of NCE as computed here. */
export const NCE_SIGNATURE = makeSignature('nce', [
  ['log', 2],
  ['clamp', NCE_CLAMP],
]);

/**
 * NCE = (H(C) + Σ_correct log₂ ĉ + Σ_wrong log₂(1 − ĉ)) / H(C), with H(C) = −(n log₂ p + (N − n) log₂(1 − p)),
 * n the correct hypothesis words, N all hypothesis words (correct, substituted and inserted; deleted
 * reference words have none), p = n / N. Each confidence ĉ is first clamped to [1e-7, 1 − 1e-7] as sclite
 * does. When p is 0 or 1, H(C) is 0 and NCE is undefined (sclite prints nan); so with no words.
 */
export function normalisedCrossEntropy(words: Iterable<ConfidenceWord>): NceResult {
  let n = 0;
  let correct = 0;
  let outOfRange = 0;
  let sum = 0;
  for (const w of words) {
    n++;
    if (w.confidence < 0 || w.confidence > 1) outOfRange++;
    const c = Math.min(1 - NCE_CLAMP, Math.max(NCE_CLAMP, w.confidence));
    if (w.correct) {
      correct++;
      sum += Math.log2(c);
    } else sum += Math.log2(1 - c);
  }
  let nce: number | null = null;
  if (n > 0 && correct > 0 && correct < n) {
    const p = correct / n;
    const h = -(correct * Math.log2(p) + (n - correct) * Math.log2(1 - p));
    nce = (h + sum) / h;
  }
  return { nce, n, correct, outOfRange, signature: NCE_SIGNATURE };
}

/** One bin of a reliability diagram. */
export interface ReliabilityBin {
  /** The bin's confidence range [lo, hi) (the last one includes 1). */
  lo: number;
  hi: number;
  /** Words in the bin; meanConfidence and accuracy are null when it is empty. */
  n: number;
  meanConfidence: number | null;
  accuracy: number | null;
}

/**
 * A reliability diagram's data: the confidences cut into `bins` equal-width bins over [0, 1] (a confidence
 * outside is put in the first or last bin), per bin the words, their mean confidence and the fraction
 * correct. A calibrated recognizer has accuracy ≈ mean confidence in every bin. Also the expected
 * calibration error Σ (n_b / N) |accuracy_b − confidence_b| (null with no words).
 */
export function reliabilityDiagram(
  words: Iterable<ConfidenceWord>,
  bins = 10,
): { bins: ReliabilityBin[]; ece: number | null; n: number } {
  const count = new Array<number>(bins).fill(0);
  const conf = new Array<number>(bins).fill(0);
  const right = new Array<number>(bins).fill(0);
  let n = 0;
  for (const w of words) {
    const b = Math.min(bins - 1, Math.max(0, Math.floor(w.confidence * bins)));
    count[b]!++;
    conf[b]! += w.confidence;
    if (w.correct) right[b]!++;
    n++;
  }
  let ece = 0;
  const out = count.map((k, b): ReliabilityBin => {
    const meanConfidence = k > 0 ? conf[b]! / k : null;
    const accuracy = k > 0 ? right[b]! / k : null;
    if (k > 0) ece += (k / n) * Math.abs(accuracy! - meanConfidence!);
    return { lo: b / bins, hi: (b + 1) / bins, n: k, meanConfidence, accuracy };
  });
  return { bins: out, ece: n > 0 ? ece : null, n };
}
