import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapInterval, bootstrapIntervals, pairedBootstrap, quantile } from './bootstrap';
import { MetricInputError } from '../errors';
import { randomIndex, seededRandom } from './prng';
import { meanStatistic, ratioStatistic, type CorpusStatistic } from './statistic';

// A figure with no fromSums fast path (the median of one value per item), to exercise the general path.
const median: CorpusStatistic = {
  name: 'median',
  width: 1,
  combine(values, weights) {
    const all: number[] = [];
    values.forEach((v, i) => {
      for (let k = 0; k < (weights ? weights[i]! : 1); k++) all.push(v);
    });
    all.sort((a, b) => a - b);
    const m = all.length;
    return m === 0 ? Number.NaN : m % 2 ? all[(m - 1) / 2]! : (all[m / 2 - 1]! + all[m / 2]!) / 2;
  },
};

// Slow oracle: copy the drawn rows into a new array per resample (same seeded index stream), combine
// without weights, sort a plain array, interpolate the quantile by its definition.
function slowBootstrap(stat: CorpusStatistic, values: number[], resamples: number, seed: number): number[][] {
  const w = stat.width;
  const n = values.length / w;
  const random = seededRandom(seed);
  const out: number[][] = [];
  for (let r = 0; r < resamples; r++) {
    const rows: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = randomIndex(random, n);
      rows.push(...values.slice(i * w, i * w + w));
    }
    out.push(rows);
  }
  return out;
}
function slowQuantile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  return s[Math.floor(h)]! + (h - Math.floor(h)) * (s[Math.ceil(h)]! - s[Math.floor(h)]!);
}

describe('bootstrap', () => {
  it('quantile is type 7 (NumPy 2.4.6: np.quantile([3,1,4,1,5,9,2,6], [.025,.975,.25]))', () => {
    const s = Float64Array.from([3, 1, 4, 1, 5, 9, 2, 6]).sort();
    expect(quantile(s, 8, 0.025)).toBeCloseTo(1, 12);
    expect(quantile(s, 8, 0.975)).toBeCloseTo(8.475, 12);
    expect(quantile(s, 8, 0.25)).toBeCloseTo(1.75, 12);
    expect(quantile(s, 0, 0.5)).toBeNaN();
  });

  it('equals the slow resample-and-copy oracle for additive and general statistics', () => {
    const stats = [meanStatistic, ratioStatistic(), median];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 2, maxLength: 24 }),
        fc.integer({ min: 0, max: 1000 }),
        (which, raw, seed) => {
          const stat = stats[which]!;
          // Ratio items need a positive denominator somewhere; make every denominator ≥ 1.
          const values =
            stat.width === 2 ? raw.slice(0, raw.length & ~1).map((v, k) => (k % 2 ? v + 1 : v)) : raw;
          const res = bootstrapInterval(stat, Float64Array.from(values), { resamples: 40, seed });
          const figures = slowBootstrap(stat, values, 40, seed).map((rows) =>
            stat.combine(Float64Array.from(rows)),
          );
          expect(res.value).toBeCloseTo(stat.combine(Float64Array.from(values)), 12);
          expect(res.lo).toBeCloseTo(slowQuantile(figures, 0.025), 10);
          expect(res.hi).toBeCloseTo(slowQuantile(figures, 0.975), 10);
          expect(res.lo).toBeLessThanOrEqual(res.hi);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('pairs the resamples of two systems', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 1,
          maxLength: 20,
        }),
        (pairs) => {
          const a = pairs.map((p) => p[0]);
          const b = pairs.map((p) => p[1]);
          const res = pairedBootstrap(meanStatistic, Float64Array.from(a), Float64Array.from(b), {
            resamples: 30,
            seed: 7,
          });
          const ra = slowBootstrap(
            meanStatistic,
            a.map((_, i) => i),
            30,
            7,
          );
          const mean = (xs: number[]): number => xs.reduce((s, v) => s + v, 0) / xs.length;
          const da = ra.map((idx) => mean(idx.map((i) => a[i]!)) - mean(idx.map((i) => b[i]!)));
          expect(res.delta.value).toBeCloseTo(mean(a) - mean(b), 12);
          expect(res.delta.lo).toBeCloseTo(slowQuantile(da, 0.025), 10);
          expect(res.delta.hi).toBeCloseTo(slowQuantile(da, 0.975), 10);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is reproducible from its seed and says so in its signature', () => {
    const v = Float64Array.from({ length: 50 }, (_, i) => (i * 37) % 11);
    const r1 = bootstrapInterval(meanStatistic, v, { seed: 3 });
    expect(bootstrapInterval(meanStatistic, v, { seed: 3 })).toEqual(r1);
    expect(bootstrapInterval(meanStatistic, v, { seed: 4 }).lo).not.toBe(r1.lo);
    expect(r1.signature).toBe('boot|stat:mean|n:1000|seed:3|ci:0.95|q:type7|v:0.1.0');
  });

  it('has the textbook width for a mean: about 1.96·σ/√n', () => {
    // A fixed two-point population (half 0, half 1): σ = 0.5, n = 400, so the 95% half-width ≈ 0.049.
    const v = Float64Array.from({ length: 400 }, (_, i) => i % 2);
    const r = bootstrapInterval(meanStatistic, v, { resamples: 2000, seed: 11 });
    expect((r.hi - r.lo) / 2).toBeGreaterThan(0.049 * 0.85);
    expect((r.hi - r.lo) / 2).toBeLessThan(0.049 * 1.15);
  });

  it('has rules for degenerate input', () => {
    const constant = bootstrapInterval(meanStatistic, Float64Array.from([0.5, 0.5, 0.5]));
    expect([constant.value, constant.lo, constant.hi]).toEqual([0.5, 0.5, 0.5]);
    const none = bootstrapInterval(meanStatistic, new Float64Array(0));
    expect([none.value, none.lo, none.hi, none.n]).toEqual([Number.NaN, Number.NaN, Number.NaN, 0]);
    // Undefined resamples (0/0 when only empty items are drawn) are counted and left out.
    const sparse = bootstrapInterval(ratioStatistic(), Float64Array.from([0, 0, 0, 0, 0, 0, 1, 1]), {
      resamples: 500,
    });
    expect(sparse.undefinedResamples).toBeGreaterThan(0);
    expect(sparse.lo).toBeGreaterThanOrEqual(0);
    expect(() => pairedBootstrap(meanStatistic, Float64Array.from([1]), Float64Array.from([1, 2]))).toThrow(
      '1 in A and 2 in B',
    );
    expect(() => bootstrapInterval(meanStatistic, Float64Array.from([1]), { resamples: 0 })).toThrow(
      MetricInputError,
    );
  });
});

describe('bootstrapIntervals', () => {
  it('equals separate bootstrapInterval calls with the same seed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 99 }),
        (items, seed) => {
          const mean = Float64Array.from(items.map((p) => p[0]));
          const ratio = Float64Array.from(items.flat());
          const stats = [meanStatistic, ratioStatistic(), meanStatistic];
          const values = [mean, ratio, Float64Array.from(items.map((p) => p[1]))];
          const together = bootstrapIntervals(stats, values, { resamples: 50, seed });
          stats.forEach((st, k) => {
            const alone = bootstrapInterval(st, values[k]!, { resamples: 50, seed });
            expect(together[k]!.lo).toBeCloseTo(alone.lo, 10);
            expect(together[k]!.hi).toBeCloseTo(alone.hi, 10);
            expect(together[k]!.value).toBe(alone.value);
          });
        },
      ),
      { numRuns: 50 },
    );
    expect(() =>
      bootstrapIntervals([meanStatistic, meanStatistic], [new Float64Array(2), new Float64Array(3)]),
    ).toThrow(MetricInputError);
  });
});
