// Per-tree ParsEval in the utterance scores and its corpus row, checked against hand counts and against
// the ParsEval module's own corpus figure; per-tree Struct-IoU over loosely timed system words.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import { parseval } from '../metrics/parseval';
import { parseTreeOrThrow } from '../tree/bracket';
import { corpusScores, metricRows } from './corpusScores';
import { scoreUtterance } from './scoreUtterance';

const words = (texts: string[]) =>
  texts.map((text, i) => ({ text, startSec: i * 0.5, endSec: i * 0.5 + 0.4 }));

function gold(texts: string[], bracket: string): GoldRecords {
  return {
    words: words(texts),
    trees: [{ name: 'syntax', typed: false, bracket }],
    entities: [],
    concepts: [],
    interpretations: [],
    labels: {},
  };
}
const output = (texts: string[], bracket: string): SystemOutput => ({
  id: 'x',
  words: words(texts),
  trees: [{ name: 'syntax', typed: false, bracket }],
});

describe('ParsEval per tree', () => {
  it('counts labelled brackets as EVALB does (hand count)', () => {
    const w = ['the', 'cat', 'sat', 'down'];
    // Gold brackets: S[0,4], NP[0,2], VP[2,4]; test: S[0,4], NP[0,3] — tags (DT, NN …) are not brackets.
    const g = gold(w, '(S (NP (DT the) (NN cat)) (VP (VBD sat) (RP down)))');
    const o = output(w, '(S (NP (DT the) (NN cat) (VBD sat)) (RP down))');
    const t = scoreUtterance(g, o).trees[0]!;
    expect(t.parseval).toMatchObject({ matched: 1, gold: 3, pred: 2 });
    expect(t.parseval!.precision).toBeCloseTo(1 / 2, 12);
    expect(t.parseval!.recall).toBeCloseTo(1 / 3, 12);
    expect(t.parseval!.f1).toBeCloseTo(2 / 5, 12);
    expect(t.parseval!.signature).toMatch(/^parseval\|prm:collins\|case:fold\|v:/);
    const row = metricRows(scoreUtterance(g, o)).find((r) => r.metric === 'ParsEval F1 (syntax)')!;
    expect(row.row).toEqual([1, 1, 2]);
  });

  it('is absent with a note when the system tree is over other words', () => {
    const g = gold(['the', 'cat'], '(S (DT the) (NN cat))');
    const o = output(['a', 'cat'], '(S (DT a) (NN cat))');
    const t = scoreUtterance(g, o).trees[0]!;
    expect(t.parseval).toBeUndefined();
    expect(t.notes.join(' ')).toMatch(/ParsEval is undefined: the words differ at position 1/);
    expect(metricRows(scoreUtterance(g, o)).some((r) => r.metric.startsWith('ParsEval'))).toBe(false);
  });

  it('gives the ParsEval module’s corpus F1 from summed counts (random bracketings of one sentence)', () => {
    // A random binary bracketing of n words, labelled from a small set.
    const bracketing = (n: number) =>
      fc.array(fc.tuple(fc.nat(), fc.constantFrom('A', 'B')), { minLength: n, maxLength: n }).map((picks) => {
        let k = 0;
        const build = (lo: number, hi: number): string => {
          if (hi - lo === 1) return `(T w${lo})`;
          const [p, label] = picks[k++ % picks.length]!;
          const mid = lo + 1 + (p % (hi - lo - 1));
          return `(${label} ${build(lo, mid)} ${build(mid, hi)})`;
        };
        return build(0, n);
      });
    const item = fc
      .integer({ min: 1, max: 7 })
      .chain((n) => fc.tuple(fc.constant(n), bracketing(n), bracketing(n)));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 6 }), (items) => {
        const scores = items.map(([n, gb, pb]) => {
          const w = Array.from({ length: n }, (_, i) => `w${i}`);
          return scoreUtterance(gold(w, gb), output(w, pb));
        });
        const oracle = parseval(
          items.map(([, gb]) => parseTreeOrThrow(gb, {}, 'gold')),
          items.map(([, , pb]) => parseTreeOrThrow(pb, {}, 'test')),
        );
        const fig = corpusScores(scores, { resamples: 10 }).find((f) => f.metric === 'ParsEval F1 (syntax)')!;
        expect(fig.n).toBe(items.length);
        expect(fig.value).toBeCloseTo(oracle.all.labeled!.f1, 12);
      }),
      { numRuns: 100 },
    );
  });
});

describe('Struct-IoU per tree', () => {
  it('scores system words that overlap or last zero seconds instead of leaving a note', () => {
    const g = gold(['a', 'b'], '(S (A a) (B b))');
    g.words = [
      { text: 'a', startSec: 0, endSec: 0.5 },
      { text: 'b', startSec: 0.5, endSec: 1 },
    ];
    const o = output(['a', 'b'], '(S (A a) (B b))');
    // The recognizer's "b" starts before its "a" ends.
    o.words = [
      { text: 'a', startSec: 0, endSec: 0.6 },
      { text: 'b', startSec: 0.4, endSec: 1 },
    ];
    const t = scoreUtterance(g, o).trees[0]!;
    expect(t.notes.filter((n) => n.startsWith('Struct-IoU'))).toEqual([]);
    // Hand calculation: S ~ S 1, A (0, 0.5) ~ (0, 0.6) and B (0.5, 1) ~ (0.4, 1) 5/6 each: 2 × (8/3) / 6.
    expect(t.structIou!.score).toBeCloseTo(8 / 9, 12);
    // A zero-length system "b" at 0.6: its B scores IoU 0 but still counts, and the system S ends at
    // 0.6: S ~ S 0.6, A ~ A 5/6, so 2 × (0.6 + 5/6) / 6.
    o.words = [
      { text: 'a', startSec: 0, endSec: 0.6 },
      { text: 'b', startSec: 0.6, endSec: 0.6 },
    ];
    expect(scoreUtterance(g, o).trees[0]!.structIou!.score).toBeCloseTo((2 * (0.6 + 5 / 6)) / 6, 12);
  });
});

describe('Struct-IoU of typed trees', () => {
  // A semantic tree as the demo has them: concepts over words; Struct-IoU looks at times, not at types.
  const w = ['flights', 'to', 'boston'];
  const bracket = '(root:S (concept:AQuery (word:flights)) (word:to) (concept:AGoal (word:boston)))';
  const typedGold: GoldRecords = {
    ...gold(w, '(S (X flights) (Y to) (Z boston))'),
    trees: [{ name: 'semantic', typed: true, bracket }],
  };
  const typedOutput = (b: string): SystemOutput => ({
    id: 'x',
    words: words(w),
    trees: [{ name: 'semantic', typed: true, bracket: b }],
  });

  it('matches every constituent of an identical tree, with IoU 1', () => {
    const s = scoreUtterance(typedGold, typedOutput(bracket));
    const t = s.trees[0]!;
    expect(t.tna!.accuracy).toBe(1);
    expect(t.structIou!.score).toBe(1);
    // The root and the two concepts, each paired with itself (paths from the root).
    expect(t.structIou!.pairs.map((p) => [p.gold.join('.'), p.pred.join('.'), p.iou])).toEqual(
      expect.arrayContaining([
        ['', '', 1],
        ['0', '0', 1],
        ['2', '2', 1],
      ]),
    );
    expect(s.expected).toContain('Struct-IoU (semantic)');
    expect(metricRows(s).some((r) => r.metric === 'Struct-IoU (semantic)')).toBe(true);
  });

  it('scores a typed tree the system does not have as nothing matched', () => {
    const s = scoreUtterance(typedGold, { id: 'x', words: words(w), trees: [] }, undefined, undefined, {
      words: true,
      concepts: false,
      entities: false,
      nbest: false,
      trees: [{ name: 'semantic', typed: true }],
    });
    expect(s.trees[0]!.structIou).toMatchObject({ score: 0, pairs: [] });
  });
});

describe('an utterance too long to align by characters', () => {
  it('leaves CER unscored with the reason, and keeps WER', () => {
    // 1,000 words of 50 characters a side: 50,000 × 50,000 characters pass the alignment table's limit.
    const texts = Array.from({ length: 1000 }, (_, i) => `${String(i).padStart(4, '0')}${'a'.repeat(46)}`);
    const hyp = texts.map((t, i) => (i % 10 === 0 ? `${t}b` : t));
    const s = scoreUtterance(
      { words: words(texts), trees: [], entities: [], concepts: [], interpretations: [], labels: {} },
      { id: 'x', words: words(hyp) },
    );
    expect(s.words!.wer).toBeCloseTo(0.1, 12);
    expect(s.chars).toBeUndefined();
    expect(s.unscored).toContainEqual(
      expect.objectContaining({ metric: 'CER', reason: expect.stringMatching(/^CER: .*too long to align/) }),
    );
  });
});
