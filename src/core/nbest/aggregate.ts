// Corpus figures of an N-best run, overall and per label group. Table 3 of Kleinbauer et al. reports
// NotFound@K as a count of utterances and FRecall@K / NDCG@K as means over the scored utterances
// (NotFound ones included, §6.2); the same CorpusStatistic objects drive bootstrap intervals and tests.
import { bootstrapIntervals, bootstrapSignature, type BootstrapOptions } from '../stats/bootstrap';
import { meanStatistic, sumStatistic, type CorpusStatistic } from '../stats/statistic';
import { compareGroupValues, groupValue, type LabelDimension } from './labels';
import { figureName, type NbestScores } from './nbestScorer';
import { NBEST_METRICS, rowWidth, type NbestMetric } from './rankMetrics';

/** How a figure's corpus value is made from per-utterance values: NotFound sums, the rest average. */
export function nbestStatistic(metric: NbestMetric): CorpusStatistic {
  return metric === 'NotFound' ? sumStatistic : meanStatistic;
}

/** Per-utterance values of one figure over the scored utterances among `indices` (all by default). */
export function figureValues(
  s: NbestScores,
  metric: NbestMetric,
  k: number,
  indices?: readonly number[],
): Float64Array {
  const width = rowWidth(s.ks.length);
  const col = NBEST_METRICS.indexOf(metric) * s.ks.length + k;
  const rows = indices ?? s.ids.map((_, i) => i);
  const out = new Float64Array(rows.length);
  let m = 0;
  for (const i of rows) if (s.status[i] === 'scored') out[m++] = s.values[i * width + col]!;
  return out.subarray(0, m);
}

/** Corpus figures of a set of utterances. */
export interface NbestSummary {
  utterances: number;
  cantRepresent: number;
  noGold: number;
  scored: number;
  /** `NotFound@1` → count, `FRecall@3` → mean … in metric-major order. Means over no items are NaN. */
  figures: Record<string, number>;
  /** How each figure combines per-utterance values (`sum` or `mean`), for `sieve compare`. */
  combine: Record<string, string>;
  /** 95% (or as asked) bootstrap intervals `[lo, hi]`, when asked for. */
  intervals?: Record<string, [number, number]>;
  /** The bootstrap settings behind `intervals`. */
  intervalSignature?: string;
}

/** Sums and means of every figure over `indices` (all utterances by default), with optional intervals. */
export function summarise(s: NbestScores, indices?: readonly number[], ci?: BootstrapOptions): NbestSummary {
  const rows = indices ?? s.ids.map((_, i) => i);
  const count = (st: string): number => rows.filter((i) => s.status[i] === st).length;
  const summary: NbestSummary = {
    utterances: rows.length,
    cantRepresent: count('cantRepresent'),
    noGold: count('noGold'),
    scored: count('scored'),
    figures: {},
    combine: {},
  };
  const names: string[] = [];
  const stats: CorpusStatistic[] = [];
  const columns: Float64Array[] = [];
  for (const metric of NBEST_METRICS) {
    const stat = nbestStatistic(metric);
    for (let k = 0; k < s.ks.length; k++) {
      const name = figureName(metric, s.ks[k]!);
      const values = figureValues(s, metric, k, rows);
      summary.figures[name] = stat.combine(values);
      summary.combine[name] = stat.name;
      names.push(name);
      stats.push(stat);
      columns.push(values);
    }
  }
  if (ci) {
    // One shared set of resamples for every figure.
    const intervals = bootstrapIntervals(stats, columns, ci);
    summary.intervals = Object.fromEntries(
      names.map((name, j) => [name, [intervals[j]!.lo, intervals[j]!.hi]]),
    );
  }
  if (ci) summary.intervalSignature = bootstrapSignature(null, ci);
  return summary;
}

/** One cell of a breakdown: the group's value along each dimension and its figures. */
export interface NbestGroup {
  key: Partial<Record<LabelDimension, string>>;
  indices: number[];
  summary: NbestSummary;
}

/** Groups the utterances by the labels along `dims`, in Table 3's order. */
export function groupScores(
  s: NbestScores,
  dims: readonly LabelDimension[],
  ci?: BootstrapOptions,
): NbestGroup[] {
  const groups = new Map<string, { key: Partial<Record<LabelDimension, string>>; indices: number[] }>();
  for (let i = 0; i < s.ids.length; i++) {
    const key: Partial<Record<LabelDimension, string>> = {};
    for (const d of dims) key[d] = groupValue(s.labels[i]!, s.nGold[i]!, d);
    const id = dims.map((d) => key[d]).join('\u0000');
    let g = groups.get(id);
    if (!g) groups.set(id, (g = { key, indices: [] }));
    g.indices.push(i);
  }
  const sorted = [...groups.values()].sort((a, b) => {
    for (const d of dims) {
      const c = compareGroupValues(d, a.key[d]!, b.key[d]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  return sorted.map((g) => ({ ...g, summary: summarise(s, g.indices, ci) }));
}
