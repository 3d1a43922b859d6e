// An import worker thread: reads and checks the files of one import (the parsing is where a large import
// spends its time) and, for an import into the open project, writes it there through its own connection;
// or, kept for as long as the process runs, parses large request bodies and writes systems' imports. The
// app process meanwhile keeps answering other calls.
//
// A worker starts for every import, and loading the readers (zod, the audio decoders' WebAssembly) costs
// a new thread more processor time than a system's import of thousands of outputs parses: so the priority
// is lowered before anything is loaded, and each task loads only what it uses (the body parser, nothing).
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { runInBackground } from '../backgroundPriority';
import type {
  ImportResults,
  ImportTask,
  ImportWorkerMessage,
  KeptAnswer,
  KeptRequest,
} from './importWorkerProtocol';

const task = workerData as ImportTask;
// An import's reading runs behind the studio's calls: it takes the processor time they leave. A request
// body is parsed for a call that waits on it, at the app's priority; and imports write at the app's
// priority too (importSystemInto.ts, importInto.ts), reading in a thread of their own (`prepareSystem`,
// kept, and `prepareCorpus`). A kept worker's priority is its tasks' (a system's reading in the
// background, the rest not).
const appPriority = task.kind === 'json' || task.kind === 'importSystem' || task.kind === 'importCorpus';
if (task.kind === 'kept' ? task.background === true : !appPriority) runInBackground();

type Progress = (done: number, total: number, phase: string) => void;

/** A request body's JSON, or `{ parsed: false }` when it is not JSON. */
function parseBody(bytes: Uint8Array): ImportResults['json'] {
  try {
    return { parsed: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { parsed: false };
  }
}

async function run(
  t: Exclude<ImportTask, { kind: 'kept' }>,
  progress: Progress,
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
    case 'prepareCorpus':
      return (await import('./prepareCorpus')).prepareCorpus(t.options, progress);
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

/** Runs `t`; says its progress, then its result or why it failed, through `say`. */
async function answer(
  t: Exclude<ImportTask, { kind: 'kept' }>,
  say: (m: ImportWorkerMessage) => void,
): Promise<void> {
  try {
    const result = await run(t, (done, total, phase) => say({ type: 'progress', done, total, phase }));
    say({ type: 'result', result });
  } catch (err) {
    say({ type: 'failed', ...(await import('../workerFailure')).workerFailure(err) });
  }
}

/**
 * Above this much used heap after a task, the kept worker asks to be let go: a worker at rest collects
 * nothing, and a large system's import leaves its outputs' text behind.
 */
const RETIRE_ABOVE_HEAP_BYTES = 64 * 1024 * 1024;

if (task.kind === 'kept') {
  parentPort!.on('message', ({ id, task: t }: KeptRequest) => {
    void answer(t, (message) => {
      const retire =
        message.type !== 'progress' && getHeapStatistics().used_heap_size > RETIRE_ABOVE_HEAP_BYTES;
      const a: KeptAnswer = { id, message, ...(retire ? { retire } : {}) };
      parentPort!.postMessage(a);
    });
  });
} else {
  await answer(task, (m) => parentPort!.postMessage(m));
}
