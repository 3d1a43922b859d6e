// Kills a writer with SIGKILL at random moments during a long import and during a burst of edits, then
// reopens the project: it must pass SQLite's integrity check, hold every committed edit, and hold each
// import or merge either completely or not at all.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/stats/prng';
import { readGold } from '../../src/main/store/goldStore';
import { openDatabase } from '../../src/main/store/openDatabase';
import { makeProject, tempDir } from '../helpers/tempProject';
import { writeCorpus } from '../../src/main/import/writeCorpus';
import { addAnnotator, assign } from '../../src/main/store/annotatorStore';
import { exportAnnotator } from '../../src/main/team/exportAnnotator';
import { IMPORT_UTTERANCES, bigCorpus, goldAtRev, stacksProblem } from './crashPlan';

const require = createRequire(import.meta.url);
const tsxLoader = require.resolve('tsx');
const worker = path.join(import.meta.dirname, 'crashWorker.ts');
const KILLS = 8;
/** The progress lines the worker writes during an import: the audio file, then every 500 utterances. */
const IMPORT_PROGRESS_LINES = 1 + IMPORT_UTTERANCES / 500;

const t = tempDir();
afterAll(() => t.cleanup());

interface CrashWorker {
  child: ChildProcess;
  /** Its stdout lines so far. */
  lines: string[];
  exited: Promise<void>;
  /** Resolves once it has written `n` lines (or has exited). */
  linesWritten(n: number): Promise<void>;
}

/** Starts the worker; resolves with it once it has said `start`, collecting its stdout lines. */
function startWorker(args: string[]): Promise<CrashWorker> {
  const child = spawn(process.execPath, ['--import', tsxLoader, worker, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let buffer = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const waiting: { n: number; resolve: () => void }[] = [];
  const linesWritten = (n: number): Promise<void> =>
    lines.length >= n
      ? Promise.resolve()
      : Promise.race([exited, new Promise<void>((resolve) => waiting.push({ n, resolve }))]);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop()!;
      for (const p of parts) {
        lines.push(p);
        if (p === 'start') resolve({ child, lines, exited, linesWritten });
      }
      for (const w of waiting) if (lines.length >= w.n) w.resolve();
    });
    child.on('exit', (code) => {
      if (!lines.includes('start')) reject(new Error(`worker exited (${code}) before starting: ${stderr}`));
    });
  });
}

/**
 * Kills the worker once the project's write-ahead log holds `bytes` (the merge's transaction writes its
 * pages there as they leave SQLite's cache); false when the worker ended first.
 */
async function killAtWalSize(w: CrashWorker, file: string, bytes: number): Promise<boolean> {
  let ended = false;
  void w.exited.then(() => (ended = true));
  for (;;) {
    if (ended) return false;
    if (walSize(file) >= bytes) {
      w.child.kill('SIGKILL');
      await w.exited;
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

function walSize(file: string): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

function check(file: string): { utterances: number } {
  const db = openDatabase(file);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    return { utterances: db.prepare('SELECT count(*) FROM utterance').pluck().get() as number };
  } finally {
    db.close();
  }
}

describe('crash safety', () => {
  it(`keeps imports all-or-nothing across ${KILLS} kills at random moments`, async () => {
    const { file } = await makeProject(t.dir);
    const audio = path.join(t.dir, 'audio', 'a.wav');
    const random = seededRandom(7);
    let expected = check(file).utterances;
    const outcomes = { complete: 0, none: 0 };
    for (let k = 0; k < KILLS; k++) {
      const w = await startWorker(['import', file, audio, `run${k}`]);
      // Kill anywhere in and around the import's transaction: right after it starts, after one of its
      // progress reports (the audio, then every 500 utterances written), or after it has committed.
      await w.linesWritten(1 + Math.floor(random() * (IMPORT_PROGRESS_LINES + 2)));
      w.child.kill('SIGKILL');
      await w.exited;
      const { utterances } = check(file);
      if (w.lines.includes('committed')) expect(utterances).toBe(expected + IMPORT_UTTERANCES);
      expect([expected, expected + IMPORT_UTTERANCES]).toContain(utterances);
      outcomes[utterances === expected ? 'none' : 'complete']++;
      expected = utterances;
    }
    // Both outcomes are possible; the point is that nothing in between ever is.
    console.info(`import kills: ${outcomes.complete} complete, ${outcomes.none} rolled back`);
    expect(outcomes.complete + outcomes.none).toBe(KILLS);
  }, 60_000);

  it(`keeps every committed edit across ${KILLS} kills during a burst of edits`, async () => {
    const { file } = await makeProject(t.dir + '/edits');
    const random = seededRandom(11);
    const db0 = openDatabase(file);
    const base = readGold(db0, 'train-1');
    db0.close();
    let lastSeen = 0;
    for (let k = 0; k < KILLS; k++) {
      const w = await startWorker(['edits', file, '', '']);
      // Kill once it has reported 1 to 40 committed edits after `start` (it goes on editing meanwhile).
      await w.linesWritten(2 + Math.floor(random() * 40));
      w.child.kill('SIGKILL');
      await w.exited;
      const reported = w.lines.filter((l) => l.startsWith('rev ')).map((l) => Number(l.slice(4)));
      const lastReported = reported.at(-1) ?? lastSeen;
      check(file);
      const db = openDatabase(file);
      const rev = db.prepare("SELECT gold_rev FROM utterance WHERE id = 'train-1'").pluck().get() as number;
      // Every edit the worker saw committed is there; at most the one in flight committed unseen.
      expect(rev).toBeGreaterThanOrEqual(lastReported);
      expect(rev).toBeLessThanOrEqual(lastReported + 1);
      expect(db.prepare("SELECT count(*) FROM history WHERE utterance_id = 'train-1'").pluck().get()).toBe(
        rev,
      );
      expect(stacksProblem(db, 'train-1')).toBeNull();
      const gold = readGold(db, 'train-1');
      db.close();
      if (rev > 0) expect(gold).toEqual(goldAtRev(base, rev));
      lastSeen = rev;
    }
    console.info(`edit kills: ${KILLS}, last committed revision ${lastSeen}`);
    expect(lastSeen).toBeGreaterThan(0);
  }, 60_000);
  it(`keeps merges all-or-nothing across ${KILLS} kills at random moments`, async () => {
    const dir = path.join(t.dir, 'merge');
    fs.mkdirSync(dir);
    const { file } = await makeProject(dir);
    await writeCorpus(file, bigCorpus(path.join(dir, 'audio', 'a.wav'), 'm'), { create: false });
    const db0 = openDatabase(file);
    const ids = db0.prepare('SELECT id FROM utterance').pluck().all() as string[];
    assign(db0, addAnnotator(db0, 'Anna').id, ids);
    db0.close();
    // Anna's export, every one of her layers changed: a merge replaces them all, in one transaction.
    const exported = path.join(dir, 'anna.sieve');
    await exportAnnotator(file, { annotator: 'Anna', out: exported, audio: 'reference', force: false });
    const ex = openDatabase(exported);
    ex.prepare(
      `UPDATE annotator_gold SET gold = json_set(gold, '$.labels', json('{"inputKind":"asr"}'))`,
    ).run();
    ex.close();
    const merged = (round: string): { layers: number; imports: number } => {
      check(round);
      const db = openDatabase(round);
      try {
        return {
          layers: db
            .prepare(
              "SELECT count(*) FROM annotator_gold WHERE json_extract(gold, '$.labels.inputKind') = 'asr'",
            )
            .pluck()
            .get() as number,
          imports: db.prepare("SELECT count(*) FROM history WHERE kind = 'import'").pluck().get() as number,
        };
      } finally {
        db.close();
      }
    };
    // One merge to its end, watching how large the write-ahead log grows, to spread the kills over it.
    const calibration = path.join(dir, 'calibration.sieve');
    fs.copyFileSync(file, calibration);
    const full = await startWorker(['merge', calibration, exported, '']);
    let largest = 0;
    let ended = false;
    void full.exited.then(() => (ended = true));
    while (!ended) {
      largest = Math.max(largest, walSize(calibration));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(full.lines).toContain('committed');
    expect(merged(calibration)).toEqual({ layers: ids.length, imports: ids.length });

    const random = seededRandom(1);
    const outcomes = { complete: 0, none: 0 };
    for (let k = 0; k < KILLS; k++) {
      const round = path.join(dir, `round${k}.sieve`);
      fs.copyFileSync(file, round);
      const w = await startWorker(['merge', round, exported, '']);
      await killAtWalSize(w, round, 1 + Math.floor(random() * largest * 1.5));
      const after = merged(round);
      if (w.lines.includes('committed')) expect(after.layers).toBe(ids.length);
      expect([0, ids.length]).toContain(after.layers);
      expect(after.imports).toBe(after.layers);
      outcomes[after.layers === 0 ? 'none' : 'complete']++;
    }
    console.info(
      `merge kills: ${outcomes.complete} complete, ${outcomes.none} rolled back (largest WAL ${largest} bytes)`,
    );
    expect(outcomes.complete + outcomes.none).toBe(KILLS);
  }, 120_000);
});
