// Paired approximate randomisation (Noreen 1989; Riezler & Maxwell 2005 for NLP metrics): under the
// null hypothesis that systems A and B are interchangeable, each item's pair of outputs may be swapped
// with probability 1/2. The p-value is the share of random swap patterns whose corpus difference is at
// least as large in magnitude as the observed one. As the number of trials grows it tends to the exact
// permutation p-value over all 2^n swap patterns (tested against that enumeration on small inputs).
import { MetricInputError } from './errors';
import { DEFAULT_SEED, seededRandom } from './prng';
import { makeSignature } from './signature';
import { checkItemStats, type CorpusStatistic } from './statistic';

/** Randomisation settings; every field shows in the result's signature. */
export interface RandomisationOptions {
  /** Number of random swap patterns (default 10,000). */
  trials?: number;
  /** PRNG seed (default 12345). */
  seed?: number;
}

/** The test's outcome. */
export interface RandomisationResult {
  /** Observed corpus difference figure(A) − figure(B). */
  delta: number;
  /** Two-sided p-value (r + 1) / (trials + 1), never 0, so it is a valid test at any level. */
  pValue: number;
  /** r: trials whose |difference| reached the observed one. */
  extreme: number;
  trials: number;
  seed: number;
  n: number;
  /** `ar|stat:…|trials:…|seed:…|v:…`. */
  signature: string;
}

/**
 * Whether a shuffled difference counts as at least as extreme as the observed one. Differences that
 * are mathematically equal can differ in the last bits after summing in another order, so ties within
 * a relative 1e-9 count as reaching it (otherwise a symmetric swap could be missed); corpus figures
 * are never meaningful to nine digits.
 */
export function reaches(shuffled: number, observed: number): boolean {
  const a = Math.abs(shuffled);
  const o = Math.abs(observed);
  return a >= o - 1e-9 * Math.max(1, o);
}

/**
 * Paired approximate randomisation test between two systems scored on the same n items. Rule: a
 * corpus figure that is undefined (NaN) for A or B on the real data is an input error; a shuffled trial
 * whose figure is undefined does not count as extreme.
 */
export function approximateRandomisation(
  stat: CorpusStatistic,
  a: Float64Array,
  b: Float64Array,
  options: RandomisationOptions = {},
): RandomisationResult {
  const trials = options.trials ?? 10000;
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(trials) || trials < 1) {
    throw new MetricInputError(`trials must be a positive integer, got ${trials}`);
  }
  const n = checkItemStats(stat, a, 'system A');
  const nb = checkItemStats(stat, b, 'system B');
  if (n !== nb) throw new MetricInputError(`randomisation needs the same items: ${n} in A and ${nb} in B`);
  const fa = stat.combine(a);
  const fb = stat.combine(b);
  if (Number.isNaN(fa) || Number.isNaN(fb)) {
    throw new MetricInputError(`the corpus figure is undefined (A ${fa}, B ${fb}); nothing to test`);
  }
  const delta = fa - fb;
  const random = seededRandom(seed);
  const width = stat.width;
  let extreme = 0;
  let bits = 0;
  let left = 0;
  // One 32-bit draw gives 32 coin flips.
  const flip = (): boolean => {
    if (left === 0) {
      bits = (random() * 4294967296) >>> 0;
      left = 32;
    }
    left--;
    const heads = (bits & 1) === 1;
    bits >>>= 1;
    return heads;
  };
  if (stat.fromSums) {
    // Additive figures: start from A's and B's column sums and move each swapped item's difference.
    const totalA = new Float64Array(width);
    const totalB = new Float64Array(width);
    for (let k = 0; k < a.length; k++) {
      totalA[k % width]! += a[k]!;
      totalB[k % width]! += b[k]!;
    }
    const sumsA = new Float64Array(width);
    const sumsB = new Float64Array(width);
    for (let t = 0; t < trials; t++) {
      sumsA.set(totalA);
      sumsB.set(totalB);
      for (let i = 0; i < n; i++) {
        if (!flip()) continue;
        const base = i * width;
        for (let c = 0; c < width; c++) {
          const d = b[base + c]! - a[base + c]!;
          sumsA[c]! += d;
          sumsB[c]! -= d;
        }
      }
      if (reaches(stat.fromSums(sumsA, n) - stat.fromSums(sumsB, n), delta)) extreme++;
    }
  } else {
    const sa = new Float64Array(a.length);
    const sb = new Float64Array(b.length);
    for (let t = 0; t < trials; t++) {
      for (let i = 0; i < n; i++) {
        const base = i * width;
        const swap = flip();
        for (let c = 0; c < width; c++) {
          sa[base + c] = swap ? b[base + c]! : a[base + c]!;
          sb[base + c] = swap ? a[base + c]! : b[base + c]!;
        }
      }
      if (reaches(stat.combine(sa) - stat.combine(sb), delta)) extreme++;
    }
  }
  const signature = makeSignature('ar', [
    ['stat', stat.name],
    ['trials', trials],
    ['seed', seed],
  ]);
  return { delta, pValue: (extreme + 1) / (trials + 1), extreme, trials, seed, n, signature };
}
