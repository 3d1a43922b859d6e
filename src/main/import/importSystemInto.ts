// A system's import into an open project, in an import worker thread. Its files are read and checked in
// a thread of their own at background priority (`runInBackground`): parsing is most of an import's work,
// and the studio's calls come first. The outputs are written from here, at the app's priority, in one
// transaction that takes the write lock as it begins (an error or a kill leaves the project as it was):
// a writer at background priority would keep the lock, and every edit waiting on it, for as long as the
// busier threads kept it from the processor. What crosses between the two threads is the outputs as
// prepared for writing (their JSON text), not an object per word. It runs in the worker kept for it
// (readInWorker.ts), and loads little (no readers).
import { openDatabase, type Db } from '../store/openDatabase';
import { readOnlyProject } from '../store/projectFile';
import { type SystemImportSummary, writeSystemOutputs } from '../store/systemStore';
import { runImportWorker } from './readInWorker';
import type { ImportIssue } from './scanCorpus';

/** Reports progress: `done` of `total` in the named phase. */
export type ImportProgressReport = (done: number, total: number, phase: string) => void;

/** What a system import did, with what it warned about (the first warnings, and a count). */
export interface SystemImportResult extends SystemImportSummary {
  warnings: ImportIssue[];
  moreWarnings: number;
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
 * Reads a system's output files (from disk, or as uploaded) and imports them into the project `file`;
 * every file is read and checked first (the first problem is the error, as `file:line:column: …`).
 */
export async function importSystemInto(
  file: string,
  name: string,
  sourceFiles: readonly string[],
  read: { files: string[] } | { uploads: { name: string; content: string }[] },
  progress: ImportProgressReport,
): Promise<SystemImportResult> {
  progress(0, sourceFiles.length, 'reading');
  const r = await runImportWorker<'prepareSystem'>({ kind: 'prepareSystem', read });
  progress(sourceFiles.length, sourceFiles.length, 'writing');
  const db = openForImport(file);
  try {
    const imported = writeSystemOutputs(db, name, r.outputs, sourceFiles);
    // Copied into the project file here, not by the app process's next checkpoint on its own thread.
    db.pragma('wal_checkpoint(PASSIVE)');
    return { ...imported, warnings: r.warnings, moreWarnings: r.moreWarnings };
  } finally {
    db.close();
  }
}
