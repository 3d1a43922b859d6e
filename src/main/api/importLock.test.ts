// An import writes through its own connection in a worker thread, and edits wait for the write lock
// without blocking: while another program holds the project's write lock, the app still answers calls,
// and once the lock is free the import and the edit waiting behind it both go through. A job that fails
// answers with the same code and message as a direct call failing the same way.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import type { Handlers, JobStatus } from '../../core/api/contract';
import type { ApiResult } from '../../core/errors';
import type { GoldRecords } from '../../core/gold/records';
import { dispatch } from './dispatch';
import { createHandlers } from './handlers';
import { Jobs } from './jobs';
import { Session } from './session';

let dir: string;
let cleanup: () => void;
let session: Session;
let handlers: Handlers;
let file: string;
let blocker: Database.Database | null = null;
const bugs: unknown[] = [];
const run = (method: string, input: unknown): Promise<ApiResult<unknown>> =>
  dispatch(handlers, method, input, (e) => bugs.push(e));
const value = <T>(r: ApiResult<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  session = new Session('browser', { allow: [dir] });
  handlers = createHandlers(session);
  bugs.length = 0;
  ({ file } = await makeProject(dir));
  value(await run('project:open', { path: file }));
});
afterEach(() => {
  if (blocker?.inTransaction) blocker.exec('ROLLBACK');
  blocker?.close();
  blocker = null;
  session.close();
  cleanup();
});

const upload = {
  name: 'sys',
  files: [
    {
      name: 'sys.jsonl',
      content: `${JSON.stringify({ id: 'train-1', words: [{ text: 'I', startSec: 0, endSec: 0.1 }] })}\n`,
    },
  ],
};

/** Another program takes the project's write lock and keeps it until released. */
function holdWriteLock(): () => void {
  blocker = new Database(file);
  blocker.exec('BEGIN IMMEDIATE');
  return () => blocker!.exec('COMMIT');
}

/** An edit of train-1's concepts, from its current gold. */
async function conceptEdit(value_: string): Promise<unknown> {
  const state = value<{ gold: GoldRecords }>(await run('gold:get', { utteranceId: 'train-1' }));
  return {
    utteranceId: 'train-1',
    diff: [{ field: 'concepts', before: state.gold.concepts, after: [{ attribute: 'goal', value: value_ }] }],
  };
}

const status = async (id: string): Promise<JobStatus> =>
  value<JobStatus>(await run('job:status', { jobId: id }));

describe('while another connection holds the write lock', () => {
  it('answers other calls, then finishes the import and the edit waiting for the lock', async () => {
    const edit = await conceptEdit('Bonn');
    const release = holdWriteLock();
    const job = value<JobStatus>(await run('system:upload', upload));
    // The import has read its file and now waits for the lock: in its worker thread, not in this one.
    const writing = await untilJobEnds(
      () => status(job.id),
      (s) => (s.state === 'running' && s.phase !== 'writing' ? 'running' : 'stop'),
    );
    expect(writing).toMatchObject({ state: 'running', phase: 'writing' });
    let editAnswer: ApiResult<unknown> | null = null;
    const editing = run('gold:applyDiff', edit).then((r) => (editAnswer = r));
    // Calls are answered while both wait (a thread asleep in SQLite's busy handler would answer none).
    expect(value<{ utterances: number }>(await run('project:summary', {})).utterances).toBe(2);
    expect(value<{ items: unknown[] }>(await run('utterance:list', {})).items).toHaveLength(2);
    expect(editAnswer).toBeNull();
    expect((await status(job.id)).state).toBe('running');
    release();
    await editing;
    expect(editAnswer).toMatchObject({ ok: true, value: { goldRev: 1 } });
    const end = await untilJobEnds(
      () => status(job.id),
      (s) => s.state,
    );
    expect(end).toMatchObject({ state: 'done', result: { added: 1 } });
    expect(value<{ name: string }[]>(await run('system:list', {})).map((s) => s.name)).toEqual(['sys']);
    expect(bugs).toEqual([]);
  });

  it('fails an import job held up too long with the CONFLICT a direct edit gets, naming the project', async () => {
    const edit = await conceptEdit('Berlin');
    const release = holdWriteLock();
    const job = value<JobStatus>(await run('system:upload', upload));
    const [direct, end] = await Promise.all([
      run('gold:applyDiff', edit),
      untilJobEnds(
        () => status(job.id),
        (s) => s.state,
        50,
      ),
    ]);
    release();
    expect(direct).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    if (direct.ok) return;
    expect(direct.error.message).toContain(file);
    expect(end).toMatchObject({ state: 'failed', error: direct.error });
    expect(value<unknown[]>(await run('system:list', {}))).toEqual([]);
    expect(bugs).toEqual([]);
  }, 30_000);
});

describe('a failed job', () => {
  it("shows a bug as INTERNAL '<kind> failed: …', as dispatch answers a call, and reports it", async () => {
    const reported: unknown[] = [];
    const jobs = new Jobs({ onBug: (e) => reported.push(e) });
    const boom = new TypeError('x is not a function');
    const job = jobs.start('report:plots', () => Promise.reject(boom));
    const end = await untilJobEnds(
      () => jobs.status(job.id),
      (s) => s.state,
    );
    // The form dispatch answers a direct call's bug with: `${method} failed: ${message}`.
    expect(end.error).toEqual({ code: 'INTERNAL', message: 'report:plots failed: x is not a function' });
    expect(reported).toEqual([boom]);
  });

  it('names the project of an SQLite error as BAD_FILE, as a direct call does', async () => {
    const job = session.jobs.start('report:export', () =>
      Promise.reject(new Database.SqliteError('database disk image is malformed', 'SQLITE_CORRUPT')),
    );
    const end = await untilJobEnds(
      () => session.jobs.status(job.id),
      (s) => s.state,
    );
    expect(end.error).toMatchObject({
      code: 'BAD_FILE',
      message: expect.stringContaining(`${file} is damaged: database disk image is malformed`),
    });
  });
});
