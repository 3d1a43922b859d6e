// Forced alignment against exact truth: the demo's recordings and the synthesized set
// (scripts/align/synthSet.ts), whose word times are espeak-ng's own synthesis events. For each aligner —
// SIEVE's (soundswallower in a worker thread) and Debian's pocketsphinx where it is installed — the mean
// and median absolute boundary error and the share of boundaries within 20 / 50 / 100 ms; the speed as
// seconds of audio per second of processor time on the set's utterances joined into one recording of
// over ten minutes with one transcript (aligned in anchored windows); and the peak memory of aligning a
// one-hour recording, in a process of its own. Variants of the search settings are measured on the set
// as the record of the tuning (SIEVE_ALIGN_VARIANTS=0 leaves them out, SIEVE_ALIGN_HOUR=0 the hour;
// SIEVE_ALIGN_HOUR_BUDGET_SEC bounds the hour, see bench/alignHour.ts).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normaliseTranscript } from '../src/core/forcedAlign/normaliseTranscript';
import { pronounce } from '../src/core/forcedAlign/pronounce';
import { AlignerThread } from '../src/main/forcedAlign/alignSpeech';
import { pronunciationLexicon } from '../src/main/forcedAlign/lexicon';
import { DEFAULT_ENGINE, type EngineSettings } from '../src/main/forcedAlign/runAlignment';
import type { AlignRequest, AlignResult } from '../src/main/forcedAlign/types';
import { DEFAULT_SET_DIR, type SetUtterance, buildSet } from '../scripts/align/synthSet';
import { forceAlign, missingFromDictionary, MODEL_DIR } from '../scripts/demo/pocketsphinx';
import type { BenchSuite, Measure } from './harness';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEMO = path.join(here, '..', 'resources', 'demo');

interface Truth {
  id: string;
  file: string;
  text: string;
  durationSec: number;
  words: { text: string; startSec: number; endSec: number }[];
}

/** Boundary errors of one aligner on one set: |Δ| of every word start and end, and the words not placed. */
interface Errors {
  deltas: number[];
  signed: number[];
  unplaced: number;
  words: number;
  skipped: string[];
}

const newErrors = (): Errors => ({ deltas: [], signed: [], unplaced: 0, words: 0, skipped: [] });

function add(e: Errors, truth: Truth['words'], got: ({ startSec: number; endSec: number } | null)[]): void {
  truth.forEach((t, k) => {
    e.words++;
    const g = got[k];
    if (!g) {
      e.unplaced++;
      return;
    }
    for (const [a, b] of [
      [g.startSec, t.startSec],
      [g.endSec, t.endSec],
    ] as const) {
      e.deltas.push(Math.abs(a - b) * 1000);
      e.signed.push((a - b) * 1000);
    }
  });
}

/** The figures of `e`: ms and shares (of all boundaries, unplaced words counting as misses); '—' when none. */
function figures(e: Errors): Record<string, number | string> {
  const n = e.deltas.length;
  const all = 2 * e.words;
  if (n === 0) return { words: e.words, unplaced: e.unplaced, meanMs: '—', medianMs: '—' };
  const s = [...e.deltas].sort((a, b) => a - b);
  const within = (ms: number): number =>
    Math.round((1000 * e.deltas.filter((d) => d <= ms).length) / all) / 10;
  const r1 = (x: number): number => Math.round(x * 10) / 10;
  return {
    words: e.words,
    unplaced: e.unplaced,
    boundaries: n,
    meanMs: r1(e.deltas.reduce((a, b) => a + b, 0) / n),
    medianMs: r1(n % 2 ? s[n >> 1]! : (s[n / 2 - 1]! + s[n / 2]!) / 2),
    biasMs: r1(e.signed.reduce((a, b) => a + b, 0) / n),
    within20pct: within(20),
    within50pct: within(50),
    within100pct: within(100),
    maxMs: r1(s[n - 1]!),
  };
}

function demoTruth(): Truth[] {
  const m = JSON.parse(fs.readFileSync(path.join(DEMO, 'demo.manifest.json'), 'utf8')) as {
    utterances: { id: string; audio: string; transcript: string; words: Truth['words'] }[];
  };
  return m.utterances.map((u) => ({
    id: u.id,
    file: path.join(DEMO, 'audio', `${u.audio}.wav`),
    text: u.transcript,
    durationSec: 0,
    words: u.words,
  }));
}

function setTruth(dir: string): { utterances: Truth[]; long: Truth } {
  if (!fs.existsSync(path.join(dir, 'long.json'))) buildSet(dir);
  const set = JSON.parse(fs.readFileSync(path.join(dir, 'set.json'), 'utf8')) as {
    utterances: SetUtterance[];
  };
  const long = JSON.parse(fs.readFileSync(path.join(dir, 'long.json'), 'utf8')) as {
    file: string;
    durationSec: number;
    words: Truth['words'];
  };
  return {
    utterances: set.utterances.map((u) => ({ ...u, file: path.join(dir, u.file) })),
    long: {
      id: 'long',
      file: path.join(dir, long.file),
      text: long.words.map((w) => w.text).join(' '),
      durationSec: long.durationSec,
      words: long.words,
    },
  };
}

/** SIEVE's request for a transcript: normalised tokens, pronunciations for words the model lacks. */
function requestOf(t: Truth): AlignRequest {
  const lexicon = pronunciationLexicon('en-us');
  const { words } = normaliseTranscript(t.words.map((w) => w.text).join(' '), 'en-us');
  if (words.length !== t.words.length)
    throw new Error(`${t.id}: ${words.length} tokens for ${t.words.length} words`);
  return {
    audioPath: t.file,
    lang: 'en-us',
    words: words.map((w) => ({ token: w.token, phones: pronounce(w.token, 'en-us', lexicon).phones })),
  };
}

/** Process CPU seconds (every thread, the workers included). */
function cpuSec(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

const load = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function sieveOn(
  set: Truth[],
  settings: EngineSettings,
): Promise<{ e: Errors; audioSec: number; cpu: number; wall: number }> {
  const thread = new AlignerThread({ background: false }, settings);
  const e = newErrors();
  let audioSec = 0;
  const c0 = cpuSec();
  const w0 = performance.now();
  try {
    for (const t of set) {
      const r: AlignResult = await thread.align(requestOf(t));
      add(e, t.words, r.words);
      audioSec += t.durationSec || wavSeconds(t.file);
    }
  } finally {
    await thread.close();
  }
  return { e, audioSec, cpu: cpuSec() - c0, wall: (performance.now() - w0) / 1000 };
}

function wavSeconds(file: string): number {
  const st = fs.statSync(file);
  return (st.size - 44) / 2 / 22050;
}

/** Why Debian's pocketsphinx cannot run here, or null when it can. */
function pocketsphinxMissing(): string | null {
  if (spawnSync('pocketsphinx_continuous', ['-h'], { stdio: 'ignore' }).error)
    return 'pocketsphinx_continuous is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)';
  if (!fs.existsSync(MODEL_DIR))
    return `${MODEL_DIR} is missing (Debian: apt-get install pocketsphinx-en-us)`;
  if (spawnSync('sox', ['--version'], { stdio: 'ignore' }).error) return 'sox is not installed';
  return null;
}

function pocketsphinxOn(set: Truth[], work: string): { e: Errors; wall: number; audioSec: number } {
  const e = newErrors();
  const w0 = performance.now();
  let audioSec = 0;
  for (const t of set) {
    const words = t.words.map((w) => w.text.replace(/[^\p{L}\p{N}']/gu, ''));
    const missing = missingFromDictionary(words);
    if (missing.length > 0) {
      e.skipped.push(`${t.id}: not in cmudict-en-us.dict: ${missing.join(', ')}`);
      continue;
    }
    try {
      add(e, t.words, forceAlign(t.file, words, work));
    } catch (err) {
      e.skipped.push(`${t.id}: ${(err as Error).message.split('\n')[0]}`);
      add(
        e,
        t.words,
        t.words.map(() => null),
      );
    }
    audioSec += t.durationSec || wavSeconds(t.file);
  }
  return { e, wall: (performance.now() - w0) / 1000, audioSec };
}

/** Writes a WAV of `copies` times `file`'s samples, streamed, and the repeated words; returns its truth. */
function repeatWav(long: Truth, copies: number, out: string): Truth {
  const buf = fs.readFileSync(long.file);
  const data = buf.subarray(44);
  const fd = fs.openSync(out, 'w');
  const header = Buffer.from(buf.subarray(0, 44));
  header.writeUInt32LE(36 + data.length * copies, 4);
  header.writeUInt32LE(data.length * copies, 40);
  fs.writeSync(fd, header);
  for (let c = 0; c < copies; c++) fs.writeSync(fd, data);
  fs.closeSync(fd);
  const words: Truth['words'] = [];
  for (let c = 0; c < copies; c++)
    for (const w of long.words)
      words.push({
        text: w.text,
        startSec: w.startSec + c * long.durationSec,
        endSec: w.endSec + c * long.durationSec,
      });
  return { id: 'hour', file: out, text: '', durationSec: long.durationSec * copies, words };
}

/** The search variants tried while tuning (each measured on the synthesized set). */
const VARIANTS: { name: string; settings: EngineSettings }[] = [
  { name: 'default', settings: DEFAULT_ENGINE },
  {
    name: 'silprob 0.1',
    settings: { ...DEFAULT_ENGINE, search: { ...DEFAULT_ENGINE.search, silenceProbability: 0.1 } },
  },
  {
    name: 'silprob 1e-4',
    settings: { ...DEFAULT_ENGINE, search: { ...DEFAULT_ENGINE.search, silenceProbability: 1e-4 } },
  },
  {
    name: 'beam 1e-100',
    settings: { ...DEFAULT_ENGINE, search: { ...DEFAULT_ENGINE.search, beam: 1e-100 } },
  },
  {
    name: 'beam 1e-48 (soundswallower default)',
    settings: { ...DEFAULT_ENGINE, search: { ...DEFAULT_ENGINE.search, beam: 1e-48 } },
  },
];

export const alignBench: BenchSuite = {
  name: 'align',
  async run(measure: Measure) {
    const demo = demoTruth();
    const set = setTruth(process.env.SIEVE_ALIGN_SET ?? DEFAULT_SET_DIR);
    const psWhy = pocketsphinxMissing();
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-align-bench-'));
    try {
      for (const [name, data] of [
        ['demo', demo],
        ['synthesized set', set.utterances],
      ] as const) {
        const extra: Record<string, number | string> = {};
        await measure(
          `soundswallower, ${name}`,
          { aligner: 'soundswallower', set: name, utterances: data.length },
          async () => {
            const r = await sieveOn(data, DEFAULT_ENGINE);
            Object.assign(extra, figures(r.e), {
              audioSec: Math.round(r.audioSec * 10) / 10,
              xRealTimePerCore: Math.round((r.audioSec / r.cpu) * 10) / 10,
              loadavg: load(),
            });
          },
          { runs: 1, warmUp: false, extra },
        );
        const psExtra: Record<string, number | string> = {};
        if (psWhy) {
          await measure(
            `pocketsphinx (Debian), ${name}`,
            { aligner: 'pocketsphinx', set: name },
            () => undefined,
            {
              runs: 1,
              extra: { skipped: psWhy },
            },
          );
        } else {
          await measure(
            `pocketsphinx (Debian), ${name}`,
            { aligner: 'pocketsphinx', set: name, utterances: data.length },
            () => {
              const r = pocketsphinxOn(data, work);
              Object.assign(psExtra, figures(r.e), {
                skippedUtterances: r.e.skipped.length,
                skippedFirst: r.e.skipped[0] ?? '—',
                xRealTimeWall: Math.round((r.audioSec / r.wall) * 10) / 10,
                loadavg: load(),
              });
            },
            { runs: 1, warmUp: false, extra: psExtra },
          );
        }
      }
      // Speed and chunking: the whole set as one recording with one transcript.
      const longExtra: Record<string, number | string> = {};
      await measure(
        'soundswallower, one long recording',
        { aligner: 'soundswallower', minutes: Math.round(set.long.durationSec / 6) / 10 },
        async () => {
          const thread = new AlignerThread({ background: false });
          const c0 = cpuSec();
          const w0 = performance.now();
          const r = await thread.align(requestOf(set.long));
          const cpu = cpuSec() - c0;
          const wall = (performance.now() - w0) / 1000;
          await thread.close();
          const e = newErrors();
          add(e, set.long.words, r.words);
          Object.assign(longExtra, figures(e), {
            audioSec: Math.round(set.long.durationSec),
            cpuSec: Math.round(cpu * 10) / 10,
            wallSec: Math.round(wall * 10) / 10,
            xRealTimePerCore: Math.round((set.long.durationSec / cpu) * 10) / 10,
            warnings: r.warnings.join(' | ') || '—',
            loadavg: load(),
          });
        },
        { runs: 1, warmUp: false, extra: longExtra },
      );
      // Tuning record: variants of the search on the set.
      for (const v of process.env.SIEVE_ALIGN_VARIANTS === '0' ? [] : VARIANTS.slice(1)) {
        const extra: Record<string, number | string> = {};
        await measure(
          `soundswallower variant: ${v.name}`,
          { aligner: 'soundswallower', variant: v.name, set: 'synthesized set' },
          async () => {
            const r = await sieveOn(set.utterances, v.settings);
            Object.assign(extra, figures(r.e), {
              xRealTimePerCore: Math.round((r.audioSec / r.cpu) * 10) / 10,
              loadavg: load(),
            });
          },
          { runs: 1, warmUp: false, extra },
        );
      }
      // Memory: a one-hour recording (the long recording repeated), aligned in a process of its own.
      if (process.env.SIEVE_ALIGN_HOUR !== '0') {
        const copies = Math.ceil(3600 / set.long.durationSec);
        const hour = repeatWav(set.long, copies, path.join(work, 'hour.wav'));
        const words = path.join(work, 'hour.json');
        fs.writeFileSync(words, JSON.stringify({ request: requestOf(hour), truth: hour.words }));
        const extra: Record<string, number | string> = {};
        await measure(
          'soundswallower, one-hour recording (own process)',
          { aligner: 'soundswallower', minutes: Math.round(hour.durationSec / 60) },
          () => {
            const out = execFileSync(
              process.execPath,
              ['--import', 'tsx', path.join(here, 'alignHour.ts'), words],
              { encoding: 'utf8', maxBuffer: 1 << 26 },
            );
            Object.assign(
              extra,
              JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number | string>,
              {
                loadavg: load(),
              },
            );
          },
          { runs: 1, warmUp: false, extra },
        );
      }
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  },
};
