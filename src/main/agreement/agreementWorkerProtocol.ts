// What the app process and an agreement worker say to each other: the task, progress, and one answer.
import type { AgreementOptions } from '../../core/agreement/signature';
import type { AgreementView } from '../../core/api/contract';
import type { WorkerFailure } from '../workerFailure';
import type { UtteranceDisagreement } from './disagreements';

/** The agreement of a project's annotators to compute from the project file as the worker reads it. */
export interface AgreementTask {
  /** The project file, opened read-only by the worker. */
  file: string;
  project: string;
  annotators?: string[];
  options: AgreementOptions;
}

/**
 * A worker kept for counting differences: it says it is ready once loaded, then takes `DisagreementTask`s
 * as messages, one after the other, answering each with progress and its differences (or a failure).
 */
export interface KeptWorkerData {
  kept: 'differences';
}

/** The differences between the annotator layers of some utterances (the list's "most disagreement first"). */
export interface DisagreementTask {
  /** The project file, opened read-only by the worker. */
  file: string;
  /** The utterances whose differences to count. */
  differencesOf: string[];
}

/** A message from the worker: progress, then the answer or a failure. */
export type AgreementWorkerMessage =
  | { type: 'ready' }
  | { type: 'progress'; phase: string; done: number; total: number }
  | { type: 'done'; view: AgreementView }
  | { type: 'differences'; utterances: UtteranceDisagreement[] }
  | ({ type: 'failed' } & WorkerFailure);
