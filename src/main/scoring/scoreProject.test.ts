// Scoring a project in worker threads gives exactly what scoring each utterance in this thread gives, on a
// copy of the demo and on a synthetic project; the cache is filled, used, and refreshed for what changed.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import type { SystemOutput } from '../../core/model/systemOutput';
import { type Coverage, corpusScores } from '../../core/scoring/corpusScores';
import { systemProfile } from '../../core/scoring/coverage';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { DEFAULT_SCORING_SETTINGS } from '../../core/scoring/settings';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import { writeCorpus } from '../import/writeCorpus';
import { ProjectStore } from '../store/projectStore';
import { getSystemOutput, importSystemOutputs } from '../store/systemStore';
import { scoringContext } from './scoringContext';
import { scoreProject, scoreProjectFigures } from './scoreProject';
import { runScorePool, startScorePool } from './workerPool';
import { scoreCacheReader } from '../store/scoreCache';
import type { ScoredPair } from './workerProtocol';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-scoreproject-')));
afterEach(() => cleanup());

/** A copy of the demo with an empty score cache. */
function demoCopy(): string {
  copyDemo(dir);
  const file = path.join(dir, 'demo.sieve');
  const store = ProjectStore.open(file);
  store.db.exec('DELETE FROM score_cache');
  store.close();
  return file;
}

/** A seeded project of `n` utterances and two systems: one misrecognising words, one over the gold words. */
async function synthetic(n: number): Promise<string> {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const audio = path.join(dir, 'a.wav');
  writeWav(audio, 60, 8000, () => 0);
  const utterances = Array.from({ length: n }, (_, i) => {
    const len = 2 + Math.floor(rnd() * 8);
    const words = Array.from({ length: len }, (_, k) => ({
      text: `w${Math.floor(rnd() * 30)}`,
      startSec: k * 0.3,
      endSec: k * 0.3 + 0.25,
    }));
    const leaves = words.map((w) => `(T ${w.text})`);
    const bracket = `(S (A ${leaves.slice(0, len >> 1).join(' ')}) (B ${leaves.slice(len >> 1).join(' ')}))`;
    return {
      id: `u${String(i).padStart(4, '0')}`,
      audio: 'a',
      startSec: 0,
      endSec: len * 0.3,
      words,
      trees: [{ name: 'syntax', typed: false, bracket }],
      entities: [{ type: 'P', firstWord: 0, lastWord: Math.min(1, len - 1) }],
      concepts: [{ attribute: 'goal', value: words[0]!.text }],
    };
  });
  const file = path.join(dir, 'synthetic.sieve');
  await writeCorpus(
    file,
    { name: 'synthetic', audio: [{ key: 'a', file: audio }], utterances },
    { create: true },
  );
  const store = ProjectStore.open(file);
  const asr: SystemOutput[] = utterances.map((u) => ({
    id: u.id,
    words: u.words.map((w) => (rnd() < 0.2 ? { ...w, text: `${w.text}x` } : w)),
    entities: [{ type: rnd() < 0.5 ? 'P' : 'L', firstWord: 0, lastWord: 0 }],
    concepts: u.concepts,
  }));
  const parser: SystemOutput[] = utterances.map((u) => ({
    id: u.id,
    words: u.words,
    trees: [
      {
        name: 'syntax',
        typed: false,
        bracket: `(S ${u.words.map((w) => `(X (T ${w.text}))`).join(' ')})`,
      },
    ],
  }));
  importSystemOutputs(store.db, 'asr', asr, ['asr.jsonl']);
  importSystemOutputs(store.db, 'parser', parser, ['parser.jsonl']);
  store.close();
  return file;
}

/**
 * Every system's scores computed one utterance at a time in this thread, without the cache: every
 * utterance, those without output against the system's profile made from its outputs in JavaScript (the
 * store reads it with SQL).
 */
function inThreadOf(store: ProjectStore): Map<number, Map<string, UtteranceScores>> {
  const { settings, deps } = scoringContext(store);
  const out = new Map<number, Map<string, UtteranceScores>>();
  for (const s of store.systems()) {
    const outputs = store.listUtterances().map((u) => getSystemOutput(store.db, s.id, u.id));
    const profile = systemProfile(outputs.filter((o) => o !== null));
    const m = new Map<string, UtteranceScores>();
    store
      .listUtterances()
      .forEach((u, k) =>
        m.set(u.id, scoreUtterance(store.goldState(u.id).gold, outputs[k]!, settings, deps, profile)),
      );
    out.set(s.id, m);
  }
  return out;
}

/** `inThreadOf` a project file. */
function inThread(file: string): Map<number, Map<string, UtteranceScores>> {
  const store = ProjectStore.open(file);
  try {
    return inThreadOf(store);
  } finally {
    store.close();
  }
}

// Worker threads start slowly on a loaded machine (each loads TypeScript through tsx from source).
describe('scoreProject', { timeout: 60_000 }, () => {
  it('scores the demo in two worker threads exactly as in this thread, and caches the scores', async () => {
    const file = demoCopy();
    const expected = inThread(file);
    const progress: [number, number][] = [];
    const got = await scoreProject(file, { jobs: 2, onProgress: (d, t) => progress.push([d, t]) });
    expect(got).toEqual(expected);
    expect([...got.keys()]).toEqual([...expected.keys()]);
    for (const [id, m] of got) expect([...m.keys()]).toEqual([...expected.get(id)!.keys()]);
    const total = [...expected.values()].reduce((a, m) => a + m.size, 0);
    expect(progress[0]).toEqual([0, total]);
    expect(progress.at(-1)).toEqual([total, total]);
    for (let k = 1; k < progress.length; k++)
      expect(progress[k]![0]).toBeGreaterThanOrEqual(progress[k - 1]![0]);
    // Every pair is now cached under the project's settings, and read back whole or one utterance at a time.
    const store = ProjectStore.open(file);
    try {
      const cache = scoreCacheReader(store.db, scoringContext(store).signature);
      for (const s of store.systems())
        for (const u of store.listUtterances()) expect(cache.pair(s.id, u.id)).toBeDefined();
      let cached = -1;
      const again = await scoreProject(store, { jobs: 2, onCacheRead: (n) => (cached = n) });
      expect(cached).toBe(total);
      expect(again).toEqual(got);
      for (const s of store.systems()) {
        const u = store.listUtterances()[1]!.id;
        const one = await scoreProject(store, { systemIds: [s.id], utteranceIds: [u] });
        expect(one).toEqual(new Map([[s.id, new Map([[u, got.get(s.id)!.get(u)!]])]]));
      }
      await expect(scoreProject(store, { utteranceIds: ['nope'] })).rejects.toThrow(/No utterance nope/);
    } finally {
      store.close();
    }
  });

  it('scores a synthetic project with 1 and 2 jobs to the same result as in this thread', async () => {
    const file = await synthetic(300);
    const expected = inThread(file);
    const one = await scoreProject(file, { jobs: 1 });
    expect(one).toEqual(expected);
    const store = ProjectStore.open(file);
    store.db.exec('DELETE FROM score_cache');
    store.close();
    const two = await scoreProject(file, { jobs: 2 });
    expect(two).toEqual(expected);
    // ParsEval is defined for the parser (gold words) and not for the recogniser.
    const [asr, parser] = [...two.values()];
    expect([...parser!.values()].every((s) => s.trees[0]!.parseval !== undefined)).toBe(true);
    expect([...asr!.values()].some((s) => s.entities !== undefined)).toBe(true);
  });

  it('rescores only what changed: an edited gold, then every pair after a change of settings', async () => {
    const file = await synthetic(60);
    await scoreProject(file, { jobs: 2 });
    const store = ProjectStore.open(file);
    try {
      const g: GoldRecords = store.goldState('u0003').gold;
      store.applyGoldDiff(
        'u0003',
        diffGold(g, { ...g, concepts: [{ attribute: 'goal', value: 'elsewhere' }] }),
      );
      const progress: [number, number][] = [];
      const after = await scoreProject(store, { jobs: 2, onProgress: (d, t) => progress.push([d, t]) });
      expect(progress[0]).toEqual([120 - 2, 120]);
      expect(after).toEqual(inThreadOf(store));
      store.setScoringSettings({ ...DEFAULT_SCORING_SETTINGS, costs: 'equal' });
      progress.length = 0;
      const equal = await scoreProject(store, { jobs: 2, onProgress: (d, t) => progress.push([d, t]) });
      expect(progress[0]).toEqual([0, 120]);
      expect(equal).toEqual(inThreadOf(store));
      expect(equal.values().next().value!.values().next().value!.words!.signature).toMatch(/costs:equal/);
    } finally {
      store.close();
    }
  });

  it('has the workers write the cache themselves, and rewrites only the edited utterance’s pairs after an edit', async () => {
    const file = await synthetic(100);
    // A trigger (in this test's copy only) records every row written to the cache, by any connection.
    const store = ProjectStore.open(file);
    try {
      store.db.exec(`CREATE TABLE written (system_id INTEGER, utterance_id TEXT);
        CREATE TRIGGER score_cache_written AFTER INSERT ON score_cache
        BEGIN INSERT INTO written VALUES (NEW.system_id, NEW.utterance_id); END;`);
      const written = () =>
        store.db.prepare('SELECT system_id AS s, utterance_id AS u FROM written ORDER BY 1, 2').all() as {
          s: number;
          u: string;
        }[];
      const cold = await scoreProject(store, { jobs: 2 });
      expect(cold).toEqual(inThreadOf(store));
      // Every pair once, each row from the worker that scored it, and valid for the current revisions.
      const rows = written();
      expect(rows).toHaveLength(200);
      expect(new Set(rows.map((r) => `${r.s}/${r.u}`)).size).toBe(200);
      const warm = await scoreProject(store, { jobs: 2 });
      expect(warm).toEqual(cold);
      expect(written()).toHaveLength(200);
      store.db.exec('DELETE FROM written');
      const g: GoldRecords = store.goldState('u0042').gold;
      store.applyGoldDiff(
        'u0042',
        diffGold(g, { ...g, concepts: [{ attribute: 'goal', value: 'elsewhere' }] }),
      );
      const again = await scoreProject(store, { jobs: 2 });
      expect(written()).toEqual([
        { s: 1, u: 'u0042' },
        { s: 2, u: 'u0042' },
      ]);
      expect(again).toEqual(inThreadOf(store));
    } finally {
      store.close();
    }
  });

  it('makes corpus figures as corpusScores makes them from the scores, in this thread and in two workers', async () => {
    const file = await synthetic(300);
    // An entity an older version stored outside the words: scoring leaves it out and says so.
    const old = ProjectStore.open(file);
    old.db.prepare("UPDATE gold_entity SET last_word = 99 WHERE utterance_id = 'u0007'").run();
    old.close();
    const scores = inThread(file);
    const bootstrap = { resamples: 200 };
    const expected = (coverage: Coverage) =>
      new Map([...scores].map(([id, m]) => [id, corpusScores([...m.values()], { coverage, ...bootstrap })]));
    for (const jobs of [1, 2])
      for (const coverage of ['all', 'covered'] as const) {
        const store = ProjectStore.open(file);
        store.db.exec('DELETE FROM score_cache');
        store.close();
        const got = await scoreProjectFigures(file, { jobs, coverage, bootstrap });
        expect(new Map([...got].map(([id, s]) => [id, s.figures]))).toEqual(expected(coverage));
        for (const s of got.values()) {
          expect([...s.notes.keys()]).toEqual(['u0007']);
          expect(s.notes.get('u0007')!.goldNotes[0]).toMatch(/^entity 0 \(P\) left out/);
          expect(s.scores).toBeUndefined();
        }
      }
    // Warm (every pair from the cache), with the scores asked for too.
    const warm = await scoreProjectFigures(file, { jobs: 2, coverage: 'all', bootstrap, scores: true });
    expect(new Map([...warm].map(([id, s]) => [id, s.figures]))).toEqual(expected('all'));
    expect(new Map([...warm].map(([id, s]) => [id, s.scores]))).toEqual(scores);
  });

  it('scores again, for the figures after one gold edit, only that utterance’s pairs', async () => {
    const file = await synthetic(100);
    const store = ProjectStore.open(file);
    try {
      store.db.exec(`CREATE TABLE written (system_id INTEGER, utterance_id TEXT);
        CREATE TRIGGER score_cache_written AFTER INSERT ON score_cache
        BEGIN INSERT INTO written VALUES (NEW.system_id, NEW.utterance_id); END;`);
      const written = () =>
        store.db.prepare('SELECT system_id AS s, utterance_id AS u FROM written ORDER BY 1, 2').all();
      const figures = async (progress: [number, number][]) =>
        new Map(
          [
            ...(await scoreProjectFigures(store, {
              jobs: 2,
              coverage: 'all',
              bootstrap: { resamples: 100 },
              onProgress: (d, t) => progress.push([d, t]),
            })),
          ].map(([id, s]) => [id, s.figures]),
        );
      const expected = () =>
        new Map(
          [...inThreadOf(store)].map(([id, m]) => [id, corpusScores([...m.values()], { resamples: 100 })]),
        );
      const progress: [number, number][] = [];
      expect(await figures(progress)).toEqual(expected());
      expect(progress[0]).toEqual([0, 200]);
      expect(written()).toHaveLength(200);
      store.db.exec('DELETE FROM written');
      const g: GoldRecords = store.goldState('u0042').gold;
      store.applyGoldDiff(
        'u0042',
        diffGold(g, { ...g, concepts: [{ attribute: 'goal', value: 'elsewhere' }] }),
      );
      progress.length = 0;
      expect(await figures(progress)).toEqual(expected());
      expect(progress[0]).toEqual([198, 200]);
      expect(written()).toEqual([
        { s: 1, u: 'u0042' },
        { s: 2, u: 'u0042' },
      ]);
    } finally {
      store.close();
    }
  });

  it('scores a read-only project in worker threads without writing its cache', async () => {
    const file = await synthetic(100);
    const expected = inThread(file);
    const store = ProjectStore.open(file, { readOnly: true });
    try {
      expect(store.readOnly).toBe(true);
      expect(await scoreProject(store, { jobs: 2 })).toEqual(expected);
      expect(store.db.prepare('SELECT count(*) FROM score_cache').pluck().get()).toBe(0);
    } finally {
      store.close();
    }
  });

  it('scores with the project’s settings in the workers: the phonetic aligner with the CMU dictionary', async () => {
    const file = demoCopy();
    const store = ProjectStore.open(file);
    try {
      store.setScoringSettings({
        ...DEFAULT_SCORING_SETTINGS,
        neAligner: 'phonetic',
        costs: 'equal',
        flexibleTerminals: false,
      });
      const got = await scoreProject(store, { jobs: 2 });
      expect(got).toEqual(inThreadOf(store));
      const first = got.values().next().value!.values().next().value!;
      expect(first.entities!.signature).toMatch(/align:phonetic\+cmudict/);
      expect(first.words!.signature).toMatch(/costs:equal/);
    } finally {
      store.close();
    }
  });

  it('refuses an unknown system and passes a worker’s failure on', async () => {
    const file = await synthetic(40);
    await expect(scoreProject(file, { systemIds: [99] })).rejects.toThrow(/No system 99/);
    const store = ProjectStore.open(file);
    const settings = store.scoringSettings().settings;
    store.close();
    const results: ScoredPair[] = [];
    // A pair whose utterance does not exist is left out; the others come back from real worker threads.
    await runScorePool(
      { file, settings, cache: false, reply: { json: true, corpus: false } },
      2,
      [[[1, 'u0000']], [[1, 'nope']], [[2, 'u0001']]],
      (r) => results.push(...r),
    );
    expect(results.map((r) => r.utteranceId).sort()).toEqual(['u0000', 'u0001']);
    await expect(
      runScorePool(
        {
          file: path.join(dir, 'missing.sieve'),
          settings,
          cache: false,
          reply: { json: true, corpus: false },
        },
        2,
        [[[1, 'u0000']]],
        () => {},
      ),
    ).rejects.toThrow();
    // An interval a worker cannot compute fails the pool.
    const pool = startScorePool({ file, settings, cache: false, reply: { json: false, corpus: true } }, 1);
    try {
      await expect(pool.interval('nope', new Float64Array(2), {})).rejects.toThrow(
        /unknown corpus statistic 'nope'/,
      );
      await expect(pool.drain()).rejects.toThrow(/unknown corpus statistic/);
    } finally {
      await pool.stop();
    }
  });
});
