// Corpus figures of one system from its per-utterance scores, each a combination of per-item sufficient
// statistics (WER is a ratio of sums, not a mean of ratios), with a percentile bootstrap 95% interval.
import { bootstrapInterval, bootstrapSignature, pairedBootstrap } from '../stats/bootstrap';
import { approximateRandomisation } from '../stats/randomisation';
import { type CorpusStatistic, f1Statistic, meanStatistic, ratioStatistic } from '../stats/statistic';
import type { UtteranceScores } from './scoreUtterance';

/** One corpus figure with its interval and what produced it. */
export interface CorpusFigure {
  metric: string;
  value: number;
  lo: number;
  hi: number;
  /** Utterances that contributed. */
  n: number;
  /** The metric's settings signature and the bootstrap's. */
  signature: string;
  bootstrap: string;
}

/** One utterance's sufficient statistics for one metric. */
export interface MetricRow {
  metric: string;
  stat: CorpusStatistic;
  signature: string;
  row: number[];
}

/**
 * The sufficient statistics of every metric an utterance was scored on: WER and concept accuracy as
 * ratios of summed counts (Boros et al.), tree node accuracy as (ΣC − ΣI)/Σ(C+S+D) (Thomae et al.),
 * Struct-IoU at corpus level as 2·Σ matched IoU / Σ nodes (Shi et al. Definition 15), labelled ParsEval
 * F1 from summed bracket counts (EVALB's corpus figure), entity F1 from summed
 * TP/FP/FN, and the N-best figures as means over the utterances with gold interpretations.
 */
export function metricRows(s: UtteranceScores): MetricRow[] {
  const out: MetricRow[] = [];
  const add = (metric: string, stat: CorpusStatistic, signature: string, row: number[]): void =>
    void out.push({ metric, stat, signature, row });
  if (s.words)
    add('WER', ratioStatistic(0), s.words.signature, [s.words.S + s.words.D + s.words.I, s.words.N]);
  if (s.concepts)
    add('Concept accuracy', ratioStatistic(1), s.concepts.signature, [
      s.concepts.C - s.concepts.I,
      s.concepts.N,
    ]);
  for (const t of s.trees) {
    if (t.tna)
      add(`Node accuracy (${t.name})`, ratioStatistic(), t.tna.signature, [
        t.tna.C - t.tna.I,
        t.tna.C + t.tna.S + t.tna.D,
      ]);
    if (t.structIou)
      add(`Struct-IoU (${t.name})`, ratioStatistic(), t.structIou.signature, [
        2 * t.structIou.matchedIou,
        t.structIou.nodes,
      ]);
    // EVALB's rule for a sentence with no brackets on either side is F1 = 1 (parseval.ts `prf`).
    if (t.parseval)
      add(`ParsEval F1 (${t.name})`, f1Statistic(1), t.parseval.signature, [
        t.parseval.matched,
        t.parseval.pred - t.parseval.matched,
        t.parseval.gold - t.parseval.matched,
      ]);
  }
  if (s.entities) {
    const e = s.entities;
    add('Entity F1', f1Statistic(), e.signature, [e.correct, e.hyp - e.correct, e.ref - e.correct]);
  }
  if (s.nbest)
    for (const k of ['FRecall@1', 'NDCG@3']) {
      const v = s.nbest.figures[k];
      if (v !== undefined && !Number.isNaN(v)) add(k, meanStatistic, s.nbest.signature, [v]);
    }
  return out;
}

/** Two systems compared on one metric over the utterances both were scored on. */
export interface PairedFigure {
  metric: string;
  n: number;
  a: { value: number; lo: number; hi: number };
  b: { value: number; lo: number; hi: number };
  delta: { value: number; lo: number; hi: number };
  /** Paired approximate randomisation, two-sided. */
  pValue: number;
  signature: string;
  test: string;
}

/**
 * Paired comparison of two systems, metric by metric, on the utterances (by id) both have that metric
 * for: paired bootstrap intervals for A, B and A − B from shared resamples, and a paired approximate
 * randomisation test (Kleinbauer et al. call for significance; the statistics are the corpus ones).
 */
export function compareSystems(
  a: ReadonlyMap<string, UtteranceScores>,
  b: ReadonlyMap<string, UtteranceScores>,
  options: { resamples?: number; trials?: number; seed?: number } = {},
): PairedFigure[] {
  const rows = (m: ReadonlyMap<string, UtteranceScores>) => {
    const out = new Map<string, Map<string, MetricRow>>();
    for (const [id, s] of m)
      for (const r of metricRows(s)) {
        let byId = out.get(r.metric);
        if (!byId) out.set(r.metric, (byId = new Map()));
        byId.set(id, r);
      }
    return out;
  };
  const ra = rows(a);
  const rb = rows(b);
  const result: PairedFigure[] = [];
  for (const [metric, byIdA] of ra) {
    const byIdB = rb.get(metric);
    if (!byIdB) continue;
    const ids = [...byIdA.keys()].filter((id) => byIdB.has(id));
    if (ids.length === 0) continue;
    const first = byIdA.get(ids[0]!)!;
    const va = Float64Array.from(ids.flatMap((id) => byIdA.get(id)!.row));
    const vb = Float64Array.from(ids.flatMap((id) => byIdB.get(id)!.row));
    const boot = pairedBootstrap(first.stat, va, vb, options);
    const test = approximateRandomisation(first.stat, va, vb, options);
    result.push({
      metric,
      n: ids.length,
      a: boot.a,
      b: boot.b,
      delta: boot.delta,
      pValue: test.pValue,
      signature: first.signature,
      test: test.signature,
    });
  }
  return result;
}

interface Collector {
  stat: CorpusStatistic;
  rows: number[][];
  signature: string;
}

/** Combines per-utterance scores into corpus figures (see `metricRows`), each with a bootstrap interval. */
export function corpusScores(
  items: readonly UtteranceScores[],
  options: { resamples?: number; seed?: number } = {},
): CorpusFigure[] {
  const by = new Map<string, Collector>();
  for (const s of items)
    for (const r of metricRows(s)) {
      let c = by.get(r.metric);
      if (!c) by.set(r.metric, (c = { stat: r.stat, rows: [], signature: r.signature }));
      c.rows.push(r.row);
    }
  const out: CorpusFigure[] = [];
  for (const [metric, c] of by) {
    const values = Float64Array.from(c.rows.flat());
    const b = bootstrapInterval(c.stat, values, options);
    out.push({
      metric,
      value: b.value,
      lo: b.lo,
      hi: b.hi,
      n: c.rows.length,
      signature: c.signature,
      bootstrap: bootstrapSignature(c.stat.name, options),
    });
  }
  return out;
}
