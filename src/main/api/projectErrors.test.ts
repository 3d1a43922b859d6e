import fs from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Handlers } from '../../core/api/contract';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
const bugs: unknown[] = [];
const run = (method: string, input: unknown) => dispatch(handlers, method, input, (e) => bugs.push(e));
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  session = new Session('browser');
  session.grants.grantFolder(dir);
  handlers = createHandlers(session);
  bugs.length = 0;
});
afterEach(() => {
  session.close();
  cleanup();
});

it('answers BAD_FILE naming the project, not INTERNAL, when a damaged page is read after the open', async () => {
  const file = copyDemo(dir);
  const db = new Database(file);
  db.pragma('wal_checkpoint(TRUNCATE)'); // every page in the file itself, none in the WAL
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const root = db
    .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'audio_peaks'")
    .pluck()
    .get() as number;
  const ids = db.prepare('SELECT id FROM audio_file ORDER BY id').pluck().all() as number[];
  db.close();
  // Garbage over the stored peaks' right-most leaf (SQLite file format §1.6), and the file made larger (sparse)
  // than the size up to which the open checks every page: it opens, and the damage is met when read.
  const fd = fs.openSync(file, 'r+');
  const head = Buffer.alloc(12);
  fs.readSync(fd, head, 0, 12, (root - 1) * pageSize);
  expect(head[0]).toBe(5); // an interior page of a rowid table; its right-most child pointer at offset 8
  fs.writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (head.readUInt32BE(8) - 1) * pageSize);
  fs.closeSync(fd);
  fs.truncateSync(file, 300 * 2 ** 20);
  expect(await run('project:open', { path: file })).toMatchObject({ ok: true });
  const answers = await Promise.all(ids.map((audioId) => run('audio:peaks', { audioId })));
  const failed = answers.filter((a) => !a.ok);
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.length).toBeLessThan(ids.length);
  for (const a of failed) {
    expect(a).toMatchObject({ ok: false, error: { code: 'BAD_FILE' } });
    if (!a.ok) expect(a.error.message).toContain(`${file} is damaged`);
  }
  expect(bugs).toEqual([]);
});
