// Importing long recordings: a synthetic 60-minute and 180-minute WAV (16 kHz, 16-bit mono, as speech
// corpora are recorded; written by the bench into the temporary folder, never committed) with a TextGrid
// of words (8,000 an hour) and a tier of utterances (600 an hour), imported by `sieve import` in a process
// of its own. Recorded per length: the import's peak resident memory (goal: under 200 MB whatever the
// length), its processor and wall time, the utterances and words stored; beside it, in the same run, the
// reference: a process that reads the same WAV whole and hashes it (what any import that holds the file
// in memory costs at least), and a process that only probes the audio as the import does (its hash,
// duration and peaks in one pass of 1 MiB pieces). A 1-minute recording shows the part of the peak that
// does not grow with the length. The machine's load average is written beside each figure.
// Each case runs once, without a warm-up (a peak of memory is a process's own, and a run takes seconds).
// SIEVE_IMPORT_LONG_MINUTES sets the lengths (default "1,60,180").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTextGrid } from '../src/core/formats/textGrid';
import type { TextGridTier } from '../src/core/formats/textGrid';
import { wavHeader } from '../test/helpers/wavFixture';
import type { BenchSuite } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '..');
const SAMPLE_RATE = 16000;
const WORDS_PER_HOUR = 8000;
const UTTERANCES_PER_HOUR = 600;

/** Writes a 16-bit mono WAV of `minutes` in 1 MiB pieces: a tone that comes and goes, like speech. */
function writeLongWav(file: string, minutes: number): void {
  const frames = Math.round(minutes * 60 * SAMPLE_RATE);
  const head = wavHeader(frames, SAMPLE_RATE);
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, head);
    const piece = Buffer.alloc(1 << 20);
    for (let at = 0; at < frames;) {
      const n = Math.min(piece.length / 2, frames - at);
      for (let k = 0; k < n; k++) {
        const t = (at + k) / SAMPLE_RATE;
        const env = (t * 2.2) % 1 < 0.8 ? 0.3 : 0.01;
        piece.writeInt16LE(Math.round(env * 32767 * Math.sin(2 * Math.PI * 180 * t)), k * 2);
      }
      fs.writeSync(fd, piece, 0, n * 2);
      at += n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** A TextGrid of the recording: words at 8,000 an hour, and a tier of 600 utterances an hour. */
function longTextGrid(minutes: number): string {
  const xmax = minutes * 60;
  const words: { xmin: number; xmax: number; text: string }[] = [];
  const utterances: { xmin: number; xmax: number; text: string }[] = [];
  const step = 3600 / WORDS_PER_HOUR;
  const per = WORDS_PER_HOUR / UTTERANCES_PER_HOUR;
  let at = 0;
  const n = Math.floor((minutes / 60) * WORDS_PER_HOUR);
  for (let k = 0; k < n; k++) {
    const a = k * step;
    const b = a + step * 0.8;
    if (a > at) words.push({ xmin: at, xmax: a, text: '' });
    words.push({ xmin: a, xmax: b, text: `w${k}` });
    at = b;
  }
  if (at < xmax) words.push({ xmin: at, xmax, text: '' });
  for (let u = 0; u * per < n; u++) {
    const a = u * per * step;
    const b = Math.min(xmax, (u + 1) * per * step);
    utterances.push({ xmin: a, xmax: b, text: `u${u}` });
  }
  const tiers: TextGridTier[] = [
    { kind: 'interval', name: 'words', xmin: 0, xmax, intervals: words },
    { kind: 'interval', name: 'utterances', xmin: 0, xmax, intervals: utterances },
  ];
  return writeTextGrid({ xmin: 0, xmax, tiers });
}

/** Runs bench/importLongChild.ts with `args` (absolute paths) in a process of its own; its JSON line. */
function child(args: string[]): Record<string, number | string> {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'importLongChild.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !line.startsWith('{'))
    throw new Error(`import child failed: ${r.stderr || r.stdout}`);
  return JSON.parse(line) as Record<string, number | string>;
}

export const importLongBench: BenchSuite = {
  name: 'import-long',
  async run(measure) {
    const lengths = (process.env.SIEVE_IMPORT_LONG_MINUTES ?? '1,60,180').split(',').map(Number);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-import-long-'));
    try {
      for (const minutes of lengths) {
        const sub = path.join(dir, `m${minutes}`);
        fs.mkdirSync(path.join(sub, 'audio'), { recursive: true });
        fs.mkdirSync(path.join(sub, 'align'));
        const wav = path.join(sub, 'audio', 'talk.wav');
        writeLongWav(wav, minutes);
        fs.writeFileSync(path.join(sub, 'align', 'talk.TextGrid'), longTextGrid(minutes));
        const wavMB = Math.round(fs.statSync(wav).size / 2 ** 20);
        let imported: Record<string, number | string> = {};
        let whole: Record<string, number | string> = {};
        let probe: Record<string, number | string> = {};
        const load = os.loadavg()[0]!.toFixed(2);
        await measure(
          'sieve import (TextGrid words + utterance tier)',
          { minutes, wavMB },
          () => {
            fs.rmSync(path.join(sub, 'p.sieve'), { force: true });
            imported = child([
              'import',
              path.join(sub, 'p.sieve'),
              '--audio',
              path.join(sub, 'audio'),
              '--alignment',
              path.join(sub, 'align'),
            ]);
            if (imported.code !== 0) throw new Error(`sieve import failed: ${imported.err}`);
          },
          { runs: 1, warmUp: false },
        ).then((r) => (r.extra = { ...imported, loadAvg1: load }));
        await measure(
          'reference: the WAV read whole and hashed',
          { minutes, wavMB },
          () => {
            whole = child(['--read-whole', wav]);
          },
          { runs: 1, warmUp: false },
        ).then((r) => (r.extra = { ...whole, loadAvg1: os.loadavg()[0]!.toFixed(2) }));
        await measure(
          'the audio probed alone (hash, duration, peaks), as the import does',
          { minutes, wavMB },
          () => {
            probe = child(['--probe', wav]);
          },
          { runs: 1, warmUp: false },
        ).then((r) => (r.extra = { ...probe, loadAvg1: os.loadavg()[0]!.toFixed(2) }));
        console.log(
          `import-long ${minutes} min (${wavMB} MB WAV): import peak RSS ${imported.maxRssMB} MB, ` +
            `probing the audio alone ${probe.maxRssMB} MB, reading it whole ${whole.maxRssMB} MB; load ${load}; ${imported.out}`,
        );
        fs.rmSync(sub, { recursive: true, force: true });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
