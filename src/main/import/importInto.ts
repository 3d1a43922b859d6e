// A corpus's import into an open project, done in an import worker thread at the app's priority (a
// system's is importSystemInto.ts's): the files are read and checked in a thread of its own at background
// priority (`prepareCorpus`), then written from here through this thread's own connection in one
// transaction that takes the write lock as it begins (an error or a kill leaves the project as it was). A
// writer at background priority would keep the lock, and every edit waiting on it, for as long as busier
// threads kept it from the processor. The app process's connection sees the rows once they commit.
import type { ProbedAudio } from '../audio/audioFile';
import type { ImportProgressReport } from './importSystemInto';
import { runImportWorker } from './readInWorker';
import type { ImportIssue, ScanOptions } from './scanCorpus';
import { type CorpusWriteSummary, writeCorpus } from './writeCorpus';

/** What a corpus import added, with what it left out and warned about (the first ones, and a count). */
export interface CorpusImportSummary extends CorpusWriteSummary {
  skipped: { item: string; reason: string }[];
  moreSkipped: number;
  warnings: ImportIssue[];
  moreWarnings: number;
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
  const read = await runImportWorker<'prepareCorpus'>({ kind: 'prepareCorpus', options }, progress);
  const probed: Map<string, ProbedAudio> & { clamped?: string[] } = new Map(read.probed);
  probed.clamped = read.clamped;
  const summary = await writeCorpus(file, read.corpus, {
    create: false,
    checked: true,
    probed,
    ...(annotator !== undefined ? { annotator } : {}),
    onProgress: (p) => progress(p.done, p.total, p.phase),
  });
  return {
    ...summary,
    skipped: read.skipped,
    moreSkipped: read.moreSkipped,
    warnings: read.warnings,
    moreWarnings: read.moreWarnings,
  };
}
