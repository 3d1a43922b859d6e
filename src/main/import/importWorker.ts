// An import worker thread: reads and checks the files of one import (the parsing is where a large import
// spends its time), or writes an import another worker prepared into the open project through its own
// connection, or parses a large request body. The app process meanwhile keeps answering other calls.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { workerFailure } from '../workerFailure';
import {
  type PreparedImport,
  prepareCorpusImport,
  prepareSystemImport,
  writePreparedImport,
} from './importInto';
import type { ImportResults, ImportTask, ImportWorkerMessage } from './importWorkerProtocol';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';
import { scanCorpus } from './scanCorpus';

const task = workerData as ImportTask;
const post = (m: ImportWorkerMessage): void => parentPort!.postMessage(m);
const progress = (done: number, total: number, phase: string): void =>
  post({ type: 'progress', done, total, phase });

/** Nice value of a thread that reads an import: the app's own thread comes first for the processor. */
const READING_NICE = 5;

/**
 * Lowers this thread's priority. On Linux a nice value belongs to a thread, so this leaves the app
 * process's thread (and the worker that writes, which holds the write lock) as they were; elsewhere it
 * would apply to the whole process, so nothing is changed there.
 */
function lowerPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, READING_NICE);
  } catch {
    // Not allowed here: the import is read at the usual priority.
  }
}

async function prepare(t: Extract<ImportTask, { kind: 'prepare' }>): Promise<ImportResults['prepare']> {
  lowerPriority();
  const w = t.task;
  const prepared: PreparedImport =
    w.kind === 'importCorpus'
      ? await prepareCorpusImport(w.project, w.options, progress)
      : prepareSystemImport(w.project, w.name, w.sourceFiles, w.read, progress);
  t.to.postMessage(prepared);
  t.to.close();
  return { handedOver: true };
}

function write(t: Extract<ImportTask, { kind: 'write' }>): Promise<ImportResults['write']> {
  return new Promise((resolve, reject) => {
    t.from.once('message', (prepared: PreparedImport) => {
      writePreparedImport(prepared, progress)
        .then(resolve, reject)
        .finally(() => t.from.close());
    });
  });
}

async function run(t: ImportTask): Promise<ImportResults[ImportTask['kind']]> {
  switch (t.kind) {
    case 'corpus':
      return scanCorpus(t.options);
    case 'systemFiles':
      return readSystemFiles(t.files);
    case 'systemUploads':
      return readSystemUploads(t.files);
    case 'prepare':
      return prepare(t);
    case 'write':
      return write(t);
    case 'json':
      try {
        return { parsed: true, value: JSON.parse(new TextDecoder().decode(t.bytes)) as unknown };
      } catch {
        return { parsed: false };
      }
  }
}

try {
  post({ type: 'result', result: await run(task) });
} catch (err) {
  post({ type: 'failed', ...workerFailure(err) });
}
