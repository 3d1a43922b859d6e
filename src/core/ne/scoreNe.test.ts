import { dictionary } from 'cmu-pronouncing-dictionary';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EntitySpan } from '../model/annotation';
import { SIEVE_VERSION } from '../version';
import type { NeDocument } from './document';
import { phoneticAligner } from './phoneticAligner';
import { parseNeSgml } from './readers/sgml';
import { neSignature, scoreNe, scoreNeDocument } from './scoreNe';
import { textAligner } from './textAligner';
import { timeAligner } from './timeAligner';

const cmu = phoneticAligner({ lookup: (w) => dictionary[w.toLowerCase()]?.split(' '), lexicon: 'cmudict' });
const sgml = (line: string): NeDocument => parseNeSgml(line).value[0]!;

// Burger et al. Example 1.
const EX1_REF = sgml(
  "AT THE <L> NEW YORK </L> DESK I'M <P> PHILIP BOROFF </P> <L> MISSISSIPPI </L> REPUBLICAN",
);
const EX1_HYP = sgml('AT THE <L> NEWARK </L> BASK ON FILM FORUM MISSES THE REPUBLICAN');

describe('scoring Example 1 (Burger et al. §1–2.2)', () => {
  it('with the phonetic aligner NEW YORK maps to NEWARK with the right type and extent, wrong content', () => {
    const r = scoreNe([{ ref: EX1_REF, hyp: EX1_HYP }], { aligner: cmu, tolerance: 0 });
    const doc = r.documents[0]!;
    expect(doc.entries).toEqual([
      { ref: 0, hyp: 0, judgement: { type: true, extent: true, content: false } },
      { ref: 1, hyp: -1, judgement: null },
      { ref: 2, hyp: -1, judgement: null },
    ]);
    // Hand calculation: 3 reference entities (9 slots), 1 hypothesis entity (3 slots), 2 slots right:
    // R = 2/9, P = 2/3, F = 2·2/12 = 1/3; SER = (1 substitution + 6 deletions) / 9.
    expect(r.score.overall.recall).toBeCloseTo(2 / 9, 12);
    expect(r.score.overall.precision).toBeCloseTo(2 / 3, 12);
    expect(r.score.overall.f).toBeCloseTo(1 / 3, 12);
    expect(r.score.overall.ser).toBeCloseTo(7 / 9, 12);
  });

  it("with sclite's one-to-one alignment the extent of NEWARK is wrong unless the tolerance forgives it", () => {
    // sclite pairs NEW/NEWARK and YORK/BASK (Example 2 top; textAligner.test.ts has sclite's output): the
    // reference entity ends one word after the hypothesis one, at a substitution.
    const strict = scoreNeDocument(EX1_REF, EX1_HYP, { aligner: textAligner, tolerance: 0 });
    const tolerant = scoreNeDocument(EX1_REF, EX1_HYP, { aligner: textAligner, tolerance: 1 });
    expect(strict.entries[0]!.judgement).toEqual({ type: true, extent: false, content: false });
    expect(tolerant.entries[0]!.judgement).toEqual({ type: true, extent: true, content: false });
  });
});

// Random documents over one text: the words, and non-overlapping typed spans.
const TYPES = ['PER', 'LOC', 'ORG'];
const spans = (n: number): fc.Arbitrary<EntitySpan[]> =>
  fc
    .array(fc.tuple(fc.nat(n), fc.nat(2), fc.constantFrom(...TYPES), fc.boolean()), { maxLength: n })
    .map((cuts) => {
      const out: EntitySpan[] = [];
      let at = 0;
      for (const [skip, len, type, keep] of cuts) {
        const first = at + (skip % 3);
        const last = first + len;
        if (last >= n) break;
        if (keep) out.push({ type, firstWord: first, lastWord: last });
        at = last + 1;
      }
      return out;
    });
const corpus = fc.array(
  fc.integer({ min: 0, max: 14 }).chain((n) =>
    fc.record({
      words: fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { minLength: n, maxLength: n }),
      ref: spans(n),
      hyp: spans(n),
    }),
  ),
  { maxLength: 6 },
);

/**
 * The CoNLL/MUC exact-match oracle: F1 over sets of (document, type, first, last), undefined (NaN) when
 * either side has no entity (P or R undefined; conlleval would print 0).
 */
function exactMatchF1(docs: { ref: EntitySpan[]; hyp: EntitySpan[] }[]): number {
  const key = (d: number, e: EntitySpan) => `${d}|${e.type}|${e.firstWord}|${e.lastWord}`;
  const ref = new Set(docs.flatMap((d, k) => d.ref.map((e) => key(k, e))));
  const hyp = new Set(docs.flatMap((d, k) => d.hyp.map((e) => key(k, e))));
  const tp = [...hyp].filter((x) => ref.has(x)).length;
  return ref.size === 0 || hyp.size === 0 ? Number.NaN : (2 * tp) / (ref.size + hyp.size);
}

describe('MUC mode (Burger et al. §3, fn. 8)', () => {
  it('on identical texts gives exactly the exact-match entity F1, with every aligner and mapping (property)', () => {
    fc.assert(
      fc.property(corpus, fc.constantFrom('greedy' as const, 'optimal' as const), (docs, mapping) => {
        const pairs = docs.map((d) => {
          const words = d.words.map((text, k) => ({ text, startSec: k, endSec: k + 1 }));
          return { ref: { words, entities: d.ref }, hyp: { words, entities: d.hyp } };
        });
        const expected = exactMatchF1(docs);
        for (const aligner of [textAligner, timeAligner, cmu]) {
          const r = scoreNe(pairs, { aligner, mode: 'muc', mapping });
          if (Number.isNaN(expected)) expect(r.score.entity.f).toBeNaN();
          else expect(r.score.entity.f).toBeCloseTo(expected, 12);
          // Identical texts have no content errors.
          expect(r.stats.correct.content).toBe(r.stats.mapped);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('with punctuation kept, gives the exact-match F1 over every token, punctuation included (property)', () => {
    const punctuated = corpus.map((docs) =>
      docs.map((d) => ({ ...d, words: d.words.map((w, k) => (k % 2 === 1 ? ',' : w)) })),
    );
    fc.assert(
      fc.property(punctuated, (docs) => {
        const pairs = docs.map((d) => {
          const words = d.words.map((text) => ({ text, startSec: null, endSec: null }));
          return { ref: { words, entities: d.ref }, hyp: { words, entities: d.hyp } };
        });
        const expected = exactMatchF1(docs);
        const r = scoreNe(pairs, { aligner: textAligner, mode: 'muc', punctuation: 'keep' });
        if (Number.isNaN(expected)) expect(r.score.entity.f).toBeNaN();
        else expect(r.score.entity.f).toBeCloseTo(expected, 12);
      }),
      { numRuns: 300 },
    );
  });

  it('drops punctuation by default, so extents differing by a punctuation token agree; keep tells them apart', () => {
    const ref = sgml('IN <L> ST. LOUIS </L> , MISSOURI');
    const hyp = sgml('IN <L> ST. LOUIS , </L> MISSOURI');
    const dropped = scoreNeDocument(ref, hyp, { aligner: textAligner, mode: 'muc' });
    const kept = scoreNeDocument(ref, hyp, { aligner: textAligner, mode: 'muc', punctuation: 'keep' });
    expect(dropped.entries[0]!.judgement).toEqual({ type: true, extent: true, content: true });
    expect(kept.entries[0]!.judgement).toEqual({ type: true, extent: false, content: true });
    expect(kept.ref.words.map((w) => w.text)).toEqual(['IN', 'ST.', 'LOUIS', ',', 'MISSOURI']);
    expect(dropped.ref.words.map((w) => w.text)).toEqual(['IN', 'ST', 'LOUIS', 'MISSOURI']);
  });

  it('reports type and text as its components and refuses a tolerance', () => {
    const r = scoreNe([{ ref: EX1_REF, hyp: EX1_HYP }], { aligner: cmu, mode: 'muc' });
    expect(Object.keys(r.score.components)).toEqual(['type', 'text']);
    expect(r.signature).toBe(
      `ne|mode:muc|align:phonetic+cmudict|anchor:3|map:greedy|tol:0|case:fold|punct:drop|v:${SIEVE_VERSION}`,
    );
    expect(() => scoreNe([], { aligner: cmu, mode: 'muc', tolerance: 1 })).toThrow(
      /tolerance 0, got tolerance 1/,
    );
  });
});

describe('scoring settings and input checks', () => {
  it('signs every setting', () => {
    expect(neSignature({ aligner: textAligner })).toBe(
      `ne|mode:full|align:text|anchor:3|map:greedy|tol:1|case:fold|punct:drop|v:${SIEVE_VERSION}`,
    );
    expect(
      neSignature({
        aligner: timeAligner,
        mapping: 'optimal',
        tolerance: 2,
        caseFold: false,
        punctuation: 'keep',
      }),
    ).toBe(`ne|mode:full|align:time|anchor:no|map:optimal|tol:2|case:keep|punct:keep|v:${SIEVE_VERSION}`);
  });

  it('raises a typed error naming bad settings and entities outside their words', () => {
    expect(() => scoreNe([], { aligner: textAligner, tolerance: -1 })).toThrow(
      /tolerance must be a whole number ≥ 0, got -1/,
    );
    expect(() => scoreNe([], { aligner: textAligner, anchorRun: 2 })).toThrow(/anchor run/);
    // A value from outside the types (a settings file, JavaScript callers) is refused at run time.
    const settings: Parameters<typeof scoreNe>[1] = { aligner: textAligner };
    Object.assign(settings, { punctuation: 'strip' });
    expect(() => scoreNe([], settings)).toThrow(/punctuation must be drop or keep, got strip/);
    const bad = {
      words: [{ text: 'A', startSec: null, endSec: null }],
      entities: [{ type: 'P', firstWord: 0, lastWord: 1 }],
    };
    expect(() =>
      scoreNe(
        [
          { ref: EX1_REF, hyp: EX1_HYP },
          { ref: EX1_REF, hyp: bad },
        ],
        { aligner: textAligner },
      ),
    ).toThrow(/document 2 hypothesis: entity 0 \(P 0\.\.1\) is not inside its 1 words/);
  });

  it('optimal mapping never scores below greedy (property)', () => {
    fc.assert(
      fc.property(corpus, (docs) => {
        const pairs = docs.map((d) => {
          const words = d.words.map((text) => ({ text, startSec: null, endSec: null }));
          // A noisy hypothesis: every third word replaced.
          const hypWords = words.map((w, k) => (k % 3 === 2 ? { ...w, text: 'X' } : w));
          return { ref: { words, entities: d.ref }, hyp: { words: hypWords, entities: d.hyp } };
        });
        const greedy = scoreNe(pairs, { aligner: textAligner });
        const optimal = scoreNe(pairs, { aligner: textAligner, mapping: 'optimal' });
        expect(optimal.score.overall.correct).toBeGreaterThanOrEqual(greedy.score.overall.correct);
      }),
      { numRuns: 200 },
    );
  });

  it('lists unmapped hypothesis entities in text order among the others', () => {
    const r = scoreNeDocument(sgml('<P> A </P> B <L> C </L>'), sgml('<O> X </O> <P> A </P> B C'), {
      aligner: textAligner,
    });
    expect(r.entries.map((e) => [e.ref, e.hyp])).toEqual([
      [-1, 0],
      [0, 1],
      [1, -1],
    ]);
  });
});
