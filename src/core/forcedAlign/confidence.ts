// A word's confidence from the forced aligner's acoustic score.
//
// PocketSphinx (and so soundswallower) scores each frame of the Viterbi alignment against the best
// scoring senone of that frame, so a phone's score is a log-likelihood ratio: 0 when every frame of the
// phone was explained by its own states as well as by the best state of the whole model, more negative
// the worse the phone's states fit. The aligner reports it per phone as `p = exp(score)` with three
// decimals (scores kept in its shifted integer units, so `p` is near 1 for a good phone).
//
// The confidence of a word of `frames` frames whose phones report p₁ … pₙ is
//
//     perFrame   = (ln max(p₁, P_FLOOR) + … + ln max(pₙ, P_FLOOR)) / frames      (≤ 0)
//     confidence = exp(perFrame / CONFIDENCE_SCALE)                                (in (0, 1])
//
// `P_FLOOR` (half the printed resolution) keeps a phone printed as 0.000 finite. Dividing by the frame
// count makes long and short words comparable; the scale puts a well-matched word of the model's own
// speakers near 0.7–0.95 and a word of another sentence below 0.3 (measured on the demo, see
// docs/formats.md). The mapping is strictly decreasing in the per-frame score's magnitude, so a word that
// fits worse never gets a higher confidence.

/** A phone whose score prints as 0.000 counts as half the printed resolution (ln 0 would be −∞). */
export const P_FLOOR = 0.0005;

/** Per-frame log score (aligner units) at which the confidence is 1/e. */
export const CONFIDENCE_SCALE = 0.01;

/** The per-frame log score of a word: its phones' log scores summed, over its frames (≤ 0). */
export function perFrameScore(phoneProbabilities: readonly number[], frames: number): number {
  if (frames <= 0) return -Infinity;
  let sum = 0;
  for (const p of phoneProbabilities) sum += Math.log(Math.min(1, Math.max(p, P_FLOOR)));
  return sum / frames;
}

/** The confidence in [0, 1] of a word of `frames` frames whose phones report `phoneProbabilities`. */
export function wordConfidence(phoneProbabilities: readonly number[], frames: number): number {
  const s = perFrameScore(phoneProbabilities, frames);
  if (!Number.isFinite(s)) return 0;
  return Math.exp(s / CONFIDENCE_SCALE);
}
