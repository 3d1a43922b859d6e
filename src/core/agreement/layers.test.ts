import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GoldRecords, type GoldWord, emptyGold } from '../gold/records';
import { scoreConcepts } from '../metrics/conceptAccuracy';
import { scoreWords } from '../metrics/wordAccuracy';
import { structIou } from '../structIou/structIou';
import { parseTreeOrThrow } from '../tree/bracket';
import { layerAgreement, summariseBoundaries } from './layers';

const w = (text: string, startSec: number, endSec: number): GoldWord => ({ text, startSec, endSec });
const gold = (words: GoldWord[], more: Partial<GoldRecords> = {}): GoldRecords => ({
  ...emptyGold(),
  words,
  ...more,
});

describe('layerAgreement: worked examples', () => {
  // a: I want to go / b: I want two go now. Alignment C C S C I; hand-computed figures.
  const a = gold([w('I', 0, 0.1), w('want', 0.12, 0.4), w('to', 0.4, 0.55), w('go', 0.6, 0.9)]);
  const b = gold([
    w('i', 0.015, 0.1),
    w('want', 0.12, 0.43),
    w('two', 0.43, 0.55),
    w('go', 0.62, 0.9),
    w('now', 0.95, 1.2),
  ]);

  it('shares the times whose neighbouring words both match', () => {
    const u = layerAgreement(a, b);
    expect(u.words.matched).toEqual([
      [0, 0],
      [1, 1],
      [3, 3],
    ]);
    // I: start (first of both) 0.015, end (want matches) 0; want: start 0, end not (to/two differ);
    // go: start not (to/two), end not (now is inserted after it).
    expect(u.words.boundaryDeltasSec.map((d) => Number(d.toFixed(9)))).toEqual([0.015, 0, 0]);
    const s = u.words.boundaries;
    expect(s).toEqual(summariseBoundaries(u.words.boundaryDeltasSec, [10, 20, 50]));
    expect(s.n).toBe(3);
    expect(s.meanSec).toBeCloseTo(0.005, 12);
    expect(s.medianSec).toBe(0);
    expect(s.within.map((x) => x.share)).toEqual([2 / 3, 1, 1]);
  });

  it('reports WER symmetric by default and b against a on request', () => {
    expect(layerAgreement(a, b).words.stats).toEqual({ C: 3, S: 1, D: 0, I: 1, N: 4 });
    expect(layerAgreement(a, b).words.wer).toBeCloseTo(2 / 4.5, 12);
    expect(layerAgreement(a, b, { errorRate: 'b-against-a' }).words.wer).toBe(0.5);
    // Swapped, a's extra word is a deletion: the symmetric form stays, the directional one changes.
    expect(layerAgreement(b, a).words.stats).toEqual({ C: 3, S: 1, D: 1, I: 0, N: 5 });
    expect(layerAgreement(b, a).words.wer).toBeCloseTo(2 / 4.5, 12);
    expect(layerAgreement(b, a, { errorRate: 'b-against-a' }).words.wer).toBe(0.4);
  });

  it('counts a time exactly at the tolerance as within it', () => {
    const s = summariseBoundaries([0.31 - 0.3, 0.02, 0.0500001], [10, 20, 50]);
    expect(s.within.map((x) => x.count)).toEqual([1, 2, 2]);
  });

  // fly from bonn to new york; a: LOC bonn, LOC new york; b: LOC bonn, ORG new york.
  const city = [w('fly', 0, 0.2), w('from', 0.2, 0.4), w('bonn', 0.4, 0.8), w('to', 0.8, 0.9)];
  const words = [...city, w('new', 1, 1.2), w('york', 1.2, 1.6)];
  const ea = gold(words, {
    entities: [
      { type: 'LOC', firstWord: 2, lastWord: 2 },
      { type: 'LOC', firstWord: 4, lastWord: 5 },
    ],
  });
  const eb = gold(words, {
    entities: [
      { type: 'LOC', firstWord: 2, lastWord: 2 },
      { type: 'ORG', firstWord: 4, lastWord: 5 },
    ],
  });

  it('scores entities as the NE scoring does, with BIO labels and spans in time', () => {
    const e = layerAgreement(ea, eb).entities;
    expect(e.stats).toEqual({
      a: 2,
      b: 2,
      mapped: 2,
      correct: { type: 1, extent: 2, content: 2, text: 2, entity: 1 },
    });
    expect(e.f1).toBeCloseTo(10 / 12, 12); // 2·5 / (6 + 6)
    expect(e.components).toEqual({ type: 0.5, extent: 1, content: 1 });
    expect(e.entityF1).toBe(0.5);
    expect(e.wordLabels).toEqual([
      ['O', 'O'],
      ['O', 'O'],
      ['B-LOC', 'B-LOC'],
      ['O', 'O'],
      ['B-LOC', 'B-ORG'],
      ['I-LOC', 'I-ORG'],
    ]);
    expect(e.spans.b).toEqual([
      { startSec: 0.4, endSec: 0.8, type: 'LOC' },
      { startSec: 1, endSec: 1.6, type: 'ORG' },
    ]);
    expect(e.extentSec).toEqual({ startSec: 0, endSec: 1.6 });
  });

  it('labels only the words the alignment matches', () => {
    const shorter = gold(city, { entities: [{ type: 'LOC', firstWord: 2, lastWord: 2 }] });
    const e = layerAgreement(ea, shorter).entities;
    expect(e.wordLabels).toEqual([
      ['O', 'O'],
      ['O', 'O'],
      ['B-LOC', 'B-LOC'],
      ['O', 'O'],
    ]);
  });

  it('leaves F undefined, not 0, when one annotator marked no entity', () => {
    const e = layerAgreement(ea, gold(words)).entities;
    expect(e.stats.b).toBe(0);
    expect(e.f1).toBeUndefined();
    expect(e.entityF1).toBeUndefined();
    expect(layerAgreement(gold(words), gold(words)).entities.f1).toBeUndefined();
  });

  // Hand-computed: ParsEval brackets S[0,3] NP[0,2] against S[0,3] NP[1,3]: 1 matched of 2 and 2, F1 0.5;
  // tree edit: NP of a deleted and NP of b inserted (cost 6), the other 7 nodes kept: (7 − 1)/(7 + 1).
  const the = [w('the', 0, 1), w('cat', 1, 2), w('sat', 2, 3)];
  const ta = gold(the, {
    trees: [{ name: 'syntax', typed: false, bracket: '(S (NP (D the) (N cat)) (V sat))' }],
  });
  const tb = gold(the, {
    trees: [{ name: 'syntax', typed: false, bracket: '(S (D the) (NP (N cat) (V sat)))' }],
  });

  it('compares trees of one name with ParsEval, tree node accuracy and Struct-IoU', () => {
    const [t] = layerAgreement(ta, tb).trees;
    expect(t!.name).toBe('syntax');
    expect(t!.parseval).toEqual({ f1: 0.5, matched: 1, a: 2, b: 2 });
    expect(t!.tna).toEqual({ C: 7, S: 0, D: 1, I: 1, accuracy: 0.75 });
    const direct = structIou(
      { tree: parseTreeOrThrow(ta.trees[0]!.bracket), words: the },
      { tree: parseTreeOrThrow(tb.trees[0]!.bracket), words: the },
    );
    expect(t!.structIou).toEqual({ score: direct.score, matchedIou: direct.matchedIou, nodes: direct.nodes });
    expect(t!.structIou!.score).toBeLessThan(1);
  });

  it('computes Struct-IoU over the word times of each layer (by hand: 13/18)', () => {
    // Constituents S, P, Q (words are not nodes). a: S[0,2] P[0,1] Q[1,2]; b: S[0,3] P[0,1] Q[1,3].
    // Pairs S–S 2/3, P–P 1, Q–Q 1/2: 2 · 13/6 / (3 + 3) = 13/18.
    const tree = [{ name: 't', typed: false, bracket: '(S (P x) (Q y))' }];
    const x = gold([w('x', 0, 1), w('y', 1, 2)], { trees: tree });
    const y = gold([w('x', 0, 1), w('y', 1, 3)], { trees: tree });
    for (const [p, q] of [
      [x, y],
      [y, x],
    ] as const) {
      const [t] = layerAgreement(p, q).trees;
      expect(t!.structIou!.score).toBeCloseTo(13 / 18, 12);
      expect(t!.structIou!.nodes).toBe(6);
      expect(t!.parseval).toEqual({ f1: 1, matched: 1, a: 1, b: 1 });
      expect(t!.tna!.accuracy).toBe(1);
    }
  });

  it('gives ParsEval and tree node accuracy no figure, with the reason, when the words differ', () => {
    const other = gold([w('the', 0, 1), w('dog', 1, 2), w('sat', 2, 3)], {
      trees: [{ name: 'syntax', typed: false, bracket: '(S (NP (D the) (N dog)) (V sat))' }],
    });
    const [t] = layerAgreement(ta, other).trees;
    expect(t!.parseval).toBeUndefined();
    expect(t!.tna).toBeUndefined();
    expect(t!.parsevalReason).toBe(
      "ParsEval is undefined: the annotators' words differ at word 2 ('cat' in a, 'dog' in b)",
    );
    expect(t!.tnaReason).toMatch(/^tree node accuracy is undefined: the annotators' words differ/);
    expect(t!.structIou?.score).toBeGreaterThan(0);
  });

  it('gives Struct-IoU no figure, with the reason, when the word times of a layer cannot be read', () => {
    const reversed = gold([w('the', 0, 1), w('cat', 2, 1.5), w('sat', 2, 3)], { trees: tb.trees });
    const [t] = layerAgreement(ta, reversed).trees;
    expect(t!.structIou).toBeUndefined();
    expect(t!.structIouReason).toMatch(/^Struct-IoU: b word 2 ends \(1\.5\) before/);
    expect(t!.parseval?.f1).toBe(0.5);
  });

  it('lists tree names present in one layer only', () => {
    const u = layerAgreement(ta, gold(the));
    expect(u.trees).toEqual([]);
    expect(u.treesOnlyIn).toEqual({ a: ['syntax'], b: [] });
  });

  it('leaves ParsEval F1 undefined when neither annotator bracketed anything', () => {
    const flat = (t: string): GoldRecords =>
      gold([w('hi', 0, 1)], { trees: [{ name: 't', typed: false, bracket: t }] });
    const [t] = layerAgreement(flat('(X hi)'), flat('(Y hi)')).trees;
    expect(t!.parseval).toEqual({ f1: undefined, matched: 0, a: 0, b: 0 });
  });

  it('computes concept accuracy in both forms', () => {
    const ca = gold([], {
      concepts: [
        { attribute: 'from', value: 'bonn' },
        { attribute: 'to', value: 'berlin' },
      ],
    });
    const cb = gold([], {
      concepts: [
        { attribute: 'from', value: 'Bonn' },
        { attribute: 'to', value: 'hamburg' },
        { attribute: 'date', value: 'monday' },
      ],
    });
    const c = layerAgreement(ca, cb).concepts;
    expect(c.stats).toEqual({ C: 1, S: 1, D: 0, I: 1, N: 2 });
    expect(c.accuracy).toBeCloseTo(1 - 2 / 2.5, 12);
    expect(layerAgreement(ca, cb, { errorRate: 'b-against-a' }).concepts.accuracy).toBe(0);
    expect(layerAgreement(ca, cb, { ignoreCase: false }).concepts.stats.C).toBe(0);
    expect(layerAgreement(gold([]), gold([])).concepts.accuracy).toBeUndefined();
    expect(layerAgreement(gold([]), gold([])).words.wer).toBeUndefined();
  });

  it('reads labels and statuses as categories, unset as null', () => {
    const u = layerAgreement(
      gold([], { labels: { inputKind: 'asr', cantRepresent: true } }),
      gold([], { labels: { inputKind: 'text', cantRepresent: false } }),
      {},
      { a: 'done', b: null },
    );
    expect(u.categorical).toEqual({
      inputKind: { a: 'asr', b: 'text' },
      accuracyClass: { a: null, b: null },
      knowledgeClass: { a: null, b: null },
      cantRepresent: { a: 'yes', b: 'no' },
      status: { a: 'done', b: null },
    });
  });

  it('leaves out an invalid part of a layer with a note', () => {
    const bad = gold(the, { trees: [{ name: 'syntax', typed: false, bracket: '(S (X the) (Y cat))' }] });
    const u = layerAgreement(ta, bad);
    expect(u.trees).toEqual([]);
    expect(u.notes).toHaveLength(1);
    expect(u.notes[0]).toMatch(/^b: tree "syntax" left out/);
  });
});

/** A tree over `texts` whose shape and labels the numbers `cuts` choose: binary splits or flat nodes. */
function randomBracket(texts: readonly string[], cuts: readonly number[]): string {
  let k = 0;
  const next = (): number => cuts[k++ % cuts.length]! + k;
  const build = (lo: number, hi: number): string => {
    const label = ['S', 'P', 'Q'][next() % 3]!;
    if (hi - lo === 1) return `(${label} ${texts[lo]})`;
    if (next() % 4 === 0)
      return `(${label} ${texts
        .slice(lo, hi)
        .map((x) => `(T ${x})`)
        .join(' ')})`;
    const mid = lo + 1 + (next() % (hi - lo - 1));
    return `(${label} ${build(lo, mid)} ${build(mid, hi)})`;
  };
  return build(0, texts.length);
}

// Small random layers over a tiny vocabulary, so that words match, repeat and differ.
const VOCAB = ['a', 'b', 'c', 'A'];
const TYPES = ['LOC', 'ORG'];
const layerArb: fc.Arbitrary<GoldRecords> = fc
  .record({
    texts: fc.array(fc.constantFrom(...VOCAB), { maxLength: 7 }),
    gaps: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 14, maxLength: 14 }),
    marks: fc.array(fc.option(fc.constantFrom(...TYPES), { nil: null }), { minLength: 7, maxLength: 7 }),
    concepts: fc.array(fc.constantFrom('x:1', 'y:2', 'z:3', 'X:1'), { maxLength: 4 }),
    tree: fc.option(fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), { nil: null }),
    inputKind: fc.option(fc.constantFrom('text' as const, 'asr' as const), { nil: undefined }),
  })
  .map(({ texts, gaps, marks, concepts, tree, inputKind }) => {
    let t = 0;
    const words = texts.map((text, k) => {
      const startSec = (t += gaps[2 * k]! / 1000);
      const endSec = (t += 0.05 + gaps[2 * k + 1]! / 1000);
      return { text, startSec, endSec };
    });
    // Entities: runs of one type over consecutive marked words, each run one entity.
    const entities: GoldRecords['entities'] = [];
    texts.forEach((_, k) => {
      const m = marks[k];
      const last = entities[entities.length - 1];
      if (!m) return;
      if (last && last.lastWord === k - 1 && last.type === m && k % 3 !== 0) last.lastWord = k;
      else entities.push({ type: m, firstWord: k, lastWord: k });
    });
    const trees =
      tree && texts.length > 0
        ? [
            {
              name: 't',
              typed: false,
              bracket: randomBracket(texts, tree),
            },
          ]
        : [];
    return {
      ...emptyGold(),
      words,
      entities,
      trees,
      concepts: concepts.map((c) => ({ attribute: c.split(':')[0]!, value: c.split(':')[1]! })),
      labels: inputKind ? { inputKind } : {},
    };
  });

/** Slow and obvious: every matched word's two times, kept when the neighbours on that side match too. */
function slowDeltas(a: GoldRecords, b: GoldRecords, matched: readonly [number, number][]): number[] {
  const pairs = new Set(matched.map(([i, j]) => `${i},${j}`));
  const out: number[] = [];
  for (const [i, j] of matched) {
    const startShared = (i === 0 && j === 0) || pairs.has(`${i - 1},${j - 1}`);
    const endShared =
      (i === a.words.length - 1 && j === b.words.length - 1) || pairs.has(`${i + 1},${j + 1}`);
    if (startShared) out.push(Math.abs(a.words[i]!.startSec - b.words[j]!.startSec));
    if (endShared) out.push(Math.abs(a.words[i]!.endSec - b.words[j]!.endSec));
  }
  return out;
}

describe('layerAgreement: properties', () => {
  it('identical layers agree perfectly', () => {
    fc.assert(
      fc.property(layerArb, (g) => {
        const u = layerAgreement(g, g);
        expect(u.words.boundaryDeltasSec.every((d) => d === 0)).toBe(true);
        expect(u.words.boundaryDeltasSec).toHaveLength(2 * g.words.length);
        expect(u.words.wer).toBe(g.words.length === 0 ? undefined : 0);
        expect(u.concepts.accuracy).toBe(g.concepts.length === 0 ? undefined : 1);
        expect(u.entities.f1).toBe(g.entities.length === 0 ? undefined : 1);
        expect(u.entities.wordLabels.every(([x, y]) => x === y)).toBe(true);
        for (const t of u.trees) {
          expect(t.structIou!.score).toBeCloseTo(1, 9);
          expect(t.tna!.accuracy).toBe(1);
          if (t.parseval!.a > 0) expect(t.parseval!.f1).toBe(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('symmetric measures do not change when the layers are swapped', () => {
    fc.assert(
      fc.property(layerArb, layerArb, (a, b) => {
        const x = layerAgreement(a, b);
        const y = layerAgreement(b, a);
        expect(y.words.wer).toBe(x.words.wer);
        expect([...y.words.boundaryDeltasSec].sort()).toEqual([...x.words.boundaryDeltasSec].sort());
        expect(y.words.matched.map(([i, j]) => [j, i])).toEqual(x.words.matched);
        expect(y.concepts.accuracy).toBe(x.concepts.accuracy);
        expect(y.entities.f1).toBe(x.entities.f1);
        expect(y.entities.entityF1).toBe(x.entities.entityF1);
        expect(y.entities.wordLabels.map(([p, q]) => [q, p])).toEqual(x.entities.wordLabels);
        x.trees.forEach((t, k) => {
          const s = y.trees[k]!;
          if (t.structIou) expect(s.structIou!.score).toBeCloseTo(t.structIou.score, 12);
          expect(s.parseval?.f1).toBe(t.parseval?.f1);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('in the b-against-a form the counts are those of scoring b against a', () => {
    fc.assert(
      fc.property(layerArb, layerArb, (a, b) => {
        const u = layerAgreement(a, b, { errorRate: 'b-against-a' });
        const direct = scoreWords(
          a.words.map((x) => x.text),
          b.words.map((x) => x.text),
          { ignoreCase: true },
        );
        expect(u.words.stats).toEqual(direct.stats);
        const errors = direct.stats.S + direct.stats.D + direct.stats.I;
        expect(u.words.wer).toBe(a.words.length === 0 ? undefined : errors / a.words.length);
        const c = scoreConcepts(a.concepts, b.concepts, { ignoreCase: true });
        expect(u.concepts.stats).toEqual(c.stats);
      }),
      { numRuns: 300 },
    );
  });

  it('shared boundary times are those of the slow definition', () => {
    fc.assert(
      fc.property(layerArb, layerArb, (a, b) => {
        const u = layerAgreement(a, b);
        expect(u.words.boundaryDeltasSec).toEqual(slowDeltas(a, b, u.words.matched));
        // Every matched pair has equal words (case folded).
        for (const [i, j] of u.words.matched)
          expect(a.words[i]!.text.toLowerCase()).toBe(b.words[j]!.text.toLowerCase());
      }),
      { numRuns: 300 },
    );
  });

  it('the summary of boundary differences is the obvious one', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 20 }), (ms) => {
        const d = ms.map((x) => x / 1000);
        const s = summariseBoundaries(d, [10, 20, 50]);
        if (d.length === 0) {
          expect(s.meanSec).toBeUndefined();
          expect(s.medianSec).toBeUndefined();
          expect(s.within.map((x) => x.share)).toEqual([undefined, undefined, undefined]);
          return;
        }
        const sorted = [...ms].sort((p, q) => p - q);
        const lo = sorted[Math.floor((ms.length - 1) / 2)]!;
        const hi = sorted[Math.ceil((ms.length - 1) / 2)]!;
        expect(s.medianSec).toBeCloseTo((lo + hi) / 2000, 12);
        expect(s.meanSec).toBeCloseTo(ms.reduce((p, q) => p + q, 0) / ms.length / 1000, 12);
        expect(s.within.map((x) => x.count)).toEqual(
          [10, 20, 50].map((t) => ms.filter((m) => m <= t).length),
        );
      }),
    );
  });
});
