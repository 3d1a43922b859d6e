// The agreement worker kept for the utterance list's "most disagreement first" order: started at the first
// count, it counts each later one at once (a worker started anew for every edit would take longer to load
// than to count). It does not keep the process alive, and it is stopped with the project.
import { Worker } from 'node:worker_threads';
import { BugError } from '../../core/errors';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type { AgreementWorkerMessage, DisagreementTask, KeptWorkerData } from './agreementWorkerProtocol';
import type { UtteranceDisagreement } from './disagreements';

/** The count being answered. */
interface Counting {
  resolve(counted: UtteranceDisagreement[]): void;
  reject(err: unknown): void;
  onProgress(done: number, total: number): void;
}

/** One agreement worker, kept, counting the differences of utterances one task at a time. */
export class DisagreementWorker {
  private worker: Worker | null = null;
  /** Whether the worker has loaded (it is stopped only then: see `close`). */
  private ready = false;
  private closed = false;
  private counting: Counting | null = null;

  /**
   * Counts, in the worker, the differences between the annotator layers of each of `utteranceIds` as the
   * project `file` has them (`utteranceDisagreements`); `onProgress` hears how many are counted. One count
   * at a time.
   */
  count(
    file: string,
    utteranceIds: readonly string[],
    onProgress: (done: number, total: number) => void,
  ): Promise<UtteranceDisagreement[]> {
    if (this.closed) return Promise.reject(new BugError('the disagreement worker is closed'));
    if (this.counting)
      return Promise.reject(new BugError('the disagreement worker counts one task at a time'));
    const worker = (this.worker ??= this.start());
    const task: DisagreementTask = { file, differencesOf: [...utteranceIds] };
    return new Promise((resolve, reject) => {
      this.counting = { resolve, reject, onProgress };
      worker.postMessage(task);
    });
  }

  private start(): Worker {
    const entry = workerEntry(import.meta.url, 'agreementWorker');
    const data: KeptWorkerData = { kept: 'differences' };
    const worker = new Worker(entry.file, { workerData: data, execArgv: entry.execArgv });
    worker.unref();
    this.ready = false;
    const settle = (): Counting | null => {
      const c = this.counting;
      this.counting = null;
      return c;
    };
    worker.on('message', (m: AgreementWorkerMessage) => {
      if (m.type === 'ready') {
        this.ready = true;
        if (this.closed) void worker.terminate();
      } else if (m.type === 'progress') this.counting?.onProgress(m.done, m.total);
      else if (m.type === 'differences') settle()?.resolve(m.utterances);
      else if (m.type === 'failed') settle()?.reject(workerError(m));
    });
    const gone = (err: unknown): void => {
      if (this.worker === worker) this.worker = null;
      settle()?.reject(err);
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`the disagreement worker stopped (exit code ${code})`)));
    return worker;
  }

  /**
   * Stops the worker (a count under way is rejected). A worker still loading is stopped once it has
   * loaded: stopping one while a module of it is still completing its evaluation makes V8 abort the
   * whole process.
   */
  close(): void {
    this.closed = true;
    const worker = this.worker;
    if (worker && this.ready) void worker.terminate();
    const c = this.counting;
    this.counting = null;
    c?.reject(new Error('the project was closed'));
  }
}
