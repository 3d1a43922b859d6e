import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { PEAK_BUCKETS_PER_SEC } from '../audio/audioFile';
import { createProject } from './createProject';
import { migrations } from './migrations';
import { ProjectStore } from './projectStore';

let dir: string;
let cleanup: () => void;
beforeEach(async () => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

async function expectAppErrorAsync(fn: () => Promise<unknown>, code: string): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(code);
    return err as AppError;
  }
  throw new Error(`expected an AppError ${code}`);
}

function expectAppError(fn: () => unknown, code: string): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(code);
    return err as AppError;
  }
  throw new Error(`expected an AppError ${code}`);
}

describe('ProjectStore', () => {
  it('creates a project from a manifest and reads it back', async () => {
    const { file } = await makeProject(dir);
    const store = ProjectStore.open(file);
    try {
      const s = store.summary();
      expect(s).toMatchObject({
        name: 'Test project',
        utterances: 2,
        words: 4,
        audioFiles: 2,
        audioProblems: [],
      });
      expect(s.schemaVersion).toBe(migrations.length);
      const list = store.listUtterances();
      expect(list.map((u) => u.id)).toEqual(['train-1', 'air-1']);
      expect(list[0]).toMatchObject({
        speaker: 'spk1',
        transcript: 'I want to',
        status: 'todo',
        wordCount: 3,
        startSec: 0,
      });
      expect(list[1]!.transcript).toBe('Flight twelve leaves at noon.');
      const d = store.getUtterance('train-1');
      expect(d.words.map((w) => [w.index, w.text, w.source])).toEqual([
        [0, 'I', 'test'],
        [1, 'want', 'test'],
        [2, 'to', 'test'],
      ]);
      expect(d.audio.path).toBe('audio/a.wav');
      expect(d.audio.state).toBe('ok');
      expect(d.utterance.endSec).toBeCloseTo(d.audio.durationSec, 9);
      expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      store.close();
    }
  });

  it('caches waveform peaks with one value per bucket, within [0, 1]', async () => {
    const { file } = await makeProject(dir);
    const store = ProjectStore.open(file);
    const d = store.getUtterance('train-1');
    const p = store.peaks(d.audio.id);
    store.close();
    expect(p.bucketsPerSec).toBe(PEAK_BUCKETS_PER_SEC);
    expect(p.peaks.length).toBe(Math.ceil(d.audio.durationSec * PEAK_BUCKETS_PER_SEC));
    expect(Math.max(...p.peaks)).toBeLessThanOrEqual(1);
    expect(Math.max(...p.peaks)).toBeGreaterThan(0.05);
  });

  it('saves a status change and keeps it across reopening', async () => {
    const { file } = await makeProject(dir);
    const a = ProjectStore.open(file);
    expect(a.setStatus('air-1', 'done').status).toBe('done');
    a.close();
    const b = ProjectStore.open(file);
    expect(b.getUtterance('air-1').utterance.status).toBe('done');
    expectAppError(() => b.setStatus('nope', 'done'), 'NOT_FOUND');
    expect(b.listUtterances().map((u) => u.status)).toEqual(['todo', 'done']);
    b.close();
  });

  it('reports a moved audio file as missing and a modified one as changed, and refuses to play them', async () => {
    const { file } = await makeProject(dir);
    fs.renameSync(path.join(dir, 'audio', 'a.wav'), path.join(dir, 'moved.wav'));
    const bytes = fs.readFileSync(path.join(dir, 'audio', 'b.wav'));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    fs.writeFileSync(path.join(dir, 'audio', 'b.wav'), bytes);
    const store = ProjectStore.open(file);
    try {
      const problems = store.summary().audioProblems.map((a) => [a.path, a.state]);
      expect(problems).toEqual([
        ['audio/a.wav', 'missing'],
        ['audio/b.wav', 'changed'],
      ]);
      expect(store.getUtterance('train-1').audio.state).toBe('missing');
      expectAppError(() => store.playableAudioPath(1), 'FILE_MISSING');
      expectAppError(() => store.playableAudioPath(2), 'BAD_FILE');
    } finally {
      store.close();
    }
  });

  it('keeps audio paths relative to the project file, so a moved project folder still opens', async () => {
    const { file } = await makeProject(dir);
    const moved = path.join(dir, 'elsewhere');
    fs.mkdirSync(moved);
    fs.renameSync(path.join(dir, 'audio'), path.join(moved, 'audio'));
    fs.renameSync(file, path.join(moved, 'test.sieve'));
    const store = ProjectStore.open(path.join(moved, 'test.sieve'));
    expect(store.summary().audioProblems).toEqual([]);
    store.close();
  });

  it('refuses files that are missing, not SQLite, or from a newer SIEVE', async () => {
    expectAppError(() => ProjectStore.open(path.join(dir, 'none.sieve')), 'FILE_MISSING');
    fs.writeFileSync(path.join(dir, 'text.sieve'), 'hello, this is not a database at all');
    expectAppError(() => ProjectStore.open(path.join(dir, 'text.sieve')), 'BAD_FILE');
    const { file } = await makeProject(dir);
    const raw = new Database(file);
    raw.pragma(`user_version = ${migrations.length + 5}`);
    raw.close();
    const err = expectAppError(() => ProjectStore.open(file), 'BAD_FILE');
    expect(err.message).toMatch(/newer/);
  });
});

describe('createProject', () => {
  it('is all-or-nothing: an invalid manifest leaves no file behind', async () => {
    const { manifest } = await makeProject(dir);
    const bad = structuredClone(manifest);
    bad.utterances[0]!.words[2] = { text: 'to', startSec: 0.3, endSec: 0.56 }; // overlaps "want"
    const out = path.join(dir, 'bad.sieve');
    const err = await expectAppErrorAsync(() => createProject(out, bad, dir), 'INVALID_INPUT');
    expect(err.message).toContain('utterance "train-1", word 3 "to"');
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('bad.sieve'))).toEqual([]);
  });

  it('names the problem: unknown audio id, duplicate utterance, missing audio file, schema errors', async () => {
    const { manifest } = await makeProject(dir);
    const out = path.join(dir, 'x.sieve');
    const unknownAudio = structuredClone(manifest);
    unknownAudio.utterances[1]!.audio = 'zzz';
    expect(
      (await expectAppErrorAsync(() => createProject(out, unknownAudio, dir), 'INVALID_INPUT')).message,
    ).toContain('"zzz"');
    const dup = structuredClone(manifest);
    dup.utterances[1]!.id = 'train-1';
    expect(
      (await expectAppErrorAsync(() => createProject(out, dup, dir), 'INVALID_INPUT')).message,
    ).toContain('Duplicate');
    const missing = structuredClone(manifest);
    missing.audio[0]!.path = 'audio/none.wav';
    await expectAppErrorAsync(() => createProject(out, missing, dir), 'FILE_MISSING');
    expect(
      (await expectAppErrorAsync(() => createProject(out, { name: 'x' } as never, dir), 'INVALID_INPUT'))
        .message,
    ).toMatch(/^Manifest: audio/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('survives a writer killed mid-transaction: the file opens intact with a valid state', async () => {
    const { file } = await makeProject(dir);
    // A separate process hammers status updates in transactions; it is SIGKILLed at an arbitrary moment
    // once it has committed 200 of them.
    const script = `
      const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(file)});
      db.pragma('journal_mode = WAL');
      const st = ['todo', 'in_progress', 'done', 'reviewed'];
      const upd = db.prepare('UPDATE utterance SET status = ? WHERE id = ?');
      const tx = db.transaction((i) => { upd.run(st[i % 4], 'train-1'); upd.run(st[(i + 1) % 4], 'air-1'); });
      for (let i = 0; ; i++) {
        tx(i);
        if (i === 200) process.stdout.write('busy\\n');
      }
    `;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const store = ProjectStore.open(file);
    try {
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const [a, b] = store.listUtterances().map((u) => u.status);
      const order = ['todo', 'in_progress', 'done', 'reviewed'];
      // Both rows come from the same committed transaction: b is always one step after a.
      expect(order.indexOf(b!)).toBe((order.indexOf(a!) + 1) % 4);
    } finally {
      store.close();
    }
  });
});
