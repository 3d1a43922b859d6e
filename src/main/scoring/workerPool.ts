// A small pool of scoring worker threads: each worker takes the next task as soon as it answers the
// previous one, so a slow chunk never holds the others up, and writes its own scores to the cache. Tasks
// are chunks of pairs to score and corpus figures' bootstrap intervals; an interval goes before the chunks
// still waiting, so a system's figures are computed while the next system is scored. A worker left without
// tasks writes what it has not written yet while the others finish theirs. `workerEntry` finds the worker's
// code (built or, from source, through tsx).
import { Worker } from 'node:worker_threads';
import { BugError } from '../../core/errors';
import type { BootstrapOptions, Interval } from '../../core/stats/bootstrap';
import { workerEntry } from '../workerEntry';
import { unpackPairs } from './pairPack';
import type { ScoreWorkerData } from './scoreWorker';
import type { ScoredPair, WorkerReply, WorkerRequest } from './workerProtocol';

/** Scoring worker threads at work on one project; every method rejects with the first failure. */
export interface ScorePool {
  /** Scores `chunks`; `onScored` receives each chunk's pairs as they arrive (on this thread). */
  score(
    chunks: readonly [number, string][][],
    onScored: (pairs: ScoredPair[], chunk: number) => void,
  ): Promise<void>;
  /** A corpus figure's bootstrap interval (`corpusInterval`), computed by a worker. */
  interval(stat: string, values: Float64Array, options: BootstrapOptions): Promise<Interval>;
  /** Resolves once every task is done and every worker has written its scores to the cache. */
  drain(): Promise<void>;
  /** Stops every worker (at once, whatever they are doing). */
  stop(): Promise<void>;
}

interface Task {
  req: WorkerRequest;
  /** Takes the task's answer; a throw fails the pool. */
  done(reply: WorkerReply): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  flushing: boolean;
  /** Whether the worker scored pairs it may not have written yet. */
  unwritten: boolean;
}

/** Starts `workers` scoring threads with `data`. */
export function startScorePool(data: ScoreWorkerData, workers: number): ScorePool {
  const entry = workerEntry(import.meta.url, 'scoreWorker');
  const intervals: Task[] = [];
  const chunks: Task[] = [];
  const slots: Slot[] = [];
  /** Rejections of the promises not settled yet. */
  const waiting = new Set<(err: Error) => void>();
  const drained: (() => void)[] = [];
  let failure: Error | null = null;
  let stopping: Promise<void> | null = null;

  const stop = (): Promise<void> =>
    (stopping ??= Promise.all(slots.map((s) => s.worker.terminate())).then(() => undefined));
  const fail = (err: Error): void => {
    if (failure) return;
    failure = err;
    for (const reject of waiting) reject(err);
    waiting.clear();
    void stop();
  };
  const idle = (s: Slot): boolean => s.task === null && !s.flushing;
  const dispatch = (): void => {
    if (failure) return;
    for (const s of slots) {
      if (!idle(s)) continue;
      const task = intervals.shift() ?? chunks.shift();
      if (task) {
        s.task = task;
        if (task.req.type === 'score') s.unwritten = data.cache;
        s.worker.postMessage(task.req);
      } else if (s.unwritten) {
        // Nothing left to hand out: write while the others finish.
        s.flushing = true;
        s.unwritten = false;
        s.worker.postMessage({ type: 'flush' } satisfies WorkerRequest);
      }
    }
    if (slots.every((s) => idle(s) && !s.unwritten)) for (const resolve of drained.splice(0)) resolve();
  };
  /** A promise settled by `run`'s callbacks, or rejected with the pool's failure. */
  const settle = <T>(run: (resolve: (v: T) => void) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure);
      waiting.add(reject);
      run((v) => {
        waiting.delete(reject);
        resolve(v);
      });
      dispatch();
    });

  for (let k = 0; k < workers; k++) {
    const worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
    const slot: Slot = { worker, task: null, flushing: false, unwritten: false };
    slots.push(slot);
    worker.on('message', (reply: WorkerReply) => {
      if (failure) return;
      if (reply.type === 'failed') return fail(new Error(reply.message));
      if (reply.type === 'flushed') slot.flushing = false;
      else {
        const task = slot.task;
        slot.task = null;
        try {
          if (!task) throw new BugError(`a scoring worker answered '${reply.type}' to no task`);
          task.done(reply);
        } catch (err) {
          return fail(err as Error);
        }
      }
      dispatch();
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!stopping) fail(new Error(`a scoring worker stopped (exit code ${code})`));
    });
  }

  return {
    score: (list, onScored) =>
      settle<void>((resolve) => {
        let left = list.length;
        if (left === 0) return resolve();
        list.forEach((pairs, chunk) =>
          chunks.push({
            req: { type: 'score', chunk, pairs },
            done(reply) {
              if (reply.type !== 'scored') throw new BugError(`a scoring worker answered '${reply.type}'`);
              onScored(unpackPairs(reply.pairs), chunk);
              if (--left === 0) resolve();
            },
          }),
        );
      }),
    interval: (stat, values, options) =>
      settle<Interval>((resolve) =>
        intervals.push({
          req: { type: 'interval', stat, values, options },
          done(reply) {
            if (reply.type !== 'interval') throw new BugError(`a scoring worker answered '${reply.type}'`);
            resolve(reply.interval);
          },
        }),
      ),
    drain: () => settle<void>((resolve) => drained.push(resolve)),
    stop,
  };
}

/**
 * Scores `chunks` in `workers` threads started with `data`; `onScored` receives each chunk's scored pairs
 * in the order they arrive (on this thread). Resolves once every chunk is scored and every worker has
 * written its scores to the cache (when `data.cache`); rejects with the first failure, after stopping
 * every worker.
 */
export async function runScorePool(
  data: ScoreWorkerData,
  workers: number,
  chunks: readonly [number, string][][],
  onScored: (pairs: ScoredPair[]) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  const pool = startScorePool(data, Math.min(workers, chunks.length));
  try {
    await pool.score(chunks, onScored);
    await pool.drain();
  } finally {
    await pool.stop();
  }
}
