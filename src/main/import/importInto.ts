// A corpus's import into an open project, done whole in an import worker thread (a system's is
// importSystemInto.ts's): the files are read and checked, then written through the worker's own connection in one transaction that takes the write lock as it
// begins (an error or a kill leaves the project as it was). The app process's connection sees the rows
// once they commit.
import { AppError } from '../../core/errors';
import { AlignerThread } from '../forcedAlign/alignSpeech';
import { firstOf, importErrors } from './issueList';
import type { ImportProgressReport } from './importSystemInto';
import { placeUntimedWords } from './placeUntimedWords';
import { type ImportIssue, type ScanOptions, scanCorpus } from './scanCorpus';
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
