// Word timestamps in the JSON two popular aligners write.
// WhisperX (`whisperx --output_format json`): {"segments": [{"start", "end", "text", "words": [{"word",
//   "start", "end", "score"}]}]}; words it could not align (often numbers) lack start/end/score.
// Gentle (`/transcriptions?async=false`): {"transcript", "words": [{"word", "alignedWord", "case",
//   "start", "end", …}]}, where case is "success" or "not-found-in-audio" (then without times).
// Unknown fields are ignored: both tools add fields across versions.
import { z } from 'zod';
import type { TimedWord } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import { Reporter } from './common';
import { locateJsonPath, parseJsonWith } from './jsonText';

const seconds = z.number().nonnegative();

const WhisperXWord = z.looseObject({
  word: z.string(),
  start: seconds.optional(),
  end: seconds.optional(),
  score: z.number().optional(),
});
const WhisperXSegment = z.looseObject({
  start: seconds.optional(),
  end: seconds.optional(),
  text: z.string().optional(),
  speaker: z.string().optional(),
  words: z.array(WhisperXWord).optional(),
});
const WhisperXJson = z.looseObject({ segments: z.array(WhisperXSegment) });

const GentleWord = z.looseObject({
  word: z.string(),
  alignedWord: z.string().optional(),
  case: z.string(),
  start: seconds.optional(),
  end: seconds.optional(),
});
const GentleJson = z.looseObject({ transcript: z.string().optional(), words: z.array(GentleWord) });

/** One WhisperX segment with its words. */
export interface WhisperXSegmentWords {
  startSec: number | null;
  endSec: number | null;
  text: string;
  speaker?: string;
  words: TimedWord[];
}

// Parses `text` (a leading byte-order mark allowed) as one JSON document against `schema`.
function parseDocument<T>(text: string, schema: z.ZodType<T>, report: Reporter, code: string): T | undefined {
  const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return parseJsonWith(text.slice(base), base, schema, report, code);
}

/**
 * Reads WhisperX JSON into segments of timed words. A word without both times keeps null times (a
 * warning says how many); a segment without `words` (transcribed but not aligned) gives its text's
 * whitespace-separated words, untimed.
 */
export function parseWhisperXJson(text: string): ParseResult<WhisperXSegmentWords[]> {
  const report = new Reporter(text);
  const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const doc = parseDocument(text, WhisperXJson, report, 'whisperx');
  if (!doc) return { value: [], diagnostics: report.diagnostics };
  const body = text.slice(base);
  const at = (...path: (string | number)[]): number => base + locateJsonPath(body, path);
  let untimed = 0;
  let firstUntimed = -1;
  const segments = doc.segments.map((s, si): WhisperXSegmentWords => {
    const words: TimedWord[] = [];
    if (!s.words) {
      report.warn(
        at('segments', si),
        'whisperx.unaligned',
        `segment ${si} has no "words"; its text is kept untimed`,
      );
      for (const w of (s.text ?? '').split(/\s+/))
        if (w) words.push({ text: w, startSec: null, endSec: null });
    }
    (s.words ?? []).forEach((w, wi) => {
      const word = w.word.trim();
      if (!word) return;
      const timed = w.start !== undefined && w.end !== undefined;
      if (timed && w.end! < w.start!) {
        report.error(
          at('segments', si, 'words', wi, 'end'),
          'whisperx.order',
          `segments.${si}.words.${wi}: expected end ≥ start (${w.start}), found ${w.end}`,
        );
        return;
      }
      if (!timed && untimed++ === 0) firstUntimed = at('segments', si, 'words', wi);
      const out: TimedWord = { text: word, startSec: timed ? w.start! : null, endSec: timed ? w.end! : null };
      if (timed && w.score !== undefined && w.score >= 0 && w.score <= 1) out.confidence = w.score;
      words.push(out);
    });
    const seg: WhisperXSegmentWords = {
      startSec: s.start ?? null,
      endSec: s.end ?? null,
      text: (s.text ?? '').trim(),
      words,
    };
    if (s.speaker !== undefined) seg.speaker = s.speaker;
    return seg;
  });
  if (untimed > 0)
    report.warn(
      firstUntimed,
      'whisperx.untimed',
      `${untimed} word(s) have no start/end (kept without times)`,
    );
  return { value: segments, diagnostics: report.diagnostics };
}

/** `parseWhisperXJson`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseWhisperXJsonOrThrow(text: string, file?: string): WhisperXSegmentWords[] {
  return valueOrThrow(parseWhisperXJson(text), file);
}

/** Which spelling of a Gentle word to keep: the transcript's (`word`) or the aligner's (`alignedWord`). */
export interface GentleOptions {
  spelling?: 'word' | 'alignedWord';
}

/**
 * Reads Gentle JSON into timed words: "success" words with their times, "not-found-in-audio" words
 * without. Words of any other case (Gentle's disfluency output) are skipped with a warning.
 */
export function parseGentleJson(text: string, options: GentleOptions = {}): ParseResult<TimedWord[]> {
  const report = new Reporter(text);
  const base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const doc = parseDocument(text, GentleJson, report, 'gentle');
  if (!doc) return { value: [], diagnostics: report.diagnostics };
  const at = (...path: (string | number)[]): number => base + locateJsonPath(text.slice(base), path);
  const words: TimedWord[] = [];
  doc.words.forEach((w, k) => {
    const spelling = (options.spelling === 'alignedWord' ? (w.alignedWord ?? w.word) : w.word).trim();
    if (w.case === 'success') {
      if (w.start === undefined || w.end === undefined || w.end < w.start) {
        report.error(
          at('words', k),
          'gentle.times',
          `words.${k}: expected "start" and "end" (end ≥ start) for a "success" word`,
        );
        return;
      }
      words.push({ text: spelling, startSec: w.start, endSec: w.end });
    } else if (w.case === 'not-found-in-audio') words.push({ text: spelling, startSec: null, endSec: null });
    else
      report.warn(
        at('words', k, 'case'),
        'gentle.case',
        `words.${k}: skipped a word with case ${JSON.stringify(w.case)}`,
      );
  });
  return { value: words.filter((w) => w.text !== ''), diagnostics: report.diagnostics };
}

/** `parseGentleJson`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseGentleJsonOrThrow(
  text: string,
  options: GentleOptions = {},
  file?: string,
): TimedWord[] {
  return valueOrThrow(parseGentleJson(text, options), file);
}

/**
 * Which word-timestamp JSON a text is: an object with `segments` is WhisperX, one with `words` (and no
 * `segments`) Gentle, anything else `unknown` — or `unparsed` when it is not JSON at all (the WhisperX
 * reader then says where its syntax goes wrong).
 */
export function wordTimesJsonKind(text: string): 'whisperx' | 'gentle' | 'unknown' | 'unparsed' {
  let top: unknown;
  try {
    top = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return 'unparsed';
  }
  const keys = typeof top === 'object' && top !== null ? Object.keys(top) : [];
  if (keys.includes('segments')) return 'whisperx';
  return keys.includes('words') ? 'gentle' : 'unknown';
}

/** The message for JSON that is neither WhisperX's nor Gentle's. */
export const WORD_TIMES_KIND_MESSAGE =
  'expected WhisperX JSON ({"segments": [...]}) or Gentle JSON ({"words": [...]})';

/**
 * The words of a WhisperX or Gentle JSON file, whichever it is (see `wordTimesJsonKind`).
 */
export function parseWordTimesJson(
  text: string,
): ParseResult<TimedWord[]> & { format: 'whisperx' | 'gentle' } {
  const kind = wordTimesJsonKind(text);
  if (kind === 'gentle') return { format: 'gentle', ...parseGentleJson(text) };
  const r = parseWhisperXJson(text);
  if (kind === 'unknown') {
    r.diagnostics.splice(0, r.diagnostics.length);
    const report = new Reporter(text);
    report.error(0, 'wordtimes.kind', WORD_TIMES_KIND_MESSAGE);
    r.diagnostics.push(...report.diagnostics);
  }
  return { format: 'whisperx', value: r.value.flatMap((s) => s.words), diagnostics: r.diagnostics };
}

/** `parseWordTimesJson`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseWordTimesJsonOrThrow(text: string, file?: string): TimedWord[] {
  return valueOrThrow(parseWordTimesJson(text), file);
}
