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
  JsonBody,
  JsonBodyAnswer,
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

/** The thread that parses large request bodies, and the bodies it has not answered yet. */
interface BodyParser {
  worker: Worker;
  waiting: Map<number, { resolve: (r: ImportResults['json']) => void; reject: (e: Error) => void }>;
  next: number;
}

/** The body parser, kept between bodies; null until the first large body (or after it failed). */
let bodyParser: BodyParser | null = null;

/** The body parser, started on first use: it keeps no process alive, and one that failed is replaced. */
function theBodyParser(): BodyParser {
  if (bodyParser) return bodyParser;
  const entry = workerEntry(import.meta.url, 'importWorker');
  const worker = new Worker(entry.file, { workerData: { kind: 'jsonBodies' }, execArgv: entry.execArgv });
  worker.unref();
  const parser: BodyParser = { worker, waiting: new Map(), next: 0 };
  const fail = (err: Error): void => {
    if (bodyParser === parser) bodyParser = null;
    for (const w of parser.waiting.values()) w.reject(err);
    parser.waiting.clear();
  };
  worker.on('message', (m: JsonBodyAnswer) => {
    parser.waiting.get(m.id)?.resolve(m.result);
    parser.waiting.delete(m.id);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the body parser stopped (exit code ${code})`)));
  bodyParser = parser;
  return parser;
}

/**
 * The largest body the kept parser parses. A larger one is parsed in a worker of its own, which goes with
 * what the parsing left on its heap (a worker at rest collects none of it).
 */
const KEPT_PARSER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Parses a request body as JSON in a worker thread (its bytes are moved there, not copied): a body of
 * a hundred megabytes takes the better part of a second to parse. Resolves with `{ parsed: false }` when
 * the body is not JSON. A body up to `KEPT_PARSER_MAX_BYTES` goes to a thread kept for the next body:
 * starting one costs about as much processor time as parsing a body of a few megabytes (a system's upload).
 */
export function parseJsonInWorker(bytes: Uint8Array): Promise<ImportResults['json']> {
  const own =
    bytes.byteOffset === 0 &&
    bytes.byteLength === bytes.buffer.byteLength &&
    bytes.buffer instanceof ArrayBuffer
      ? bytes
      : bytes.slice();
  if (own.byteLength > KEPT_PARSER_MAX_BYTES)
    return runImportWorker<'json'>({ kind: 'json', bytes: own }, undefined, [own.buffer as ArrayBuffer]);
  const parser = theBodyParser();
  const id = parser.next++;
  return new Promise((resolve, reject) => {
    parser.waiting.set(id, { resolve, reject });
    const message: JsonBody = { id, bytes: own };
    parser.worker.postMessage(message, [own.buffer as ArrayBuffer]);
  });
}
