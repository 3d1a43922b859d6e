// Long-running work (imports, scoring, reports) started through the API: each job reports progress, and
// may publish partial results (the systems scored so far), that the UI polls with `job:status`; it ends
// with a result or an error the UI can show: the same code and message a direct call failing the same way
// is answered with (see `dispatch` and `withProjectErrors`). A job started from a page of the studio is
// followed by that page (and by any page that asks for the same work while it runs, or polls it): once
// every page following it has gone, it is cancelled. A second request for the same work joins the job
// running it rather than starting another.
import { randomUUID } from 'node:crypto';
import { AppError, type ApiErrorShape, BugError } from '../../core/errors';
import { type JobPartial, type JobResult, JobResults, type JobStatus } from '../../core/api/contract';
import { sqliteFailure } from '../store/projectFile';

interface Job {
  status: JobStatus;
  finishedAt?: number;
  /** Aborted by `cancel`; the work stops when it next looks at its signal. */
  abort: AbortController;
  /** What work it does (its kind, inputs and the state of the project they were read in), when joinable. */
  key?: string;
  /** The pages following it; once it had one, it is cancelled when the last one has gone. */
  pages: Set<string>;
}

/** The page of the call being answered (see `callingPage`). */
let pageNow: string | undefined;

/**
 * The page of the studio (one load of it in a browser tab) an API call came from, where the transport
 * knows it: the browser host runs each call's synchronous part (where its handler validates its input and
 * starts its job) as the page's. A plain variable rather than async_hooks' AsyncLocalStorage, whose
 * promise hooks make Node 22 fail a V8 check when a module with top-level await finishes loading.
 */
export const callingPage = {
  /** Runs `fn` as `page`'s call; what `fn` does after its first await is no longer the page's. */
  run<T>(page: string, fn: () => T): T {
    const was = pageNow;
    pageNow = page;
    try {
      return fn();
    } finally {
      pageNow = was;
    }
  },
  /** The page whose call is being answered, if any. */
  getStore(): string | undefined {
    return pageNow;
  },
};

/** How long a job no page follows any more waits for one (a reload of its page) before it is cancelled. */
const PAGE_GRACE_MS = 2000;

/** Finished jobs are kept this long for their last poll. */
const KEEP_MS = 10 * 60 * 1000;

/** Reports a job's progress: `done` of `total` units in the named phase. */
export type JobProgress = (done: number, total: number, phase: string) => void;

/** Publishes what a running job has to show so far; each call replaces the previous one. */
export type JobPublish<P = unknown> = (partial: P) => void;

/** Fails unless a job of `kind` ended with a result its schema (`JobResults`) allows; the result stays as given. */
function checkResult(kind: string, result: unknown): void {
  const schema = Object.hasOwn(JobResults, kind) ? JobResults[kind as keyof typeof JobResults] : null;
  if (schema && !schema.safeParse(result).success)
    throw new BugError(`${kind} ended with a result outside its schema`);
}

/** What jobs need to know to answer a failure as a direct call would. */
export interface JobsOptions {
  /** The open project's file when a job starts: an SQLite error of the job names it. */
  projectFile?: () => string | null;
  /** Hears an error that is a bug (not an API error): the job's status says INTERNAL. */
  onBug?: (err: unknown) => void;
}

/**
 * The error a failed job shows: an API error as it is, an SQLite error of the project as what it means
 * (damaged, read-only, busy: `sqliteFailure`), anything else as INTERNAL — as `dispatch` answers a call.
 */
export function jobError(
  kind: string,
  err: unknown,
  file: string | null,
  onBug: (err: unknown) => void,
): ApiErrorShape {
  const e = file ? sqliteFailure(file, err) : err;
  if (e instanceof AppError) return e.toShape();
  onBug(e);
  return { code: 'INTERNAL', message: `${kind} failed: ${e instanceof Error ? e.message : String(e)}` };
}

/** The jobs of one session. */
export class Jobs {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly options: JobsOptions = {}) {}

  /**
   * Starts `work` and returns its id at once; `work` reports progress and publishes partial results through
   * its arguments. A finished job's status carries its result and no longer the partial one. A kind with a
   * schema in the contract's `JobResults` must end with a result the schema allows. With a `key` (what
   * identifies the work: its inputs and the state of the project it reads), a job of the same kind and key
   * still running is answered instead, and the calling page follows it too.
   */
  start<K extends string>(
    kind: K,
    work: (
      progress: JobProgress,
      publish: JobPublish<JobPartial<K>>,
      signal: AbortSignal,
    ) => Promise<JobResult<K>>,
    options: { key?: string } = {},
  ): JobStatus {
    this.prune();
    const page = callingPage.getStore();
    const key = options.key === undefined ? undefined : `${kind}\u0000${options.key}`;
    if (key !== undefined)
      for (const running of this.jobs.values())
        if (running.key === key && running.status.state === 'running' && !running.abort.signal.aborted) {
          if (page !== undefined) running.pages.add(page);
          return running.status;
        }
    const id = randomUUID();
    const job: Job = {
      status: { id, kind, state: 'running', phase: '', done: 0, total: 0 },
      abort: new AbortController(),
      pages: new Set(page === undefined ? [] : [page]),
      ...(key !== undefined ? { key } : {}),
    };
    const file = this.options.projectFile?.() ?? null;
    const onBug = this.options.onBug ?? ((err: unknown) => console.error(err));
    this.jobs.set(id, job);
    let ended = false;
    const progress: JobProgress = (done, total, phase) => {
      if (!ended) job.status = { ...job.status, done, total, phase };
    };
    const publish: JobPublish<JobPartial<K>> = (partial) => {
      if (!ended) job.status = { ...job.status, partial };
    };
    // Let the caller receive the id before the work starts.
    void Promise.resolve()
      .then(() => work(progress, publish, job.abort.signal))
      .then((result) => {
        checkResult(kind, result);
        return result;
      })
      .then(
        (result) => {
          ended = true;
          const status: JobStatus = { ...job.status, state: 'done', result };
          delete status.partial;
          job.status = status;
        },
        (err: unknown) => {
          // A job stopped by its signal rejects with an AbortError (as fetch does).
          const cancelled =
            job.abort.signal.aborted && (err as { name?: unknown } | null)?.name === 'AbortError';
          const error = cancelled
            ? { code: 'CANCELLED' as const, message: `${kind} was cancelled; nothing was changed.` }
            : jobError(kind, err, file, onBug);
          ended = true;
          job.status = { ...job.status, state: 'failed', error };
        },
      )
      .finally(() => (job.finishedAt = Date.now()));
    return job.status;
  }

  /** The status of a job; the page asking follows it from then on. */
  status(id: string): JobStatus {
    const job = this.jobs.get(id);
    if (!job) throw new AppError('NOT_FOUND', `No job ${id}.`, { jobId: id });
    const page = callingPage.getStore();
    if (page !== undefined && job.status.state === 'running') job.pages.add(page);
    return job.status;
  }

  /**
   * A page has gone (its tab closed or reloaded): every running job that pages followed and none follows
   * two seconds later is cancelled, as `cancel` would.
   */
  pageGone(page: string): void {
    for (const job of this.jobs.values())
      if (job.pages.delete(page) && job.pages.size === 0 && job.status.state === 'running')
        // A page reloaded asks for the same work again at once and joins it: only a job no page has
        // followed for a moment is cancelled.
        setTimeout(() => {
          if (job.pages.size === 0 && job.status.state === 'running') job.abort.abort();
        }, PAGE_GRACE_MS).unref();
  }

  /**
   * Asks a running job to stop: jobs that take a signal (the aligner's) stop at once and end as CANCELLED
   * with nothing changed; the others run to their end. A finished job is left as it is.
   */
  cancel(id: string): JobStatus {
    const job = this.jobs.get(id);
    if (!job) throw new AppError('NOT_FOUND', `No job ${id}.`, { jobId: id });
    if (job.status.state === 'running') job.abort.abort();
    return job.status;
  }

  private prune(): void {
    const now = Date.now();
    for (const [id, j] of this.jobs)
      if (j.finishedAt !== undefined && now - j.finishedAt > KEEP_MS) this.jobs.delete(id);
  }
}
