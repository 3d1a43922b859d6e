// Runs the reading of an import in a worker thread (`importWorker.ts`): parsing a large file takes
// seconds, and on the app process's thread it would hold up every other call of the studio. The worker
// entry is the built `importWorker.js` next to the running bundle, or, when running from source (tests,
// `tsx`), the TypeScript source loaded through tsx's loader.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import { AppError } from '../../core/api/errors';
import type { ImportReadResults, ImportReadTask, ImportWorkerMessage } from './importWorkerProtocol';

/** Where the import worker's code is and how Node must load it. */
export function importWorkerEntry(): { file: string; execArgv: string[] } {
  return workerEntry(import.meta.url, 'importWorker');
}

/** Reads (and checks) the files of `task` in a worker thread; resolves with what it read. */
export async function readInWorker<K extends ImportReadTask['kind']>(
  task: Extract<ImportReadTask, { kind: K }>,
): Promise<ImportReadResults[K]> {
  const entry = importWorkerEntry();
  const worker = new Worker(entry.file, { workerData: task, execArgv: entry.execArgv });
  try {
    return await new Promise<ImportReadResults[K]>((resolve, reject) => {
      worker.on('message', (m: ImportWorkerMessage) => {
        if (m.type === 'read') resolve(m.result as ImportReadResults[K]);
        else
          reject(
            m.error ? new AppError(m.error.code, m.error.message, m.error.details) : new Error(m.message),
          );
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the import worker stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}
