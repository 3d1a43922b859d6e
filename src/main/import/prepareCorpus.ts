// The reading half of a corpus's import (importInto.ts), in an import worker thread at background
// priority: the alignments read and checked, untimed words placed by SIEVE's aligner, the audio probed and
// the corpus checked against it: everything but the writing.
import { AppError } from '../../core/errors';
import { AlignerThread } from '../forcedAlign/alignSpeech';
import type { ImportProgressReport } from './importSystemInto';
import type { PreparedCorpusRead } from './importWorkerProtocol';
import { firstOf, importErrors } from './issueList';
import { placeUntimedWords } from './placeUntimedWords';
import { type ScanOptions, scanCorpus } from './scanCorpus';
import { probeCorpus } from './writeCorpus';

/**
 * Reads a corpus of audio and alignments for `importCorpusInto` to write. Words the alignments left
 * without times are placed by SIEVE's aligner (US English) between their timed neighbours.
 */
export async function prepareCorpus(
  options: ScanOptions,
  progress: ImportProgressReport,
): Promise<PreparedCorpusRead> {
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
  const probed = await probeCorpus(scanned.corpus, (p) => progress(p.done, p.total, p.phase));
  // Ends moved onto the end of their audio are told like the reading's warnings.
  const clamped = (probed.clamped ?? []).map((message) => ({ file: options.alignment, message }));
  const warnings = firstOf([...scanned.warnings, ...clamped]);
  const skipped = firstOf(scanned.skipped);
  return {
    corpus: scanned.corpus,
    probed: [...probed],
    clamped: probed.clamped ?? [],
    skipped: skipped.listed,
    moreSkipped: skipped.more,
    warnings: warnings.listed,
    moreWarnings: warnings.more,
  };
}
