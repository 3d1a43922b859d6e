// An import into an open project, done in import worker threads: the files are read and checked in one
// (at a lower priority), then written by another through its own connection in one transaction that takes
// the write lock as it begins (an error or a kill leaves the project as it was). The app process's
// connection sees the rows once they commit.
import { AppError } from '../../core/api/errors';
import { openDatabase, type Db } from '../store/openDatabase';
import { readOnlyProject } from '../store/projectFile';
import { importSystemOutputs, type SystemImportSummary } from '../store/systemStore';
import { firstOf, issueDetails } from './issueList';
import { readSystemFiles, readSystemUploads } from './readSystemFiles';
import { type ImportIssue, type ScanOptions, scanCorpus } from './scanCorpus';
import { type Corpus, type CorpusWriteSummary, probeCorpus, writeCorpus } from './writeCorpus';
import type { ProbedAudio } from '../audio/audioFile';
import type { SystemOutput } from '../../core/model/systemOutput';

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

/**
 * An import read and checked, ready to be written: what a reading thread hands to the writing one (the
 * reading runs at a lower priority, the writing, which holds the write lock, does not).
 */
export type PreparedImport =
  | {
      kind: 'corpus';
      project: string;
      corpus: Corpus;
      probed: [string, ProbedAudio][];
      notes: Omit<CorpusImportSummary, keyof CorpusWriteSummary>;
    }
  | {
      kind: 'system';
      project: string;
      name: string;
      sourceFiles: string[];
      outputs: SystemOutput[];
      notes: Omit<SystemImportResult, keyof SystemImportSummary>;
    };

/** Reads a corpus of audio and alignments, reads its audio files' facts and checks it all. */
export async function prepareCorpusImport(
  file: string,
  options: ScanOptions,
  progress: ImportProgressReport,
): Promise<PreparedImport> {
  progress(0, 0, 'reading');
  const scanned = scanCorpus(options);
  if (scanned.errors.length > 0) throw importErrors(scanned.errors);
  if (scanned.corpus.utterances.length === 0)
    throw new AppError(
      'INVALID_INPUT',
      `Nothing to import: ${scanned.nothing ?? 'no audio file has an alignment of the same name'}.`,
      { skipped: firstOf(scanned.skipped).listed },
    );
  const probed = await probeCorpus(scanned.corpus, (p) => progress(p.done, p.total, p.phase));
  const warnings = firstOf(scanned.warnings);
  const skipped = firstOf(scanned.skipped);
  return {
    kind: 'corpus',
    project: file,
    corpus: scanned.corpus,
    probed: [...probed],
    notes: {
      skipped: skipped.listed,
      moreSkipped: skipped.more,
      warnings: warnings.listed,
      moreWarnings: warnings.more,
    },
  };
}

/**
 * Reads a system's output files (from disk, or as uploaded) and checks them: every file is read first
 * (the first problem is the error, as `file:line:column: …`).
 */
export function prepareSystemImport(
  file: string,
  name: string,
  sourceFiles: readonly string[],
  read: { files: string[] } | { uploads: { name: string; content: string }[] },
  progress: ImportProgressReport,
): PreparedImport {
  progress(0, sourceFiles.length, 'reading');
  const r = 'files' in read ? readSystemFiles(read.files) : readSystemUploads(read.uploads);
  if (r.errors.length > 0) throw importErrors(r.errors);
  const warnings = firstOf(r.warnings);
  return {
    kind: 'system',
    project: file,
    name,
    sourceFiles: [...sourceFiles],
    outputs: r.outputs,
    notes: { warnings: warnings.listed, moreWarnings: warnings.more },
  };
}

/** Writes a prepared import into its project in one transaction: all of it, or nothing. */
export async function writePreparedImport(
  prepared: PreparedImport,
  progress: ImportProgressReport,
): Promise<CorpusImportSummary | SystemImportResult> {
  if (prepared.kind === 'corpus') {
    const summary = await writeCorpus(prepared.project, prepared.corpus, {
      create: false,
      checked: true,
      probed: new Map(prepared.probed),
      onProgress: (p) => progress(p.done, p.total, p.phase),
    });
    return { ...summary, ...prepared.notes };
  }
  progress(prepared.sourceFiles.length, prepared.sourceFiles.length, 'writing');
  const db = openForImport(prepared.project);
  try {
    const imported = importSystemOutputs(db, prepared.name, prepared.outputs, prepared.sourceFiles);
    // Copied into the project file here, not by the app process's next checkpoint on its own thread.
    db.pragma('wal_checkpoint(PASSIVE)');
    return { ...imported, ...prepared.notes };
  } finally {
    db.close();
  }
}
