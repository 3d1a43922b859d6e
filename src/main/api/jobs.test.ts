// Jobs: progress and partial results while running, the result (and no partial) once done, and the
// `score:corpus` job publishing each system's figures before the job ends.
import { untilJobEnds } from '../../../test/helpers/jobs';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoSessionPerTest } from '../../../test/helpers/demoSession';
import { CorpusPartial, CorpusReport, type Handlers, type JobStatus } from '../../core/api/contract';
import { AppError } from '../../core/errors';
import { createHandlers } from './handlers';
import { Jobs } from './jobs';
import type { Session } from './session';

/** Polls a job until it ends. */
async function settle(jobs: Jobs, id: string): Promise<JobStatus> {
  return untilJobEnds(
    () => jobs.status(id),
    (s) => s.state,
    5,
  );
}

describe('Jobs', () => {
  it('shows progress and the partial result while running, then only the result', async () => {
    const jobs = new Jobs();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const atGate = new Promise<void>((r) => (reached = r));
    const seen: JobStatus[] = [];
    const started = jobs.start('test', async (progress, publish) => {
      progress(1, 3, 'first');
      publish({ upTo: 1 });
      seen.push(jobs.status(started.id));
      reached();
      await gate;
      progress(3, 3, 'last');
      return { all: 3 };
    });
    expect(started).toMatchObject({ state: 'running', done: 0, total: 0 });
    expect(started.partial).toBeUndefined();
    await atGate;
    expect(jobs.status(started.id)).toMatchObject({
      state: 'running',
      done: 1,
      total: 3,
      phase: 'first',
      partial: { upTo: 1 },
    });
    release();
    const end = await settle(jobs, started.id);
    expect(end).toMatchObject({ state: 'done', done: 3, total: 3, result: { all: 3 } });
    expect('partial' in end).toBe(false);
    expect(seen).toHaveLength(1);
  });

  it('keeps the partial result of a failed job beside its error, and ignores reports after the end', async () => {
    const jobs = new Jobs();
    let late: ((p: unknown) => void) | null = null;
    const started = jobs.start('test', async (progress, publish) => {
      publish(['a']);
      late = (p) => {
        publish(p);
        progress(9, 9, 'late');
      };
      throw new AppError('INVALID_INPUT', 'bad line');
    });
    const end = await settle(jobs, started.id);
    expect(end).toMatchObject({
      state: 'failed',
      partial: ['a'],
      error: { code: 'INVALID_INPUT', message: 'bad line' },
    });
    late!(['b']);
    expect(jobs.status(started.id)).toEqual(end);
  });
});

describe('score:corpus', () => {
  const demo = demoSessionPerTest();
  let session: Session;
  beforeEach(() => {
    session = demo.session;
    // Nothing cached: every system is scored.
    session.project.db.prepare('DELETE FROM score_cache').run();
  });

  it("publishes each system's figures as soon as it is scored, before the job is done", async () => {
    const handlers: Handlers = createHandlers(session);
    const run = (method: string, input: unknown) => demo.call(handlers, method, input);
    // Every status the job shows right after it publishes, read through the API.
    const statuses: JobStatus[] = [];
    const jobs = session.jobs;
    const start = jobs.start.bind(jobs);
    let id = '';
    jobs.start = (kind, work) => {
      const s = start(kind, (progress, publish, signal) =>
        work(
          progress,
          (p) => {
            publish(p);
            void run('job:status', { jobId: id }).then((r) => {
              if (r.ok) statuses.push(r.value as JobStatus);
            });
          },
          signal,
        ),
      );
      id = s.id;
      return s;
    };
    const started = (await run('score:corpus', {})) as { ok: true; value: JobStatus };
    expect(started.ok).toBe(true);
    const end = await settle(jobs, started.value.id);
    expect(end.state).toBe('done');
    const report = CorpusReport.parse(end.result);
    const systems = session.project.systems();
    expect(report.map((r) => r.systemId)).toEqual(systems.map((s) => s.id));

    const running = statuses.filter((s) => s.state === 'running');
    expect(running.length).toBe(statuses.length);
    const partials = running.map((s) => CorpusPartial.parse(s.partial));
    // Each number of finished systems from none to all is seen while the job runs, and every system is
    // seen being scored with its own pairs as the total.
    const counts = new Set(partials.map((p) => p.systems.length));
    for (let k = 0; k <= systems.length; k++) expect(counts.has(k)).toBe(true);
    for (const sys of systems)
      expect(partials.some((p) => p.scoring?.systemId === sys.id && p.scoring.total === sys.outputs)).toBe(
        true,
      );
    // A finished system's published figures are its final ones, and a system is published in order.
    for (const p of partials) {
      expect(p.systems).toEqual(report.slice(0, p.systems.length));
      if (p.scoring) expect(p.scoring.systemId).toBe(systems[p.systems.length]!.id);
    }
    // Overall progress never goes back and ends at every pair.
    const done = running.map((s) => s.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(end.done).toBe(systems.reduce((n, s) => n + s.outputs, 0));
  });
});
