import { describe, expect, it } from 'vitest';
import { TedInputError } from '../ted/costModel';
import { parseTreeOrThrow } from '../tree/bracket';
import {
  combineTna,
  countOps,
  scoreTreePair,
  tnaAccuracy,
  treeNodeAccuracy,
  treeNodeAccuracyLists,
} from './treeNodeAccuracy';

const t = (s: string) => parseTreeOrThrow(s);
const ref = t('(ROOT d_i drei sieben drei von hamburg)');
const hyp = t('(ROOT drei zwei sieben drei nach hamburg)');

describe('tree node accuracy', () => {
  it('Fig. 1/2 through the tree code: roots counted, and as a dummy root the sequence figures', () => {
    // Thomae et al. §3: C=4, S=1 (von→nach), I=1 (zwei), D=1 (d_i); with the root pair counted C=5.
    const counted = scoreTreePair('fig2', ref, hyp);
    expect(counted.distance).toBe(10);
    expect(counted.counts).toEqual({ C: 5, S: 1, I: 1, D: 1 });
    expect(counted.accuracy).toBeCloseTo(4 / 7, 12); // (5 − 1)/(5 + 1 + 1)
    const dummy = scoreTreePair('fig2', ref, hyp, { root: 'dummy' });
    expect(dummy.counts).toEqual({ C: 4, S: 1, I: 1, D: 1 });
    expect(dummy.accuracy).toBe(0.5); // (4 − 1)/(4 + 1 + 1): the word accuracy of the sequences
  });

  it('the §6 example arithmetic: 9 correct, 2 substituted, 3 deleted, 2 inserted give 50 %', () => {
    // Thomae et al. §6: Acc_n = (9 − 2)/(9 + 2 + 3) = 50 %.
    expect(tnaAccuracy({ C: 9, S: 2, I: 2, D: 3 })).toBe(0.5);
  });

  it('the dummy-root rule drops only operations made of roots', () => {
    const ops = [
      { i: 1, j: null, op: 'D' as const },
      { i: 2, j: 1, op: 'C' as const },
      { i: 3, j: null, op: 'D' as const }, // the reference root, deleted
      { i: null, j: 2, op: 'I' as const }, // the hypothesis root, inserted
    ];
    expect(countOps(ops, 3, 2, 'dummy')).toEqual({ C: 1, S: 0, I: 0, D: 1 });
    expect(countOps(ops, 3, 2, 'count')).toEqual({ C: 1, S: 0, I: 1, D: 2 });
  });

  it('corpus figures sum the counts (a ratio of sums, not a mean of ratios)', () => {
    const r = treeNodeAccuracyLists([ref, t('(a b)')], [hyp, t('(a c d)')]);
    // Item 2 (hand count): a→a C, b→c S (4) and d inserted (3): C=1, S=1, I=1, D=0, Acc = 0/2 = 0.
    expect(r.items[1]!.counts).toEqual({ C: 1, S: 1, I: 1, D: 0 });
    expect(r.items[1]!.accuracy).toBe(0);
    expect(r.corpus).toEqual({ C: 6, S: 2, I: 2, D: 1, N: 9, accuracy: 4 / 9 });
    expect(combineTna(r.items.map((i) => i.counts))).toEqual(r.corpus);
    expect(r.signature).toMatch(/^tna\|costs:3,3,4\|typed:no\|root:count\|case:exact\|v:/);
  });

  it('N = 0 gives an undefined (null) accuracy; the corpus still counts the insertions', () => {
    const only = scoreTreePair('x', t('(R)'), t('(R a)'), { root: 'dummy' });
    expect(only.counts).toEqual({ C: 0, S: 0, I: 1, D: 0 });
    expect(only.accuracy).toBeNull();
    expect(tnaAccuracy({ C: 0, S: 0, I: 0, D: 0 })).toBeNull();
    expect(combineTna([only.counts, { C: 2, S: 0, I: 0, D: 0 }]).accuracy).toBe(0.5); // (2 − 1)/2
  });

  it('bad input raises a typed error naming the values', () => {
    expect(() => treeNodeAccuracyLists([ref], [hyp, hyp])).toThrow(/1 reference and 2 hypothesis trees/);
    expect(() =>
      treeNodeAccuracy([
        { id: 'u1', ref, hyp },
        { id: 'u1', ref, hyp },
      ]),
    ).toThrow(TedInputError);
    expect(() => treeNodeAccuracyLists([ref], [hyp], { costs: { del: -3 } })).toThrow(/del must be/);
  });
});
