// Project files that are not SIEVE's, damaged or read-only: refused or opened read-only with one message
// naming the file, never a crash, and a foreign file is never written.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/core/stats/prng';
import type { Handlers } from '../src/core/api/contract';
import { AppError } from '../src/core/errors';
import { dispatch } from '../src/main/api/dispatch';
import { createHandlers } from '../src/main/api/handlers';
import { Session } from '../src/main/api/session';
import { migrations } from '../src/main/store/migrations';
import { openDatabase } from '../src/main/store/openDatabase';
import { SIEVE_APPLICATION_ID } from '../src/main/store/projectFile';
import { ProjectStore } from '../src/main/store/projectStore';
import { runSieve } from './helpers/runSieve';
import { copyDemo, makeProject, speak, tempDir } from './helpers/tempProject';
import { writeTextGrid } from '../src/core/formats/textGrid';

const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const worker = path.join(import.meta.dirname, 'projectFilesWorker.ts');

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const run = (method: string, input: unknown) => dispatch(handlers, method, input, () => {});
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  session = new Session('browser');
  session.grants.grantFolder(dir); // the user chose this folder
  handlers = createHandlers(session);
});
afterEach(() => {
  session.close();
  for (const d of [dir, ...fs.readdirSync(dir).map((f) => path.join(dir, f))])
    if (fs.statSync(d).isDirectory()) fs.chmodSync(d, 0o755);
  cleanup();
});

const sha = (file: string): string => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The files in `dir` (to see that no -wal or -shm file appeared). */
const listing = (): string[] => fs.readdirSync(dir).sort();

function openError(file: string, options: { readOnly?: boolean } = {}): AppError {
  try {
    ProjectStore.open(file, options).close();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error(`${file} opened`);
}

/** Every way a project gets opened, on `file`: each must refuse it with one message naming it. */
async function everyOpener(file: string): Promise<string[]> {
  const name = path.basename(file);
  const messages: string[] = [];
  for (const argv of [
    ['info', name],
    ['score', name],
    ['export', name, '--format', 'trn', 'out.trn'],
    ['report', name, '--out', 'r.json'],
  ]) {
    const r = await runSieve(dir, ...argv);
    expect(r.code, argv.join(' ')).toBe(1);
    expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
    messages.push(r.err);
  }
  const opened = await run('project:open', { path: file });
  expect(opened.ok).toBe(false);
  if (!opened.ok) messages.push(opened.error.message);
  for (const m of messages) expect(m).toContain(file);
  return messages;
}

describe('a file that is not a SIEVE project', () => {
  const variants: [string, (db: Database.Database) => void][] = [
    ['in WAL mode', (db) => db.pragma('journal_mode = WAL')],
    ['in rollback mode', () => {}],
    ['with a schema version', (db) => (db.pragma('journal_mode = WAL'), db.pragma('user_version = 2'))],
    ['of another application', (db) => db.pragma('application_id = 1234')],
    [
      'with SIEVE-like table names',
      (db) => (db.pragma('user_version = 1'), db.exec('CREATE TABLE utterance (id TEXT)')),
    ],
  ];
  for (const [label, setUp] of variants) {
    it(`is refused and left byte-identical, with no -wal or -shm file (${label})`, async () => {
      const file = path.join(dir, 'other-app.db');
      const db = new Database(file);
      setUp(db);
      db.exec(
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('hi')",
      );
      db.close();
      const before = sha(file);
      const files = listing();
      const messages = await everyOpener(file);
      for (const m of messages) expect(m).toMatch(/is not a SIEVE project/);
      expect(sha(file)).toBe(before);
      expect(listing()).toEqual(files);
    });
  }

  it('is refused when it is not SQLite at all, or empty', async () => {
    const file = path.join(dir, 'notes.sieve');
    fs.writeFileSync(file, 'just some text\n');
    expect(openError(file).message).toMatch(/is not a SIEVE project: it is not an SQLite file/);
    fs.writeFileSync(file, '');
    expect(openError(file).code).toBe('BAD_FILE');
  });

  it('is never created by opening a path that does not exist', async () => {
    const file = path.join(dir, 'new.sieve');
    expect(openError(file).code).toBe('FILE_MISSING');
    expect((await run('project:open', { path: file })).ok).toBe(false);
    expect((await runSieve(dir, 'info', 'new.sieve')).code).toBe(1);
    expect(listing()).toEqual([]);
  });
});

describe('a project made before SIEVE stamped its application id', () => {
  it('opens, and is stamped when opened for writing', async () => {
    const file = copyDemo(dir);
    const stampOf = (): number => fs.readFileSync(file).readUInt32BE(68);
    // The bundled demo may predate the id; make sure this copy does.
    const db = new Database(file);
    db.pragma('application_id = 0');
    db.close();
    expect(stampOf()).toBe(0);
    const ro = ProjectStore.open(file, { readOnly: true });
    expect(ro.summary().utterances).toBeGreaterThan(0);
    ro.close();
    expect(stampOf()).toBe(0);
    ProjectStore.open(file).close();
    expect(stampOf()).toBe(SIEVE_APPLICATION_ID);
  });

  it('is stamped when created', async () => {
    const { file } = await makeProject(dir);
    expect(fs.readFileSync(file).readUInt32BE(68)).toBe(SIEVE_APPLICATION_ID);
  });
});

/** Sets a pragma of a project with plain SQLite, as a damaged or hand-edited file would have it. */
function setPragma(file: string, pragma: string): void {
  const db = new Database(file);
  db.pragma(pragma);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
}

function expectDamaged(err: AppError, file: string, what: RegExp): void {
  expect(err.code).toBe('BAD_FILE');
  expect(err.message).toContain(`${file} is damaged`);
  expect(err.message).toMatch(what);
  expect(err.message).toContain(`sieve export ${file} --format jsonl`);
}

describe('a damaged project', () => {
  it('cut short is refused with one message naming it', async () => {
    const { file } = await makeProject(dir);
    const size = fs.statSync(file).size;
    fs.truncateSync(file, Math.floor(size / 2) + 100);
    expectDamaged(openError(file), file, /truncated/);
    fs.truncateSync(file, 4096 * 2);
    expectDamaged(openError(file), file, /truncated|malformed/);
    const r = await runSieve(dir, 'info', 'test.sieve');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^sieve info: .*test\.sieve is damaged/);
  });

  it('killed in the middle of a checkpoint is not mistaken for a truncated one', async () => {
    const { file } = await makeProject(dir);
    const db = new Database(file);
    db.pragma('wal_autocheckpoint = 0');
    const put = db.prepare('INSERT INTO project_meta (key, value) VALUES (?, ?)');
    for (let i = 0; i < 400; i++) put.run(`filler-${i}`, 'x'.repeat(2000));
    // The state a kill leaves mid-checkpoint: the WAL intact and page 1 (with the grown page count) already
    // copied into the file, while the pages after the old end are still only in the WAL.
    const killed = path.join(dir, 'killed.sieve');
    fs.copyFileSync(file, killed);
    fs.copyFileSync(`${file}-wal`, `${killed}-wal`);
    db.close();
    const wal = fs.readFileSync(`${killed}-wal`);
    const pageSize = wal.readUInt32BE(8);
    let page1: Buffer | null = null;
    for (let at = 32; at + 24 + pageSize <= wal.length; at += 24 + pageSize)
      if (wal.readUInt32BE(at) === 1) page1 = wal.subarray(at + 24, at + 24 + pageSize);
    expect(page1).not.toBeNull();
    const fd = fs.openSync(killed, 'r+');
    fs.writeSync(fd, page1!, 0, pageSize, 0);
    fs.closeSync(fd);
    expect(fs.statSync(killed).size).toBeLessThan(page1!.readUInt32BE(28) * pageSize);

    const reopened = openDatabase(killed);
    try {
      expect(reopened.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = reopened.prepare("SELECT count(*) FROM project_meta WHERE key LIKE 'filler-%'");
      expect(rows.pluck().get()).toBe(400);
    } finally {
      reopened.close();
    }
  });

  it('with garbage after the SQLite magic is refused', async () => {
    const file = path.join(dir, 'garbage.sieve');
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      const bytes = Buffer.from(Array.from({ length: 8192 }, () => Math.floor(random() * 256)));
      bytes.write('SQLite format 3\0', 0, 'latin1');
      if (seed === 3) bytes.writeUInt16BE(4096, 16); // a plausible page size, so SQLite itself must judge
      fs.writeFileSync(file, bytes);
      const err = openError(file);
      expect(err.code).toBe('BAD_FILE');
      expect(err.message).toContain(file);
      expect(err.message).toMatch(/damaged|not a SIEVE project/);
    }
  });

  it('with schema version -1, or 1 on a version 2 file, is refused as damaged', async () => {
    const { file } = await makeProject(dir);
    const copy = path.join(dir, 'copy.sieve');
    fs.copyFileSync(file, copy);
    setPragma(file, 'user_version = -1');
    expectDamaged(openError(file), file, /schema version \(-1\)/);
    setPragma(copy, 'user_version = 1');
    expectDamaged(openError(copy), copy, /schema version \(1\) does not match its tables/);
    // Refused without changing it: still version 1, and a second open says the same.
    expectDamaged(openError(copy), copy, /does not match/);
    expect(fs.readFileSync(copy).readInt32BE(60)).toBe(1);
  });

  it('newer than this SIEVE is refused, also read-only', async () => {
    const { file } = await makeProject(dir);
    setPragma(file, `user_version = ${migrations.length + 1}`);
    expect(openError(file).message).toMatch(/newer than this SIEVE/);
    expect(openError(file, { readOnly: true }).message).toMatch(/newer than this SIEVE/);
  });

  it('that is a folder is refused', async () => {
    const folder = path.join(dir, 'x.sieve');
    fs.mkdirSync(folder);
    expect(openError(folder).message).toBe(`${folder} is a folder, not a SIEVE project file.`);
    const r = await runSieve(dir, 'info', 'x.sieve');
    expect(r).toMatchObject({
      code: 1,
      err: `sieve info: ${folder} is a folder, not a SIEVE project file.\n`,
    });
  });

  it('with one damaged page is refused at open, and export copies out what still reads', async () => {
    const file = copyDemo(dir);
    const db = new Database(file);
    const root = db
      .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'gold_tree'")
      .pluck()
      .get() as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const utterances = db.prepare('SELECT count(*) FROM utterance').pluck().get() as number;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    // The gold trees' root is an interior page (SQLite file format §1.6: flag 2, right-most child at +8);
    // garbage over its right-most leaf loses the trees of the last utterances only.
    const fd = fs.openSync(file, 'r+');
    const head = Buffer.alloc(12);
    fs.readSync(fd, head, 0, 12, (root - 1) * pageSize);
    expect(head[0]).toBe(2);
    const leaf = head.readUInt32BE(8);
    fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (leaf - 1) * pageSize);
    fs.closeSync(fd);
    expectDamaged(openError(file), file, /SQLite's check reports|malformed/);
    const opened = await run('project:open', { path: file });
    expect(opened).toMatchObject({ ok: false, error: { code: 'BAD_FILE' } });

    const r = await runSieve(dir, 'export', 'demo.sieve', '--format', 'jsonl', 'saved.jsonl');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`${file} is damaged`);
    const missing = /(\d+) utterance\(s\) could not be read and are not in the export: (.*)/.exec(r.err);
    expect(missing).not.toBeNull();
    const saved = fs.readFileSync(path.join(dir, 'saved.jsonl'), 'utf8').trim().split('\n');
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length + Number(missing![1])).toBe(utterances);
  });
});

describe('imports into a file that must not change', () => {
  /** An audio folder and a TextGrid folder for one utterance, and a system's CTM for the test project. */
  function inputs(): void {
    fs.mkdirSync(path.join(dir, 'audio'));
    fs.mkdirSync(path.join(dir, 'align'));
    speak(path.join(dir, 'audio', 'u1.wav'), 'from Bonn to Berlin');
    const intervals = [{ xmin: 0, xmax: 1, text: 'Bonn' }];
    fs.writeFileSync(
      path.join(dir, 'align', 'u1.TextGrid'),
      writeTextGrid({
        xmin: 0,
        xmax: 1,
        tiers: [{ kind: 'interval', name: 'words', xmin: 0, xmax: 1, intervals }],
      }),
    );
    fs.writeFileSync(path.join(dir, 'asr.ctm'), 'train-1 1 0.0 0.1 I\n');
  }

  it('leave a foreign SQLite file and a read-only project byte-identical', async () => {
    inputs();
    const foreignFile = path.join(dir, 'other-app.db');
    const db = new Database(foreignFile);
    db.exec('CREATE TABLE notes (text TEXT)');
    db.close();
    const { file } = await makeProject(path.join(dir, 'ro'));
    fs.chmodSync(file, 0o444);
    const cases: [string, string, RegExp][] = [
      [foreignFile, 'import', /is not a SIEVE project/],
      [foreignFile, 'import-system', /is not a SIEVE project/],
      [file, 'import', /is read-only/],
      [file, 'import-system', /is read-only/],
    ];
    for (const [target, command, message] of cases) {
      const before = sha(target);
      const files = fs.readdirSync(path.dirname(target)).sort();
      const args =
        command === 'import'
          ? ['import', target, '--audio', 'audio', '--alignment', 'align']
          : ['import-system', target, '--name', 'asr', 'asr.ctm'];
      const r = await runSieve(dir, ...args);
      expect(r.code, `${command} ${target}`).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).toContain(target);
      expect(sha(target)).toBe(before);
      // (A read-only connection to a project may leave SQLite's -shm and an empty -wal beside it.)
      if (target === foreignFile) expect(fs.readdirSync(path.dirname(target)).sort()).toEqual(files);
    }
  });
});

describe('a read-only project', () => {
  async function expectReadOnly(file: string): Promise<void> {
    const before = sha(file);
    const opened = await run('project:open', { path: file });
    expect(opened).toMatchObject({ ok: true, value: { readOnly: true } });
    const list = (await run('utterance:list', {})) as { ok: true; value: { items: { id: string }[] } };
    const id = list.value.items[0]!.id;
    const gold = (await run('gold:get', { utteranceId: id })) as { ok: true; value: { gold: unknown } };
    expect(gold.ok).toBe(true);
    const edits: [string, unknown][] = [
      ['utterance:setStatus', { utteranceId: id, status: 'done' }],
      ['gold:applyDiff', { utteranceId: id, diff: [{ field: 'concepts', before: [], after: [] }] }],
      ['gold:undo', { utteranceId: id }],
      [
        'scoring:setSettings',
        {
          settings: ((await run('scoring:getSettings', {})) as { ok: true; value: { settings: unknown } })
            .value.settings,
        },
      ],
    ];
    for (const [method, input] of edits) {
      const r = await run(method, input);
      expect(r, method).toMatchObject({ ok: false, error: { code: 'READ_ONLY' } });
      if (!r.ok) expect(r.error.message).toContain(file);
    }
    // Scoring still works; its scores are simply not cached.
    const info = await runSieve(path.dirname(file), 'info', path.basename(file), '--json');
    expect(info.code).toBe(0);
    expect(JSON.parse(info.out)).toMatchObject({ readOnly: true });
    const score = await runSieve(path.dirname(file), 'score', path.basename(file), '--format', 'json');
    expect(score.code).toBe(0);
    session.close();
    expect(sha(file)).toBe(before);
  }

  it('(file mode 0444) opens read-only and refuses edits with READ_ONLY', async () => {
    const { file } = await makeProject(dir);
    fs.chmodSync(file, 0o444);
    await expectReadOnly(file);
  });

  it('(in a read-only folder) opens read-only and refuses edits with READ_ONLY', async () => {
    const sub = path.join(dir, 'ro');
    fs.mkdirSync(sub);
    const { file } = await makeProject(sub);
    for (const f of fs.readdirSync(sub))
      if (f.endsWith('-wal') || f.endsWith('-shm')) fs.rmSync(path.join(sub, f));
    fs.chmodSync(sub, 0o555);
    await expectReadOnly(file);
  });

  it('(on a read-only file system) opens read-only and refuses edits with READ_ONLY', async (ctx) => {
    // The project's folder mounted again, read-only, elsewhere (a bind mount: root, or a user allowed to mount).
    const src = path.join(dir, 'rw');
    const ro = path.join(dir, 'ro');
    fs.mkdirSync(ro);
    const { file } = await makeProject(src);
    for (const f of fs.readdirSync(src)) if (/-(wal|shm)$/.test(f)) fs.rmSync(path.join(src, f));
    const mount = (...args: string[]) => spawnSync('mount', args, { encoding: 'utf8', timeout: 10_000 });
    const bound = mount('--bind', src, ro);
    if (bound.status !== 0)
      ctx.skip(
        `mounting is not permitted here (mount --bind: ${(bound.stderr || bound.error?.message || '').trim()})`,
      );
    try {
      const remounted = mount('-o', 'remount,ro,bind', ro);
      expect(remounted.stderr).toBe('');
      const onRo = path.join(ro, path.basename(file));
      expect(() => fs.accessSync(onRo, fs.constants.W_OK)).toThrow(/EROFS/);
      await expectReadOnly(onRo);
    } finally {
      session.close();
      expect(spawnSync('umount', [ro], { encoding: 'utf8' }).stderr).toBe('');
    }
  });

  it('(in a folder another user may not write) opens read-only from a snapshot of the file', async () => {
    // Root may write any folder; a user without root's rights is what a read-only folder stops.
    const asOtherUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    fs.chmodSync(dir, 0o755);
    const sub = path.join(dir, 'ro');
    const { file } = await makeProject(sub);
    for (const f of fs.readdirSync(sub)) if (/-(wal|shm)$/.test(f)) fs.rmSync(path.join(sub, f));
    fs.chmodSync(sub, 0o555);
    const before = sha(file);
    const files = fs.readdirSync(sub).sort();
    const r = spawnSync(process.execPath, ['--import', tsxLoader, worker, file], {
      ...asOtherUser,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout.trim())).toEqual({
      readOnly: true,
      utterances: 2,
      words: 3,
      edit: 'READ_ONLY',
    });
    expect(sha(file)).toBe(before);
    expect(fs.readdirSync(sub).sort()).toEqual(files);
  });

  it('(in a folder another user may not write) is scored and reported in worker threads', async () => {
    const asOtherUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    fs.chmodSync(dir, 0o755);
    const sub = path.join(dir, 'ro');
    fs.mkdirSync(sub);
    const file = copyDemo(sub);
    for (const f of fs.readdirSync(sub)) if (/-(wal|shm)$/.test(f)) fs.rmSync(path.join(sub, f));
    fs.chmodSync(sub, 0o555);
    const out = path.join(dir, 'out');
    fs.mkdirSync(out, { mode: 0o777 });
    fs.chmodSync(out, 0o777);
    const before = sha(file);
    for (const argv of [
      ['score', file, '--jobs', '2', '--format', 'json'],
      ['report', file, '--jobs', '2', '--out', path.join(out, 'r.json')],
    ]) {
      const r = spawnSync(process.execPath, ['--import', tsxLoader, worker, 'cli', ...argv], {
        ...asOtherUser,
        encoding: 'utf8',
        timeout: 60_000,
      });
      const done = JSON.parse(r.stdout.trim()) as { code: number; err: string };
      expect(done, argv[0]).toMatchObject({ code: 0 });
      expect(done.err).not.toMatch(/read-only|readonly|unable to open/);
    }
    expect(JSON.parse(fs.readFileSync(path.join(out, 'r.json'), 'utf8'))).toBeTruthy();
    expect(sha(file)).toBe(before);
  }, 90_000);

  it('opened for writing says so in its summary', async () => {
    const { file } = await makeProject(dir);
    expect(await run('project:open', { path: file })).toMatchObject({ ok: true, value: { readOnly: false } });
  });
});

describe('openDatabase', () => {
  it('creates only when asked to', async () => {
    const file = path.join(dir, 'made.sieve');
    expect(() => openDatabase(file)).toThrow(/No project file/);
    const db = openDatabase(file, { create: true });
    expect(db.pragma('application_id', { simple: true })).toBe(SIEVE_APPLICATION_ID);
    db.close();
  });
});
