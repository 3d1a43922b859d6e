// An import worker thread: reads and checks the files of one import (the parsing is where a large import
// spends its time) and, for an import into the open project, writes it there through its own connection;
// or parses a large request body. The app process meanwhile keeps answering other calls.
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../backgroundPriority';
import { workerFailure } from '../workerFailure';
import { importCorpusInto, importSystemInto } from './importInto';
import type { ImportResults, ImportTask, ImportWorkerMessage } from './importWorkerProtocol';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';
import { scanCorpus } from './scanCorpus';

const task = workerData as ImportTask;
// An import runs behind the studio's calls: it takes the processor time they leave. A request body is
// parsed for a call that waits on it, at the app's priority.
if (task.kind !== 'json') runInBackground();
const post = (m: ImportWorkerMessage): void => parentPort!.postMessage(m);
const progress = (done: number, total: number, phase: string): void =>
  post({ type: 'progress', done, total, phase });

async function run(t: ImportTask): Promise<ImportResults[ImportTask['kind']]> {
  switch (t.kind) {
    case 'corpus':
      return scanCorpus(t.options);
    case 'systemFiles':
      return readSystemFiles(t.files);
    case 'systemUploads':
      return readSystemUploads(t.files);
    case 'importCorpus':
      return importCorpusInto(t.project, t.options, progress);
    case 'importSystem':
      return importSystemInto(t.project, t.name, t.sourceFiles, t.read, progress);
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
