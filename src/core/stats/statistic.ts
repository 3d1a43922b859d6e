// One interface for corpus figures (ARCHITECTURE "Core algorithms"): a metric hands over per-item
// sufficient statistics and says how a corpus figure is made from them. Word error rate is a ratio of
// sums, not a mean of per-utterance ratios; means, counts and F1 fit the same mould, so the bootstrap
// and the randomisation test work for every metric without knowing which one it is.
import { MetricInputError } from '../errors';

/**
 * How a corpus figure is computed from per-item sufficient statistics. Item i's statistics are
 * `values[i * width … (i + 1) * width)`.
 */
export interface CorpusStatistic {
  /** The combination's name as it appears in signatures (`mean`, `sum`, `ratio`, `f1` …). */
  readonly name: string;
  /** Number of sufficient statistics per item. */
  readonly width: number;
  /** The corpus figure when item i enters with multiplicity `weights[i]` (once each when omitted). */
  combine(values: Float64Array, weights?: Float64Array): number;
  /**
   * Present when the figure depends on the items only through the column sums and the number of items
   * (`count`, the sum of the multiplicities); resampling then runs on sums without rebuilding arrays.
   */
  fromSums?(sums: Float64Array, count: number): number;
}

/** Builds a statistic whose figure is `fromSums(Σ_i w_i·S_i, Σ_i w_i)`. */
export function additiveStatistic(
  name: string,
  width: number,
  fromSums: (sums: Float64Array, count: number) => number,
): CorpusStatistic {
  return {
    name,
    width,
    fromSums,
    combine(values, weights) {
      const sums = new Float64Array(width);
      const n = values.length / width;
      let count = 0;
      for (let i = 0; i < n; i++) {
        const w = weights ? weights[i]! : 1;
        if (w === 0) continue;
        count += w;
        const base = i * width;
        for (let c = 0; c < width; c++) sums[c]! += w * values[base + c]!;
      }
      return fromSums(sums, count);
    },
  };
}

/**
 * The mean of one per-item value (Recall@K, NDCG@K, per-utterance accuracies). Rule: the mean of no
 * items is NaN ("undefined"), never 0.
 */
export const meanStatistic: CorpusStatistic = additiveStatistic('mean', 1, (s, count) =>
  count === 0 ? Number.NaN : s[0]! / count,
);

/** The sum of one per-item value (counts such as NotFound@K, Kleinbauer et al. §6.2). */
export const sumStatistic: CorpusStatistic = additiveStatistic('sum', 1, (s) => s[0]!);

/**
 * A ratio of sums, items `[numerator, denominator]` (WER: errors over reference words; node accuracy:
 * matched over gold nodes). Rules: x/0 with x ≠ 0 is ±Infinity; 0/0 is `zeroOverZero` (NaN unless the
 * metric defines it, e.g. a metric may say an empty reference scored against an empty hypothesis is 0).
 */
export function ratioStatistic(zeroOverZero = Number.NaN): CorpusStatistic {
  const name = Number.isNaN(zeroOverZero) ? 'ratio' : `ratio(0/0=${zeroOverZero})`;
  return additiveStatistic(name, 2, (s) => (s[0] === 0 && s[1] === 0 ? zeroOverZero : s[0]! / s[1]!));
}

/**
 * F1 from summed counts, items `[truePositives, falsePositives, falseNegatives]`:
 * 2·TP / (2·TP + FP + FN). Rule: with nothing predicted and nothing to find the figure is
 * `emptyValue` (NaN unless the metric defines it).
 */
export function f1Statistic(emptyValue = Number.NaN): CorpusStatistic {
  const name = Number.isNaN(emptyValue) ? 'f1' : `f1(empty=${emptyValue})`;
  return additiveStatistic(name, 3, (s) => {
    const den = 2 * s[0]! + s[1]! + s[2]!;
    return den === 0 ? emptyValue : (2 * s[0]!) / den;
  });
}

/**
 * F1 from summed counts `[TP, FP, FN]` that is undefined (NaN) whenever precision or recall is: with nothing
 * proposed (TP + FP = 0) or nothing to find (TP + FN = 0) — never 0 for a figure with a zero denominator,
 * as named-entity scoring reports it (score.ts).
 */
export const strictF1Statistic: CorpusStatistic = additiveStatistic('f1-strict', 3, (s) =>
  s[0]! + s[1]! === 0 || s[0]! + s[2]! === 0 ? Number.NaN : (2 * s[0]!) / (2 * s[0]! + s[1]! + s[2]!),
);

/** The statistics the command line can name (`--combine`, or a results file's `combine` map). */
export function statisticByName(name: string): CorpusStatistic {
  switch (name) {
    case 'mean':
      return meanStatistic;
    case 'sum':
      return sumStatistic;
    case 'ratio':
      return ratioStatistic();
    case 'f1':
      return f1Statistic();
    default:
      throw new MetricInputError(`unknown combination '${name}' (expected mean, sum, ratio or f1)`);
  }
}

/**
 * Checks that `values` holds whole items of `stat.width` finite numbers and returns the item count.
 * The error names the first offending item.
 */
export function checkItemStats(stat: CorpusStatistic, values: Float64Array, what = 'items'): number {
  if (values.length % stat.width !== 0) {
    throw new MetricInputError(
      `${what}: ${values.length} numbers do not make whole items of ${stat.width} statistics (${stat.name})`,
    );
  }
  for (let k = 0; k < values.length; k++) {
    if (!Number.isFinite(values[k]!)) {
      const item = Math.floor(k / stat.width);
      throw new MetricInputError(`${what}: item ${item} has a non-finite statistic (${values[k]})`);
    }
  }
  return values.length / stat.width;
}
