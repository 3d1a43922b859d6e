import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { approximateRandomisation, reaches } from './randomisation';
import { f1Statistic, meanStatistic, ratioStatistic, type CorpusStatistic } from './statistic';

// Slow oracle: the exact permutation p-value, enumerating all 2^n swap patterns with array copies.
function exactP(stat: CorpusStatistic, a: number[], b: number[]): number {
  const w = stat.width;
  const n = a.length / w;
  const observed = stat.combine(Float64Array.from(a)) - stat.combine(Float64Array.from(b));
  let count = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    const sa: number[] = [];
    const sb: number[] = [];
    for (let i = 0; i < n; i++) {
      const ra = a.slice(i * w, i * w + w);
      const rb = b.slice(i * w, i * w + w);
      if (mask & (1 << i)) {
        sa.push(...rb);
        sb.push(...ra);
      } else {
        sa.push(...ra);
        sb.push(...rb);
      }
    }
    if (reaches(stat.combine(Float64Array.from(sa)) - stat.combine(Float64Array.from(sb)), observed)) count++;
  }
  return count / 2 ** n;
}

// The same statistic as meanStatistic but without the fromSums fast path.
const slowMean: CorpusStatistic = {
  name: 'mean-general',
  width: 1,
  combine: (v, w) => meanStatistic.combine(v, w),
};

describe('approximate randomisation', () => {
  it('tends to the exact permutation p-value (all 2^n swaps) on tiny inputs', () => {
    const trials = 20000;
    const cases = [meanStatistic, ratioStatistic(), slowMean, f1Statistic(0)];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), {
          minLength: 3,
          maxLength: 21,
        }),
        (which, raw) => {
          const stat = cases[which]!;
          const n = Math.min(7, Math.floor(raw.length / stat.width));
          // Ratio items get denominators ≥ 1 so the real figures are defined.
          const a = raw.slice(0, n * stat.width).map((p, k) => (stat.width === 2 && k % 2 ? p[0] + 1 : p[0]));
          const b = raw.slice(0, n * stat.width).map((p, k) => (stat.width === 2 && k % 2 ? p[1] + 1 : p[1]));
          const exact = exactP(stat, a, b);
          const res = approximateRandomisation(stat, Float64Array.from(a), Float64Array.from(b), {
            trials,
            seed: n,
          });
          // Monte Carlo error of a proportion over 20,000 trials: five standard errors (a false alarm about
          // once in a million checks), plus the +1 correction.
          const tolerance = 5 * Math.sqrt((exact * (1 - exact)) / trials) + 2 / trials;
          expect(Math.abs(res.pValue - exact)).toBeLessThanOrEqual(tolerance);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('gives p = 1 for identical systems and a tiny p for a clear difference', () => {
    const same = Float64Array.from([0.2, 0.9, 0.4]);
    expect(approximateRandomisation(meanStatistic, same, same, { trials: 999 }).pValue).toBe(1);
    // A wins every one of 20 items by 1: only the all-or-nothing swaps (probability 2/2^20) reach |Δ| = 1.
    const a = new Float64Array(20).fill(1);
    const b = new Float64Array(20);
    const res = approximateRandomisation(meanStatistic, a, b, { trials: 999 });
    expect(res).toMatchObject({ delta: 1, extreme: 0, pValue: 1 / 1000, n: 20 });
    expect(res.signature).toBe('ar|stat:mean|trials:999|seed:12345|v:0.1.0');
  });

  it('is reproducible from its seed', () => {
    const a = Float64Array.from([1, 0, 1, 1, 0, 1, 1, 0, 1, 1]);
    const b = Float64Array.from([0, 0, 1, 0, 0, 1, 0, 0, 1, 0]);
    expect(approximateRandomisation(meanStatistic, a, b, { seed: 5 })).toEqual(
      approximateRandomisation(meanStatistic, a, b, { seed: 5 }),
    );
  });

  it('names bad input and undefined figures', () => {
    expect(() =>
      approximateRandomisation(meanStatistic, Float64Array.from([1, 2]), Float64Array.from([1])),
    ).toThrow('2 in A and 1 in B');
    expect(() =>
      approximateRandomisation(ratioStatistic(), Float64Array.from([0, 0]), Float64Array.from([1, 2])),
    ).toThrow(MetricInputError);
    expect(() =>
      approximateRandomisation(meanStatistic, Float64Array.from([1]), Float64Array.from([1]), { trials: 0 }),
    ).toThrow('trials must be a positive integer');
  });
});
