// Re-aligns an utterance's words, or the selected ones, with SIEVE's forced aligner, as a job: the audio
// is aligned in a worker thread (`alignSpeech`), with progress and cancel, and the new word tier is saved
// as one edit of the gold standard, undone and redone like any other.
import type { AlignOutcome, Input, JobStatus } from '../../core/api/contract';
import { AppError } from '../../core/errors';
import { applyPlacements, planAlignment } from '../../core/gold/alignStretch';
import { wordToken } from '../../core/forcedAlign/normaliseTranscript';
import { alignSpeech } from '../forcedAlign/alignSpeech';
import type { AlignWord } from '../forcedAlign/types';
import { applyGoldDiff } from '../store/goldStore';
import { writeWhenFree } from '../store/writeTransaction';
import { pronounceInWorker } from './pronounceInWorker';
import type { Session } from './session';
import { layerId } from './annotatorHandlers';

/** How a word is named in messages: its place (1-based) and its text. */
function named(words: readonly { text: string }[], i: number): string {
  return `word ${i + 1} "${words[i]!.text}"`;
}

/**
 * Starts the `gold:align` job. It refuses at once what cannot be aligned (no such utterance, a read-only
 * project, confirmed words among the selection without `moveConfirmed`); audio that cannot be read, an
 * aligner failure, a cancel or an utterance changed meanwhile end the job with a clear error and change
 * nothing.
 */
export function startAlignJob(session: Session, input: Input<'gold:align'>): JobStatus {
  const project = session.project;
  project.assertWritable();
  const { utteranceId } = input;
  const detail = project.getUtterance(utteranceId);
  // The layer aligned: an annotator's, or the adjudicated one.
  const layer = layerId(project.db, input.layer);
  const { gold } = project.goldState(utteranceId, layer);
  const lang = input.lang ?? 'en-us';
  const plan = planAlignment(gold.words, detail.utterance, input.words ?? null, input.moveConfirmed ?? false);
  if (plan.kind === 'nothing') throw new AppError('INVALID_INPUT', plan.reason, { utteranceId });
  if (plan.kind === 'confirm')
    throw new AppError(
      'CONFLICT',
      `${plan.confirmed.map((i) => named(gold.words, i)).join(', ')} ${plan.confirmed.length > 1 ? 'were' : 'was'} ` +
        'set by hand; aligning the selection would move them. Ask again with moveConfirmed to move them.',
      { utteranceId, confirmed: plan.confirmed },
    );
  const stretch = plan.stretch;
  const audioPath = project.playableAudioPath(detail.audio.id);
  return session.jobs.start('gold:align', async (progress, _publish, signal) => {
    progress(0, 0, 'looking up pronunciations');
    const fixed = new Set(stretch.fixed);
    const tokens: string[] = [];
    const requestIndex: number[] = [];
    for (let i = stretch.first; i <= stretch.last; i++) {
      const token = wordToken(gold.words[i]!.text, lang);
      // Nothing spoken in it (a dash, a lone symbol): not sent, so it keeps its times as an unplaced word.
      if (token === '') continue;
      requestIndex.push(i);
      tokens.push(token);
    }
    const { phones, guessed } = await pronounceInWorker(lang, tokens);
    signal.throwIfAborted();
    const request: AlignWord[] = tokens.map((token, k) => ({ token, phones: phones[k] ?? null }));
    if (request.length === 0)
      throw new AppError('INVALID_INPUT', 'None of these words has anything to align (no letter or digit).');
    const result = await alignSpeech(
      {
        audioPath,
        startSec: stretch.startSec,
        endSec: stretch.endSec,
        words: request,
        lang,
        fixed: requestIndex.flatMap((i, k) =>
          fixed.has(i)
            ? [{ index: k, startSec: gold.words[i]!.startSec, endSec: gold.words[i]!.endSec }]
            : [],
        ),
      },
      { signal, onProgress: (done, total) => progress(done, total, 'aligning') },
    );
    const placed = new Array<{ startSec: number; endSec: number; confidence: number } | null>(
      stretch.last - stretch.first + 1,
    ).fill(null);
    requestIndex.forEach((i, k) => (placed[i - stretch.first] = result.words[k] ?? null));
    const tier = applyPlacements(gold.words, stretch, placed);
    if ('reason' in tier) throw new AppError('INVALID_INPUT', tier.reason, { utteranceId });
    if (tier.aligned.length === 0)
      throw new AppError(
        'INVALID_INPUT',
        `The aligner could not place any of these words, so nothing was changed${result.warnings.length > 0 ? `: ${result.warnings.join(' ')}` : '.'}`,
        { utteranceId },
      );
    // Cancelled after the aligner ended: still nothing is saved.
    signal.throwIfAborted();
    progress(1, 1, 'saving');
    const diff = [{ field: 'words' as const, before: gold.words, after: tier.words }];
    const label =
      input.words === undefined
        ? 'Align the utterance'
        : `Align words ${stretch.first + 1}–${stretch.last + 1}`;
    // The diff's `before` is the gold read when the job started: if the annotator changed the words
    // meanwhile, the store refuses it as stale (CONFLICT) and nothing is saved.
    await writeWhenFree(project.file, project.db, () =>
      applyGoldDiff(project.db, utteranceId, diff, {
        kind: 'edit',
        label,
        wordMarks: 'given',
        ...(layer === undefined ? {} : { layer }),
      }),
    );
    project.noteWritten();
    const outcome: AlignOutcome = {
      state: project.goldState(utteranceId, layer),
      first: stretch.first,
      last: stretch.last,
      startSec: stretch.startSec,
      endSec: stretch.endSec,
      aligned: tier.aligned,
      unplaced: tier.unplaced,
      guessed,
      warnings: result.warnings,
    };
    return outcome;
  });
}
