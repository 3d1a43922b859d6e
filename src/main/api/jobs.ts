// Long-running work (imports, scoring) started through the API: each job reports progress that the UI
// polls with `job:status`, and ends with a result or an error the UI can show.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/api/errors';
import type { JobStatus } from '../../core/api/contract';

interface Job {
  status: JobStatus;
  finishedAt?: number;
}

/** Finished jobs are kept this long for their last poll. */
const KEEP_MS = 10 * 60 * 1000;

/** The jobs of one session. */
export class Jobs {
  private readonly jobs = new Map<string, Job>();

  /** Starts `work` and returns its id at once; `work` reports progress through its argument. */
  start(
    kind: string,
    work: (progress: (done: number, total: number, phase: string) => void) => Promise<unknown>,
  ): JobStatus {
    this.prune();
    const id = randomUUID();
    const job: Job = { status: { id, kind, state: 'running', phase: '', done: 0, total: 0 } };
    this.jobs.set(id, job);
    const progress = (done: number, total: number, phase: string): void => {
      job.status = { ...job.status, done, total, phase };
    };
    // Let the caller receive the id before the work starts.
    void Promise.resolve()
      .then(() => work(progress))
      .then(
        (result) => {
          job.status = { ...job.status, state: 'done', result };
        },
        (err: unknown) => {
          const error =
            err instanceof AppError
              ? err.toShape()
              : { code: 'INTERNAL' as const, message: err instanceof Error ? err.message : String(err) };
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
