// What the app process and an import worker say to each other: the files to read, and the one answer
// (what was read, with its located problems, or the error that stopped the reading).
import type { ApiErrorShape } from '../../core/api/errors';
import type { SystemRead } from './readSystemFiles';
import type { ScanOptions, ScannedCorpus } from './scanCorpus';

/** The reading an import worker does: a corpus of audio and alignments, or a system's output files. */
export type ImportReadTask =
  | { kind: 'corpus'; options: ScanOptions }
  | { kind: 'systemFiles'; files: string[] }
  | { kind: 'systemUploads'; files: { name: string; content: string }[] };

/** What each kind of reading gives. */
export interface ImportReadResults {
  corpus: ScannedCorpus;
  systemFiles: SystemRead;
  systemUploads: SystemRead;
}

/** The worker's one message. */
export type ImportWorkerMessage =
  | { type: 'read'; result: ImportReadResults[ImportReadTask['kind']] }
  | { type: 'failed'; error: ApiErrorShape | null; message: string };
