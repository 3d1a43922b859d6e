import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageRanks, pearson, spearman } from './correlation';
import { MetricInputError } from '../errors';

// Obviously-correct oracles: rank = 1 + (number smaller) + (number equal − 1) / 2, and the textbook
// Pearson formula on plain arrays.
function slowRanks(x: number[]): number[] {
  return x.map((v) => 1 + x.filter((w) => w < v).length + (x.filter((w) => w === v).length - 1) / 2);
}
function slowPearson(x: number[], y: number[]): number {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  const cov = x.reduce((s, v, i) => s + (v - mx) * (y[i]! - my), 0);
  const vx = x.reduce((s, v) => s + (v - mx) ** 2, 0);
  const vy = y.reduce((s, v) => s + (v - my) ** 2, 0);
  return cov / Math.sqrt(vx * vy);
}

describe('correlation', () => {
  it('matches hand calculations', () => {
    // x = 1,2,3; y = 2,4,7: Σdxdy = 5, Σdx² = 2, Σdy² = 114/9, r = 5/√(2·114/9).
    expect(pearson([1, 2, 3], [2, 4, 7]).r).toBeCloseTo(5 / Math.sqrt((2 * 114) / 9), 12);
    // Ties: ranks x = 1, 2.5, 2.5, 4 and y = 1, 3, 2, 4 give Σdxdy = 4.5, Σdx² = 4.5, Σdy² = 5: ρ = 3/√10.
    expect(Array.from(averageRanks([1, 2, 2, 3]))).toEqual([1, 2.5, 2.5, 4]);
    expect(spearman([1, 2, 2, 3], [1, 3, 2, 4])).toEqual({ r: 3 / Math.sqrt(10), n: 4 });
  });

  it('matches scipy.stats 1.17.1 (pearsonr, spearmanr, rankdata) on data with ties on both sides', () => {
    const x = [7.2, 3.1, 5.5, 5.5, 0.4, 9.9, 2.0, 5.5];
    const y = [0.61, 0.05, 0.3, 0.22, 0.0, 0.0, 0.1, 0.3];
    expect(Array.from(averageRanks(x))).toEqual([7, 3, 5, 5, 1, 8, 2, 5]);
    expect(Array.from(averageRanks(y))).toEqual([8, 3, 6.5, 5, 1.5, 1.5, 4, 6.5]);
    expect(pearson(x, y).r).toBeCloseTo(0.35171900924432425, 12);
    expect(spearman(x, y).r).toBeCloseTo(0.35805197878547623, 12);
  });

  it('documents the undefined cases: fewer than 2 pairs or a constant side give NaN', () => {
    expect(pearson([], [])).toEqual({ r: Number.NaN, n: 0 });
    expect(pearson([1], [2])).toEqual({ r: Number.NaN, n: 1 });
    expect(pearson([1, 2, 3], [5, 5, 5]).r).toBeNaN();
    expect(spearman([4, 4], [1, 2]).r).toBeNaN();
  });

  it('names bad input', () => {
    expect(() => pearson([1, 2], [1])).toThrow(MetricInputError);
    expect(() => pearson([1, 2], [1])).toThrow('2 ratings and 1 scores');
    expect(() => spearman([1, Number.NaN], [1, 2])).toThrow('pair 1 is not finite (NaN, 2)');
  });

  it('agrees with the slow oracles, and with 1 − 6Σd²/(n(n²−1)) when there are no ties', () => {
    const small = fc.integer({ min: 0, max: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(small, small), { minLength: 2, maxLength: 12 }), (pairs) => {
        const x = pairs.map((p) => p[0]);
        const y = pairs.map((p) => p[1]);
        expect(Array.from(averageRanks(x))).toEqual(slowRanks(x));
        const rho = spearman(x, y).r;
        const oracle = slowPearson(slowRanks(x), slowRanks(y));
        if (Number.isNaN(oracle)) expect(rho).toBeNaN();
        else expect(rho).toBeCloseTo(oracle, 10);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer(), (n, seed) => {
        const x = Array.from({ length: n }, (_, i) => i);
        const y = [...x].sort((a, b) => ((a * 7919 + seed) % 13) - ((b * 7919 + seed) % 13) || a - b);
        const d2 = x.reduce((s, _, i) => s + (slowRanks(x)[i]! - slowRanks(y)[i]!) ** 2, 0);
        expect(spearman(x, y).r).toBeCloseTo(1 - (6 * d2) / (n * (n * n - 1)), 10);
      }),
    );
  });
});
