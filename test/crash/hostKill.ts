// Kills the browser host with SIGKILL while a client edits gold through its API and imports a corpus and
// a system's outputs, then restarts it on the same project, again and again. After each kill the project
// must pass SQLite's integrity check, hold every edit the host acknowledged, and hold each import either
// completely or not at all.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { seededRandom } from '../../src/core/stats/prng';
import type { GoldRecords } from '../../src/core/gold/records';
import { readGold } from '../../src/main/store/goldStore';
import { openDatabase } from '../../src/main/store/openDatabase';
import { writeCorpus } from '../../src/main/import/writeCorpus';
import { hostBundle } from '../helpers/hostBundle';
import { writeWav } from '../helpers/wavFixture';
import { bigCorpus, goldAtRev, stacksProblem } from './crashPlan';

/** The utterance the client edits. */
export const EDITED = 'base-0';

/** A running host: its child process, origin and token. */
export interface Host {
  child: ChildProcess;
  origin: string;
  token: string;
  exited: Promise<void>;
}

/** Starts the host (bundled from source) on `project`, allowed to read `allow`; resolves once it listens. */
export async function startHost(project: string, allow: string): Promise<Host> {
  const entry = await hostBundle();
  const child = spawn(process.execPath, [entry, '--project', project, '--allow', allow], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /Open (http:\/\/\S+)/.exec(output);
      if (m) {
        const url = new URL(m[1]!);
        resolve({ child, origin: url.origin, token: /token=([^&]+)/.exec(url.hash)![1]!, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
  });
}

/** Calls one API method; resolves with its value, or rejects (a host killed mid-call rejects too). */
export async function call<T>(
  host: { origin: string; token: string },
  method: string,
  input: unknown,
): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await res.json()) as { ok: boolean; value: T; error?: unknown };
  if (!body.ok) throw new Error(`${method}: ${JSON.stringify(body.error)}`);
  return body.value;
}

/** Makes the project (`size` utterances of 20 words) and its audio in `dir`. */
export async function makeKillProject(dir: string, size: number): Promise<string> {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  const audio = path.join(dir, 'audio', 'a.wav');
  writeWav(audio, 1, 8000, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t));
  const file = path.join(dir, 'kill.sieve');
  const corpus = bigCorpus(audio, 'base');
  await writeCorpus(
    file,
    { name: 'kill', ...corpus, utterances: corpus.utterances.slice(0, size) },
    { create: true },
  );
  return file;
}

/** A system's outputs for every utterance of the project, as JSON Lines. */
export function systemJsonl(tag: string, size: number): string {
  const lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const words = Array.from({ length: 20 }, (_, k) => ({
      text: `${tag}${k}`,
      startSec: k * 0.05,
      endSec: k * 0.05 + 0.04,
    }));
    lines.push(JSON.stringify({ id: `base-${i}`, words }));
  }
  return `${lines.join('\n')}\n`;
}

/** Writes a corpus to import (one audio file, gold JSON Lines of `size` utterances) under `dir`. */
export function corpusFiles(dir: string, tag: string, size: number): { audioDir: string; alignment: string } {
  const audioDir = path.join(dir, tag);
  fs.mkdirSync(audioDir, { recursive: true });
  writeWav(path.join(audioDir, `${tag}.wav`), 1, 8000, () => 0);
  const lines = Array.from({ length: size }, (_, i) =>
    JSON.stringify({
      id: `${tag}-${i}`,
      audio: tag,
      startSec: 0,
      endSec: 1,
      words: Array.from({ length: 10 }, (_, k) => ({
        text: `w${k}`,
        startSec: k * 0.1,
        endSec: k * 0.1 + 0.05,
      })),
    }),
  );
  const alignment = path.join(audioDir, `${tag}.jsonl`);
  fs.writeFileSync(alignment, `${lines.join('\n')}\n`);
  return { audioDir, alignment };
}

/** What a kill round found, and what the whole run found. */
export interface KillFigures {
  kills: number;
  editsAcknowledged: number;
  lastRev: number;
  corpusImports: { started: number; complete: number; none: number; acknowledged: number };
  systemImports: { started: number; complete: number; none: number; acknowledged: number };
  restartMs: { median: number; max: number };
  problems: string[];
  totalMs: number;
}

interface Expect {
  base: GoldRecords;
  /** Utterances (or outputs) per import. */
  size: number;
  /** Highest revision the host acknowledged. */
  acked: number;
  /** Corpus tags started, and those acknowledged done. */
  corpora: Map<string, boolean>;
  /** System names started, and those acknowledged done. */
  systems: Map<string, boolean>;
}

/** Checks the project file after a kill; returns the problems found (empty when all is well). */
function checkProject(file: string, e: Expect, figures: KillFigures): string[] {
  const problems: string[] = [];
  const db = openDatabase(file);
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    const fk = db.pragma('foreign_key_check') as unknown[];
    if (fk.length > 0) problems.push(`foreign_key_check: ${fk.length} rows`);
    const rev = db.prepare('SELECT gold_rev FROM utterance WHERE id = ?').pluck().get(EDITED) as number;
    // Edits go one at a time: all acknowledged ones are there, at most the one in flight besides.
    if (rev < e.acked || rev > e.acked + 1) problems.push(`gold_rev ${rev}, acknowledged ${e.acked}`);
    const history = db.prepare('SELECT count(*) FROM history WHERE utterance_id = ?').pluck().get(EDITED);
    if (history !== rev) problems.push(`history has ${String(history)} entries at revision ${rev}`);
    const stacks = stacksProblem(db, EDITED);
    if (stacks) problems.push(`undo/redo stacks: ${stacks}`);
    if (rev > 0 && !isDeepStrictEqual(readGold(db, EDITED), goldAtRev(e.base, rev)))
      problems.push(`gold at revision ${rev} is not the edit of that revision`);
    e.acked = Math.max(e.acked, rev);
    figures.lastRev = rev;
    for (const [tag, acked] of e.corpora) {
      const n = db
        .prepare('SELECT count(*) FROM utterance WHERE id LIKE ?')
        .pluck()
        .get(`${tag}-%`) as number;
      if (n !== 0 && n !== e.size) problems.push(`corpus ${tag}: ${n} of ${e.size} utterances`);
      if (acked && n === 0) problems.push(`corpus ${tag}: acknowledged, but absent`);
      figures.corpusImports[n === 0 ? 'none' : 'complete']++;
    }
    for (const [name, acked] of e.systems) {
      const id = db.prepare('SELECT id FROM system WHERE name = ?').pluck().get(name) as number | undefined;
      const n =
        id === undefined
          ? 0
          : (db.prepare('SELECT count(*) FROM system_output WHERE system_id = ?').pluck().get(id) as number);
      if (id !== undefined && n !== e.size) problems.push(`system ${name}: ${n} of ${e.size} outputs`);
      if (acked && id === undefined) problems.push(`system ${name}: acknowledged, but absent`);
      figures.systemImports[id === undefined ? 'none' : 'complete']++;
    }
  } finally {
    db.close();
  }
  e.corpora.clear();
  e.systems.clear();
  return problems;
}

/** Polls a job until it is done (resolves 'done') or failed (rejects), reporting every status. */
export async function waitJob(
  host: Host,
  id: string,
  onStatus: (s: { state: string; done: number }) => void,
): Promise<string> {
  for (;;) {
    const s = await call<{ state: string; done: number; error?: unknown }>(host, 'job:status', { jobId: id });
    onStatus(s);
    if (s.state === 'failed') throw new Error(`job ${id} failed: ${JSON.stringify(s.error)}`);
    if (s.state !== 'running') return s.state;
  }
}

/**
 * Runs `kills` rounds on the project `file` (made by `makeKillProject` in `dir`): each round starts the
 * host, edits through its API, starts a corpus or a system import (most rounds), kills the host at a
 * random moment and checks the file.
 */
export async function killHostRounds(options: {
  file: string;
  dir: string;
  kills: number;
  seed: number;
  /** The project's utterances (as made by `makeKillProject`), and the size of every import. */
  size: number;
  onRound?(k: number, problems: string[]): void;
}): Promise<KillFigures> {
  const { file, dir, kills } = options;
  const random = seededRandom(options.seed);
  const figures: KillFigures = {
    kills: 0,
    editsAcknowledged: 0,
    lastRev: 0,
    corpusImports: { started: 0, complete: 0, none: 0, acknowledged: 0 },
    systemImports: { started: 0, complete: 0, none: 0, acknowledged: 0 },
    restartMs: { median: 0, max: 0 },
    problems: [],
    totalMs: 0,
  };
  const db0 = openDatabase(file);
  const e: Expect = {
    base: readGold(db0, EDITED),
    size: options.size,
    acked: 0,
    corpora: new Map(),
    systems: new Map(),
  };
  db0.close();
  const restarts: number[] = [];
  const t0 = performance.now();
  for (let k = 0; k < kills; k++) {
    const which = random();
    const tag = `imp${options.seed}x${k}`;
    const corpus = which < 0.4 ? corpusFiles(dir, tag, options.size) : null;
    const system = which >= 0.4 && which < 0.8 ? systemJsonl(tag, options.size) : null;
    const s0 = performance.now();
    const host = await startHost(file, dir);
    restarts.push(performance.now() - s0);
    // The kill comes after a random number of acknowledged edits (counted from the start, from the
    // import's first progress report, or from its end), so it lands before, during and after the import's
    // transaction; the edits go on until the host is gone.
    const killAfter = 1 + Math.floor(random() * 20);
    const from =
      (corpus ?? system) ? (['start', 'progress', 'end'] as const)[Math.floor(random() * 3)]! : 'start';
    let counting = from === 'start';
    let roundEdits = 0;
    let killed = false;
    let kill!: () => void;
    const killNow = new Promise<void>((r) => (kill = r));
    const edits = (async () => {
      while (!killed) {
        const state = await call<{ gold: GoldRecords; goldRev: number }>(host, 'gold:get', {
          utteranceId: EDITED,
        });
        const next = goldAtRev(state.gold, state.goldRev + 1);
        const saved = await call<{ goldRev: number }>(host, 'gold:applyDiff', {
          utteranceId: EDITED,
          diff: [
            { field: 'entities', before: state.gold.entities, after: next.entities },
            { field: 'labels', before: state.gold.labels, after: next.labels },
          ],
        });
        e.acked = Math.max(e.acked, saved.goldRev);
        figures.editsAcknowledged++;
        if (counting && ++roundEdits === killAfter) kill();
      }
    })().catch((err: unknown) => {
      if (!killed) figures.problems.push(`kill ${k}: an edit failed before the kill: ${String(err)}`);
      kill();
    });
    const onStatus = (st: { state: string; done: number }): void => {
      if ((from === 'progress' && st.done > 0) || (from === 'end' && st.state !== 'running')) counting = true;
    };
    const importing = (async () => {
      if (corpus) {
        e.corpora.set(tag, false);
        figures.corpusImports.started++;
        const job = await call<{ id: string }>(host, 'project:import', corpus);
        if ((await waitJob(host, job.id, onStatus)) === 'done') {
          e.corpora.set(tag, true);
          figures.corpusImports.acknowledged++;
        }
      } else if (system) {
        e.systems.set(tag, false);
        figures.systemImports.started++;
        const job = await call<{ id: string }>(host, 'system:upload', {
          name: tag,
          files: [{ name: `${tag}.jsonl`, content: system }],
        });
        if ((await waitJob(host, job.id, onStatus)) === 'done') {
          e.systems.set(tag, true);
          figures.systemImports.acknowledged++;
        }
      }
    })().catch((err: unknown) => {
      if (!killed) figures.problems.push(`kill ${k}: an import failed before the kill: ${String(err)}`);
    });
    // An import that failed or never started still has its kill: count edits from then on.
    void importing.then(() => (counting = true));
    await killNow;
    killed = true;
    host.child.kill('SIGKILL');
    await host.exited;
    await Promise.all([edits, importing]);
    figures.kills++;
    const problems = checkProject(file, e, figures);
    for (const p of problems) figures.problems.push(`kill ${k}: ${p}`);
    options.onRound?.(k, problems);
  }
  restarts.sort((a, b) => a - b);
  figures.restartMs = { median: restarts[Math.floor(restarts.length / 2)] ?? 0, max: restarts.at(-1) ?? 0 };
  figures.totalMs = performance.now() - t0;
  return figures;
}
