// Corpus figures of one system from its per-utterance scores, each a combination of per-item sufficient
// statistics (WER is a ratio of sums, not a mean of ratios), with a percentile bootstrap 95% interval.
import { bootstrapInterval, bootstrapSignature } from '../stats/bootstrap';
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

interface Collector {
  stat: CorpusStatistic;
  rows: number[][];
  signature: string;
}

/**
 * Combines per-utterance scores into corpus figures: WER and concept accuracy as ratios of summed counts
 * (Boros et al.), tree node accuracy as (ΣC − ΣI)/Σ(C+S+D) (Thomae et al.), Struct-IoU at corpus level
 * as 2·Σ matched IoU / Σ nodes (Shi et al. Definition 15), entity F1 from summed TP/FP/FN, and the N-best
 * figures as means over the utterances with gold interpretations (Kleinbauer et al.).
 */
export function corpusScores(
  items: readonly UtteranceScores[],
  options: { resamples?: number; seed?: number } = {},
): CorpusFigure[] {
  const by = new Map<string, Collector>();
  const add = (metric: string, stat: CorpusStatistic, signature: string, row: number[]): void => {
    let c = by.get(metric);
    if (!c) by.set(metric, (c = { stat, rows: [], signature }));
    c.rows.push(row);
  };
  for (const s of items) {
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
