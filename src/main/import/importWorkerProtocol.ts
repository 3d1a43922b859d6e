// What the app process and an import worker say to each other: the task (files to read, or to read and
// write into the project), progress, and the one answer (what was read or imported, or why it failed).
import type { WorkerFailure } from '../workerFailure';
import type { CorpusImportOptions, CorpusImportSummary, SystemImportResult } from './importInto';
import type { SystemRead } from './readSystemFiles';
import type { ScanOptions, ScannedCorpus } from './scanCorpus';

/** The reading an import worker does: a corpus of audio and alignments, or a system's output files. */
export type ImportReadTask =
  | { kind: 'corpus'; options: ScanOptions }
  | { kind: 'systemFiles'; files: string[] }
  | { kind: 'systemUploads'; files: { name: string; content: string }[] };

/**
 * An import done whole in the worker: read and checked, then written into the project `project` through
 * the worker's own connection, in one transaction that takes the write lock as it begins.
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

/** A request body to parse as JSON away from the app process's thread (a large upload). */
export interface JsonTask {
  kind: 'json';
  bytes: Uint8Array;
}

/** Every task an import worker is started with. */
export type ImportTask = ImportReadTask | ImportWriteTask | JsonTask;

/** What each kind of task gives. */
export interface ImportResults {
  corpus: ScannedCorpus;
  systemFiles: SystemRead;
  systemUploads: SystemRead;
  importCorpus: CorpusImportSummary;
  importSystem: SystemImportResult;
  json: { parsed: true; value: unknown } | { parsed: false };
}

/** What each kind of reading gives. */
export type ImportReadResults = Pick<ImportResults, ImportReadTask['kind']>;

/** The worker's messages: progress while it works, then one answer. */
export type ImportWorkerMessage =
  | { type: 'progress'; done: number; total: number; phase: string }
  | { type: 'result'; result: ImportResults[ImportTask['kind']] }
  | ({ type: 'failed' } & WorkerFailure);
