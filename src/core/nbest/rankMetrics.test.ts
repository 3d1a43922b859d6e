import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixtures from './fixtures/rankMetrics.json';
import { idealDcg, markCorrect, NBEST_METRICS, rankMetrics, rowWidth } from './rankMetrics';

const INF = Number.POSITIVE_INFINITY;

function run(
  correct: number[],
  scores: number[] | null,
  nGold: number,
  ks: number[],
): Record<string, number[]> {
  const out = new Float64Array(rowWidth(ks.length));
  rankMetrics(
    { correct: Uint8Array.from(correct), scores: scores && Float64Array.from(scores), nGold },
    ks,
    out,
    0,
  );
  const res: Record<string, number[]> = {};
  NBEST_METRICS.forEach((m, i) => (res[m] = Array.from(out.subarray(i * ks.length, (i + 1) * ks.length))));
  return res;
}

// Slow oracle: fc (Equation 2) is the expected correctness of a rank when the order inside each run of
// equal scores is arbitrary. So averaging plain 0/1 Recall@K and DCG@K over every internal order of every
// run must give FRecall@K and DCG@K. (Correctness is fixed before shuffling: a repeated interpretation
// is credited once, at its first rank in the list as given, and its later copies are wrong entries.)
function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}
function orders(flags: number[], scores: number[]): number[][] {
  let acc: number[][] = [[]];
  let l = 0;
  while (l < flags.length) {
    let h = l;
    while (h + 1 < flags.length && scores[h + 1] === scores[l]) h++;
    const perms = permutations(flags.slice(l, h + 1));
    acc = acc.flatMap((prefix) => perms.map((p) => [...prefix, ...p]));
    l = h + 1;
  }
  return acc;
}
function plain(flags: number[], nGold: number, K: number): { recall: number; dcg: number } {
  let found = 0;
  let dcg = 0;
  flags.slice(0, K).forEach((rel, j) => {
    found += rel;
    dcg += rel / (j === 0 ? 1 : Math.log2(j + 1));
  });
  return { recall: found / nGold, dcg };
}

describe('per-utterance N-best figures', () => {
  for (const c of fixtures.cases) {
    it(`matches the hand calculation: ${c.name}`, () => {
      const ks = c.ks.map((k) => (k === 'inf' ? INF : Number(k)));
      const got = run(c.correct, c.scores, c.nGold, ks);
      for (const m of NBEST_METRICS) {
        const want = (c.expected as Record<string, number[]>)[m]!;
        got[m]!.forEach((v, i) => expect(v, `${m}@${ks[i]}`).toBeCloseTo(want[i]!, 12));
      }
    });
  }

  it('ideal DCG follows Equation 3', () => {
    expect(idealDcg(0)).toBe(0);
    expect(idealDcg(1)).toBe(1);
    expect(idealDcg(2)).toBe(2);
    expect(idealDcg(4)).toBeCloseTo(2 + 1 / Math.log2(3) + 1 / 2, 14);
    expect(idealDcg(5000)).toBeGreaterThan(idealDcg(4999));
  });

  it('credits a repeated interpretation only at its first rank', () => {
    expect(Array.from(markCorrect(['a', 'b', 'a', 'c', 'b'], new Set(['a', 'b'])))).toEqual([1, 1, 0, 0, 0]);
    // Hand calculation: [a, a] tied, gold {a, c}: correct = [1, 0], fc = 1/2 each, FRecall@1 = (1/2)/2.
    const r = run(Array.from(markCorrect(['a', 'a'], new Set(['a', 'c']))), [1, 1], 2, [1, INF]);
    expect(r['FRecall']).toEqual([0.25, 0.5]);
    expect(r['Recall']).toEqual([0.5, 0.5]);
  });

  it('FRecall@K and DCG@K are the averages of Recall@K and DCG@K over all tie orders (brute force)', () => {
    const entry = fc.tuple(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.integer({ min: 0, max: 3 }));
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 7 }),
        fc.subarray(['a', 'b', 'c', 'x'], { minLength: 1 }),
        fc.integer({ min: 1, max: 8 }),
        (entries, goldList, K) => {
          const sorted = [...entries].sort((p, q) => q[1] - p[1]);
          const forms = sorted.map((e) => e[0]);
          const scores = sorted.map((e) => e[1]);
          const gold = new Set(goldList);
          const ks = [K, INF];
          const flags = Array.from(markCorrect(forms, gold));
          const got = run(flags, scores, gold.size, ks);
          const all = orders(flags, scores);
          for (const [i, k] of ks.entries()) {
            const avg = (f: (o: number[]) => number): number =>
              all.reduce((s, o) => s + f(o), 0) / all.length;
            expect(got['FRecall']![i]).toBeCloseTo(
              avg((o) => plain(o, gold.size, k).recall),
              12,
            );
            expect(got['DCG']![i]).toBeCloseTo(
              avg((o) => plain(o, gold.size, k).dcg),
              12,
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps its invariants on random lists', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 4 })), { maxLength: 30 }),
        fc.integer({ min: 1, max: 6 }),
        (entries, extraGold) => {
          const sorted = [...entries].sort((p, q) => q[1] - p[1]);
          const correct = sorted.map((e) => (e[0] ? 1 : 0));
          const nGold = correct.reduce((s: number, c) => s + c, 0) + extraGold - 1 || 1;
          const ks = [1, 2, 3, 5, 10, 20, INF];
          const r = run(
            correct,
            sorted.map((e) => e[1]),
            Math.max(nGold, correct.filter(Boolean).length),
            ks,
          );
          for (let i = 0; i < ks.length; i++) {
            expect(r['NotFound']![i]).toBe(r['Recall']![i] === 0 ? 1 : 0);
            expect(r['NDCG']![i]).toBeGreaterThanOrEqual(0);
            expect(r['NDCG']![i]).toBeLessThanOrEqual(1 + 1e-12);
            expect(r['FRecall']![i]).toBeLessThanOrEqual(1 + 1e-12);
            if (i > 0) {
              for (const m of ['Recall', 'FRecall', 'DCG'])
                expect(r[m]![i]).toBeGreaterThanOrEqual(r[m]![i - 1]! - 1e-12);
              expect(r['NotFound']![i]).toBeLessThanOrEqual(r['NotFound']![i - 1]!);
            }
          }
          expect(r['FRecall']![ks.length - 1]).toBeCloseTo(r['Recall']![ks.length - 1]!, 12);
        },
      ),
      { numRuns: 300 },
    );
  });
});
