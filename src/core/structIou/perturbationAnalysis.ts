// The boundary-perturbation analysis of Shi et al. §5.1.3 (Figure 5): predicted trees over the forced
// alignment are scored against the gold trees after their word boundaries are perturbed, k times for each
// δ ∈ {0.1, …, 1.0}; the result is the mean and standard deviation of Struct-IoU per δ, for a plot.
import { MetricInputError } from '../errors';
import { DEFAULT_SEED, seededRandom } from '../stats/prng';
import { makeSignature } from '../stats/signature';
import type { TreeNode } from '../tree/tree';
import { type StructIouStats, combineStructIou } from './corpus';
import { closeSilences, insertPerturb, noisePerturb } from './perturb';
import { type SegmentTree, type WordTime, buildSegmentTree } from './segmentTree';
import { type StructIouOptions, structIouFields, structIouOfSegmentTrees } from './structIou';

/** One sentence: gold and predicted trees over the same (forced-alignment) words. */
export interface PerturbationItem {
  gold: TreeNode;
  pred: TreeNode;
  words: readonly WordTime[];
}

/** Which perturbation, at which levels, how often, from which seed; and how Struct-IoU is computed. */
export interface PerturbationOptions extends StructIouOptions {
  kind: 'noise' | 'insert';
  /** Default 0.1, 0.2, …, 1.0. */
  deltas?: readonly number[];
  /** Repetitions per δ (the paper's 5 is the default). */
  repetitions?: number;
  seed?: number;
}

/** Mean and standard deviation over the repetitions at one δ, at sentence and corpus level. */
export interface PerturbationPoint {
  delta: number;
  sentenceMean: number;
  sentenceStd: number;
  corpusMean: number;
  corpusStd: number;
  /** Each repetition's figures, in order. */
  runs: { sentenceLevel: number; corpusLevel: number }[];
}

/** The curve of Figure 5 for one perturbation kind, with the unperturbed scores (δ = 0). */
export interface PerturbationAnalysis {
  kind: PerturbationOptions['kind'];
  baseline: { sentenceLevel: number; corpusLevel: number };
  points: PerturbationPoint[];
  signature: string;
}

const DEFAULT_DELTAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/** Mean and population standard deviation (numpy's default, ddof = 0) of a non-empty list. */
function meanStd(xs: readonly number[]): [number, number] {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const v = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length;
  return [mean, Math.sqrt(v)];
}

/**
 * Runs the analysis. Silences between words are removed first, for gold and predicted trees alike
 * (§5.1.3, footnote 4), so both are scored on one silence-free timeline. Repetition r at the d-th δ draws
 * from `seededRandom(seed + 1000 · d + r)`, one stream through all sentences in order, so any point can
 * be recomputed alone. Rule: no sentences is an error, as is a δ outside [0, 1] or fewer than 1 repetition.
 */
export function perturbationAnalysis(
  items: readonly PerturbationItem[],
  options: PerturbationOptions,
): PerturbationAnalysis {
  const deltas = options.deltas ?? DEFAULT_DELTAS;
  const k = options.repetitions ?? 5;
  const seed = options.seed ?? DEFAULT_SEED;
  if (items.length === 0) throw new MetricInputError('perturbation analysis needs at least one sentence');
  if (!Number.isInteger(k) || k < 1)
    throw new MetricInputError(`repetitions must be a positive integer, got ${k}`);
  if (!Number.isInteger(seed)) throw new MetricInputError(`seed must be an integer, got ${seed}`);
  for (const d of deltas) {
    if (!(d >= 0 && d <= 1)) throw new MetricInputError(`perturbation level δ must lie in [0, 1], got ${d}`);
  }
  const signature = makeSignature('struct-iou-perturb', [
    ['kind', options.kind],
    ['k', k],
    ['seed', seed],
    ...structIouFields(options),
  ]);
  const prepared = items.map((it, i) => {
    const words = closeSilences(it.words);
    return { gold: buildSegmentTree(it.gold, words, `sentence ${i + 1} gold`), pred: it.pred, words };
  });
  const score = (pairs: [SegmentTree, SegmentTree][]): { sentenceLevel: number; corpusLevel: number } => {
    const stats: StructIouStats[] = pairs.map(([g, p]) => structIouOfSegmentTrees(g, p, options, false));
    const c = combineStructIou(stats);
    return { sentenceLevel: c.sentenceLevel!, corpusLevel: c.corpusLevel! };
  };
  const baseline = score(
    prepared.map((it, i) => [it.gold, buildSegmentTree(it.pred, it.words, `sentence ${i + 1} pred`)]),
  );
  const points = deltas.map((delta, d): PerturbationPoint => {
    const runs = Array.from({ length: k }, (_, r) => {
      const random = seededRandom(seed + 1000 * d + r);
      return score(
        prepared.map((it): [SegmentTree, SegmentTree] => {
          if (options.kind === 'noise')
            return [it.gold, buildSegmentTree(it.pred, noisePerturb(it.words, delta, random))];
          const p = insertPerturb(it.pred, it.words, delta, random);
          return [it.gold, buildSegmentTree(p.tree, p.words)];
        }),
      );
    });
    const [sentenceMean, sentenceStd] = meanStd(runs.map((x) => x.sentenceLevel));
    const [corpusMean, corpusStd] = meanStd(runs.map((x) => x.corpusLevel));
    return { delta, sentenceMean, sentenceStd, corpusMean, corpusStd, runs };
  });
  return { kind: options.kind, baseline, points, signature };
}
