import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Concept } from '../model/annotation';
import { parseTreeOrThrow } from '../tree/bracket';
import { leaves } from '../tree/tree';
import { SIEVE_VERSION } from '../version';
import paper from './fixtures/paperExamples.json';
import {
  caSignature,
  conceptAccuracy,
  conceptText,
  conceptsFromTree,
  parseConceptList,
  scoreConceptItems,
  scoreConcepts,
} from './conceptAccuracy';
import { errorRate } from './wordAccuracy';

const list = (s: string): Concept[] => {
  const r = parseConceptList(s);
  expect(r.diagnostics).toEqual([]);
  return r.value;
};
const percent = (x: number | null): number | null => (x === null ? null : Number((100 * x).toFixed(1)));

describe('concept accuracy: the papers’ examples', () => {
  for (const ex of paper.conceptAccuracy) {
    it(ex.name, () => {
      for (const costs of ['equal', 'sclite'] as const) {
        const r = scoreConcepts(list(ex.ref), list(ex.hyp), { costs });
        const { C, S, D, I, N } = ex.expected;
        expect(r.stats).toEqual({ C, S, D, I, N });
        expect(percent(r.accuracy)).toBe(ex.expected.accuracyPercent);
      }
    });
  }

  for (const ex of paper.conceptsFromTrees) {
    it(ex.name, () => {
      const ref = parseTreeOrThrow(ex.ref);
      const hyp = parseTreeOrThrow(ex.hyp);
      // The rebuilt trees have the sizes and leaves the paper states (|T1| = 15, |T2| = 14, Fig. 1).
      expect(
        leaves(ref)
          .map((l) => l.label)
          .join(' '),
      ).toBe('d_i drei sieben drei von hamburg');
      expect(
        leaves(hyp)
          .map((l) => l.label)
          .join(' '),
      ).toBe('drei zwei sieben drei nach hamburg');
      expect(conceptsFromTree(ref).map(conceptText)).toEqual(ex.refConcepts);
      const r = scoreConcepts(conceptsFromTree(ref), conceptsFromTree(hyp));
      const { C, S, D, I, N } = ex.expected;
      expect(r.stats).toEqual({ C, S, D, I, N });
      expect(percent(r.accuracy)).toBe(ex.expected.accuracyPercent);
      // Thomae et al. eq. (23): Acc_c = (C − I)/(C + S + D) is the same number.
      expect((C - I) / (C + S + D)).toBe(r.accuracy);
    });
  }
});

describe('concept lists and concepts from trees', () => {
  it('reads attribute–value lists, splitting at the first colon', () => {
    expect(list(' [a:b, c:d:e]  ')).toEqual([
      { attribute: 'a', value: 'b' },
      { attribute: 'c', value: 'd:e' },
    ]);
    expect(list('')).toEqual([]);
    expect(list('[]')).toEqual([]);
  });

  it('reports bad items with their column', () => {
    const r = parseConceptList('a:b nocolon :x y:');
    expect(r.value).toEqual([{ attribute: 'a', value: 'b' }]);
    expect(r.diagnostics.map((d) => [d.code, d.column])).toEqual([
      ['concept.noColon', 5],
      ['concept.noAttribute', 13],
      ['concept.noValue', 17],
    ]);
    expect(parseConceptList(' [z:1').diagnostics[0]).toMatchObject({ code: 'concept.unclosed', column: 2 });
    expect(parseConceptList('a:b]').diagnostics[0]).toMatchObject({ code: 'concept.unopened', column: 4 });
  });

  it('takes the slot from the ancestors below the root; types are ignored', () => {
    const t = parseTreeOrThrow(
      '(root:S (word:hi) (concept:AOrigin (word:von) (class:APlace (word:hamburg))))',
      {
        typed: true,
      },
    );
    expect(conceptsFromTree(t).map(conceptText)).toEqual([':hi', 'AOrigin:von', 'AOrigin.APlace:hamburg']);
    expect(conceptsFromTree(parseTreeOrThrow('(S)'))).toEqual([]);
    // A deep chain does not overflow the stack.
    let text = 'leaf';
    for (let k = 0; k < 20000; k++) text = `(n ${text})`;
    const deep = conceptsFromTree(parseTreeOrThrow(`(S ${text})`));
    expect(deep).toHaveLength(1);
    expect(deep[0]!.attribute.split('.')).toHaveLength(20000);
  });

  it('counts a slot change as deletion plus insertion, a value change as substitution', () => {
    const r = scoreConcepts(list('goalcity:Bonn date:monday'), list('sourcecity:Bonn date:tuesday'));
    expect(r.alignment.map((p) => [p.op, p.ref && conceptText(p.ref), p.hyp && conceptText(p.hyp)])).toEqual([
      ['D', 'goalcity:Bonn', null],
      ['I', null, 'sourcecity:Bonn'],
      ['S', 'date:monday', 'date:tuesday'],
    ]);
    expect(r.accuracy).toBe(-0.5);
    expect(conceptAccuracy(list('a:X'), list('A:x'), { ignoreCase: true })).toBe(1);
    expect(conceptAccuracy([], list('a:b'))).toBeNull();
    expect(conceptAccuracy([], [])).toBe(1);
  });

  it('sums counts over items for the corpus figure and signs it', () => {
    const r = scoreConceptItems([
      { id: '1', ref: list('a:b c:d'), hyp: list('a:b c:e') },
      { id: '2', ref: list('x:y'), hyp: list('x:y z:w') },
    ]);
    expect(r.stats).toEqual({ C: 2, S: 1, D: 0, I: 1, N: 3 });
    expect(r.accuracy).toBeCloseTo(1 / 3, 12);
    expect(r.items.map((i) => i.accuracy)).toEqual([0.5, 0]);
    expect(r.signature).toBe(`ca|costs:sclite|case:exact|v:${SIEVE_VERSION}`);
    expect(caSignature({ costs: 'equal', ignoreCase: true })).toBe(
      `ca|costs:equal|case:fold|v:${SIEVE_VERSION}`,
    );
  });

  it('never substitutes across slots; CA = (C − I)/(C + S + D) (property)', () => {
    const concept = fc.record({ attribute: fc.constantFrom('a', 'b'), value: fc.constantFrom('x', 'y') });
    fc.assert(
      fc.property(fc.array(concept, { maxLength: 6 }), fc.array(concept, { maxLength: 6 }), (ref, hyp) => {
        const r = scoreConcepts(ref, hyp);
        for (const p of r.alignment) {
          if (p.op === 'S') expect(p.ref!.attribute).toBe(p.hyp!.attribute);
          if (p.op === 'C') expect(p.ref).toEqual(p.hyp);
        }
        const { C, S, D, I } = r.stats;
        if (C + S + D > 0) expect(r.accuracy).toBeCloseTo((C - I) / (C + S + D), 12);
        else expect(r.accuracy).toBe(errorRate(r.stats) === null ? null : 1);
      }),
      { numRuns: 300 },
    );
  });
});
