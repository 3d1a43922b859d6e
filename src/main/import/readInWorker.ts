// Runs the reading (and the writing) of an import in a worker thread (`importWorker.ts`): parsing a large
// file takes seconds, and writing a large import a good part of one; on the app process's thread either
// would hold up every other call of the studio. `workerEntry` finds the worker's code (built or, from
// source, through tsx).
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type {
  ImportReadResults,
  ImportReadTask,
  ImportResults,
  ImportTask,
  ImportWorkerMessage,
  KeptAnswer,
  KeptRequest,
  KeptTask,
  KeptWorkerTask,
} from './importWorkerProtocol';

/** Hears a task's progress: `done` of `total` in the named phase. */
type OnProgress = (done: number, total: number, phase: string) => void;

/**
 * Runs `task` in an import worker thread; `onProgress` hears its progress; resolves with its answer. A
 * system's import, and the reading of its files, run in kept workers (`inKeptWorker`), every other task in
 * a thread of its own.
 */
export async function runImportWorker<K extends ImportTask['kind']>(
  task: Extract<ImportTask, { kind: K }>,
  onProgress: OnProgress = () => {},
  transfer: ArrayBuffer[] = [],
): Promise<ImportResults[K]> {
  if (task.kind === 'importSystem' || task.kind === 'prepareSystem')
    return inKeptWorker(task as Extract<KeptTask, { kind: K }>, onProgress, transfer) as Promise<
      ImportResults[K]
    >;
  const entry = workerEntry(import.meta.url, 'importWorker');
  const worker = new Worker(entry.file, {
    workerData: task,
    execArgv: entry.execArgv,
    transferList: transfer,
  });
  try {
    return await new Promise<ImportResults[K]>((resolve, reject) => {
      worker.on('message', (m: ImportWorkerMessage) => {
        if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
        else if (m.type === 'result') resolve(m.result as ImportResults[K]);
        else reject(workerError(m));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

/** Reads (and checks) the files of `task` in a worker thread; resolves with what it read. */
export function readInWorker<K extends ImportReadTask['kind']>(
  task: Extract<ImportReadTask, { kind: K }>,
): Promise<ImportReadResults[K]> {
  return runImportWorker<K>(task as Extract<ImportTask, { kind: K }>);
}

/** The kept worker, and the tasks it has not answered yet. */
interface KeptWorker {
  worker: Worker;
  waiting: Map<number, { onMessage: (m: ImportWorkerMessage) => void; reject: (e: Error) => void }>;
  next: number;
  /** It asked to be let go: it takes no new task, and stops once the last one is answered. */
  retired: boolean;
  /** Lets it go once it has had no task for `KEPT_IDLE_MS`. */
  idle: NodeJS.Timeout | null;
}

/**
 * How long a kept worker waits for its next task before it is let go: a worker at rest collects nothing,
 * so what its last tasks left on its heap (tens of megabytes after a system's import) would stay for as
 * long as the process runs. Imports one after another keep it; the first after a pause starts it again.
 */
const KEPT_IDLE_MS = 10_000;

/**
 * The kept workers: one parses request bodies, another writes systems' imports (whose wait for the write
 * lock would hold up the bodies), and, in the thread that writes them, one reads a system's files in the
 * background. None until its first task, or after it failed or retired.
 */
const kept = new Map<KeptTask['kind'], KeptWorker>();

/**
 * The worker kept for `kind`'s tasks (at background priority for a system's reading, at the app's for the
 * others), started on first use: starting a thread costs about 40 ms of processor time, as much as parsing
 * a system's upload of a few megabytes, and loading the readers more. It keeps no process alive; one that
 * failed or retired is replaced.
 */
function keptWorker(kind: KeptTask['kind']): KeptWorker {
  const known = kept.get(kind);
  if (known) return known;
  const entry = workerEntry(import.meta.url, 'importWorker');
  const workerData: KeptWorkerTask = {
    kind: 'kept',
    ...(kind === 'prepareSystem' ? { background: true } : {}),
  };
  // (A smaller young generation would hold less at rest, but it more than doubled the collector's time
  // in a system's reading, on V8's helper threads, which run at the app's priority.)
  const worker = new Worker(entry.file, { workerData, execArgv: entry.execArgv });
  worker.unref();
  const k: KeptWorker = { worker, waiting: new Map(), next: 0, retired: false, idle: null };
  const retire = (): void => {
    if (kept.get(kind) === k) kept.delete(kind);
    k.retired = true;
  };
  const fail = (err: Error): void => {
    if (kept.get(kind) === k) kept.delete(kind);
    for (const w of k.waiting.values()) w.reject(err);
    k.waiting.clear();
  };
  worker.on('message', (a: KeptAnswer) => {
    k.waiting.get(a.id)?.onMessage(a.message);
    if (a.message.type === 'progress') return;
    k.waiting.delete(a.id);
    if (a.retire) retire();
    if (k.waiting.size > 0) return;
    if (k.retired) void worker.terminate();
    else {
      k.idle = setTimeout(() => {
        retire();
        void worker.terminate();
      }, KEPT_IDLE_MS);
      k.idle.unref();
    }
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the import worker stopped (exit code ${code})`)));
  kept.set(kind, k);
  return k;
}

/** Runs `task` in the kept worker; `onProgress` hears its progress; resolves with its answer. */
function inKeptWorker<K extends KeptTask['kind']>(
  task: Extract<KeptTask, { kind: K }>,
  onProgress: OnProgress,
  transfer: ArrayBuffer[] = [],
): Promise<ImportResults[K]> {
  const k = keptWorker(task.kind);
  if (k.idle) clearTimeout(k.idle);
  k.idle = null;
  const id = k.next++;
  return new Promise((resolve, reject) => {
    k.waiting.set(id, {
      onMessage: (m) => {
        if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
        else if (m.type === 'result') resolve(m.result as ImportResults[K]);
        else reject(workerError(m));
      },
      reject,
    });
    const request: KeptRequest = { id, task };
    k.worker.postMessage(request, transfer);
  });
}

/**
 * The largest body the kept worker parses. A larger one is parsed in a worker of its own, which goes with
 * what the parsing left on its heap (a worker at rest collects none of it).
 */
const KEPT_PARSER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Parses a request body as JSON in a worker thread (its bytes are moved there, not copied): a body of
 * a hundred megabytes takes the better part of a second to parse. Resolves with `{ parsed: false }` when
 * the body is not JSON. A body up to `KEPT_PARSER_MAX_BYTES` goes to the kept worker.
 */
export function parseJsonInWorker(bytes: Uint8Array): Promise<ImportResults['json']> {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes
      : bytes.slice();
  const task = { kind: 'json', bytes: own } as const;
  const transfer = [own.buffer as ArrayBuffer];
  return own.byteLength > KEPT_PARSER_MAX_BYTES
    ? runImportWorker<'json'>(task, undefined, transfer)
    : inKeptWorker<'json'>(task, () => {}, transfer);
}
