import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntitySpan } from '../model/annotation';
import { AlignmentBuilder } from './alignment';
import { maxWeightMatching } from './assignment';
import { candidatePairs, greedyMapping, optimalMapping } from './mapping';

/** Brute force: the best total weight over every subset of edges that is a matching. */
function bestMatchingWeight(nLeft: number, nRight: number, edges: number[][], weights: number[]): number {
  let best = 0;
  const go = (k: number, usedL: Set<number>, usedR: Set<number>, total: number): void => {
    if (k === edges.length) {
      best = Math.max(best, total);
      return;
    }
    go(k + 1, usedL, usedR, total);
    const [l, r] = edges[k]!;
    if (usedL.has(l!) || usedR.has(r!)) return;
    usedL.add(l!);
    usedR.add(r!);
    go(k + 1, usedL, usedR, total + weights[k]!);
    usedL.delete(l!);
    usedR.delete(r!);
  };
  go(0, new Set(), new Set(), 0);
  return best;
}

const identity = (n: number) => {
  const b = new AlignmentBuilder();
  for (let k = 0; k < n; k++) b.push(1, 1);
  const codes = Int32Array.from({ length: n }, (_, k) => k);
  return b.finish(codes, codes);
};
const span = (type: string, firstWord: number, lastWord: number): EntitySpan => ({
  type,
  firstWord,
  lastWord,
});

describe('maximum-weight matching', () => {
  const graph = fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })).chain(([nl, nr]) =>
    fc.tuple(
      fc.constant(nl),
      fc.constant(nr),
      fc.uniqueArray(fc.tuple(fc.nat(nl - 1), fc.nat(nr - 1)), {
        maxLength: 9,
        selector: ([l, r]) => `${l},${r}`,
      }),
      fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }),
    ),
  );

  it('equals brute force on random bipartite graphs, trees and not (property)', () => {
    fc.assert(
      fc.property(graph, ([nl, nr, edges, w]) => {
        const weights = edges.map((_, k) => w[k]!);
        const match = maxWeightMatching(nl, nr, Int32Array.from(edges.flat()), weights);
        const usedR = new Set<number>();
        let total = 0;
        match.forEach((r, l) => {
          if (r < 0) return;
          const k = edges.findIndex(([a, b]) => a === l && b === r);
          expect(k).toBeGreaterThanOrEqual(0); // only listed edges
          expect(usedR.has(r)).toBe(false);
          usedR.add(r);
          total += weights[k]!;
        });
        expect(total).toBe(bestMatchingWeight(nl, nr, edges, weights));
      }),
      { numRuns: 500 },
    );
  });
});

describe('mapping (Burger et al. §2.3)', () => {
  it('makes pairs of entities with aligned words in common, in text order', () => {
    // Reference A = words 0–1, B = 2–3; hypothesis X = 1–2 (touches both), Y = 3, Z = 5 (touches none).
    const ref = [span('P', 2, 3), span('P', 0, 1)];
    const hyp = [span('P', 3, 3), span('P', 1, 2), span('P', 5, 5)];
    expect(Array.from(candidatePairs(ref, hyp, identity(6)))).toEqual([1, 1, 0, 1, 0, 0]);
    // Greedy left to right: A takes X, B's first free candidate is Y.
    expect(Array.from(greedyMapping(2, 3, candidatePairs(ref, hyp, identity(6))))).toEqual([0, 1]);
  });

  it('links entities through a block, even when the words are not one to one', () => {
    const b = new AlignmentBuilder();
    b.push(2, 1); // NEW YORK / NEWARK
    b.push(1, 1);
    const a = b.finish(Int32Array.of(0, 1, 2), Int32Array.of(3, 2));
    expect(Array.from(candidatePairs([span('L', 1, 1)], [span('L', 0, 0)], a))).toEqual([0, 0]);
    expect(Array.from(candidatePairs([span('L', 2, 2)], [span('L', 0, 0)], a))).toEqual([]);
  });

  it('optimal mapping beats greedy where the first candidate is the worse one', () => {
    // Reference A:PER = word 0, B:LOC = words 1–2; hypothesis X:LOC = words 0–1. Greedy gives X to A
    // (type wrong, extent wrong, content right: 1 correct); optimal gives it to B (type and content: 2).
    const cands = candidatePairs([span('PER', 0, 0), span('LOC', 1, 2)], [span('LOC', 0, 1)], identity(3));
    expect(Array.from(greedyMapping(2, 1, cands))).toEqual([0, -1]);
    const correct = (r: number) => (r === 0 ? 1 : 2);
    expect(Array.from(optimalMapping(2, 1, cands, correct))).toEqual([-1, 0]);
    // With equal scores, more pairs win (a substitution instead of a deletion and an insertion).
    expect(Array.from(optimalMapping(2, 1, cands, () => 0))).not.toEqual([-1, -1]);
  });
});
