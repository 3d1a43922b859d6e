import type { UtteranceMetrics } from '../../../core/api/contract';

/** Ascending or descending. */
export type Order = 'asc' | 'desc';

/**
 * The utterances ordered by one metric in the chosen direction; utterances without the figure (null or
 * absent) come last, and ties keep the original order.
 */
export function rankUtterances(
  rows: readonly UtteranceMetrics[],
  metric: string,
  order: Order,
): UtteranceMetrics[] {
  const sign = order === 'asc' ? 1 : -1;
  return rows
    .map((r, k) => ({ r, k, v: r.metrics[metric] ?? null }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) return a.v === null ? (b.v === null ? a.k - b.k : 1) : -1;
      return a.v === b.v ? a.k - b.k : sign * (a.v - b.v);
    })
    .map((x) => x.r);
}
