// An import into an open project, done whole in an import worker thread: the files are read and checked,
// then written through the worker's own connection in one transaction that takes the write lock as it
// begins (an error or a kill leaves the project as it was). The app process's connection sees the rows
// once they commit.
import { AppError } from '../../core/errors';
import { AlignerThread } from '../forcedAlign/alignSpeech';
import { openDatabase, type Db } from '../store/openDatabase';
import { readOnlyProject } from '../store/projectFile';
import { importSystemOutputs, type SystemImportSummary } from '../store/systemStore';
import { firstOf, issueDetails } from './issueList';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';
import { placeUntimedWords } from './placeUntimedWords';
import { type ImportIssue, type ScanOptions, scanCorpus } from './scanCorpus';
import { type CorpusWriteSummary, writeCorpus } from './writeCorpus';

/** Reports progress: `done` of `total` in the named phase. */
export type ImportProgressReport = (done: number, total: number, phase: string) => void;

/** What a corpus import added, with what it left out and warned about (the first ones, and a count). */
export interface CorpusImportSummary extends CorpusWriteSummary {
  skipped: { item: string; reason: string }[];
  moreSkipped: number;
  warnings: ImportIssue[];
  moreWarnings: number;
}

/** What a system import did, with what it warned about (the first warnings, and a count). */
export interface SystemImportResult extends SystemImportSummary {
  warnings: ImportIssue[];
  moreWarnings: number;
}

/** The error for the problems that stop an import: the first one located, the others counted. */
export function importErrors(errors: readonly ImportIssue[]): AppError {
  const first = errors[0]!;
  return new AppError(
    'INVALID_INPUT',
    `${first.file}${first.line ? `:${first.line}:${first.column}` : ''}: ${first.message}` +
      (errors.length > 1 ? ` (and ${(errors.length - 1).toLocaleString('en-US')} more)` : ''),
    issueDetails(errors),
  );
}

/**
 * A second connection to the project the app process has open (and checked when it opened it), for an
 * import to write through; a project that can only be read refuses the import.
 */
function openForImport(file: string): Db {
  const db = openDatabase(file, { checked: true });
  if (db.readonly) {
    db.close();
    throw readOnlyProject(file);
  }
  return db;
}

/** What a corpus import reads, and the annotator whose layer its gold becomes (see `writeCorpus`). */
export type CorpusImportOptions = ScanOptions & { annotator?: string };

/**
 * Reads a corpus of audio and alignments and adds it to the project `file` (as `options.annotator`'s
 * layer when given). Words the alignments left without times are placed by SIEVE's aligner (US English)
 * between their timed neighbours.
 */
export async function importCorpusInto(
  file: string,
  { annotator, ...options }: CorpusImportOptions,
  progress: ImportProgressReport,
): Promise<CorpusImportSummary> {
  progress(0, 0, 'reading');
  const scanned = scanCorpus({ ...options, keepUntimed: true });
  if (scanned.errors.length > 0) throw importErrors(scanned.errors);
  if ((scanned.untimed ?? []).length > 0) {
    const aligner = new AlignerThread({ background: true });
    try {
      await placeUntimedWords(
        scanned,
        'en-us',
        (r, o) => aligner.align(r, o),
        (done, total) => progress(done, total, 'aligning'),
      );
    } finally {
      await aligner.close();
    }
  }
  if (scanned.corpus.utterances.length === 0)
    throw new AppError(
      'INVALID_INPUT',
      `Nothing to import: ${scanned.nothing ?? 'no audio file has an alignment of the same name'}.`,
      { skipped: firstOf(scanned.skipped).listed },
    );
  const summary = await writeCorpus(file, scanned.corpus, {
    create: false,
    checked: true,
    ...(annotator !== undefined ? { annotator } : {}),
    onProgress: (p) => progress(p.done, p.total, p.phase),
  });
  // Ends moved onto the end of their audio are told like the reading's warnings.
  const clamped = summary.clamped.map((message) => ({ file: options.alignment, message }));
  const warnings = firstOf([...scanned.warnings, ...clamped]);
  const skipped = firstOf(scanned.skipped);
  return {
    ...summary,
    skipped: skipped.listed,
    moreSkipped: skipped.more,
    warnings: warnings.listed,
    moreWarnings: warnings.more,
  };
}

/**
 * Reads a system's output files (from disk, or as uploaded) and imports them into the project `file`;
 * every file is read and checked first (the first problem is the error, as `file:line:column: …`).
 */
export function importSystemInto(
  file: string,
  name: string,
  sourceFiles: readonly string[],
  read: { files: string[] } | { uploads: { name: string; content: string }[] },
  progress: ImportProgressReport,
): SystemImportResult {
  progress(0, sourceFiles.length, 'reading');
  const r = 'files' in read ? readSystemFiles(read.files) : readSystemUploads(read.uploads);
  if (r.errors.length > 0) throw importErrors(r.errors);
  progress(sourceFiles.length, sourceFiles.length, 'writing');
  const db = openForImport(file);
  try {
    const imported = importSystemOutputs(db, name, r.outputs, sourceFiles);
    // Copied into the project file here, not by the app process's next checkpoint on its own thread.
    db.pragma('wal_checkpoint(PASSIVE)');
    const warnings = firstOf(r.warnings);
    return { ...imported, warnings: warnings.listed, moreWarnings: warnings.more };
  } finally {
    db.close();
  }
}
