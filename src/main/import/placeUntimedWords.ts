// Words another aligner left without times (WhisperX's numbers, Gentle's `not-found-in-audio` words),
// placed by SIEVE's aligner between their timed neighbours, which do not move. A placed word is marked
// as aligned by SIEVE ('sieve-align') with its confidence; an utterance with a word that still has no
// place is left out with the words named, never given invented times.
import { wordToken } from '../../core/forcedAlign/normaliseTranscript';
import { type PlacedTimes, mergePlaced, planUntimed } from '../../core/forcedAlign/placeUntimed';
import type { GoldWord } from '../../core/gold/records';
import { WORD_SOURCE } from '../../core/gold/wordMarks';
import type { AlignLanguage, AlignOptions } from '../forcedAlign/types';
import { type AlignFunction, SILENCE_PEAK_DBFS, alignWords, namedWords, peakDbfs } from './alignRecordings';
import type { ImportIssue, ScannedCorpus, SkippedItem, UntimedUtterance } from './scanCorpus';
import type { CorpusUtterance } from './writeCorpus';

/** One utterance with its untimed words placed, or the reason it is left out. */
async function placeOne(
  u: UntimedUtterance,
  lang: AlignLanguage,
  align: AlignFunction,
  warnings: ImportIssue[],
  options: AlignOptions,
): Promise<CorpusUtterance | string> {
  const extent = { startSec: u.utterance.startSec ?? 0, endSec: u.utterance.endSec ?? Infinity };
  const plan = planUntimed(u.words, extent);
  const results: PlacedTimes[][] = [];
  const texts = u.words.map((w) => w.text);
  if (plan.stretches.length > 0) {
    // Silence has no place for a word, however the aligner would squeeze one in.
    let peak: number;
    try {
      peak = await peakDbfs(u.audioFile);
    } catch (err) {
      return `the audio cannot be read: ${(err as Error).message}`;
    }
    if (peak < SILENCE_PEAK_DBFS)
      return `the recording is silent (below ${SILENCE_PEAK_DBFS} dBFS): its words without times cannot be placed`;
  }
  for (const s of plan.stretches) {
    const run = u.words.slice(s.first, s.last + 1);
    const tokens = run.map((w) => wordToken(w.text, lang));
    const blank = tokens.findIndex((t) => t === '');
    if (blank >= 0) return `word ${s.first + blank + 1} ("${run[blank]!.text}") has nothing to align`;
    const prepared = alignWords(tokens, lang);
    if ('problem' in prepared) return prepared.problem;
    if (prepared.guessed.length > 0)
      warnings.push({
        file: u.file,
        message: `${u.utterance.id}: pronunciation guessed from the spelling (in neither dictionary): ${prepared.guessed.join(', ')}`,
      });
    try {
      const r = await align(
        {
          audioPath: u.audioFile,
          startSec: s.startSec,
          ...(Number.isFinite(s.endSec) ? { endSec: s.endSec } : {}),
          words: prepared.words,
          lang,
        },
        options,
      );
      for (const w of r.warnings) warnings.push({ file: u.file, message: `${u.utterance.id}: ${w}` });
      results.push(r.words);
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      return `the aligner failed on words ${s.first + 1}–${s.last + 1}: ${(err as Error).message}`;
    }
  }
  const merged = mergePlaced(u.words, plan, results);
  if (merged.notPlaced.length > 0) {
    const reasons = plan.unplaceable.map((p) => `words ${p.first + 1}–${p.last + 1}: ${p.reason}`);
    return (
      `${merged.notPlaced.length} word(s) without times that SIEVE's aligner could not place either: ` +
      namedWords(texts, merged.notPlaced) +
      (reasons.length > 0 ? ` (${reasons.join('; ')})` : '')
    );
  }
  const words: GoldWord[] = merged.words.map((w) =>
    w.placed
      ? {
          text: w.text,
          startSec: w.startSec!,
          endSec: w.endSec!,
          source: WORD_SOURCE.sieveAlign,
          confidence: w.placed.confidence,
        }
      : { text: w.text, startSec: w.startSec!, endSec: w.endSec! },
  );
  return { ...u.utterance, words };
}

/**
 * Places the untimed words of `scanned.untimed` with SIEVE's aligner and puts each utterance so
 * completed back among the corpus's utterances, where it was in the files; the ones that cannot be
 * completed go to `scanned.skipped` with the words named. Returns how many words were placed.
 */
export async function placeUntimedWords(
  scanned: ScannedCorpus,
  lang: AlignLanguage,
  align: AlignFunction,
  onProgress: (done: number, total: number, id: string) => void = () => {},
  options: AlignOptions = {},
): Promise<{ placed: number; utterances: number }> {
  const pending = scanned.untimed ?? [];
  const done: { at: number; u: CorpusUtterance }[] = [];
  const failed: SkippedItem[] = [];
  let placed = 0;
  for (const [k, u] of pending.entries()) {
    onProgress(k, pending.length, u.utterance.id);
    const r = await placeOne(u, lang, align, scanned.warnings, options);
    if (typeof r === 'string') failed.push({ item: `${u.utterance.id} (${u.file})`, reason: r });
    else {
      done.push({ at: u.position, u: r });
      placed += r.words.filter((w) => w.source === WORD_SOURCE.sieveAlign).length;
    }
  }
  onProgress(pending.length, pending.length, '');
  // From the last position back, so that earlier positions still index the original list.
  for (const { at, u } of [...done].reverse()) scanned.corpus.utterances.splice(at, 0, u);
  scanned.skipped.push(...failed);
  scanned.untimed = [];
  // An audio file whose only utterance was left out is not added either.
  scanned.corpus.audio = scanned.corpus.audio.filter((a) =>
    scanned.corpus.utterances.some((u) => u.audio === a.key),
  );
  if (scanned.corpus.utterances.length > 0) delete scanned.nothing;
  else if (failed.length > 0)
    scanned.nothing ??= `every utterance with audio was left out; utterance ${failed[0]!.item}: ${failed[0]!.reason}`;
  return { placed, utterances: done.length };
}
