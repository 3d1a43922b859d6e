// Jobs and the pages that follow them: the same work asked for again while it runs joins the running job,
// and a job is cancelled once every page following it has gone (the browser host sees a page's connection
// close; a reload's page asking for the same work at once joins it). Real projects in temporary folders, the
// real host over HTTP.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import type { JobStatus } from '../../core/api/contract';
import { createHandlers } from '../api/handlers';
import { callingPage, Jobs } from '../api/jobs';
import { Session } from '../api/session';
import { startHost, type RunningHost } from './startHost';

let cleanup: () => void;
let file: string;

beforeEach(() => {
  const made = tempDir();
  cleanup = made.cleanup;
  file = copyDemo(made.dir);
});
afterEach(() => cleanup());

/** A job's work that waits for `release`; `signal` aborting ends it as cancelled. */
function gated(): {
  work: (p: unknown, q: unknown, signal: AbortSignal) => Promise<string>;
  release: () => void;
} {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    release: () => release(),
    work: (_p, _q, signal) =>
      new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        void gate.then(() => resolve('done'));
      }),
  };
}

describe('jobs followed by pages', () => {
  it('a job is cancelled once the last page following it has gone, not before', async () => {
    const jobs = new Jobs();
    const g = gated();
    const started = callingPage.run('page-aaaa', () => jobs.start('test', g.work, { key: 'k' }));
    // A second page asks for the same work: it joins, and follows the job too.
    const joined = callingPage.run('page-bbbb', () => jobs.start('test', g.work, { key: 'k' }));
    expect(joined.id).toBe(started.id);
    jobs.pageGone('page-aaaa');
    await new Promise((r) => setImmediate(r));
    expect(jobs.status(started.id).state).toBe('running');
    jobs.pageGone('page-bbbb');
    const end = await untilJobEnds(
      () => jobs.status(started.id),
      (s) => s.state,
    );
    expect(end).toMatchObject({ state: 'failed', error: { code: 'CANCELLED' } });
    // Work asked for again after that starts anew.
    const again = callingPage.run('page-cccc', () => jobs.start('test', gated().work, { key: 'k' }));
    expect(again.id).not.toBe(started.id);
    // A job no page started (the Electron window's, a test's) is never cancelled that way.
    const g2 = gated();
    const own = jobs.start('test', g2.work);
    jobs.pageGone('page-cccc');
    g2.release();
    expect(
      (
        await untilJobEnds(
          () => jobs.status(own.id),
          (s) => s.state,
        )
      ).state,
    ).toBe('done');
  });

  it('scoring and plots asked for twice join the running job; after an edit, a new one starts', async () => {
    const session = new Session('browser');
    await session.openChecked(file);
    try {
      const handlers = createHandlers(session);
      const score = (page: string) => callingPage.run(page, () => handlers['score:corpus']());
      const plots = (page: string) => callingPage.run(page, () => handlers['report:plots']({}));
      const first = score('page-aaaa');
      expect(score('page-bbbb').id).toBe(first.id);
      const firstPlots = plots('page-aaaa');
      expect(plots('page-bbbb').id).toBe(firstPlots.id);
      expect(firstPlots.id).not.toBe(first.id);
      // Other systems asked for: other work.
      const [system] = session.project.systems();
      expect(
        callingPage.run('page-bbbb', () => handlers['report:plots']({ systemIds: [system!.id] })).id,
      ).not.toBe(firstPlots.id);
      // A gold edit (a status here) while it runs: the work asked for next is another.
      const [u] = session.project.utteranceWindow({ limit: 1 }).items;
      await handlers['utterance:setStatus']({ utteranceId: u!.id, status: 'reviewed' });
      expect(score('page-bbbb').id).not.toBe(first.id);
      for (const id of [first.id, firstPlots.id])
        await untilJobEnds(
          () => session.jobs.status(id),
          (s) => s.state,
        );
    } finally {
      session.close();
    }
  });

  describe('through the browser host', () => {
    let host: RunningHost;
    beforeEach(async () => {
      host = await startHost({ project: file, rendererDir: path.join(path.dirname(file), 'no-renderer') });
    });
    afterEach(() => host.close());

    const base = () => `http://127.0.0.1:${host.port}`;
    const headers = (page: string) => ({
      Authorization: `Bearer ${host.token}`,
      'Content-Type': 'application/json',
      'X-Sieve-Page': page,
    });
    async function api<T>(page: string, method: string, input: unknown): Promise<T> {
      const res = await fetch(`${base()}/api/${method}`, {
        method: 'POST',
        headers: headers(page),
        body: JSON.stringify(input),
      });
      const body = (await res.json()) as { ok: boolean; value: T };
      expect(body.ok).toBe(true);
      return body.value;
    }

    it('cancels the work a page started once its connection closes', async () => {
      // The page holds its connection open; the host answers at once.
      const alive = new AbortController();
      const presence = await fetch(`${base()}/page`, {
        method: 'POST',
        headers: headers('page-gone-1'),
        signal: alive.signal,
      });
      expect(presence.status).toBe(200);
      // Work the page follows: a job waiting until it is released or cancelled, polled by the page through
      // the API (its calls carry its id).
      const g = gated();
      const job = host.session.jobs.start('test', g.work, { key: 'k' });
      expect((await api<JobStatus>('page-gone-1', 'job:status', { jobId: job.id })).state).toBe('running');
      // The page goes (its tab closed or reloaded): its connection closes, and no page asks for the work again.
      alive.abort();
      // Polled from here, not as a page (a page polling a job follows it).
      const end = await untilJobEnds(
        () => host.session.jobs.status(job.id),
        (s) => s.state,
      );
      expect(end).toMatchObject({ state: 'failed', error: { code: 'CANCELLED' } });
    });
  });
});
