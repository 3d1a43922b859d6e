import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GoldRecords, type GoldWord, emptyGold } from '../gold/records';
import { MetricInputError } from '../errors';
import { bootstrapInterval } from '../stats/bootstrap';
import { additiveStatistic } from '../stats/statistic';
import { type AnnotatedUtterance, agreementTable, corpusAgreement, spansUnitizingAlpha } from './corpus';
import { cohenKappa, fleissKappa } from './kappa';
import { krippendorffAlphaNominal } from './alpha';
import { layerAgreement } from './layers';
import { agreementSignature } from './signature';
import { unitizingAlpha } from './unitizing';

const w = (text: string, startSec: number, endSec: number): GoldWord => ({ text, startSec, endSec });
const gold = (words: GoldWord[], more: Partial<GoldRecords> = {}): GoldRecords => ({
  ...emptyGold(),
  words,
  ...more,
});

// Two utterances, figures by hand.
// 1: a "I want to go", b "I want two go now": errors 2, symmetric denominator 4.5; times 0.015, 0, 0.
// 2: a "fly to bonn" (LOC bonn), b "fly to bonn" (ORG bonn), times shifted by 30 ms: errors 0, den 3;
//    all 6 times differ by 0.03. Entities: 1 pair, type wrong, extent and content right.
const u1a = gold([w('I', 0, 0.1), w('want', 0.12, 0.4), w('to', 0.4, 0.55), w('go', 0.6, 0.9)]);
const u1b = gold([
  w('I', 0.015, 0.1),
  w('want', 0.12, 0.43),
  w('two', 0.43, 0.55),
  w('go', 0.62, 0.9),
  w('now', 0.95, 1.2),
]);
const fly = (shift: number, type: string): GoldRecords =>
  gold(
    [w('fly', 5 + shift, 5.2 + shift), w('to', 5.2 + shift, 5.4 + shift), w('bonn', 5.4 + shift, 6 + shift)],
    {
      entities: [{ type, firstWord: 2, lastWord: 2 }],
      labels: { inputKind: 'asr' },
    },
  );
const u2a = fly(0, 'LOC');
const u2b = fly(0.03, 'ORG');

describe('corpusAgreement: worked example', () => {
  const c = corpusAgreement([layerAgreement(u1a, u1b), layerAgreement(u2a, u2b)]);

  it('pools word errors as a ratio of sums and boundary times over every time', () => {
    expect(c.utterances).toBe(2);
    expect(c.words.wer.value).toBeCloseTo(2 / 7.5, 12);
    expect(c.words.wer.n).toBe(2);
    const b = c.words.boundaries;
    expect(b.meanSec.n).toBe(9);
    expect(b.meanSec.value).toBeCloseTo((0.015 + 6 * 0.03) / 9, 12);
    expect(b.medianSec.value).toBeCloseTo(0.03, 12);
    expect(b.medianSec.lo).toBeUndefined();
    expect(b.within.map((x) => x.share.value)).toEqual([2 / 9, 3 / 9, 1]);
  });

  it('pools entities from summed counts and labels over every matched word', () => {
    expect(c.entities.type.value).toBe(0);
    expect(c.entities.extent.value).toBe(1);
    expect(c.entities.f1.value).toBeCloseTo(4 / 6, 12);
    // Word labels: O O O (utterance 1 has no entity) and O O B-LOC/B-ORG: 6 of 7 agree.
    expect(c.entities.wordKappa).toEqual(
      cohenKappa([
        ['O', 'O'],
        ['O', 'O'],
        ['O', 'O'],
        ['O', 'O'],
        ['O', 'O'],
        ['B-LOC', 'B-ORG'],
      ]),
    );
  });

  it('lays the utterances end to end in milliseconds for α_U', () => {
    // Utterance 1 spans 0–1.2 s (1200 ms); utterance 2 spans 5–6.03 s (1030 ms) and starts at 1200.
    const direct = unitizingAlpha({
      begin: 0,
      length: 2230,
      coders: 2,
      units: [
        { coder: 0, category: 'LOC', begin: 1600, length: 600 },
        { coder: 1, category: 'ORG', begin: 1630, length: 600 },
      ],
    });
    expect(c.entities.unitizingAlpha).toEqual(direct);
    const same = spansUnitizingAlpha([layerAgreement(u2a, u2a).entities]);
    expect(same.value).toBe(1);
  });

  it('reads κ and α of the labels over utterances, leaving unset values out of κ', () => {
    expect(c.categorical.inputKind.kappa).toEqual(cohenKappa([['asr', 'asr']]));
    expect(c.categorical.inputKind.alpha).toEqual(
      krippendorffAlphaNominal([
        [null, null],
        ['asr', 'asr'],
      ]),
    );
    expect(c.categorical.accuracyClass.kappa.value).toBeUndefined();
  });

  it('gives intervals that hold the figure, from the seed of the options', () => {
    const f = c.words.boundaries.meanSec;
    expect(f.lo).toBeLessThanOrEqual(f.value!);
    expect(f.hi).toBeGreaterThanOrEqual(f.value!);
    const again = corpusAgreement([layerAgreement(u1a, u1b), layerAgreement(u2a, u2b)]);
    expect(again).toEqual(c);
    expect(c.signature).toBe(agreementSignature());
  });

  it('gives each figure the interval of its own bootstrap, though figures are resampled together', () => {
    const ratio = additiveStatistic('ratio', 2, (s) => (s[1] === 0 ? Number.NaN : s[0]! / s[1]!));
    const us = [layerAgreement(u1a, u1b), layerAgreement(u2a, u2b), layerAgreement(u2a, u1b)];
    const pooled = corpusAgreement(us, { bootstrap: { resamples: 300, seed: 7 } });
    const alone = (items: number[]) =>
      bootstrapInterval(ratio, Float64Array.from(items), { resamples: 300, seed: 7 });
    const wer = alone(
      us.flatMap((u) => [u.words.stats.S + u.words.stats.D + u.words.stats.I, (u.words.a + u.words.b) / 2]),
    );
    expect([pooled.words.wer.lo, pooled.words.wer.hi]).toEqual([wer.lo, wer.hi]);
    const mean = alone(
      us.flatMap((u) => [
        u.words.boundaryDeltasSec.reduce((x, d) => x + d, 0),
        u.words.boundaryDeltasSec.length,
      ]),
    );
    expect([pooled.words.boundaries.meanSec.lo, pooled.words.boundaries.meanSec.hi]).toEqual([
      mean.lo,
      mean.hi,
    ]);
  });
});

describe('corpusAgreement: undefined figures', () => {
  it('an empty corpus has no figure, no interval and counts of 0', () => {
    const c = corpusAgreement([]);
    for (const f of [
      c.words.wer,
      c.words.boundaries.meanSec,
      c.words.boundaries.medianSec,
      c.entities.f1,
      c.entities.entity,
      c.concepts.accuracy,
    ]) {
      expect(f).toEqual({ value: undefined, n: 0 });
    }
    expect(c.entities.wordKappa.value).toBeUndefined();
    expect(c.entities.unitizingAlpha.value).toBeUndefined();
    expect(c.categorical.status.alpha.value).toBeUndefined();
    expect(c.trees).toEqual([]);
  });

  it('trees whose words differ give Struct-IoU but no ParsEval or node accuracy, with the reason counted', () => {
    const t = (text: string): GoldRecords =>
      gold([w('the', 0, 1), w(text, 1, 2)], {
        trees: [{ name: 's', typed: false, bracket: `(S (D the) (N ${text}))` }],
      });
    const c = corpusAgreement([layerAgreement(t('cat'), t('dog')), layerAgreement(t('cat'), t('dog'))]);
    const [tree] = c.trees;
    expect(tree!.utterances).toBe(2);
    expect(tree!.structIou.n).toBe(2);
    expect(tree!.structIou.value).toBeGreaterThan(0);
    expect(tree!.parsevalF1).toEqual({ value: undefined, n: 0 });
    expect(tree!.tna).toEqual({ value: undefined, n: 0 });
    expect(tree!.reasons).toEqual({
      "ParsEval is undefined: the annotators' words differ at word 2 ('cat' in a, 'dog' in b)": 2,
      "tree node accuracy is undefined: the annotators' words differ at word 2 ('cat' in a, 'dog' in b)": 2,
    });
  });
});

describe('agreementTable', () => {
  const layer = (annotator: string, g: GoldRecords, status: 'done' | 'todo' = 'done') => ({
    annotator,
    gold: g,
    status,
  });
  const utterances: AnnotatedUtterance[] = [
    { id: 'u1', layers: [layer('ann', u1a), layer('bob', u1b), layer('cy', u1a, 'todo')] },
    { id: 'u2', layers: [layer('bob', u2b), layer('ann', u2a)] },
  ];

  it('has a row per pair over the utterances both annotated', () => {
    const t = agreementTable(utterances);
    expect(t.annotators).toEqual(['ann', 'bob', 'cy']);
    expect(t.pairs.map((p) => [p.a, p.b, p.utteranceIds])).toEqual([
      ['ann', 'bob', ['u1', 'u2']],
      ['ann', 'cy', ['u1']],
      ['bob', 'cy', ['u1']],
    ]);
    expect(t.pairs[0]!.corpus).toEqual(
      corpusAgreement([
        layerAgreement(u1a, u1b, {}, { a: 'done', b: 'done' }),
        layerAgreement(u2a, u2b, {}, { a: 'done', b: 'done' }),
      ]),
    );
    expect(t.pairs[1]!.corpus.words.wer.value).toBe(0);
  });

  it('computes Fleiss κ over utterances every annotator rated and α over all', () => {
    const t = agreementTable(utterances);
    expect(t.all.status.fleiss).toEqual(fleissKappa([['done', 'done', 'todo']]));
    expect(t.all.status.alpha).toEqual(
      krippendorffAlphaNominal([
        ['done', 'done', 'todo'],
        ['done', 'done', null],
      ]),
    );
  });

  it('refuses two layers of one annotator on one utterance', () => {
    expect(() => agreementTable([{ id: 'x', layers: [layer('ann', u1a), layer('ann', u1b)] }])).toThrow(
      new MetricInputError("utterance 'x' has two layers of annotator 'ann'"),
    );
  });
});

// Random corpora of small layers: pooled figures against the figures of the concatenated data.
const layerArb: fc.Arbitrary<GoldRecords> = fc
  .record({
    texts: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 6 }),
    gaps: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 12, maxLength: 12 }),
    types: fc.array(fc.option(fc.constantFrom('X', 'Y'), { nil: null }), { minLength: 6, maxLength: 6 }),
    concepts: fc.array(fc.constantFrom('p:1', 'q:2', 'r:3'), { maxLength: 3 }),
  })
  .map(({ texts, gaps, types, concepts }) => {
    let t = 0;
    const words = texts.map((text, k) => {
      const startSec = (t += gaps[2 * k]! / 1000);
      return { text, startSec, endSec: (t += 0.02 + gaps[2 * k + 1]! / 1000) };
    });
    const entities = texts.flatMap((_, k) =>
      types[k] ? [{ type: types[k], firstWord: k, lastWord: k }] : [],
    );
    return {
      ...emptyGold(),
      words,
      entities,
      concepts: concepts.map((c) => ({ attribute: c[0]!, value: c.slice(2) })),
    };
  });
const corpusArb = fc.array(fc.tuple(layerArb, layerArb), { maxLength: 6 });

/** Both undefined, or equal up to rounding. */
function close(x: number | undefined, y: number | undefined): void {
  if (x === undefined || y === undefined) expect(x).toBe(y);
  else expect(x).toBeCloseTo(y, 9);
}

describe('corpusAgreement: properties', () => {
  const options = { bootstrap: { resamples: 50 } };

  it('pooled figures are the figures of the concatenated data', () => {
    fc.assert(
      fc.property(corpusArb, (pairs) => {
        const us = pairs.map(([a, b]) => layerAgreement(a, b, options));
        const c = corpusAgreement(us, options);
        const deltas = us.flatMap((u) => u.words.boundaryDeltasSec);
        const mean = deltas.length === 0 ? undefined : deltas.reduce((s, d) => s + d, 0) / deltas.length;
        if (mean === undefined) expect(c.words.boundaries.meanSec.value).toBeUndefined();
        else expect(c.words.boundaries.meanSec.value).toBeCloseTo(mean, 12);
        expect(c.words.boundaries.within[2]!.share.value).toBe(
          deltas.length === 0 ? undefined : deltas.filter((d) => d <= 0.05 + 1e-9).length / deltas.length,
        );
        const errors = us.reduce((s, u) => s + u.words.stats.S + u.words.stats.D + u.words.stats.I, 0);
        const den = us.reduce((s, u) => s + (u.words.a + u.words.b) / 2, 0);
        expect(c.words.wer.value).toBe(den === 0 ? undefined : errors / den);
        const correct = us.reduce((s, u) => s + u.entities.stats.correct.entity, 0);
        const na = us.reduce((s, u) => s + u.entities.stats.a, 0);
        const nb = us.reduce((s, u) => s + u.entities.stats.b, 0);
        expect(c.entities.entity.value).toBe(na > 0 && nb > 0 ? (2 * correct) / (na + nb) : undefined);
        expect(c.entities.wordKappa).toEqual(cohenKappa(us.flatMap((u) => u.entities.wordLabels)));
        for (const f of [c.words.wer, c.words.boundaries.meanSec, c.entities.entity, c.concepts.accuracy]) {
          if (f.value === undefined) expect(f.lo).toBeUndefined();
          if (f.lo !== undefined) expect(f.lo).toBeLessThanOrEqual(f.hi!);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a corpus of one utterance has that utterance’s figures', () => {
    fc.assert(
      fc.property(layerArb, layerArb, (a, b) => {
        const u = layerAgreement(a, b, options);
        const c = corpusAgreement([u], options);
        expect(c.words.wer.value).toBe(u.words.wer);
        expect(c.concepts.accuracy.value).toBe(u.concepts.accuracy);
        expect(c.entities.f1.value).toBe(u.entities.f1);
        expect(c.entities.entity.value).toBe(u.entities.entityF1);
      }),
      { numRuns: 100 },
    );
  });

  it('symmetric pooled figures do not change when the annotators are swapped', () => {
    fc.assert(
      fc.property(corpusArb, (pairs) => {
        const x = corpusAgreement(
          pairs.map(([a, b]) => layerAgreement(a, b, options)),
          options,
        );
        const y = corpusAgreement(
          pairs.map(([a, b]) => layerAgreement(b, a, options)),
          options,
        );
        expect(y.words.wer).toEqual(x.words.wer);
        expect(y.words.boundaries).toEqual(x.words.boundaries);
        expect(y.entities.f1).toEqual(x.entities.f1);
        expect(y.concepts.accuracy).toEqual(x.concepts.accuracy);
        close(y.entities.wordKappa.value, x.entities.wordKappa.value);
        close(y.entities.unitizingAlpha.value, x.entities.unitizingAlpha.value);
      }),
      { numRuns: 60 },
    );
  });
});
