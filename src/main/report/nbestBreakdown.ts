// The N-best breakdown of Kleinbauer et al. Table 3 for one system: utterances grouped by their gold labels
// (accuracy class × knowledge class × input kind), NotFound@K as counts and FRecall@K, NDCG@K as means
// over the scored utterances of each group, K = 1, 3, 10, ∞.
import type { NbestBreakdown, NbestGroupRow } from '../../core/api/contract';
import type { GoldRecords } from '../../core/gold/records';
import type { SystemOutput } from '../../core/model/systemOutput';
import { groupScores } from '../../core/nbest/aggregate';
import { LABEL_DIMENSIONS, readLabels } from '../../core/nbest/labels';
import { type NbestUtterance, figureName, scoreNbest } from '../../core/nbest/nbestScorer';

/** The metrics of Table 3. */
export const BREAKDOWN_METRICS = ['NotFound', 'FRecall', 'NDCG'] as const;

// The shapes are the API contract's, so the dashboard's schema and the report cannot drift apart.
export type { NbestBreakdown, NbestGroupRow } from '../../core/api/contract';

/** The breakdown of one system's N-best lists against the gold interpretations and labels. */
export function nbestBreakdown(
  system: string,
  nbest: ReadonlyMap<string, NonNullable<SystemOutput['nbest']>>,
  gold: ReadonlyMap<string, GoldRecords>,
): NbestBreakdown {
  const items: NbestUtterance[] = [];
  for (const [id, list] of nbest) {
    const g = gold.get(id);
    if (!g) continue;
    items.push({
      id,
      nbest: list.map((e) => ({ interp: e.interpretation, score: e.score })),
      gold: g.interpretations,
      labels: readLabels(g.labels).labels,
    });
  }
  const empty: NbestBreakdown = { system, ks: [], signature: null, groups: [], error: null };
  if (items.length === 0) return empty;
  try {
    const s = scoreNbest(items, { interp: 'auto' });
    const ks = s.ks.map((k) => (k === Number.POSITIVE_INFINITY ? 'inf' : String(k)));
    const groups = groupScores(s, LABEL_DIMENSIONS).map((g): NbestGroupRow => {
      const figures: Record<string, number | null> = {};
      for (const m of BREAKDOWN_METRICS)
        for (const k of s.ks) {
          const v = g.summary.figures[figureName(m, k)];
          figures[figureName(m, k)] =
            g.summary.scored === 0 || v === undefined || !Number.isFinite(v) ? null : v;
        }
      return {
        accuracy: g.key.accuracy!,
        knowledge: g.key.knowledge!,
        input: g.key.input!,
        utterances: g.summary.utterances,
        scored: g.summary.scored,
        cantRepresent: g.summary.cantRepresent,
        noGold: g.summary.noGold,
        figures,
      };
    });
    return { system, ks, signature: s.signature, groups, error: null };
  } catch (err) {
    return { ...empty, error: (err as Error).message };
  }
}
