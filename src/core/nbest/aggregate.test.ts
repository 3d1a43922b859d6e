import { describe, expect, it } from 'vitest';
import { figureValues, groupScores, summarise } from './aggregate';
import { breakdownTable, figureLines } from './breakdown';
import { scoreNbest, type NbestUtterance } from './nbestScorer';

const utt = (id: string, nbest: [string, number][], gold: string[], labels = {}): NbestUtterance => ({
  id,
  nbest: nbest.map(([interp, score]) => ({ interp, score })),
  gold,
  labels,
});

// A small Generative trial; every figure below is a hand calculation from these six lines.
const corpus = [
  utt(
    'd1',
    [
      ['a', 0.9],
      ['b', 0.5],
    ],
    ['a'],
    { input: 'text', accuracy: 'perfect', knowledge: 'known' },
  ),
  utt(
    'd1',
    [
      ['b', 0.9],
      ['a', 0.5],
    ],
    ['a'],
    { input: 'asr', accuracy: 'perfect', knowledge: 'known' },
  ),
  utt(
    'd2',
    [
      ['a', 0.5],
      ['b', 0.5],
    ],
    ['a', 'b'],
    { input: 'text', accuracy: 'perfect', knowledge: 'known' },
  ),
  utt('d3', [['c', 1]], ['a'], { input: 'text', accuracy: 'imperfect', knowledge: 'unknown-oov' }),
  utt('d4', [], ['a'], { input: 'text', accuracy: 'perfect', knowledge: 'known', cantRepresent: true }),
  utt('d5', [['a', 1]], []),
];
const scores = scoreNbest(corpus, { ks: [1, 3, Number.POSITIVE_INFINITY] });

describe('N-best aggregates', () => {
  it('counts NotFound and averages the rest over scored utterances only (§6.2)', () => {
    const s = summarise(scores);
    expect(s).toMatchObject({ utterances: 6, cantRepresent: 1, noGold: 1, scored: 4 });
    // NotFound@1: d1/asr (a at rank 2) and d3 (never found).
    expect(s.figures['NotFound@1']).toBe(2);
    expect(s.figures['NotFound@3']).toBe(1);
    // FRecall@1: d1/text 1, d1/asr 0, d2 (both tied, both gold: fc = 1, 1/|C| = 1/2) 0.5, d3 0.
    expect(s.figures['FRecall@1']).toBeCloseTo(1.5 / 4, 15);
    // NDCG@1: 1, 0, 1 (ideal of min(2, 1) = 1 entry), 0.
    expect(s.figures['NDCG@1']).toBeCloseTo(2 / 4, 15);
    // Precision@inf: 1/2, 1/2, 2/2, 0/1.
    expect(s.figures['Precision@inf']).toBeCloseTo(2 / 4, 15);
    expect(s.combine['NotFound@1']).toBe('sum');
    expect(s.combine['NDCG@inf']).toBe('mean');
    expect(Array.from(figureValues(scores, 'FRecall', 0))).toEqual([1, 0, 0.5, 0]);
  });

  it('groups by labels in Table 3 order, with the gold count in the accuracy class', () => {
    const groups = groupScores(scores, ['accuracy', 'knowledge', 'input']);
    expect(groups.map((g) => [g.key.accuracy, g.key.knowledge, g.key.input, g.summary.scored])).toEqual([
      ['perfect=1', 'known', 'text', 1],
      ['perfect=1', 'known', 'asr', 1],
      ['perfect>1', 'known', 'text', 1],
      ['imperfect=1', 'unknown-oov', 'text', 1],
      ['unlabelled', 'unlabelled', 'unlabelled', 0],
    ]);
    // d4 (CantRepresent) is counted in its cell but not scored.
    expect(groups[0]!.summary).toMatchObject({ utterances: 2, cantRepresent: 1 });
  });

  it('prints the Table 3 shaped breakdown', () => {
    expect(
      breakdownTable(scores, ['accuracy', 'knowledge', 'input'], ['NotFound', 'FRecall', 'NDCG']),
    ).toEqual([
      '                               known           known           unknown-oov',
      '                               text            asr             text',
      'perfect=1    n                 1               1               0',
      '             NotFound@1,3,inf  0,0,0           1,0,0           -',
      '             FRecall@1,3,inf   1.00,1.00,1.00  0.00,1.00,1.00  -',
      '             NDCG@1,3,inf      1.00,1.00,1.00  0.00,1.00,1.00  -',
      'perfect>1    n                 1               0               0',
      '             NotFound@1,3,inf  0,0,0           -               -',
      '             FRecall@1,3,inf   0.50,1.00,1.00  -               -',
      '             NDCG@1,3,inf      1.00,1.00,1.00  -               -',
      'imperfect=1  n                 0               0               1',
      '             NotFound@1,3,inf  -               -               1,1,1',
      '             FRecall@1,3,inf   -               -               0.00,0.00,0.00',
      '             NDCG@1,3,inf      -               -               0.00,0.00,0.00',
    ]);
    expect(breakdownTable(scores, [], ['NotFound'])).toEqual([
      '                       all',
      'all  n                 4',
      '     NotFound@1,3,inf  2,1,1',
    ]);
  });

  it('adds bootstrap intervals on request', () => {
    const s = summarise(scores, undefined, { resamples: 200, seed: 1 });
    const [lo, hi] = s.intervals!['FRecall@1']!;
    expect(lo).toBeLessThanOrEqual(s.figures['FRecall@1']!);
    expect(hi).toBeGreaterThanOrEqual(s.figures['FRecall@1']!);
    expect(s.intervalSignature).toBe('boot|n:200|seed:1|ci:0.95|q:type7|v:0.1.0');
    expect(figureLines(s)[0]).toMatch(/^NotFound@1 +2 +\[\d+, \d+\]$/);
  });
});
