// Paired approximate randomisation (Noreen 1989; Riezler & Maxwell 2005 for NLP metrics): under the
// null hypothesis that systems A and B are interchangeable, each item's pair of outputs may be swapped
// with probability 1/2. The p-value is the share of random swap patterns whose corpus difference is at
// least as large in magnitude as the observed one. As the number of trials grows it tends to the exact
// permutation p-value over all 2^n swap patterns (tested against that enumeration on small inputs).
import { MetricInputError } from '../errors';
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
  if (stat.fromSums) {
    // Additive figures: start from A's and B's column sums and move each swapped item's difference.
    const totalA = new Float64Array(width);
    const totalB = new Float64Array(width);
    for (let k = 0; k < a.length; k++) {
      totalA[k % width]! += a[k]!;
      totalB[k % width]! += b[k]!;
    }
    // Swapping an item whose statistics are equal in A and B changes nothing: keep only the others.
    const diff = new Float64Array(a.length);
    let m = 0;
    for (let i = 0; i < n; i++) {
      let same = true;
      for (let c = 0; c < width; c++) same &&= a[i * width + c] === b[i * width + c];
      if (same) continue;
      for (let c = 0; c < width; c++) diff[m * width + c] = b[i * width + c]! - a[i * width + c]!;
      m++;
    }
    const moved = new Float64Array(width);
    const sumsA = new Float64Array(width);
    const sumsB = new Float64Array(width);
    for (let t = 0; t < trials; t++) {
      moved.fill(0);
      // One 32-bit draw gives the coin flips of 32 items.
      for (let i0 = 0; i0 < m; i0 += 32) {
        let bits = (random() * 4294967296) >>> 0;
        const end = Math.min(m, i0 + 32);
        // Branch-free: a coin flip is a 50/50 branch no predictor can learn, so multiply by the bit.
        if (width === 1) {
          let acc = 0;
          for (let i = i0; i < end; i++, bits >>>= 1) acc += diff[i]! * (bits & 1);
          moved[0]! += acc;
        } else if (width === 2) {
          let acc0 = 0;
          let acc1 = 0;
          for (let i = i0; i < end; i++, bits >>>= 1) {
            const bit = bits & 1;
            acc0 += diff[2 * i]! * bit;
            acc1 += diff[2 * i + 1]! * bit;
          }
          moved[0]! += acc0;
          moved[1]! += acc1;
        } else {
          for (let i = i0; i < end; i++, bits >>>= 1) {
            const bit = bits & 1;
            const base = i * width;
            for (let c = 0; c < width; c++) moved[c]! += diff[base + c]! * bit;
          }
        }
      }
      for (let c = 0; c < width; c++) {
        sumsA[c] = totalA[c]! + moved[c]!;
        sumsB[c] = totalB[c]! - moved[c]!;
      }
      if (reaches(stat.fromSums(sumsA, n) - stat.fromSums(sumsB, n), delta)) extreme++;
    }
  } else {
    const sa = new Float64Array(a.length);
    const sb = new Float64Array(b.length);
    for (let t = 0; t < trials; t++) {
      for (let i0 = 0; i0 < n; i0 += 32) {
        let bits = (random() * 4294967296) >>> 0;
        const end = Math.min(n, i0 + 32);
        for (let i = i0; i < end; i++, bits >>>= 1) {
          const swap = (bits & 1) === 1;
          const base = i * width;
          for (let c = 0; c < width; c++) {
            sa[base + c] = swap ? b[base + c]! : a[base + c]!;
            sb[base + c] = swap ? a[base + c]! : b[base + c]!;
          }
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
