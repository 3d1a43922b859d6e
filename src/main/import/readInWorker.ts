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
} from './importWorkerProtocol';

/** Runs `task` in an import worker thread; `onProgress` hears its progress; resolves with its answer. */
export async function runImportWorker<K extends ImportTask['kind']>(
  task: Extract<ImportTask, { kind: K }>,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
  transfer: ArrayBuffer[] = [],
): Promise<ImportResults[K]> {
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
