// Forced alignment off the calling thread: each call runs in a worker thread (src/main/forcedAlign/
// alignWorker.ts), which reports progress and is stopped at once when the caller aborts. The worker entry
// is the built `alignWorker.js` next to the running bundle, or, from source, the TypeScript through tsx.
import { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors';
import { workerEntry } from '../workerEntry';
import type { AlignWorkerData, AlignWorkerReply, AlignWorkerRequest } from './alignWorkerProtocol';
import type { EngineSettings } from './runAlignment';
import type { AlignOptions, AlignRequest, AlignResult } from './types';

export type {
  AlignOptions,
  AlignRequest,
  AlignResult,
  AlignedWord,
  AlignLanguage,
  AlignWord,
  FixedWord,
} from './types';
export { ALIGN_LANGUAGES } from './types';

/** The error an aborted alignment rejects with (`name` 'AbortError', as fetch's). */
export function abortError(): Error {
  const e = new Error('The alignment was cancelled.');
  e.name = 'AbortError';
  return e;
}

/**
 * Aligns `request.words` to the audio in a worker thread: one entry per word, null where it could not be
 * placed (the warnings say why). `options.signal` stops the worker at once; `options.onProgress` hears
 * seconds of audio aligned, of the total. Rejects with `AppError` for bad input (an unreadable audio
 * file, fixed words out of order …).
 */
export async function alignSpeech(request: AlignRequest, options: AlignOptions = {}): Promise<AlignResult> {
  const aligner = new AlignerThread({ background: true });
  try {
    return await aligner.align(request, options);
  } finally {
    await aligner.close();
  }
}

/**
 * One worker thread that aligns the requests given to it one after another, so that many recordings
 * load the aligner once (`sieve import`, benchmarks). Aborting a request stops the thread: later
 * requests start a new one.
 */
export class AlignerThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly data: AlignWorkerData,
    private readonly settings?: EngineSettings,
  ) {}

  /** Aligns one request once the ones before it are done. */
  align(request: AlignRequest, options: AlignOptions = {}): Promise<AlignResult> {
    const run = this.queue.then(() => this.run(request, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry(import.meta.url, 'alignWorker');
    const data: AlignWorkerData = this.settings ? { ...this.data, settings: this.settings } : this.data;
    this.worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
    this.worker.unref();
    return this.worker;
  }

  private run(request: AlignRequest, { signal, onProgress }: AlignOptions): Promise<AlignResult> {
    if (signal?.aborted) return Promise.reject(abortError());
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<AlignResult>((resolve, reject) => {
      const cleanup = (): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
      };
      const onMessage = (m: AlignWorkerReply): void => {
        if (m.id !== id) return;
        if (m.type === 'progress') return onProgress?.(m.done, m.total);
        cleanup();
        if (m.type === 'result') resolve(m.result);
        else
          reject(
            m.error ? new AppError(m.error.code, m.error.message, m.error.details) : new Error(m.message),
          );
      };
      const onError = (err: Error): void => {
        cleanup();
        this.worker = null;
        reject(err);
      };
      const onExit = (code: number): void => {
        cleanup();
        this.worker = null;
        reject(new Error(`the alignment worker stopped (exit code ${code})`));
      };
      const onAbort = (): void => {
        cleanup();
        this.worker = null;
        void worker.terminate();
        reject(abortError());
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      const message: AlignWorkerRequest = { type: 'align', id, request };
      worker.postMessage(message);
    });
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    await this.queue;
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
