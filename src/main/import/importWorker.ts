// An import worker thread: reads and checks the files of one import (the parsing is where a large import
// spends its time) and posts what it read, so the app process keeps answering other calls meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../core/api/errors';
import type { ImportReadTask, ImportWorkerMessage } from './importWorkerProtocol';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';
import { scanCorpus } from './scanCorpus';

const task = workerData as ImportReadTask;
let message: ImportWorkerMessage;
try {
  const result =
    task.kind === 'corpus'
      ? scanCorpus(task.options)
      : task.kind === 'systemFiles'
        ? readSystemFiles(task.files)
        : readSystemUploads(task.files);
  message = { type: 'read', result };
} catch (err) {
  message = {
    type: 'failed',
    error: err instanceof AppError ? err.toShape() : null,
    message: err instanceof Error ? err.message : String(err),
  };
}
parentPort!.postMessage(message);
