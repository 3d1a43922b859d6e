// Corpus figures of one system from its per-utterance scores, each a combination of per-item sufficient
// statistics (WER is a ratio of sums, not a mean of ratios), with a percentile bootstrap 95% interval.
import { bootstrapInterval, bootstrapSignature, pairedBootstrap } from '../stats/bootstrap';
import { approximateRandomisation } from '../stats/randomisation';
import {
  type CorpusStatistic,
  f1Statistic,
  meanStatistic,
  ratioStatistic,
  strictF1Statistic,
} from '../stats/statistic';
import { METRIC, partOfMetric } from './coverage';
import type { UtteranceScores } from './scoreUtterance';

/**
 * Which utterances a corpus figure covers: `all` (sclite's rule, the default) counts an utterance without
 * output as an empty hypothesis; `covered` leaves it out. Named in every corpus figure's signature.
 */
export type Coverage = 'all' | 'covered';

/** The coverage rule a project's scoring settings choose. */
export function coverageOf(settings: { onlyCovered: boolean }): Coverage {
  return settings.onlyCovered ? 'covered' : 'all';
}

/** How corpus figures are combined. */
export interface CorpusOptions {
  resamples?: number;
  seed?: number;
  /** Default `all`. */
  coverage?: Coverage;
}

/** The corpus figure's signature: the metric's own, then the coverage rule (`missing:empty` or `missing:skip`). */
export function corpusSignature(metricSignature: string, coverage: Coverage): string {
  // Inserted before the version field, so signatures stay `name|…|v:VERSION`.
  const field = `missing:${coverage === 'all' ? 'empty' : 'skip'}`;
  const at = metricSignature.lastIndexOf('|v:');
  return at < 0
    ? `${metricSignature}|${field}`
    : `${metricSignature.slice(0, at)}|${field}${metricSignature.slice(at)}`;
}

/** One corpus figure with its interval and what produced it. */
export interface CorpusFigure {
  metric: string;
  value: number;
  lo: number;
  hi: number;
  /** Utterances that contributed. */
  n: number;
  /** Utterances with gold for the metric (n < N: some could not be scored, or were left out as uncovered). */
  N: number;
  /** Of the n, utterances without the system's output, scored as empty hypotheses. */
  empty: number;
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
 * The sufficient statistics of every metric an utterance was scored on: WER, CER and concept accuracy as
 * ratios of summed counts (Boros et al.), tree node accuracy as (ΣC − ΣI)/Σ(C+S+D) (Thomae et al.),
 * Struct-IoU at corpus level as 2·Σ matched IoU / Σ nodes (Shi et al. Definition 15), labelled ParsEval
 * F1 from summed bracket counts (EVALB's corpus figure), entity F1 from summed
 * TP/FP/FN, and the N-best figures as means over the utterances with gold interpretations.
 */
export function metricRows(s: UtteranceScores, coverage: Coverage = 'all'): MetricRow[] {
  const out: MetricRow[] = [];
  const skip = coverage === 'covered' && s.missing ? new Set<string>(s.missing) : null;
  const add = (metric: string, stat: CorpusStatistic, signature: string, row: number[]): void => {
    if (skip?.has(partOfMetric(metric)!)) return;
    out.push({ metric, stat, signature: corpusSignature(signature, coverage), row });
  };
  if (s.words)
    add(METRIC.wer, ratioStatistic(0), s.words.signature, [s.words.S + s.words.D + s.words.I, s.words.N]);
  // Scores cached before CER was scored have no `chars`; their CER is not made up.
  if (s.chars)
    add(METRIC.cer, ratioStatistic(0), s.chars.signature, [s.chars.S + s.chars.D + s.chars.I, s.chars.N]);
  if (s.concepts)
    add(METRIC.concepts, ratioStatistic(1), s.concepts.signature, [
      s.concepts.C - s.concepts.I,
      s.concepts.N,
    ]);
  for (const t of s.trees) {
    if (t.tna)
      add(METRIC.nodeAccuracy(t.name), ratioStatistic(), t.tna.signature, [
        t.tna.C - t.tna.I,
        t.tna.C + t.tna.S + t.tna.D,
      ]);
    if (t.structIou)
      add(METRIC.structIou(t.name), ratioStatistic(), t.structIou.signature, [
        2 * t.structIou.matchedIou,
        t.structIou.nodes,
      ]);
    // EVALB's rule for a sentence with no brackets on either side is F1 = 1 (parseval.ts `prf`).
    if (t.parseval)
      add(METRIC.parseval(t.name), f1Statistic(1), t.parseval.signature, [
        t.parseval.matched,
        t.parseval.pred - t.parseval.matched,
        t.parseval.gold - t.parseval.matched,
      ]);
  }
  if (s.entities) {
    const e = s.entities;
    // Undefined when precision or recall is (nothing proposed, or nothing to find), as `sieve ne` has it.
    add(METRIC.entities, strictF1Statistic, e.signature, [e.correct, e.hyp - e.correct, e.ref - e.correct]);
  }
  if (s.nbest)
    for (const k of METRIC.nbest) {
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
  options: { resamples?: number; trials?: number; seed?: number; coverage?: Coverage } = {},
): PairedFigure[] {
  const rows = (m: ReadonlyMap<string, UtteranceScores>) => {
    const out = new Map<string, Map<string, MetricRow>>();
    for (const [id, s] of m)
      for (const r of metricRows(s, options.coverage)) {
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
  stat: CorpusStatistic | null;
  rows: number[][];
  signature: string;
  N: number;
  empty: number;
}

/**
 * Combines per-utterance scores into corpus figures (see `metricRows`), each with a bootstrap interval,
 * its n (utterances scored) of N (utterances with gold for it) and how many of the n had no output. A
 * metric that some utterance counts in but none could be scored on is a figure with an undefined value
 * (NaN), never left out.
 */
export function corpusScores(items: readonly UtteranceScores[], options: CorpusOptions = {}): CorpusFigure[] {
  const coverage = options.coverage ?? 'all';
  const by = new Map<string, Collector>();
  const collector = (metric: string): Collector => {
    let c = by.get(metric);
    if (!c) by.set(metric, (c = { stat: null, rows: [], signature: '', N: 0, empty: 0 }));
    return c;
  };
  for (const s of items) {
    const rows = metricRows(s, coverage);
    // Scores cached before `expected` existed count in the metrics they have rows for.
    for (const metric of s.expected ?? rows.map((r) => r.metric)) collector(metric).N++;
    for (const u of s.unscored ?? [])
      collector(u.metric).signature ||= corpusSignature(u.signature, coverage);
    const missing = s.missing ? new Set<string>(s.missing) : null;
    for (const r of rows) {
      const c = collector(r.metric);
      c.stat ??= r.stat;
      c.signature = r.signature;
      c.rows.push(r.row);
      if (missing?.has(partOfMetric(r.metric)!)) c.empty++;
    }
  }
  const out: CorpusFigure[] = [];
  for (const [metric, c] of by) {
    const common = { metric, n: c.rows.length, N: Math.max(c.N, c.rows.length), empty: c.empty };
    if (!c.stat) {
      out.push({ ...common, value: NaN, lo: NaN, hi: NaN, signature: c.signature, bootstrap: '' });
      continue;
    }
    const values = Float64Array.from(c.rows.flat());
    const b = bootstrapInterval(c.stat, values, options);
    out.push({
      ...common,
      value: b.value,
      lo: b.lo,
      hi: b.hi,
      signature: c.signature,
      bootstrap: bootstrapSignature(c.stat.name, options),
    });
  }
  return out;
}
