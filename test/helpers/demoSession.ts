// The API on a fresh copy of the demo for each test of a file, called through the real dispatcher (so the
// contract's schemas are checked both ways), with job methods waited for as the studio waits for them.
// Each test ends with no call having failed as a bug.
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Handlers, JobStatus } from '../../src/core/api/contract';
import type { ApiResult } from '../../src/core/errors';
import { dispatch } from '../../src/main/api/dispatch';
import { Session } from '../../src/main/api/session';
import { untilJobEnds } from './jobs';
import { copyDemo, tempDir } from './tempProject';

/** The demo session of the test running, and calls through the dispatcher. */
export interface DemoSession {
  /** The session, with the demo's copy open. */
  readonly session: Session;
  /** The folder the demo was copied into. */
  readonly dir: string;
  /** Calls `method` of `handlers`; a bug it fails with is kept and fails the test. */
  call(handlers: Handlers, method: string, input: unknown): Promise<ApiResult<unknown>>;
  /** Starts the job method `method` and waits for it: its result, or the error it (or its start) failed with. */
  job(handlers: Handlers, method: string, input: unknown): Promise<ApiResult<unknown>>;
}

/** Opens a fresh copy of the demo before each test of the calling file and closes it after. */
export function demoSessionPerTest(): DemoSession {
  let tmp: { dir: string; cleanup: () => void } | null = null;
  let session: Session | null = null;
  const bugs: unknown[] = [];
  beforeEach(async () => {
    tmp = tempDir();
    copyDemo(tmp.dir);
    session = new Session('browser');
    await session.openChecked(path.join(tmp.dir, 'demo.sieve'));
    bugs.length = 0;
  });
  afterEach(() => {
    session?.close();
    tmp?.cleanup();
    session = null;
    tmp = null;
    expect(bugs).toEqual([]);
  });
  const call = (handlers: Handlers, method: string, input: unknown) =>
    dispatch(handlers, method, input, (e) => bugs.push(e));
  return {
    get session() {
      if (!session) throw new Error('the demo session is open only during a test');
      return session;
    },
    get dir() {
      if (!tmp) throw new Error('the demo copy exists only during a test');
      return tmp.dir;
    },
    call,
    async job(handlers, method, input) {
      const started = await call(handlers, method, input);
      if (!started.ok) return started;
      const id = (started.value as JobStatus).id;
      const r = await untilJobEnds(
        () => call(handlers, 'job:status', { jobId: id }),
        (r) => (r.ok ? (r.value as JobStatus).state : 'ended'),
        20,
      );
      if (!r.ok) return r;
      const s = r.value as JobStatus;
      return s.state === 'done' ? { ok: true, value: s.result } : { ok: false, error: s.error! };
    },
  };
}
