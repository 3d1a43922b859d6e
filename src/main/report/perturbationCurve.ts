// The boundary-perturbation curve of Shi et al. §5.1.3 (Figure 5) over the project's gold: each gold tree
// scored by Struct-IoU against a copy of itself whose word boundaries are moved by Noise-δ, for δ on a
// grid, several seeded repetitions per δ. At δ = 0 the copy is the tree itself (Struct-IoU 1); the curve
// shows how fast the metric falls as boundaries blur on this corpus.
import { createHash } from 'node:crypto';
import type { GoldRecords } from '../../core/gold/records';
import { writeBracket } from '../../core/tree/bracket';
import { closeSilences } from '../../core/structIou/perturb';
import { perturbationAnalysis } from '../../core/structIou/perturbationAnalysis';
import { buildSegmentTree } from '../../core/structIou/segmentTree';
import { seededRandom } from '../../core/stats/prng';
import { checkTreeText } from '../../core/edit/treeCheck';
import { type TreeNode, leaves } from '../../core/tree/tree';
import type { PerturbationCurve } from '../../core/api/reportModel';

/** The curve of one gold tree name: defined by its schema in core. */
export type { PerturbationCurve } from '../../core/api/reportModel';

/** The δ grid of Figure 5. */
export const PERTURBATION_DELTAS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0];

/** The seed of the curve, fixed so the report is reproducible. */
export const PERTURBATION_SEED = 20240521;

/**
 * At most this many sentences per curve. Each costs 51 Struct-IoU computations (10 levels × 5 repetitions
 * and the baseline), and the mean over a few hundred sentences moves by less than the repetitions'
 * spread, so larger corpora are sampled (seeded, without replacement, kept in corpus order).
 */
export const PERTURBATION_SAMPLE = 200;

/** `k` of `n` indices drawn without replacement (partial Fisher–Yates), ascending. */
function sample(n: number, k: number, seed: number): number[] {
  if (n <= k) return Array.from({ length: n }, (_, i) => i);
  const random = seededRandom(seed);
  const idx = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, k).sort((a, b) => a - b);
}

/**
 * One curve per gold tree name in first-seen order. A sentence enters when its tree is untyped (Struct-IoU
 * is about constituents over time), parses, has one leaf per word and at least one constituent.
 */
export function perturbationCurves(
  utterances: readonly { id: string; gold: GoldRecords }[],
  options: { repetitions?: number } = {},
): PerturbationCurve[] {
  return keyedPerturbationCurves(utterances, options).map(([, curve]) => curve);
}

/**
 * The curves of `perturbationCurves`, each with a key of everything it is computed from: the tree name,
 * the counts of sentences that qualified and were left out, the repetitions, and the tree and timed words
 * of each sentence drawn. A curve `kept` has for its key is used as it is: an edit of a sentence outside
 * the sample that leaves the counts alone changes nothing of the curve, so nothing is computed again.
 */
export function keyedPerturbationCurves(
  utterances: readonly { id: string; gold: GoldRecords }[],
  options: { repetitions?: number } = {},
  kept: (key: string) => PerturbationCurve | undefined = () => undefined,
): [key: string, curve: PerturbationCurve][] {
  const byTree = new Map<
    string,
    { items: { tree: TreeNode; words: GoldRecords['words'] }[]; skipped: number }
  >();
  for (const u of utterances)
    for (const t of u.gold.trees) {
      if (t.typed) continue;
      let entry = byTree.get(t.name);
      if (!entry) byTree.set(t.name, (entry = { items: [], skipped: 0 }));
      const words = u.gold.words;
      // The bracket editor's own check: a tree that an older version stored unbalanced, nested too deep
      // or not over the words is left out (and counted) rather than analysed.
      const parsed = checkTreeText(
        t.bracket,
        false,
        words.map((w) => w.text),
      ).tree;
      let ok = parsed !== null && words.length > 0 && leaves(parsed).length === words.length;
      if (ok) {
        try {
          buildSegmentTree(parsed!, closeSilences(words));
        } catch {
          ok = false;
        }
      }
      if (ok) entry.items.push({ tree: parsed!, words });
      else entry.skipped++;
    }
  const curves: [string, PerturbationCurve][] = [];
  for (const [tree, { items, skipped }] of byTree) {
    if (items.length === 0) continue;
    const chosen = sample(items.length, PERTURBATION_SAMPLE, PERTURBATION_SEED).map((i) => items[i]!);
    const hash = createHash('sha256');
    hash.update(JSON.stringify([tree, items.length, skipped, options.repetitions ?? null]));
    for (const it of chosen)
      hash.update(
        `\u0001${writeBracket(it.tree)}\u0000${JSON.stringify(it.words.map((w) => [w.text, w.startSec, w.endSec]))}`,
      );
    const key = hash.digest('base64url');
    const known = kept(key);
    if (known) {
      curves.push([key, known]);
      continue;
    }
    const a = perturbationAnalysis(
      chosen.map((it) => ({ gold: it.tree, pred: it.tree, words: it.words })),
      {
        kind: 'noise',
        deltas: PERTURBATION_DELTAS,
        repetitions: options.repetitions,
        seed: PERTURBATION_SEED,
      },
    );
    curves.push([
      key,
      {
        tree,
        sentences: chosen.length,
        eligible: items.length,
        skipped,
        signature: a.signature,
        points: [
          {
            delta: 0,
            mean: a.baseline.sentenceLevel,
            std: 0,
            corpusMean: a.baseline.corpusLevel,
            corpusStd: 0,
          },
          ...a.points.map((p) => ({
            delta: p.delta,
            mean: p.sentenceMean,
            std: p.sentenceStd,
            corpusMean: p.corpusMean,
            corpusStd: p.corpusStd,
          })),
        ],
      },
    ]);
  }
  return curves;
}
