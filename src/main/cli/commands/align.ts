import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../core/errors';
import { normaliseTranscript } from '../../../core/forcedAlign/normaliseTranscript';
import { pronounce } from '../../../core/forcedAlign/pronounce';
import { writeCtm } from '../../../core/formats/ctm';
import { writeTextGrid } from '../../../core/formats/textGrid';
import { intervalTier, wordLabels } from '../../../core/formats/textGridWords';
import type { TimedWord } from '../../../core/model/annotation';
import { readTextFileOrThrow } from '../../import/readTextFile';
import { alignSpeech } from '../../forcedAlign/alignSpeech';
import { pronunciationLexicon } from '../../forcedAlign/lexicon';
import { ALIGN_LANGUAGES, type AlignLanguage } from '../../forcedAlign/types';
import type { Command } from '../command';
import { choiceOption, parseCliArgs, positionalArgs } from '../options';

const FORMATS = ['json', 'textgrid', 'ctm'] as const;

/** `sieve align`: one recording and its transcript in, word times (with confidences) out. */
export const align: Command = {
  name: 'align',
  summary: 'Force-align a transcript to its recording (offline, soundswallower): word times with confidences',
  usage:
    'sieve align AUDIO TRANSCRIPT [--lang en-us|fr-fr] [--format json|textgrid|ctm] [--out FILE]\n' +
    '  AUDIO: WAV (any rate from 8 kHz, any channels), FLAC, MP3 or Ogg Vorbis; TRANSCRIPT: plain text;\n' +
    "  each word keeps the transcript's own spelling and punctuation; the aligner sees it normalised;\n" +
    '  words without a pronunciation in the model or the CMU dictionary are guessed by letter-to-sound\n' +
    '  rules and named on stderr; words that cannot be placed get no times (json: null; textgrid and ctm\n' +
    '  leave them out and name them on stderr); --format json (default) prints\n' +
    '  {"audio", "lang", "words": [{"text", "token", "startSec", "endSec", "confidence", "guessed"}], "warnings"};\n' +
    '  exit code 1 when no word could be placed',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        lang: { type: 'string', default: 'en-us' },
        format: { type: 'string', default: 'json' },
        out: { type: 'string' },
      },
      allowPositionals: true,
    });
    const [audioArg, transcriptArg] = positionalArgs(positionals, ['AUDIO', 'TRANSCRIPT']);
    const lang: AlignLanguage = choiceOption('--lang', values.lang, ALIGN_LANGUAGES);
    const format = choiceOption('--format', values.format, FORMATS);
    const audioPath = path.resolve(io.cwd, audioArg!);
    let text: string;
    try {
      text = readTextFileOrThrow(path.resolve(io.cwd, transcriptArg!), transcriptArg!);
    } catch (err) {
      throw new AppError('BAD_FILE', (err as Error).message);
    }
    const { words } = normaliseTranscript(text, lang);
    const lexicon = pronunciationLexicon(lang);
    const pronunciations = words.map((w) => pronounce(w.token, lang, lexicon));
    const guessed = new Set<string>();
    for (const p of pronunciations) for (const g of p.guessed) guessed.add(g);
    if (guessed.size > 0)
      io.err(`sieve align: pronunciations guessed by letter-to-sound rules: ${[...guessed].join(', ')}\n`);
    const result = await alignSpeech({
      audioPath,
      lang,
      words: words.map((w, k) => ({
        token: w.token.replaceAll(' ', '_'),
        phones: pronunciations[k]!.phones,
      })),
    });
    for (const w of result.warnings) io.err(`sieve align: ${audioArg}: ${w}\n`);
    const placed = result.words.filter((w) => w !== null).length;
    const timed: TimedWord[] = words.map((w, k) => {
      const a = result.words[k];
      return a
        ? { text: w.text, startSec: a.startSec, endSec: a.endSec, confidence: round(a.confidence) }
        : { text: w.text, startSec: null, endSec: null };
    });
    let output: string;
    if (format === 'json') {
      output =
        JSON.stringify(
          {
            audio: audioArg,
            lang,
            words: timed.map((w, k) => ({
              text: w.text,
              token: words[k]!.token,
              startSec: w.startSec,
              endSec: w.endSec,
              confidence: w.confidence ?? null,
              guessed: pronunciations[k]!.source === 'lts',
            })),
            warnings: result.warnings,
          },
          null,
          2,
        ) + '\n';
    } else {
      const missing = timed.flatMap((w, k) => (w.startSec === null ? [`${k + 1} "${w.text}"`] : []));
      if (missing.length > 0)
        io.err(`sieve align: ${audioArg}: left out, not placed: ${missing.join(', ')}\n`);
      const kept = timed.filter((w) => w.startSec !== null);
      const id =
        path
          .basename(audioArg!)
          .replace(/\.[^.]*$/, '')
          .replace(/\s+/g, '_') || 'audio';
      if (format === 'ctm') output = writeCtm([{ id, words: kept }]);
      else {
        const xmax = Math.max(kept.at(-1)?.endSec ?? 0, await durationOf(audioPath));
        output = writeTextGrid({ xmin: 0, xmax, tiers: [intervalTier('words', wordLabels(kept), 0, xmax)] });
      }
    }
    if (values.out) fs.writeFileSync(path.resolve(io.cwd, values.out), output);
    else io.out(output);
    return placed === 0 && words.length > 0 ? 1 : 0;
  },
};

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** The recording's duration, for the TextGrid's time domain. */
async function durationOf(file: string): Promise<number> {
  const { openPcmSource } = await import('../../forcedAlign/pcmSource');
  const source = await openPcmSource(file, 16000);
  await source.close();
  return source.durationSec;
}
