// The thread that copies an open project's write-ahead log into the project file (`checkpointWorker.ts`).
// A checkpoint writes pages into the file and waits for the disk twice (fsync of the log, then of the
// file): tens of milliseconds, more while an import writes. On the thread that answers the studio, every
// call waiting behind it would wait as long; in a thread of its own, through a connection of its own, it
// costs that thread nothing.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';

/** What the checkpoint thread is started with. */
export interface CheckpointWorkerData {
  file: string;
  /** Two flags shared with the app's thread: `CLOSING` (set by it) and `OPEN` (set while a connection is). */
  flags: SharedArrayBuffer;
}

/** Index in `flags`: the project is closing; open no connection to it any more. */
export const CLOSING = 0;
/** Index in `flags`: the thread has a connection to the project open. */
export const OPEN = 1;

/** A request for one checkpoint. */
export interface CheckpointRequest {
  id: number;
}

/**
 * One checkpoint's outcome: SQLite's frame counts (`checkpointed` < `log` when a reader still needed some
 * frames), or why it failed, or that the project was closing and none was made.
 */
export type CheckpointAnswer = { id: number } & (
  { log: number; checkpointed: number } | { error: string } | { closing: true }
);

/**
 * How long closing the project waits for a checkpoint under way to end (a checkpoint takes milliseconds;
 * this is for a disk that stalls). Past it, the project is closed anyway and the thread's connection,
 * closing last, completes the checkpoint itself.
 */
const CLOSE_WAIT_MS = 10_000;

/**
 * The checkpoint thread of one project file, started on the first checkpoint asked for (a command that
 * writes and closes never starts it: closing the project checkpoints). It keeps no process alive.
 */
export class CheckpointThread {
  private worker: Worker | null = null;
  private readonly flags = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  private readonly waiting = new Map<number, (a: CheckpointAnswer) => void>();
  private next = 0;
  private closed = false;

  constructor(private readonly file: string) {}

  /** Makes one PASSIVE checkpoint in the thread (after any asked for before); resolves with its outcome. */
  checkpoint(): Promise<CheckpointAnswer> {
    const id = this.next++;
    if (this.closed) return Promise.resolve({ id, closing: true });
    let worker: Worker;
    try {
      worker = this.started();
    } catch (err) {
      // No thread (a build without its file): the log waits for the next try, or for the close.
      return Promise.resolve({ id, error: err instanceof Error ? err.message : String(err) });
    }
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      const request: CheckpointRequest = { id };
      worker.postMessage(request);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const entry = workerEntry(import.meta.url, 'checkpointWorker');
    const data: CheckpointWorkerData = { file: this.file, flags: this.flags.buffer as SharedArrayBuffer };
    const worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
    worker.unref();
    const gone = (why: string): void => {
      if (this.worker === worker) this.worker = null;
      for (const [id, resolve] of this.waiting) resolve({ id, error: why });
      this.waiting.clear();
    };
    worker.on('message', (a: CheckpointAnswer) => {
      this.waiting.get(a.id)?.(a);
      this.waiting.delete(a.id);
    });
    worker.on('error', (err) => gone(err.message));
    worker.on('exit', (code) => gone(`the checkpoint thread stopped (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  /**
   * Stops the thread before the project's own connection closes: no checkpoint starts any more, and one
   * under way is waited for, so that the app's connection closes last and SQLite, as it closes it, copies
   * what is left of the log into the file and removes the log.
   */
  close(): void {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    Atomics.store(this.flags, CLOSING, 1);
    const deadline = Date.now() + CLOSE_WAIT_MS;
    while (Atomics.load(this.flags, OPEN) === 1 && Date.now() < deadline)
      Atomics.wait(this.flags, OPEN, 1, deadline - Date.now());
    for (const [id, resolve] of this.waiting) resolve({ id, closing: true });
    this.waiting.clear();
    void worker.terminate();
  }
}
