// Aligns recordings to their transcripts with SIEVE's forced aligner, for an import: each transcript
// normalised and pronounced (the guessed pronunciations reported), aligned, and made an utterance whose
// words keep the transcript's spelling and carry the aligner's times and confidence. A recording that
// fails (an empty transcript, audio the aligner cannot read, words it could not place) is left out with
// the reason; the others are still imported.
import { WORD_SOURCE } from '../../core/gold/wordMarks';
import type { GoldWord } from '../../core/gold/records';
import { normaliseTranscript } from '../../core/forcedAlign/normaliseTranscript';
import { pronounce } from '../../core/forcedAlign/pronounce';
import type { AlignLanguage, AlignOptions, AlignRequest, AlignResult, AlignWord } from '../forcedAlign/types';
import { pronunciationLexicon } from '../forcedAlign/lexicon';
import { probeAudio } from '../audio/audioFile';
import type { ImportIssue, SkippedItem } from './scanCorpus';
import type { RecordingToAlign } from './scanTranscripts';
import type { CorpusUtterance } from './writeCorpus';

/** The aligner an import uses: `alignSpeech`, or one `AlignerThread`'s `align` for many recordings. */
export type AlignFunction = (request: AlignRequest, options?: AlignOptions) => Promise<AlignResult>;

/** The utterances made, the recordings left out and why, and what the user should know. */
export interface AlignedRecordings {
  utterances: CorpusUtterance[];
  failed: SkippedItem[];
  warnings: ImportIssue[];
}

/**
 * The aligner's words for `tokens` (with phones where the model's dictionary lacks them) and the words
 * guessed from their spelling; or why they cannot be aligned.
 */
export function alignWords(
  tokens: readonly string[],
  lang: AlignLanguage,
): { words: AlignWord[]; guessed: string[] } | { problem: string } {
  const lexicon = pronunciationLexicon(lang);
  const words: AlignWord[] = [];
  const guessed: string[] = [];
  for (const [i, token] of tokens.entries()) {
    const p = pronounce(token, lang, lexicon);
    if (p.phones === null && p.source !== 'model')
      return { problem: `word ${i + 1} ("${token}") has nothing the aligner can pronounce` };
    words.push(p.phones === null ? { token } : { token, phones: p.phones });
    for (const g of p.guessed) if (!guessed.includes(g)) guessed.push(g);
  }
  return { words, guessed };
}

/**
 * A recording whose loudest sample is below this level (dB relative to full scale) is taken for silence
 * and not aligned: speech recorded at any usable level peaks far above it (the demo's near −1 dBFS), and
 * an aligner given silence still finds some path through the words.
 */
export const SILENCE_PEAK_DBFS = -50;

/** The level of a recording's loudest sample in dBFS (−Infinity for digital silence). */
export async function peakDbfs(file: string): Promise<number> {
  const { peaks } = await probeAudio(file);
  let max = 0;
  for (const p of peaks) if (p > max) max = p;
  return max > 0 ? 20 * Math.log10(max) : -Infinity;
}

/** Words the aligner could not place, named for a message: `"one" (word 1), "two" (word 2)`. */
export function namedWords(texts: readonly string[], indexes: readonly number[], max = 10): string {
  const listed = indexes.slice(0, max).map((i) => `"${texts[i]}" (word ${i + 1})`);
  return listed.join(', ') + (indexes.length > max ? ` and ${indexes.length - max} more` : '');
}

/** Aligns one recording; the utterance made, or the reason it is left out. */
async function alignOne(
  r: RecordingToAlign,
  lang: AlignLanguage,
  align: AlignFunction,
  warnings: ImportIssue[],
  options: AlignOptions,
): Promise<CorpusUtterance | string> {
  const at = { file: r.transcriptFile, line: r.transcript.line, column: r.transcript.column };
  const { words } = normaliseTranscript(r.transcript.text, lang);
  if (words.length === 0)
    return r.transcript.text === '' ? 'the transcript is empty' : 'the transcript has no word to align';
  const prepared = alignWords(
    words.map((w) => w.token),
    lang,
  );
  if ('problem' in prepared) return prepared.problem;
  let peak: number;
  try {
    peak = await peakDbfs(r.audioFile);
  } catch (err) {
    return `the audio cannot be read: ${(err as Error).message}`;
  }
  if (peak < SILENCE_PEAK_DBFS)
    return (
      `the recording is silent (its loudest sample is at ${Number.isFinite(peak) ? `${peak.toFixed(1)} dBFS` : '-∞ dBFS'}, ` +
      `below ${SILENCE_PEAK_DBFS} dBFS)`
    );
  if (prepared.guessed.length > 0)
    warnings.push({
      ...at,
      message: `${r.id}: pronunciation guessed from the spelling (in neither dictionary): ${prepared.guessed.join(', ')}`,
    });
  let result: AlignResult;
  try {
    result = await align({ audioPath: r.audioFile, words: prepared.words, lang }, options);
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return `the aligner failed: ${(err as Error).message}`;
  }
  for (const w of result.warnings) warnings.push({ ...at, message: `${r.id}: ${w}` });
  const missing = result.words.flatMap((w, i) => (w === null ? [i] : []));
  const texts = words.map((w) => w.text);
  if (result.words.length !== words.length)
    return `the aligner answered for ${result.words.length} of ${words.length} words`;
  if (missing.length > 0)
    return (
      `${missing.length} of ${words.length} words could not be placed in the audio: ${namedWords(texts, missing)}` +
      (missing.length === words.length ? ' (is it the transcript of this recording, in this language?)' : '')
    );
  const gold: GoldWord[] = [];
  let prevEnd = 0;
  for (const [i, t] of result.words.entries()) {
    if (t!.startSec < prevEnd - 1e-6 || t!.endSec < t!.startSec)
      return `the aligner gave word ${i + 1} ("${texts[i]}") times out of order`;
    prevEnd = t!.endSec;
    gold.push({
      text: texts[i]!,
      startSec: t!.startSec,
      endSec: t!.endSec,
      source: WORD_SOURCE.sieveAlign,
      confidence: t!.confidence,
    });
  }
  return {
    id: r.id,
    audio: r.id,
    words: gold,
    transcript: r.transcript.text,
    wordSource: WORD_SOURCE.sieveAlign,
  };
}

/**
 * Aligns each recording to its transcript, one after another; `onProgress` hears each one started
 * (`done` of `total`, and its id). A recording that cannot be aligned is listed in `failed` with why;
 * an aborted `options.signal` rejects the whole run.
 */
export async function alignRecordings(
  recordings: readonly RecordingToAlign[],
  lang: AlignLanguage,
  align: AlignFunction,
  onProgress: (done: number, total: number, id: string) => void = () => {},
  options: AlignOptions = {},
): Promise<AlignedRecordings> {
  const utterances: CorpusUtterance[] = [];
  const failed: SkippedItem[] = [];
  const warnings: ImportIssue[] = [];
  for (const [k, r] of recordings.entries()) {
    onProgress(k, recordings.length, r.id);
    const u = await alignOne(r, lang, align, warnings, options);
    if (typeof u === 'string') failed.push({ item: `${r.id} (${r.audioFile})`, reason: u });
    else utterances.push(u);
  }
  onProgress(recordings.length, recordings.length, '');
  return { utterances, failed, warnings };
}
