import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { figureAt, figureName, normaliseKs, scoreNbest, type NbestUtterance } from './nbestScorer';

const INF = Number.POSITIVE_INFINITY;
const utt = (
  id: string,
  nbest: [unknown, number | null][],
  gold: unknown[],
  labels = {},
): NbestUtterance => ({
  id,
  nbest: nbest.map(([interp, score]) => ({ interp, score })),
  gold,
  labels,
});

describe('scoreNbest', () => {
  it('scores trees under their canonical form, with ties (the two-way tie example)', () => {
    const s = scoreNbest(
      [
        utt(
          'd1',
          [
            ['(NP (D the) (N mug))', 0.4],
            ['(NP (D the)  (N cup))', 0.4],
          ],
          ['(NP (D the) (N cup))'],
        ),
      ],
      { ks: [2, 1], interp: 'tree' },
    );
    expect(s.ks).toEqual([1, 2]);
    expect(s.status).toEqual(['scored']);
    expect(figureAt(s, 0, 'FRecall', 0)).toBe(0.5);
    expect(figureAt(s, 0, 'FRecall', 1)).toBe(1);
    expect(figureAt(s, 0, 'NotFound', 0)).toBe(1);
    expect(s.signature).toBe('nbest|interp:tree|ties:fc|ideal:min(C,K)|repeats:first|v:0.1.0');
  });

  it('excludes CantRepresent and no-gold utterances by rule, and leaves their rows NaN', () => {
    const s = scoreNbest([
      utt('a', [['x', 1]], ['x']),
      utt('b', [['x', 1]], ['x'], { cantRepresent: true }),
      utt('c', [['x', 1]], []),
    ]);
    expect(s.status).toEqual(['scored', 'cantRepresent', 'noGold']);
    expect(figureAt(s, 1, 'Recall', 0)).toBeNaN();
    expect(figureAt(s, 2, 'NDCG', 3)).toBeNaN();
    expect(Array.from(s.nGold)).toEqual([1, 1, 0]);
  });

  it('counts distinct gold interpretations', () => {
    const s = scoreNbest([utt('a', [['b', 1]], ['a', ' a ', 'b'])], { interp: 'text' });
    expect(s.nGold[0]).toBe(2);
    expect(figureAt(s, 0, 'Recall', 0)).toBe(0.5);
  });

  it('names bad input', () => {
    const bad =
      (u: NbestUtterance[], ks?: number[]): (() => unknown) =>
      () =>
        scoreNbest(u, { ks });
    expect(
      bad([
        utt(
          'u7',
          [
            ['a', 0.2],
            ['b', 0.4],
          ],
          ['a'],
        ),
      ]),
    ).toThrow('utterance "u7": scores must not increase down the list (rank 2 has 0.4 after 0.2 at rank 1)');
    expect(
      bad([
        utt(
          'u1',
          [
            ['a', 0.2],
            ['b', null],
          ],
          ['a'],
        ),
      ]),
    ).toThrow('1 of 2 have one');
    expect(bad([utt('u1', [['a', Number.NaN]], ['a'])])).toThrow('rank 1 has score NaN');
    expect(bad([utt('u1', [], ['a']), utt('u1', [], ['b'])])).toThrow('utterance "u1" appears twice');
    expect(bad([utt('u1', [['(S a', 1]], ['a'])])).toThrow('utterance "u1", rank 1: not a bracket tree');
    expect(bad([utt('u1', [], ['a'], { accuracy: 'perfect', accuracyCount: '>1' })])).toThrow(
      'accuracy class says perfect>1 but there is 1 distinct gold interpretation',
    );
    expect(bad([utt('u1', [], ['a'])], [0])).toThrow(MetricInputError);
    expect(bad([utt('u1', [], ['a'])], [2.5])).toThrow('got 2.5');
    expect(bad([utt('u1', [], ['a'])], [])).toThrow('at least one cut-off');
  });

  it('pairs text and ASR versions of one description by id and input kind', () => {
    const s = scoreNbest([utt('d1', [], ['a'], { input: 'text' }), utt('d1', [], ['a'], { input: 'asr' })]);
    expect(s.ids).toEqual(['d1', 'd1']);
  });

  it('normalises cut-offs and names figures', () => {
    expect(normaliseKs([10, 1, INF, 3, 1])).toEqual([1, 3, 10, INF]);
    expect(figureName('NDCG', INF)).toBe('NDCG@inf');
    expect(figureName('NotFound', 3)).toBe('NotFound@3');
  });
});
