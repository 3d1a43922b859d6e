// sclite's rule for every part of a system's output: an utterance with gold and no output is scored as an
// empty hypothesis; `covered` leaves it out and says so in n / N. And one case rule for every comparison of
// words: tree leaves fold as word accuracy folds words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import { treeDistance } from '../ted/ted';
import { parseTreeOrThrow } from '../tree/bracket';
import { leaves, nodeCount } from '../tree/tree';
import { corpusScores } from './corpusScores';
import { completeOutput, expectedMetrics, systemProfile } from './coverage';
import { scoreUtterance } from './scoreUtterance';
import { DEFAULT_SCORING_SETTINGS } from './settings';

const timed = (texts: string[]) => texts.map((text, i) => ({ text, startSec: i, endSec: i + 0.9 }));

const GOLD: GoldRecords = {
  words: timed(['Flights', 'to', 'Boston']),
  trees: [{ name: 'syntax', typed: false, bracket: '(S (NNS Flights) (PP (TO to) (NNP Boston)))' }],
  entities: [{ type: 'LOCATION', firstWord: 2, lastWord: 2 }],
  concepts: [{ attribute: 'toloc', value: 'Boston' }],
  interpretations: ['flight(to=boston)'],
  labels: {},
};

/** A system that outputs every part, for one utterance. */
const FULL: SystemOutput = {
  id: 'u1',
  words: timed(['Flights', 'to', 'Boston']),
  trees: [{ name: 'syntax', typed: false, bracket: '(S (NNS Flights) (PP (TO to) (NNP Boston)))' }],
  entities: [{ type: 'LOCATION', firstWord: 2, lastWord: 2 }],
  concepts: [{ attribute: 'toloc', value: 'Boston' }],
  nbest: [{ interpretation: 'flight(to=boston)', score: 1 }],
};

describe('an utterance without output', () => {
  const profile = systemProfile([FULL]);

  it('is an empty hypothesis for every part the system outputs elsewhere', () => {
    const s = scoreUtterance(GOLD, null, DEFAULT_SCORING_SETTINGS, {}, profile);
    expect(s.missing).toEqual(['words', 'concepts', 'entities', 'nbest', 'tree:syntax']);
    expect(s.words).toMatchObject({ C: 0, S: 0, I: 0, D: 3, N: 3, wer: 1 });
    expect(s.concepts).toMatchObject({ C: 0, D: 1, N: 1, accuracy: 0 });
    expect(s.entities).toMatchObject({ ref: 1, hyp: 0, correct: 0 });
    expect(s.nbest!.figures).toMatchObject({ 'FRecall@1': 0, 'NDCG@3': 0, 'NotFound@1': 1 });
    const t = s.trees[0]!;
    // Every gold node deleted: (C − I)/(C + S + D) = 0; ParsEval: nothing proposed, recall 0, precision 0/0.
    const nodes = nodeCount(parseTreeOrThrow(GOLD.trees[0]!.bracket, {}, 'gold'));
    expect(t.tna).toMatchObject({ C: 0, S: 0, I: 0, D: nodes, accuracy: 0, distance: 3 * nodes });
    expect(t.parseval).toMatchObject({ matched: 0, gold: 2, pred: 0, precision: null, recall: 0, f1: 0 });
    expect(t.structIou).toMatchObject({ score: 0, matchedIou: 0, pairs: [] });
    expect(s.expected).toEqual(expectedMetrics(GOLD, profile));
  });

  it('scores as an output that says nothing, part by part', () => {
    const empty: SystemOutput = { id: 'u1', words: [], entities: [], concepts: [], nbest: [] };
    const none = scoreUtterance(GOLD, null, DEFAULT_SCORING_SETTINGS, {}, profile);
    const said = scoreUtterance(GOLD, empty, DEFAULT_SCORING_SETTINGS, {}, profile);
    expect(none.words).toEqual(said.words);
    expect(none.concepts).toEqual(said.concepts);
    expect(none.entities).toEqual(said.entities);
    expect(none.nbest).toEqual(said.nbest);
    expect(said.missing).toEqual(['tree:syntax']);
  });

  it('fills in only what the output lacks, and nothing for a system that outputs words only', () => {
    expect(completeOutput('u', { id: 'u', words: [] }, profile).missing).toEqual([
      'concepts',
      'entities',
      'nbest',
      'tree:syntax',
    ]);
    const asr = systemProfile([{ words: timed(['a']) }]);
    const s = scoreUtterance(GOLD, null, DEFAULT_SCORING_SETTINGS, {}, asr);
    expect(s.missing).toEqual(['words']);
    expect(s.trees).toEqual([]);
    expect(s.expected).toEqual(['WER', 'CER']);
  });

  it('counts in the corpus by default and is left out with coverage "covered", n / N saying so', () => {
    const scores = [
      scoreUtterance(GOLD, FULL, DEFAULT_SCORING_SETTINGS, {}, profile),
      scoreUtterance(GOLD, null, DEFAULT_SCORING_SETTINGS, {}, profile),
    ];
    const all = corpusScores(scores, { resamples: 10 });
    const covered = corpusScores(scores, { resamples: 10, coverage: 'covered' });
    const wer = (fs: typeof all) => fs.find((f) => f.metric === 'WER')!;
    expect(wer(all)).toMatchObject({ value: 0.5, n: 2, N: 2, empty: 1 });
    expect(wer(all).signature).toMatch(/\|missing:empty\|v:/);
    expect(wer(covered)).toMatchObject({ value: 0, n: 1, N: 2, empty: 0 });
    expect(wer(covered).signature).toMatch(/\|missing:skip\|v:/);
    // Every metric of the full system is there both ways, none dropped.
    expect(all.map((f) => f.metric).sort()).toEqual(covered.map((f) => f.metric).sort());
    // Entities: 1 right of 2 gold, 1 proposed: 2·1 / (2 + 1).
    expect(all.find((f) => f.metric === 'Entity F1')!.value).toBeCloseTo(2 / 3, 12);
    // Nothing proposed anywhere: precision is undefined, and so is F1 — not 0.
    const silent = corpusScores([scores[1]!, scores[1]!], { resamples: 10 }).find(
      (f) => f.metric === 'Entity F1',
    )!;
    expect(silent).toMatchObject({ n: 2, N: 2, empty: 2 });
    expect(silent.value).toBeNaN();
    const node = all.find((f) => f.metric === 'Node accuracy (syntax)')!;
    expect(node).toMatchObject({ value: 0.5, n: 2, N: 2, empty: 1 });
  });

  it('keeps a metric no utterance could be scored on as an undefined figure over 0 of N', () => {
    // The recognizer's words differ from the gold ones, so ParsEval is undefined on every utterance.
    const out: SystemOutput = {
      ...FULL,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (X Flight) (Y to))' }],
    };
    out.words = timed(['Flight', 'to']);
    out.entities = [];
    const figs = corpusScores([scoreUtterance(GOLD, out)], { resamples: 10 });
    const pe = figs.find((f) => f.metric === 'ParsEval F1 (syntax)')!;
    expect(pe).toMatchObject({ n: 0, N: 1, empty: 0 });
    expect(pe.value).toBeNaN();
    expect(pe.signature).toMatch(/^parseval\|/);
  });

  it('gives node accuracy equal to the tree edit distance oracle: a missing tree deletes every gold node', () => {
    const label = fc.constantFrom('A', 'B', 'C');
    const tree: fc.Arbitrary<string> = fc
      .letrec<{ t: string }>((tie) => ({
        t: fc.oneof(
          { depthSize: 'small', withCrossShrink: true },
          fc.constant('w'),
          fc
            .tuple(label, fc.array(tie('t'), { minLength: 1, maxLength: 3 }))
            .map(([l, cs]) => `(${l} ${cs.join(' ')})`),
        ),
      }))
      .t.filter((s) => s.startsWith('('));
    fc.assert(
      fc.property(tree, (bracket) => {
        const words = parseTreeOrThrow(bracket, {}, 'g');
        const n = nodeCount(words);
        // Valid gold: the tree is over the words.
        const over = leaves(words).map((l, k) => ({ text: l.label, startSec: k, endSec: k + 1 }));
        const g: GoldRecords = { ...GOLD, words: over, trees: [{ name: 'syntax', typed: false, bracket }] };
        const s = scoreUtterance(
          g,
          null,
          DEFAULT_SCORING_SETTINGS,
          {},
          { ...systemProfile([]), trees: [{ name: 'syntax', typed: false }] },
        );
        expect(s.trees[0]!.tna).toMatchObject({ D: n, C: 0, S: 0, I: 0, accuracy: 0 });
        // The distance to a tree of one node, less that node's cost, is the cost of deleting the rest.
        expect(s.trees[0]!.tna!.distance).toBe(3 * n);
        expect(treeDistance(words, parseTreeOrThrow('(A)', {}, 'h'))).toBeLessThanOrEqual(3 * n + 3);
      }),
      { numRuns: 60 },
    );
  });
});

describe('one case rule', () => {
  const lower: SystemOutput = {
    ...FULL,
    words: timed(['flights', 'to', 'boston']),
    trees: [{ name: 'syntax', typed: false, bracket: '(S (NNS flights) (PP (TO to) (NNP boston)))' }],
  };

  it('folds tree leaves as word accuracy folds words, when the project ignores case', () => {
    const s = scoreUtterance(GOLD, lower);
    const t = s.trees[0]!;
    expect(s.words!.wer).toBe(0);
    expect(t.tna!.accuracy).toBe(1);
    expect(t.parseval!.f1).toBe(1);
    expect(t.tna!.signature).toMatch(/\|case:fold\|/);
    expect(t.parseval!.signature).toMatch(/\|case:fold\|/);
    expect(s.entities!.correct).toBe(1);
    expect(s.entities!.signature).toMatch(/\|case:fold\|/);
  });

  it('compares leaves exactly when case counts, and says so', () => {
    const s = scoreUtterance(GOLD, lower, { ...DEFAULT_SCORING_SETTINGS, ignoreCase: false });
    const t = s.trees[0]!;
    expect(s.words!.wer).toBeCloseTo(2 / 3, 12);
    // Two of the three leaves are renamed: C = 6 − 2 of 8 nodes... counted by the tree edit mapping.
    expect(t.tna!.S).toBe(2);
    expect(t.tna!.accuracy).toBeLessThan(1);
    expect(t.parseval).toBeUndefined();
    expect(t.notes.join(' ')).toMatch(/words differ/);
    expect(t.tna!.signature).toMatch(/\|case:exact\|/);
    expect(s.entities!.correct).toBe(0);
  });
});
