// Runs the reading and the writing of an import in worker threads (`importWorker.ts`): parsing a large
// file takes seconds, and writing a large import a good part of one; on the app process's thread either
// would hold up every other call of the studio. The worker entry is the built `importWorker.js` next to
// the running bundle, or, when running from source (tests, `tsx`), the TypeScript source loaded through
// tsx's loader.
import { MessageChannel, type Transferable, Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type {
  ImportReadResults,
  ImportReadTask,
  ImportResults,
  ImportTask,
  ImportWorkerMessage,
  ImportWriteTask,
} from './importWorkerProtocol';

/** Where the import worker's code is and how Node must load it. */
export function importWorkerEntry(): { file: string; execArgv: string[] } {
  return workerEntry(import.meta.url, 'importWorker');
}

function spawn(task: ImportTask, transfer: Transferable[]): Worker {
  const entry = importWorkerEntry();
  return new Worker(entry.file, { workerData: task, execArgv: entry.execArgv, transferList: transfer });
}

/** The answer of `worker`: its result, or its failure as the error thrown there. */
function answerOf<T>(
  worker: Worker,
  onProgress: (done: number, total: number, phase: string) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    worker.on('message', (m: ImportWorkerMessage) => {
      if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
      else if (m.type === 'result') resolve(m.result as T);
      else reject(workerError(m));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit code ${code})`)));
  });
}

/** Runs `task` in an import worker thread; `onProgress` hears its progress; resolves with its answer. */
export async function runImportWorker<K extends ImportTask['kind']>(
  task: Extract<ImportTask, { kind: K }>,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
  transfer: Transferable[] = [],
): Promise<ImportResults[K]> {
  const worker = spawn(task, transfer);
  try {
    return await answerOf<ImportResults[K]>(worker, onProgress);
  } finally {
    await worker.terminate();
  }
}

/**
 * Imports into a project in two worker threads: one reads and checks the files at a lower priority (the
 * bulk of the work, which must not take the processor from the app's thread), and hands what it prepared
 * straight to the other, which writes it at the usual priority (it holds the write lock meanwhile, which
 * edits wait for). Nothing passes through this thread but progress and the summary.
 */
export async function runImport(
  task: ImportWriteTask,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
): Promise<ImportResults['write']> {
  const { port1, port2 } = new MessageChannel();
  const writer = spawn({ kind: 'write', from: port2 }, [port2]);
  const reader = spawn({ kind: 'prepare', task, to: port1 }, [port1]);
  try {
    // Either one failing ends the import at once.
    const [, written] = await Promise.all([
      answerOf<ImportResults['prepare']>(reader, onProgress),
      answerOf<ImportResults['write']>(writer, onProgress),
    ]);
    return written;
  } finally {
    await Promise.all([reader.terminate(), writer.terminate()]);
  }
}

/** Reads (and checks) the files of `task` in a worker thread; resolves with what it read. */
export function readInWorker<K extends ImportReadTask['kind']>(
  task: Extract<ImportReadTask, { kind: K }>,
): Promise<ImportReadResults[K]> {
  return runImportWorker<K>(task as Extract<ImportTask, { kind: K }>);
}

/**
 * Parses a request body as JSON in a worker thread (its bytes are moved there, not copied): a body of
 * a hundred megabytes takes the better part of a second to parse. Resolves with `{ parsed: false }` when
 * the body is not JSON.
 */
export function parseJsonInWorker(bytes: Uint8Array): Promise<ImportResults['json']> {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes
      : bytes.slice();
  return runImportWorker<'json'>({ kind: 'json', bytes: own }, undefined, [own.buffer as ArrayBuffer]);
}
