// Seeded randomness for resampling: every bootstrap interval and randomisation p-value is reproducible
// from its seed, which is printed in the statistic's signature.

/** A source of uniform numbers in [0, 1); the same seed gives the same stream on every platform. */
export type Random = () => number;

/** The default seed of the resampling statistics (the value sacrebleu uses, for familiarity). */
export const DEFAULT_SEED = 12345;

/**
 * mulberry32: a 32-bit state generator, fast and well distributed for Monte Carlo resampling (not for
 * cryptography). Only 32-bit integer arithmetic, so results are identical across JavaScript engines.
 */
export function seededRandom(seed: number): Random {
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A uniform index in [0, n). Scaling a 32-bit draw biases an index by at most n / 2^32 (2e-6 for a
 * million items), far below the Monte Carlo error of 1,000 resamples, so no rejection step is needed.
 */
export function randomIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}
