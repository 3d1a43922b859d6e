// An import worker thread: reads and checks the files of one import (the parsing is where a large import
// spends its time) and, for an import into the open project, writes it there through its own connection;
// or, kept for as long as the process runs, parses large request bodies. The app process meanwhile keeps
// answering other calls.
//
// A worker starts for every import, and loading the readers (zod, the audio decoders' WebAssembly) costs
// a new thread more processor time than a system's import of thousands of outputs parses: so the priority
// is lowered before anything is loaded, and each task loads only what it uses (the body parser, nothing).
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../backgroundPriority';
import type {
  ImportResults,
  ImportTask,
  ImportWorkerMessage,
  JsonBody,
  JsonBodyAnswer,
} from './importWorkerProtocol';

const task = workerData as ImportTask;
// An import's reading runs behind the studio's calls: it takes the processor time they leave. A request
// body is parsed for a call that waits on it, at the app's priority; and a system's import writes at the
// app's priority too (importSystemInto.ts), reading in a thread of its own (`prepareSystem`).
if (task.kind !== 'json' && task.kind !== 'jsonBodies' && task.kind !== 'importSystem') runInBackground();
const post = (m: ImportWorkerMessage): void => parentPort!.postMessage(m);
const progress = (done: number, total: number, phase: string): void =>
  post({ type: 'progress', done, total, phase });

/** A request body's JSON, or `{ parsed: false }` when it is not JSON. */
function parseBody(bytes: Uint8Array): ImportResults['json'] {
  try {
    return { parsed: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { parsed: false };
  }
}

async function run(
  t: Exclude<ImportTask, { kind: 'jsonBodies' }>,
): Promise<ImportResults[ImportTask['kind']]> {
  switch (t.kind) {
    case 'corpus':
      return (await import('./scanCorpus')).scanCorpus(t.options);
    case 'systemFiles':
      return (await import('./readSystemFiles')).readSystemFiles(t.files);
    case 'systemUploads':
      return (await import('./readSystemFiles')).readSystemUploads(t.files);
    case 'importCorpus':
      return (await import('./importInto')).importCorpusInto(t.project, t.options, progress);
    case 'prepareSystem':
      return (await import('./prepareSystem')).prepareSystem(t.read);
    case 'importSystem':
      return (await import('./importSystemInto')).importSystemInto(
        t.project,
        t.name,
        t.sourceFiles,
        t.read,
        progress,
      );
    case 'json':
      return parseBody(t.bytes);
  }
}

if (task.kind === 'jsonBodies') {
  parentPort!.on('message', ({ id, bytes }: JsonBody) => {
    const answer: JsonBodyAnswer = { id, result: parseBody(bytes) };
    parentPort!.postMessage(answer);
  });
} else {
  try {
    post({ type: 'result', result: await run(task) });
  } catch (err) {
    post({ type: 'failed', ...(await import('../workerFailure')).workerFailure(err) });
  }
}
