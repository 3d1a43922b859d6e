// Two hosts editing one project at once: every edit is either saved or refused as a CONFLICT (never
// "database is locked"), and distinct acknowledged edits get distinct revisions.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ProjectStore } from '../../src/main/store/projectStore';
import { makeProject, tempDir } from '../helpers/tempProject';

const require = createRequire(import.meta.url);
const tsxLoader = require.resolve('tsx');
const worker = path.join(import.meta.dirname, 'editWorker.ts');
const EDITS = 120;

const t = tempDir();
afterAll(() => t.cleanup());

interface Outcome {
  acknowledged: number[];
  failures: string[];
  conflicts: number;
}

/** Starts a worker; `ready` resolves once it has opened the project, `done` with what it printed last. */
function startWorker(args: string[]): { child: ChildProcess; ready: Promise<void>; done: Promise<Outcome> } {
  const child = spawn(process.execPath, ['--import', tsxLoader, worker, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let onReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.startsWith('ready\n')) onReady();
  });
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<Outcome>((resolve, reject) =>
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`worker exited ${code}: ${err}`));
      else resolve(JSON.parse(last) as Outcome);
    }),
  );
  return { child, ready, done };
}

it(`saves ${EDITS} edits from each of two processes on one utterance: no failure, distinct revisions`, async () => {
  const { file } = await makeProject(t.dir);
  const workers = ['a', 'b'].map((tag) => startWorker([file, 'train-1', tag, String(EDITS)]));
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.child.stdin!.end('go\n');
  const outcomes = await Promise.all(workers.map((w) => w.done));
  console.info(
    `concurrent edits: ${outcomes.map((o) => `${o.acknowledged.length} saved, ${o.conflicts} reloaded`).join('; ')}`,
  );
  for (const o of outcomes) expect(o.failures).toEqual([]);
  const revs = outcomes.flatMap((o) => o.acknowledged);
  expect(revs).toHaveLength(2 * EDITS);
  expect(new Set(revs).size).toBe(revs.length);
  const store = ProjectStore.open(file);
  try {
    const state = store.goldState('train-1');
    expect(state.goldRev).toBe(2 * EDITS);
    expect(Math.max(...revs)).toBe(state.goldRev);
    // Every acknowledged edit is in the gold, each once.
    const concepts = state.gold.concepts.map((c) => `${c.attribute}${c.value}`);
    expect(new Set(concepts).size).toBe(2 * EDITS);
  } finally {
    store.close();
  }
}, 60_000);
