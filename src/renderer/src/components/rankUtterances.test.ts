import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankUtterances } from './rankUtterances';

/** The slow, obvious order: defined values by insertion into a sorted list, then the undefined ones. */
function slowRank(rows: { utteranceId: string; metrics: Record<string, number | null> }[], asc: boolean) {
  const defined: typeof rows = [];
  for (const r of rows) {
    const v = r.metrics.m;
    if (v === null || v === undefined) continue;
    let at = defined.length;
    for (let i = 0; i < defined.length; i++) {
      const w = defined[i]!.metrics.m!;
      if (asc ? v < w : v > w) {
        at = i;
        break;
      }
    }
    defined.splice(at, 0, r);
  }
  return [...defined, ...rows.filter((r) => r.metrics.m === null || r.metrics.m === undefined)];
}

describe('rankUtterances', () => {
  it('orders by the metric, undefined figures last, ties in their original order', () => {
    const rows: { utteranceId: string; metrics: Record<string, number | null> }[] = [
      { utteranceId: 'a', metrics: { m: 0.5 } },
      { utteranceId: 'b', metrics: { m: null } },
      { utteranceId: 'c', metrics: { m: 0.2 } },
      { utteranceId: 'd', metrics: {} },
      { utteranceId: 'e', metrics: { m: 0.5 } },
    ];
    expect(rankUtterances(rows, 'm', 'asc').map((r) => r.utteranceId)).toEqual(['c', 'a', 'e', 'b', 'd']);
    expect(rankUtterances(rows, 'm', 'desc').map((r) => r.utteranceId)).toEqual(['a', 'e', 'c', 'b', 'd']);
  });

  it('agrees with a slow insertion sort on random rows', () => {
    const value = fc.option(
      fc.integer({ min: -3, max: 3 }).map((x) => x / 2),
      { nil: null },
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 30 }), fc.boolean(), (values, asc) => {
        const rows = values.map((v, k) => ({ utteranceId: `u${k}`, metrics: { m: v } }));
        expect(rankUtterances(rows, 'm', asc ? 'asc' : 'desc')).toEqual(slowRank(rows, asc));
      }),
    );
  });
});
