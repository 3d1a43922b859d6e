// Long-running work (imports, scoring, reports) started through the API: each job reports progress, and
// may publish partial results (the systems scored so far), that the UI polls with `job:status`; it ends
// with a result or an error the UI can show.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/api/errors';
import type { JobStatus } from '../../core/api/contract';

interface Job {
  status: JobStatus;
  finishedAt?: number;
}

/** Finished jobs are kept this long for their last poll. */
const KEEP_MS = 10 * 60 * 1000;

/** Reports a job's progress: `done` of `total` units in the named phase. */
export type JobProgress = (done: number, total: number, phase: string) => void;

/** Publishes what a running job has to show so far; each call replaces the previous one. */
export type JobPublish = (partial: unknown) => void;

/** The jobs of one session. */
export class Jobs {
  private readonly jobs = new Map<string, Job>();

  /**
   * Starts `work` and returns its id at once; `work` reports progress and publishes partial results through
   * its arguments. A finished job's status carries its result and no longer the partial one.
   */
  start(kind: string, work: (progress: JobProgress, publish: JobPublish) => Promise<unknown>): JobStatus {
    this.prune();
    const id = randomUUID();
    const job: Job = { status: { id, kind, state: 'running', phase: '', done: 0, total: 0 } };
    this.jobs.set(id, job);
    let ended = false;
    const progress: JobProgress = (done, total, phase) => {
      if (!ended) job.status = { ...job.status, done, total, phase };
    };
    const publish: JobPublish = (partial) => {
      if (!ended) job.status = { ...job.status, partial };
    };
    // Let the caller receive the id before the work starts.
    void Promise.resolve()
      .then(() => work(progress, publish))
      .then(
        (result) => {
          ended = true;
          const status: JobStatus = { ...job.status, state: 'done', result };
          delete status.partial;
          job.status = status;
        },
        (err: unknown) => {
          const error =
            err instanceof AppError
              ? err.toShape()
              : { code: 'INTERNAL' as const, message: err instanceof Error ? err.message : String(err) };
          ended = true;
          job.status = { ...job.status, state: 'failed', error };
        },
      )
      .finally(() => (job.finishedAt = Date.now()));
    return job.status;
  }

  /** The status of a job. */
  status(id: string): JobStatus {
    const job = this.jobs.get(id);
    if (!job) throw new AppError('NOT_FOUND', `No job ${id}.`, { jobId: id });
    return job.status;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs)
      if (j.finishedAt !== undefined && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}
