// The `agreement:corpus` job through the real dispatcher (schemas checked both ways) on a copy of the demo,
// whose owner and second annotator both annotated five utterances: computed in a worker thread, the same
// figures as computed here, with one histogram per per-utterance measure.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { AgreementView, type Handlers, type JobStatus } from '../../core/api/contract';
import type { ApiResult } from '../../core/errors';
import { dispatch } from '../api/dispatch';
import { createHandlers } from '../api/handlers';
import { Session } from '../api/session';
import { projectAgreement } from './projectAgreement';

let tmp: { dir: string; cleanup: () => void };
let session: Session;
const bugs: unknown[] = [];

beforeEach(async () => {
  tmp = tempDir();
  copyDemo(tmp.dir);
  session = new Session('browser');
  await session.openChecked(path.join(tmp.dir, 'demo.sieve'));
  bugs.length = 0;
});
afterEach(() => {
  session.close();
  tmp.cleanup();
  expect(bugs).toEqual([]);
});

const call = (handlers: Handlers, method: string, input: unknown) =>
  dispatch(handlers, method, input, (e) => bugs.push(e));

/** Starts a job method and waits for it: its result, or the error it (or its start) failed with. */
async function job(handlers: Handlers, method: string, input: unknown): Promise<ApiResult<unknown>> {
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
}

describe('agreement:corpus', { timeout: 60_000 }, () => {
  it('computes the demo annotators’ agreement in a worker thread, with a histogram per measure', async () => {
    const h = createHandlers(session);
    const r = await job(h, 'agreement:corpus', {});
    expect(r.ok).toBe(true);
    const view = AgreementView.parse((r as { value: unknown }).value);
    const here = projectAgreement(session.project.db, {
      project: session.project.summary().name,
      options: { ignoreCase: true },
    });
    expect(view.agreement).toEqual(here);
    expect(view.agreement.annotators).toEqual(['maria', 'tom']);
    expect(view.agreement.progress).toMatchObject({ annotators: 2, multiple: 5, adjudicated: 0 });
    expect(view.agreement.pairs).toHaveLength(1);
    const measures = [...new Set(here.utterances.flatMap((u) => Object.keys(u.values)))];
    expect(view.plots.map((p) => p.title)).toEqual(measures);
    for (const p of view.plots) expect(p.svg).toMatch(/^<svg/);
    expect(view.plots.find((p) => p.title === 'Boundary |Δ| mean')!.caption).toContain('(ms)');
  });

  it('refuses an annotator the project does not have at once', async () => {
    const r = await call(createHandlers(session), 'agreement:corpus', { annotators: ['maria', 'nobody'] });
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
