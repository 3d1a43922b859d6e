// Corpus figures of Struct-IoU from per-sentence sufficient statistics (Shi et al. §5.1.4): the
// sentence-level score is the mean of the sentences' scores (the paper's default, footnote 3); the
// corpus-level score weights each sentence by its node count (Definition 15), i.e. a ratio of sums.
import { MetricInputError } from '../errors';
import { type CorpusStatistic, additiveStatistic } from '../stats/statistic';

/** Sufficient statistics of one sentence: the maximal matched IoU sum and |N1| + |N2|. */
export interface StructIouStats {
  matchedIou: number;
  nodes: number;
}

/** Sentence- and corpus-level Struct-IoU of a set of sentences; null when there are none. */
export interface StructIouCorpus {
  sentences: number;
  /** Mean over sentences of 2 · matchedIou / nodes. */
  sentenceLevel: number | null;
  /** Σ 2 · matchedIou / Σ nodes (Definition 15). */
  corpusLevel: number | null;
}

function check(stats: readonly StructIouStats[]): void {
  stats.forEach((s, k) => {
    if (
      !Number.isInteger(s.nodes) ||
      s.nodes < 2 ||
      !(s.matchedIou >= 0) ||
      2 * s.matchedIou > s.nodes + 1e-9
    ) {
      throw new MetricInputError(
        `Struct-IoU sentence ${k + 1} has impossible statistics (matchedIou ${s.matchedIou}, nodes ${s.nodes})`,
      );
    }
  });
}

/**
 * Combines per-sentence statistics. Rule: with no sentence both figures are null (undefined), never 0.
 * A sentence always has at least one constituent per tree, so no other 0/0 arises.
 */
export function combineStructIou(stats: readonly StructIouStats[]): StructIouCorpus {
  check(stats);
  if (stats.length === 0) return { sentences: 0, sentenceLevel: null, corpusLevel: null };
  let mean = 0;
  let matched = 0;
  let nodes = 0;
  for (const s of stats) {
    mean += (2 * s.matchedIou) / s.nodes;
    matched += s.matchedIou;
    nodes += s.nodes;
  }
  return { sentences: stats.length, sentenceLevel: mean / stats.length, corpusLevel: (2 * matched) / nodes };
}

/** Packs statistics as items `[2 · matchedIou, nodes]` for the two statistics below. */
export function structIouItemValues(stats: readonly StructIouStats[]): Float64Array {
  check(stats);
  const out = new Float64Array(2 * stats.length);
  stats.forEach((s, k) => {
    out[2 * k] = 2 * s.matchedIou;
    out[2 * k + 1] = s.nodes;
  });
  return out;
}

/** Corpus-level Struct-IoU (Definition 15) as a resampling statistic; no items: NaN. */
export const structIouCorpusStatistic: CorpusStatistic = additiveStatistic('struct-iou-corpus', 2, (s) =>
  s[1] === 0 ? Number.NaN : s[0]! / s[1]!,
);

/** Sentence-level Struct-IoU (mean of per-sentence scores) as a resampling statistic; no items: NaN. */
export const structIouSentenceStatistic: CorpusStatistic = {
  name: 'struct-iou-sentence',
  width: 2,
  combine(values, weights) {
    let sum = 0;
    let count = 0;
    for (let i = 0; 2 * i < values.length; i++) {
      const w = weights ? weights[i]! : 1;
      if (w === 0) continue;
      sum += (w * values[2 * i]!) / values[2 * i + 1]!;
      count += w;
    }
    return count === 0 ? Number.NaN : sum / count;
  },
};
