import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineStructIou,
  structIouCorpusStatistic,
  structIouItemValues,
  structIouSentenceStatistic,
} from './corpus';

describe('Struct-IoU corpus figures (§5.1.4)', () => {
  it('averages sentences and weights by node count (Definition 15)', () => {
    // Hand calculation: sentence scores 2·1/4 = 0.5 and 2·3/6 = 1; mean 0.75; corpus 2·4/10 = 0.8.
    const stats = [
      { matchedIou: 1, nodes: 4 },
      { matchedIou: 3, nodes: 6 },
    ];
    expect(combineStructIou(stats)).toEqual({ sentences: 2, sentenceLevel: 0.75, corpusLevel: 0.8 });
    const values = structIouItemValues(stats);
    expect(Array.from(values)).toEqual([2, 4, 6, 6]);
    expect(structIouCorpusStatistic.combine(values)).toBeCloseTo(0.8, 15);
    expect(structIouSentenceStatistic.combine(values)).toBeCloseTo(0.75, 15);
    // Multiplicities, as the bootstrap passes them: the first sentence twice, the second not at all.
    expect(structIouSentenceStatistic.combine(values, Float64Array.from([2, 0]))).toBeCloseTo(0.5, 15);
    expect(structIouCorpusStatistic.combine(values, Float64Array.from([2, 0]))).toBeCloseTo(0.5, 15);
  });

  it('is undefined (null, NaN for the statistics) for no sentences', () => {
    expect(combineStructIou([])).toEqual({ sentences: 0, sentenceLevel: null, corpusLevel: null });
    expect(structIouCorpusStatistic.combine(new Float64Array(0))).toBeNaN();
    expect(structIouSentenceStatistic.combine(new Float64Array(0))).toBeNaN();
  });

  it('rejects impossible statistics, naming the sentence', () => {
    expect(() => combineStructIou([{ matchedIou: 3, nodes: 4 }])).toThrow(
      'Struct-IoU sentence 1 has impossible statistics (matchedIou 3, nodes 4)',
    );
    expect(() => combineStructIou([{ matchedIou: 0, nodes: 1 }])).toThrow('sentence 1');
    expect(() => structIouItemValues([{ matchedIou: Number.NaN, nodes: 4 }])).toThrow('NaN');
  });

  it('equals the node-weighted mean of sentence scores', () => {
    const item = fc
      .tuple(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
      )
      .map(([a, b, share]) => ({ matchedIou: share * Math.min(a, b), nodes: a + b }));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (stats) => {
        const c = combineStructIou(stats);
        const weighted =
          stats.reduce((s, x) => s + x.nodes * ((2 * x.matchedIou) / x.nodes), 0) /
          stats.reduce((s, x) => s + x.nodes, 0);
        expect(c.corpusLevel).toBeCloseTo(weighted, 12);
        expect(structIouCorpusStatistic.combine(structIouItemValues(stats))).toBeCloseTo(weighted, 12);
      }),
    );
  });
});
