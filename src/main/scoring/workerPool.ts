// A small pool of scoring worker threads: each worker takes the next chunk as soon as it answers the
// previous one, so a slow chunk never holds the others up, and writes its own scores to the cache.
// `workerEntry` finds the worker's code (built or, from source, through tsx).
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import type { ScoreWorkerData } from './scoreWorker';
import type { ScoreCacheRow } from '../store/scoreCache';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

/**
 * Scores `chunks` in `workers` threads started with `data`; `onScored` receives each chunk's scores (as
 * JSON, with their revisions) in the order they arrive (on the main thread). Resolves once every chunk is scored and every worker has
 * written its scores to the cache (when `data.cache`); rejects with the first failure, after stopping every
 * worker.
 */
export async function runScorePool(
  data: ScoreWorkerData,
  workers: number,
  chunks: readonly [number, string][][],
  onScored: (results: ScoreCacheRow[]) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  const entry = workerEntry(import.meta.url, 'scoreWorker');
  const pool: Worker[] = [];
  let next = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: Error): void => {
        if (!failed) reject(err);
        failed = true;
      };
      const count = Math.min(workers, chunks.length);
      let flushed = 0;
      // The next chunk, or, with none left, the flush of what the worker has not written yet: a worker
      // that runs out of chunks writes while the others finish theirs.
      const feed = (w: Worker): void => {
        const req: WorkerRequest =
          next < chunks.length ? { type: 'score', chunk: next, pairs: chunks[next++]! } : { type: 'flush' };
        w.postMessage(req);
      };
      for (let k = 0; k < count; k++) {
        const w = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
        pool.push(w);
        let done = false;
        w.on('message', (reply: WorkerReply) => {
          if (failed) return;
          if (reply.type === 'failed') return fail(new Error(reply.message));
          if (reply.type === 'flushed') {
            done = true;
            if (++flushed === count) resolve();
            return;
          }
          try {
            onScored(reply.results);
          } catch (err) {
            return fail(err as Error);
          }
          feed(w);
        });
        w.on('error', fail);
        w.on('exit', (code) => {
          if (!done) fail(new Error(`a scoring worker stopped (exit code ${code})`));
        });
        feed(w);
      }
    });
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
