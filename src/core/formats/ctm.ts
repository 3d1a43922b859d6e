// CTM ("time-marked conversation") files, as NIST's sclite reads them and Kaldi writes them: one word per
// line, `<file> <channel> <start> <duration> <word> [<confidence>]`, times in seconds, `;;` comment lines.
// NIST's rich-transcription variant adds `<type> <speaker>` after the confidence; those are accepted and
// ignored. Kaldi writes one utterance id per "file", so words are grouped by (file, channel).
import type { TimedWord } from '../model/annotation';
import { type ParseResult, valueOrThrow } from '../text/diagnostics';
import {
  FormatWriteError,
  Reporter,
  decimalPlaces,
  parseDecimal,
  roundTo,
  shown,
  splitFields,
  splitLines,
} from './common';

/** The words of one file (or utterance) and channel, in file order. */
export interface CtmUtterance {
  id: string;
  channel: string;
  words: TimedWord[];
}

/**
 * Reads a CTM file. Lines that do not fit are reported and left out; the others are kept. A word's end is
 * start + duration, rounded to the decimals the two fields were written with, so `0.1 0.2` ends at 0.3.
 */
export function parseCtm(text: string): ParseResult<CtmUtterance[]> {
  const report = new Reporter(text);
  const groups = new Map<string, CtmUtterance>();
  const unsorted = new Set<CtmUtterance>();
  let warnedExtra = false;
  for (const line of splitLines(text)) {
    const trimmed = line.text.trimStart();
    if (trimmed === '' || trimmed.startsWith(';;')) continue;
    const f = splitFields(line.text);
    const at = (k: number): number => line.offset + (f[k]?.at ?? line.text.length);
    if (f.length < 5) {
      report.error(
        at(f.length),
        'ctm.fields',
        `expected <file> <channel> <start> <duration> <word> [<confidence>], found ${f.length} field${f.length === 1 ? '' : 's'}`,
      );
      continue;
    }
    const [file, channel, start, dur, word] = [f[0]!, f[1]!, f[2]!, f[3]!, f[4]!];
    const conf = f[5];
    const startSec = parseDecimal(start.text);
    const durSec = parseDecimal(dur.text);
    if (startSec === null || startSec < 0) {
      report.error(at(2), 'ctm.start', `expected a start time in seconds (≥ 0), found ${shown(start.text)}`);
      continue;
    }
    if (durSec === null || durSec < 0) {
      report.error(at(3), 'ctm.duration', `expected a duration in seconds (≥ 0), found ${shown(dur.text)}`);
      continue;
    }
    const w: TimedWord = {
      text: word.text,
      startSec,
      endSec: roundTo(startSec + durSec, Math.max(decimalPlaces(start.text), decimalPlaces(dur.text))),
    };
    if (conf) {
      const c = parseDecimal(conf.text);
      if (c === null || c < 0 || c > 1) {
        report.error(
          at(5),
          'ctm.confidence',
          `expected a confidence between 0 and 1, found ${shown(conf.text)}`,
        );
        continue;
      }
      w.confidence = c;
    }
    if (f.length > 6 && !warnedExtra) {
      warnedExtra = true;
      report.warn(
        at(6),
        'ctm.extra',
        `ignored ${f.length - 6} field(s) after the confidence (here and on later lines)`,
      );
    }
    const key = `${file.text}\u0000${channel.text}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { id: file.text, channel: channel.text, words: [] }));
    const prev = g.words[g.words.length - 1];
    if (prev && startSec < prev.startSec! && !unsorted.has(g)) {
      unsorted.add(g);
      report.warn(
        at(2),
        'ctm.order',
        `'${g.id}' is not in time order: ${startSec} after ${prev.startSec} (kept as written)`,
      );
    }
    g.words.push(w);
  }
  return { value: [...groups.values()], diagnostics: report.diagnostics };
}

/** `parseCtm`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parseCtmOrThrow(text: string, file?: string): CtmUtterance[] {
  return valueOrThrow(parseCtm(text), file);
}

const noSpace = (s: string, what: string): string => {
  if (s === '' || /\s/.test(s))
    throw new FormatWriteError(`${what} ${JSON.stringify(s)} is empty or has whitespace; CTM fields cannot`);
  return s;
};

/**
 * Writes a CTM: times with `decimals` places (default 3, milliseconds), confidences when present. Every
 * word needs times; channels default to `1`, as Kaldi writes.
 */
export function writeCtm(
  utterances: readonly { id: string; channel?: string; words: readonly TimedWord[] }[],
  options: { decimals?: number } = {},
): string {
  const places = options.decimals ?? 3;
  const out: string[] = [];
  for (const u of utterances) {
    const id = noSpace(u.id, 'utterance id');
    const channel = noSpace(u.channel ?? '1', 'channel');
    u.words.forEach((w, k) => {
      if (w.startSec === null || w.endSec === null || w.endSec < w.startSec) {
        throw new FormatWriteError(`'${u.id}' word ${k} '${w.text}' has no times or ends before it starts`, {
          id: u.id,
          word: k,
        });
      }
      const start = w.startSec.toFixed(places);
      const dur = roundTo(w.endSec - w.startSec, places).toFixed(places);
      const conf = w.confidence === undefined ? '' : ` ${String(w.confidence)}`;
      out.push(`${id} ${channel} ${start} ${dur} ${noSpace(w.text, `'${u.id}' word ${k}`)}${conf}`);
    });
  }
  return out.length > 0 ? out.join('\n') + '\n' : '';
}
