// What the app process and an import worker say to each other: the task (files to read, or to read and
// write into the project), progress, and the one answer (what was read or imported, or why it failed).
import type { WorkerFailure } from '../workerFailure';
import type { PreparedOutputs } from '../store/systemStore';
import type { CorpusImportOptions, CorpusImportSummary } from './importInto';
import type { SystemImportResult } from './importSystemInto';
import type { SystemRead } from './readSystemFiles';
import type { ProbedAudio } from '../audio/audioFile';
import type { ImportIssue, ScanOptions, ScannedCorpus, SkippedItem } from './scanCorpus';
import type { Corpus } from './writeCorpus';

/** The reading an import worker does: a corpus of audio and alignments, or a system's output files. */
export type ImportReadTask =
  | { kind: 'corpus'; options: ScanOptions }
  | { kind: 'systemFiles'; files: string[] }
  | { kind: 'systemUploads'; files: { name: string; content: string }[] };

/**
 * An import done in the worker: read and checked, then written into the project `project` through the
 * worker's own connection, in one transaction that takes the write lock as it begins (the files are read
 * in a `prepareSystem` or `prepareCorpus` worker, at background priority, while the writing keeps the
 * app's).
 */
export type ImportWriteTask =
  | { kind: 'importCorpus'; project: string; options: CorpusImportOptions }
  | {
      kind: 'importSystem';
      project: string;
      name: string;
      /** The names the system's outputs are recorded under (the paths, or the names uploaded). */
      sourceFiles: string[];
      read: { files: string[] } | { uploads: { name: string; content: string }[] };
    };

/**
 * A system's output files read, checked and prepared for writing (`prepareOutputs`), at background
 * priority, for the thread of an `importSystem` task to write (a problem in the files is the failure). It
 * runs in a worker that thread keeps: starting a thread and loading the readers for each import would cost
 * more processor time than reading a system's files of thousands of outputs does.
 */
export interface PrepareSystemTask {
  kind: 'prepareSystem';
  read: { files: string[] } | { uploads: { name: string; content: string }[] };
}

/**
 * A corpus's files read and checked, and its audio probed, at background priority, for the thread of an
 * `importCorpus` task to write (a problem in the files is the failure).
 */
export interface PrepareCorpusTask {
  kind: 'prepareCorpus';
  options: ScanOptions;
}

/**
 * What a `prepareCorpus` task gives: the corpus to write, its audio as probed (with the ends moved onto
 * the end of their audio, `clamped`), and what the reading left out and warned about (the first ones,
 * and a count).
 */
export interface PreparedCorpusRead {
  corpus: Corpus;
  probed: [string, ProbedAudio][];
  clamped: string[];
  skipped: SkippedItem[];
  moreSkipped: number;
  warnings: ImportIssue[];
  moreWarnings: number;
}

/** What a `prepareSystem` task gives: the outputs to write and the first warnings, with a count. */
export interface PreparedSystemRead {
  outputs: PreparedOutputs;
  warnings: ImportIssue[];
  moreWarnings: number;
}

/** A request body to parse as JSON away from the app process's thread, in a worker of its own. */
export interface JsonTask {
  kind: 'json';
  bytes: Uint8Array;
}

/**
 * A worker kept for as long as the process runs, one for each kind of task it runs: parsing request bodies
 * (`json`) or writing systems' imports (`importSystem`), at the app's priority, or reading a system's files
 * for such an import (`prepareSystem`, kept by the thread that writes them), at background priority
 * (`background`). Each task arrives as a `KeptRequest` and is answered with `KeptAnswer`s, its progress
 * and then its one answer.
 */
export interface KeptWorkerTask {
  kind: 'kept';
  background?: boolean;
}

/** The tasks the kept workers run. */
export type KeptTask = JsonTask | Extract<ImportWriteTask, { kind: 'importSystem' }> | PrepareSystemTask;

/** One task for the kept worker (a body's bytes moved, not copied). */
export interface KeptRequest {
  id: number;
  task: KeptTask;
}

/**
 * What the kept worker says about task `id`. `retire`: the task left the worker's heap large (a large
 * system's import), and a worker at rest collects nothing: let it go once its other tasks are answered.
 */
export interface KeptAnswer {
  id: number;
  message: ImportWorkerMessage;
  retire?: boolean;
}

/** Every task an import worker is started with. */
export type ImportTask =
  ImportReadTask | ImportWriteTask | PrepareSystemTask | PrepareCorpusTask | JsonTask | KeptWorkerTask;

/** What each kind of task gives. */
export interface ImportResults {
  corpus: ScannedCorpus;
  systemFiles: SystemRead;
  systemUploads: SystemRead;
  importCorpus: CorpusImportSummary;
  importSystem: SystemImportResult;
  prepareSystem: PreparedSystemRead;
  prepareCorpus: PreparedCorpusRead;
  kept: never;
  /** What a body's parsing gives. */
  json: { parsed: true; value: unknown } | { parsed: false };
}

/** What each kind of reading gives. */
export type ImportReadResults = Pick<ImportResults, ImportReadTask['kind']>;

/** The worker's messages: progress while it works, then one answer. */
export type ImportWorkerMessage =
  | { type: 'progress'; done: number; total: number; phase: string }
  | { type: 'result'; result: ImportResults[ImportTask['kind']] }
  | ({ type: 'failed' } & WorkerFailure);
