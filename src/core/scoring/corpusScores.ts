// Corpus figures of one system from its per-utterance scores, each a combination of per-item sufficient
// statistics (WER is a ratio of sums, not a mean of ratios), with a percentile bootstrap 95% interval.
import { MetricInputError } from '../errors';
import {
  type BootstrapOptions,
  type Interval,
  bootstrapInterval,
  bootstrapSignature,
  pairedBootstrap,
} from '../stats/bootstrap';
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
 * The combinations the corpus figures use, by the name their signatures show: a corpus row names its
 * statistic, so rows can cross threads as plain data and be combined the same way on the other side.
 */
const STATISTICS: ReadonlyMap<string, CorpusStatistic> = new Map(
  [
    ratioStatistic(0),
    ratioStatistic(1),
    ratioStatistic(),
    f1Statistic(1),
    strictF1Statistic,
    meanStatistic,
  ].map((s) => [s.name, s]),
);

/** The corpus statistic named `name` (one a corpus row names). */
export function corpusStatistic(name: string): CorpusStatistic {
  const stat = STATISTICS.get(name);
  if (!stat) throw new MetricInputError(`unknown corpus statistic '${name}'`);
  return stat;
}

/** One utterance's sufficient statistics for one metric, whatever the coverage rule: plain data. */
export interface CorpusRow {
  metric: string;
  /** The statistic's name (`corpusStatistic`). */
  stat: string;
  /** The metric's own signature (the coverage rule is added when figures are made). */
  signature: string;
  row: number[];
}

/**
 * What one utterance's scores bring to the corpus figures under either coverage rule (`corpusScores` reads
 * nothing else of them): plain data, small enough to hand to another thread instead of the scores.
 */
export interface CorpusItem {
  rows: CorpusRow[];
  expected?: string[];
  unscored?: { metric: string; signature: string }[];
  missing?: string[];
}

/**
 * The sufficient statistics of every metric an utterance was scored on: WER, CER and concept accuracy as
 * ratios of summed counts (Boros et al.), tree node accuracy as (ΣC − ΣI)/Σ(C+S+D) (Thomae et al.),
 * Struct-IoU at corpus level as 2·Σ matched IoU / Σ nodes (Shi et al. Definition 15), labelled ParsEval
 * F1 from summed bracket counts (EVALB's corpus figure), entity F1 from summed
 * TP/FP/FN, and the N-best figures as means over the utterances with gold interpretations.
 */
function corpusRows(s: UtteranceScores): CorpusRow[] {
  const out: CorpusRow[] = [];
  const add = (metric: string, stat: CorpusStatistic, signature: string, row: number[]): void => {
    out.push({ metric, stat: stat.name, signature, row });
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
      // An undefined figure is NaN as scored and null once read back from the cache's JSON.
      const v: unknown = s.nbest.figures[k];
      if (typeof v === 'number' && !Number.isNaN(v)) add(k, meanStatistic, s.nbest.signature, [v]);
    }
  return out;
}

/** What `s` brings to the corpus figures (see `corpusRows` for the statistics). */
export function corpusItem(s: UtteranceScores): CorpusItem {
  return {
    rows: corpusRows(s),
    ...(s.expected ? { expected: s.expected } : {}),
    ...(s.unscored
      ? { unscored: s.unscored.map((u) => ({ metric: u.metric, signature: u.signature })) }
      : {}),
    ...(s.missing ? { missing: s.missing } : {}),
  };
}

/** The rows of `item` that count under `coverage`: `covered` leaves out the parts the system gave no output for. */
function rowsUnder(item: CorpusItem, coverage: Coverage): CorpusRow[] {
  if (coverage === 'all' || !item.missing) return item.rows;
  const skip = new Set<string>(item.missing);
  return item.rows.filter((r) => !skip.has(partOfMetric(r.metric)!));
}

/** One utterance's sufficient statistics for one metric, with its corpus signature. */
export interface MetricRow {
  metric: string;
  stat: CorpusStatistic;
  signature: string;
  row: number[];
}

/** The sufficient statistics of every metric an utterance was scored on (`corpusRows`) under `coverage`. */
export function metricRows(s: UtteranceScores, coverage: Coverage = 'all'): MetricRow[] {
  return rowsUnder({ rows: corpusRows(s), ...(s.missing ? { missing: s.missing } : {}) }, coverage).map(
    (r) => ({
      metric: r.metric,
      stat: corpusStatistic(r.stat),
      signature: corpusSignature(r.signature, coverage),
      row: r.row,
    }),
  );
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

/**
 * One metric's statistics over a corpus, ready for the bootstrap: plain data (the interval can be
 * computed in another thread), in the order of the utterances.
 */
export interface CorpusCollection {
  metric: string;
  /** The statistic's name (`corpusStatistic`); null when no utterance could be scored on the metric. */
  stat: string | null;
  /** Utterance after utterance, each its row of the statistic's width. */
  values: Float64Array;
  n: number;
  N: number;
  empty: number;
  signature: string;
}

interface Collector {
  stat: string | null;
  values: number[];
  n: number;
  signature: string;
  N: number;
  empty: number;
}

/**
 * Gathers the corpus items of one system's utterances (in corpus order) metric by metric under `coverage`:
 * each metric's rows, its n (utterances scored) of N (utterances with gold for it) and how many of the n
 * had no output. A metric some utterance counts in but none could be scored on has no statistic.
 */
export function collectCorpus(items: Iterable<CorpusItem>, coverage: Coverage = 'all'): CorpusCollection[] {
  const by = new Map<string, Collector>();
  const collector = (metric: string): Collector => {
    let c = by.get(metric);
    if (!c) by.set(metric, (c = { stat: null, values: [], n: 0, signature: '', N: 0, empty: 0 }));
    return c;
  };
  for (const s of items) {
    const rows = rowsUnder(s, coverage);
    // Scores cached before `expected` existed count in the metrics they have rows for.
    for (const metric of s.expected ?? rows.map((r) => r.metric)) collector(metric).N++;
    for (const u of s.unscored ?? [])
      collector(u.metric).signature ||= corpusSignature(u.signature, coverage);
    const missing = s.missing ? new Set<string>(s.missing) : null;
    for (const r of rows) {
      const c = collector(r.metric);
      c.stat ??= r.stat;
      c.signature = corpusSignature(r.signature, coverage);
      for (const v of r.row) c.values.push(v);
      c.n++;
      if (missing?.has(partOfMetric(r.metric)!)) c.empty++;
    }
  }
  return [...by].map(([metric, c]) => ({
    metric,
    stat: c.stat,
    values: Float64Array.from(c.values),
    n: c.n,
    N: Math.max(c.N, c.n),
    empty: c.empty,
    signature: c.signature,
  }));
}

/** The bootstrap interval of a collection's figure (`stat` and `values` as in `CorpusCollection`). */
export function corpusInterval(stat: string, values: Float64Array, options: BootstrapOptions = {}): Interval {
  const b = bootstrapInterval(corpusStatistic(stat), values, options);
  return { value: b.value, lo: b.lo, hi: b.hi };
}

/**
 * A collection's corpus figure with its interval: `interval` as `corpusInterval` gives it (computed here when
 * omitted); a collection without a statistic is an undefined figure (NaN).
 */
export function corpusFigure(
  c: CorpusCollection,
  options: CorpusOptions = {},
  interval?: Interval,
): CorpusFigure {
  const common = { metric: c.metric, n: c.n, N: c.N, empty: c.empty };
  if (c.stat === null)
    return { ...common, value: NaN, lo: NaN, hi: NaN, signature: c.signature, bootstrap: '' };
  const b = interval ?? corpusInterval(c.stat, c.values, options);
  return {
    ...common,
    value: b.value,
    lo: b.lo,
    hi: b.hi,
    signature: c.signature,
    bootstrap: bootstrapSignature(c.stat, options),
  };
}

/**
 * Combines per-utterance scores into corpus figures (see `corpusRows`), each with a bootstrap interval,
 * its n (utterances scored) of N (utterances with gold for it) and how many of the n had no output. A
 * metric that some utterance counts in but none could be scored on is a figure with an undefined value
 * (NaN), never left out.
 */
export function corpusScores(items: readonly UtteranceScores[], options: CorpusOptions = {}): CorpusFigure[] {
  return collectCorpus(items.map(corpusItem), options.coverage ?? 'all').map((c) => corpusFigure(c, options));
}
