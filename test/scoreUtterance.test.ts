// Scores the bundled demo's two real recognizers against its gold, utterance by utterance, and checks the
// parts against independent references: NIST sclite for the words, the gold itself for the trees.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from './helpers/tempProject';
import { runSclite, scliteAvailable } from './fixtures/sclite/sclite';
import { ProjectStore } from '../src/main/store/projectStore';
import { getSystemOutput } from '../src/main/store/systemStore';
import type { GoldRecords } from '../src/core/gold/records';
import type { SystemOutput } from '../src/core/model/systemOutput';
import { scoreUtterance } from '../src/core/scoring/scoreUtterance';
import { compareSystems, corpusScores } from '../src/core/scoring/corpusScores';
import { scoreTranscripts } from '../src/core/metrics/wordAccuracy';

const tmp = tempDir('sieve-score-');
let store: ProjectStore;
const items: { system: string; gold: GoldRecords; output: SystemOutput }[] = [];

beforeAll(() => {
  // Opening a project migrates it, so only a copy of the demo is opened.
  copyDemo(tmp.dir);
  store = ProjectStore.open(path.join(tmp.dir, 'demo.sieve'));
  for (const sys of store.systems())
    for (const u of store.listUtterances()) {
      const output = getSystemOutput(store.db, sys.id, u.id);
      if (output) items.push({ system: sys.name, gold: store.goldState(u.id).gold, output });
    }
});
afterAll(() => {
  store.close();
  tmp.cleanup();
});

describe('scoring an utterance (the demo systems)', () => {
  it('scores every part for every utterance of both systems', () => {
    // Every system has an output for every utterance of the demo.
    expect(items.length).toBe(store.systems().length * store.listUtterances().length);
    expect(items.length).toBeGreaterThanOrEqual(24);
    for (const { gold, output } of items) {
      const s = scoreUtterance(gold, output);
      expect(s.words).toBeDefined();
      expect(s.concepts).toBeDefined();
      expect(s.entities).toBeDefined();
      expect(s.trees.map((t) => t.name).sort()).toEqual(['semantic', 'syntax']);
      for (const t of s.trees) {
        expect(t.tna!.accuracy === null || t.tna!.accuracy <= 1).toBe(true);
        if (t.name === 'syntax') expect(t.structIou!.score).toBeGreaterThanOrEqual(0);
        // ParsEval is scored exactly when the system tree is over the gold's words; otherwise a note says why.
        const sameLeaves =
          output.words?.map((w) => w.text).join(' ') === gold.words.map((w) => w.text).join(' ');
        if (t.parseval)
          expect(t.parseval.matched).toBeLessThanOrEqual(Math.min(t.parseval.gold, t.parseval.pred));
        else expect(t.notes.some((n) => n.startsWith('ParsEval'))).toBe(true);
        if (!sameLeaves) expect(t.parseval).toBeUndefined();
      }
    }
  });

  it('scores the gold against itself perfectly', () => {
    for (const { gold } of items.slice(0, 12)) {
      const self: SystemOutput = {
        id: 'x',
        words: gold.words,
        trees: gold.trees,
        entities: gold.entities,
        concepts: gold.concepts,
      };
      const s = scoreUtterance(gold, self);
      expect(s.words!.wer).toBe(0);
      expect(s.concepts!.accuracy).toBe(1);
      expect(s.entities!.correct).toBe(gold.entities.length);
      for (const t of s.trees) {
        expect(t.tna!.accuracy).toBe(1);
        expect(t.parseval!.f1).toBe(1);
        if (t.structIou) expect(t.structIou.score).toBeCloseTo(1, 12);
      }
    }
  });

  it.skipIf(!scliteAvailable())(
    'gives the same word counts as NIST sclite (skipped without sctk; CI installs it)',
    () => {
      for (const system of ['pocketsphinx-generic', 'pocketsphinx-domain']) {
        const mine = items.filter((i) => i.system === system);
        const pairs = mine.map((i, k) => ({
          id: `u${k}`,
          ref: i.gold.words.map((w) => w.text.toLowerCase()),
          hyp: (i.output.words ?? []).map((w) => w.text.toLowerCase()),
        }));
        const sclite = runSclite(pairs);
        mine.forEach((i, k) => {
          const w = scoreUtterance(i.gold, i.output).words!;
          expect({ C: w.C, S: w.S, D: w.D, I: w.I }).toEqual(
            (({ C, S, D, I }) => ({ C, S, D, I }))(sclite.utterances.get(`u${k}`)!),
          );
        });
      }
    },
  );

  it('combines utterances into corpus figures: WER as a ratio of sums, with a bootstrap interval around it', () => {
    for (const system of ['pocketsphinx-generic', 'pocketsphinx-domain']) {
      const mine = items.filter((i) => i.system === system);
      const figures = corpusScores(mine.map((i) => scoreUtterance(i.gold, i.output)));
      const wer = figures.find((f) => f.metric === 'WER')!;
      const reference = scoreTranscripts(
        mine.map((i, k) => ({ id: `u${k}`, words: i.gold.words.map((w) => w.text) })),
        mine.map((i, k) => ({ id: `u${k}`, words: (i.output.words ?? []).map((w) => w.text) })),
        { ignoreCase: true },
      );
      expect(wer.value).toBeCloseTo(reference.wer!, 12);
      expect(wer.n).toBe(12);
      for (const f of figures) {
        // ParsEval over recognised words is undefined on every utterance: a figure over 0 of N, not dropped.
        if (Number.isNaN(f.value)) {
          expect(f).toMatchObject({ n: 0 });
          expect(f.N).toBeGreaterThan(0);
          continue;
        }
        expect(f.lo).toBeLessThanOrEqual(f.value + 1e-12);
        expect(f.hi).toBeGreaterThanOrEqual(f.value - 1e-12);
        expect(f.signature).toMatch(/\|v:/);
      }
      expect(figures.map((f) => f.metric)).toEqual(
        expect.arrayContaining([
          'WER',
          'Concept accuracy',
          'Node accuracy (syntax)',
          'Struct-IoU (syntax)',
          'Entity F1',
        ]),
      );
    }
  });

  it('compares two systems pairwise: a system against itself differs by 0 with p = 1', () => {
    const of = (system: string) =>
      new Map(
        items.filter((i) => i.system === system).map((i, k) => [`u${k}`, scoreUtterance(i.gold, i.output)]),
      );
    const domain = of('pocketsphinx-domain');
    const generic = of('pocketsphinx-generic');
    for (const f of compareSystems(domain, domain, { trials: 200, resamples: 200 })) {
      expect(f.delta.value).toBe(0);
      expect(f.pValue).toBe(1);
    }
    const wer = compareSystems(domain, generic, { trials: 500, resamples: 500 }).find(
      (f) => f.metric === 'WER',
    )!;
    expect(wer.n).toBe(12);
    expect(wer.delta.value).toBeCloseTo(wer.a.value - wer.b.value, 12);
    expect(wer.delta.value).toBeLessThan(0);
    expect(wer.pValue).toBeGreaterThan(0);
    expect(wer.pValue).toBeLessThanOrEqual(1);
  });

  it('reports entity judgements with the indices of the entities as given (punctuation-only ones dropped)', () => {
    const gold: GoldRecords = {
      words: [
        { text: '"', startSec: 0, endSec: 0.1 },
        { text: 'from', startSec: 0.1, endSec: 0.3 },
        { text: 'Bonn', startSec: 0.3, endSec: 0.6 },
      ],
      trees: [],
      entities: [
        { type: 'O', firstWord: 0, lastWord: 0 },
        { type: 'L', firstWord: 2, lastWord: 2 },
      ],
      concepts: [],
      interpretations: [],
      labels: {},
    };
    const output: SystemOutput = {
      id: 'x',
      words: [
        { text: 'from', startSec: 0.1, endSec: 0.3 },
        { text: 'bonn', startSec: 0.3, endSec: 0.6 },
      ],
      entities: [{ type: 'L', firstWord: 1, lastWord: 1 }],
    };
    const e = scoreUtterance(gold, output).entities!;
    expect(e.entries).toEqual([{ ref: 1, hyp: 0, type: true, extent: true, content: true }]);
    expect(e).toMatchObject({ ref: 1, hyp: 1, correct: 1 });
  });
});
