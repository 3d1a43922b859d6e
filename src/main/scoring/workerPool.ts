// A small pool of scoring worker threads: each worker takes the next chunk as soon as it answers the
// previous one, so a slow chunk never holds the others up. The worker entry is the built `scoreWorker.js`
// next to the running bundle, or, when running from source (tests, benchmarks, `tsx`), the TypeScript
// source loaded through tsx's loader.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import type { ScoreWorkerData } from './scoreWorker';
import type { ScoredPair, WorkerReply, WorkerRequest } from './workerProtocol';

/** Where the score worker's code is and how Node must load it. */
export function scoreWorkerEntry(): { file: string; execArgv: string[] } {
  return workerEntry(import.meta.url, 'scoreWorker');
}

/**
 * Scores `chunks` in `workers` threads started with `data`; `onScored` receives each chunk's results in
 * the order they arrive (on the main thread). Rejects with the first failure, after stopping every worker.
 */
export async function runScorePool(
  data: ScoreWorkerData,
  workers: number,
  chunks: readonly [number, string][][],
  onScored: (results: ScoredPair[]) => void,
): Promise<void> {
  if (chunks.length === 0) return;
  const entry = scoreWorkerEntry();
  const pool: Worker[] = [];
  let next = 0;
  let pending = chunks.length;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (err: Error): void => {
        if (!failed) reject(err);
        failed = true;
      };
      const feed = (w: Worker): void => {
        if (next >= chunks.length) return;
        const chunk = next++;
        const req: WorkerRequest = { type: 'score', chunk, pairs: chunks[chunk]! };
        w.postMessage(req);
      };
      for (let k = 0; k < Math.min(workers, chunks.length); k++) {
        const w = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
        pool.push(w);
        w.on('message', (reply: WorkerReply) => {
          if (failed) return;
          if (reply.type === 'failed') return fail(new Error(reply.message));
          try {
            onScored(reply.results);
          } catch (err) {
            return fail(err as Error);
          }
          if (--pending === 0) resolve();
          else feed(w);
        });
        w.on('error', fail);
        w.on('exit', (code) => {
          if (pending > 0) fail(new Error(`a scoring worker stopped (exit code ${code})`));
        });
        feed(w);
      }
    });
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}
