// Runs the reading of an import in a worker thread (`importWorker.ts`): parsing a large file takes
// seconds, and on the app process's thread it would hold up every other call of the studio. The worker
// entry is the built `importWorker.js` next to the running bundle, or, when running from source (tests,
// `tsx`), the TypeScript source loaded through tsx's loader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError, BugError } from '../../core/api/errors';
import type { ImportReadResults, ImportReadTask, ImportWorkerMessage } from './importWorkerProtocol';

/** Where the import worker's code is and how Node must load it. */
export function importWorkerEntry(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const dir = path.dirname(here);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { file: path.join(dir, 'importWorker.ts'), execArgv: ['--import', tsx] };
  }
  // Bundled: this code sits in out/main/ or in a shared chunk one folder below it.
  for (const d of [dir, path.dirname(dir)]) {
    const file = path.join(d, 'importWorker.js');
    if (fs.existsSync(file)) return { file, execArgv: [] };
  }
  throw new BugError(`importWorker.js is not next to ${here}; the build must include it`);
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
