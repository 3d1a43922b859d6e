// Forced alignment of a known sentence with Debian's pocketsphinx, as an independent check of word times.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where Debian's pocketsphinx-en-us package puts the US English models. */
export const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const HMM = path.join(MODEL_DIR, 'en-us');
const DICT = path.join(MODEL_DIR, 'cmudict-en-us.dict');
const FRAME_SEC = 0.01;

/** One aligned word: the dictionary entry chosen (e.g. "when(3)") and its span in seconds. */
export interface AlignedWord {
  word: string;
  entry: string;
  startSec: number;
  endSec: number;
}

let dictWords: Set<string> | undefined;

/** The words of `words` that cmudict-en-us.dict lacks (case-insensitive). */
export function missingFromDictionary(words: readonly string[]): string[] {
  dictWords ??= new Set(
    fs
      .readFileSync(DICT, 'utf8')
      .split('\n')
      .map((line) => line.split(' ')[0]!.replace(/\(\d+\)$/, '')),
  );
  return words.filter((w) => !dictWords!.has(w.toLowerCase()));
}

/**
 * Aligns `words` (the whole sentence, in order) to `wavFile`: resamples to 16 kHz with sox and
 * decodes with a grammar that allows only this sentence, so the decoder can only choose boundaries.
 */
export function forceAlign(wavFile: string, words: readonly string[], workDir: string): AlignedWord[] {
  fs.mkdirSync(workDir, { recursive: true });
  const base = path.join(workDir, path.basename(wavFile, '.wav'));
  const wav16 = `${base}.16k.wav`;
  const grammar = `${base}.jsgf`;
  const lower = words.map((w) => w.toLowerCase());
  // -D: no dither. sox dithers with random noise by default, which changes the alignment from run to run.
  execFileSync('sox', ['-D', wavFile, '-r', '16000', '-b', '16', '-c', '1', wav16]);
  fs.writeFileSync(grammar, `#JSGF V1.0;\ngrammar utt;\npublic <utt> = ${lower.join(' ')};\n`);
  const out = execFileSync(
    'pocketsphinx_continuous',
    ['-infile', wav16, '-jsgf', grammar, '-dict', DICT, '-hmm', HMM, '-time', 'yes', '-logfn', '/dev/null'],
    { encoding: 'utf8' },
  );
  const aligned: AlignedWord[] = [];
  for (const line of out.split('\n')) {
    const m = /^(\S+) (\d+\.\d+) (\d+\.\d+) \S+$/.exec(line.trim());
    if (!m) continue;
    const entry = m[1]!;
    const word = entry.replace(/\(\d+\)$/, '');
    if (word.startsWith('<') || word.startsWith('[')) continue; // <s>, </s>, <sil>, [NOISE]
    // pocketsphinx prints the first and the last frame of a word; the last frame is inclusive.
    const sf = Math.round(Number(m[2]) / FRAME_SEC);
    const ef = Math.round(Number(m[3]) / FRAME_SEC);
    aligned.push({ word, entry, startSec: round3(sf * FRAME_SEC), endSec: round3((ef + 1) * FRAME_SEC) });
  }
  const got = aligned.map((a) => a.word).join(' ');
  if (got !== lower.join(' '))
    throw new Error(`${wavFile}: pocketsphinx aligned "${got}", expected "${lower.join(' ')}"`);
  return aligned;
}

/** Rounds to the millisecond, the precision of every time the demo stores. */
export function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
