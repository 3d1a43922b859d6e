// STM ("segment time mark") files, as NIST's sclite reads them for reference transcripts: one segment per
// line, `<file> <channel> <speaker> <begin> <end> [<label>] transcript`, times in seconds, `;;` comment
// lines. A label is one field in angle brackets (`<o,f0,male>`). Segments of the speaker
// `inter_segment_gap`, and segments whose transcript is `IGNORE_TIME_SEGMENT_IN_SCORING`, mark stretches
// that are not speech to score; they hold no words.
import { type ParseResult } from '../text/diagnostics';
import { Reporter, parseDecimal, shown, splitFields, splitLines } from './common';

/** One segment of an STM file: a speaker's utterance with its extent and its transcript's words. */
export interface StmSegment {
  file: string;
  channel: string;
  speaker: string;
  startSec: number;
  endSec: number;
  label?: string;
  words: string[];
}

/**
 * Reads an STM file into its speech segments, in file order. A line with too few fields, a time that is
 * not a number, or an end before its start is an error; so is an alternation (`{ a / b }`), which says
 * what a scorer may accept, not what was said. Gap and ignored segments are left out.
 */
export function parseStm(text: string): ParseResult<StmSegment[]> {
  const report = new Reporter(text);
  const out: StmSegment[] = [];
  for (const line of splitLines(text)) {
    const trimmed = line.text.trimStart();
    if (trimmed === '' || trimmed.startsWith(';;')) continue;
    const f = splitFields(line.text);
    const at = (k: number): number => line.offset + (f[k]?.at ?? line.text.length);
    if (f.length < 5) {
      report.error(
        at(f.length),
        'stm.fields',
        `expected <file> <channel> <speaker> <begin> <end> [<label>] transcript, found ${f.length} field${f.length === 1 ? '' : 's'}`,
      );
      continue;
    }
    const startSec = parseDecimal(f[3]!.text);
    const endSec = parseDecimal(f[4]!.text);
    if (startSec === null || startSec < 0) {
      report.error(at(3), 'stm.begin', `expected a begin time in seconds (≥ 0), found ${shown(f[3]!.text)}`);
      continue;
    }
    if (endSec === null || endSec < startSec) {
      report.error(
        at(4),
        'stm.end',
        `expected an end time in seconds, not before the begin time (${f[3]!.text}), found ${shown(f[4]!.text)}`,
      );
      continue;
    }
    let k = 5;
    const label = f[5] && f[5].text.startsWith('<') && f[5].text.endsWith('>') ? f[5].text : undefined;
    if (label !== undefined) k++;
    const words = f.slice(k);
    const speaker = f[2]!.text;
    if (speaker === 'inter_segment_gap') continue;
    if (words.length === 1 && words[0]!.text === 'IGNORE_TIME_SEGMENT_IN_SCORING') continue;
    const alt = words.find((w) => /[{}]/.test(w.text));
    if (alt) {
      report.error(
        line.offset + alt.at,
        'stm.alternation',
        'an alternation ({ a / b }) says what a scorer may accept, not what was said: write the words spoken',
      );
      continue;
    }
    out.push({
      file: f[0]!.text,
      channel: f[1]!.text,
      speaker,
      startSec,
      endSec,
      ...(label !== undefined ? { label } : {}),
      words: words.map((w) => w.text),
    });
  }
  return { value: out, diagnostics: report.diagnostics };
}
