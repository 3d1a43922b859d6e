import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import {
  additiveStatistic,
  checkItemStats,
  f1Statistic,
  meanStatistic,
  ratioStatistic,
  statisticByName,
  sumStatistic,
} from './statistic';

const f64 = (...v: number[]): Float64Array => Float64Array.from(v);

describe('corpus statistics', () => {
  it('a ratio of sums is not a mean of ratios (WER-shaped items [errors, reference words])', () => {
    // Hand calculation: utterances with 1/2 and 1/8 errors per word: (1+1)/(2+8) = 0.2, while the mean
    // of the per-utterance rates would be (0.5 + 0.125)/2 = 0.3125.
    expect(ratioStatistic().combine(f64(1, 2, 1, 8))).toBeCloseTo(0.2, 15);
  });

  it('weights act as multiplicities', () => {
    const values = f64(1, 2, 1, 8, 3, 4);
    const weights = f64(2, 0, 1);
    // Items 0, 0, 2: (1+1+3)/(2+2+4).
    expect(ratioStatistic().combine(values, weights)).toBeCloseTo(5 / 8, 15);
    expect(meanStatistic.combine(f64(1, 5, 9), f64(0, 3, 1))).toBeCloseTo((15 + 9) / 4, 15);
    expect(sumStatistic.combine(f64(1, 5, 9), f64(0, 3, 1))).toBe(24);
  });

  it('has explicit rules for ill-defined figures', () => {
    expect(meanStatistic.combine(f64())).toBeNaN();
    expect(ratioStatistic().combine(f64(0, 0))).toBeNaN();
    expect(ratioStatistic(0).combine(f64(0, 0))).toBe(0);
    expect(ratioStatistic().combine(f64(2, 0))).toBe(Number.POSITIVE_INFINITY);
    expect(ratioStatistic().combine(f64(-2, 0))).toBe(Number.NEGATIVE_INFINITY);
    expect(f1Statistic().combine(f64(0, 0, 0))).toBeNaN();
    expect(f1Statistic(1).combine(f64(0, 0, 0))).toBe(1);
    // 2·3 / (2·3 + 1 + 2).
    expect(f1Statistic().combine(f64(3, 1, 0, 0, 0, 2))).toBeCloseTo(6 / 9, 15);
    expect(ratioStatistic(0).name).toBe('ratio(0/0=0)');
  });

  it('resolves names and rejects unknown ones', () => {
    expect(statisticByName('mean')).toBe(meanStatistic);
    expect(statisticByName('ratio').width).toBe(2);
    expect(() => statisticByName('median')).toThrow(MetricInputError);
  });

  it('checks item statistics and names the offending item', () => {
    const s = additiveStatistic('pair', 2, (x) => x[0]!);
    expect(checkItemStats(s, f64(1, 2, 3, 4))).toBe(2);
    expect(() => checkItemStats(s, f64(1, 2, 3))).toThrow('3 numbers do not make whole items of 2');
    expect(() => checkItemStats(s, f64(1, 2, 3, Number.NaN))).toThrow(
      'item 1 has a non-finite statistic (NaN)',
    );
  });
});
