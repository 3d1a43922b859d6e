// The bundled demo project (resources/demo, made by `npm run demo`): it opens with intact audio, holds what
// its manifest says, and its word boundaries match the audio and an independent pocketsphinx alignment.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectManifest } from '../src/core/model/projectManifest';
import type { UtteranceDetail } from '../src/core/model/schemas';
import { readWavInfo } from '../src/main/audio/wav';
import { ProjectStore } from '../src/main/store/projectStore';
import { tempDir } from './helpers/tempProject';

const DEMO_DIR = path.resolve(import.meta.dirname, '../resources/demo');

// Measured on the committed demo: the words are at least 41.7 dB louder (RMS) than the rest of their
// utterance, every single word at least 39.1 dB, and no pause of 20 ms or more rises above -59.3 dBFS
// (the noise floor is -67.5 dBFS). The boundaries are sharp: moving all words by only 20 ms drops the
// worst utterance's ratio to 14 dB, by 0.3 s to below 0 dB.
const MIN_WORDS_OVER_REST_DB = 30;
const MIN_WORD_OVER_REST_DB = 30;
const MAX_PAUSE_DBFS = -50;
const MIN_PAUSE_SEC = 0.02;
// Measured espeak-vs-pocketsphinx differences over all 103 word boundaries: mean |Δ| 15.9 ms (starts)
// and 14.0 ms (ends), the largest 70 ms (between "ticket" and "to" and between "gate" and "twelve", where
// one /t/ closure borders another); per utterance, the mean |Δ| of starts and ends together is at most
// 24.1 ms. pocketsphinx itself resolves 10 ms frames.
const MAX_BOUNDARY_DIFF_SEC = 0.1;
const MAX_MEAN_DIFF_SEC = 0.035;

interface Span {
  startSec: number;
  endSec: number;
}

interface PsFile {
  utterances: { id: string; words: { word: string; startSec: number; endSec: number }[] }[];
}

/** Mono 16-bit samples of a WAV file as floats in [-1, 1]. */
function readSamples(file: string): { rate: number; samples: Float64Array } {
  const buf = fs.readFileSync(file);
  const info = readWavInfo(buf, file);
  expect(info).toMatchObject({ format: 'pcm', bitsPerSample: 16, channels: 1, sampleRate: 22050 });
  const samples = new Float64Array(info.frames);
  for (let i = 0; i < info.frames; i++) samples[i] = buf.readInt16LE(info.dataOffset + 2 * i) / 32768;
  return { rate: info.sampleRate, samples };
}

/** RMS level in dBFS of the samples inside `spans`, taken together (clipped to the file). */
function levelDb(audio: { rate: number; samples: Float64Array }, spans: readonly Span[]): number {
  let sum = 0;
  let n = 0;
  for (const s of spans) {
    const from = Math.max(0, Math.round(s.startSec * audio.rate));
    const to = Math.min(audio.samples.length, Math.round(s.endSec * audio.rate));
    for (let i = from; i < to; i++) sum += audio.samples[i]! ** 2;
    n += Math.max(0, to - from);
  }
  return n === 0 ? -Infinity : 10 * Math.log10(sum / n);
}

/** The parts of [start, end) outside the (sorted) words. */
function pauses(words: readonly Span[], start: number, end: number): Span[] {
  const out: Span[] = [];
  let at = start;
  for (const w of words) {
    if (w.startSec > at) out.push({ startSec: at, endSec: w.startSec });
    at = Math.max(at, w.endSec);
  }
  if (end > at) out.push({ startSec: at, endSec: end });
  return out;
}

/** What is wrong with `words` as boundaries of the speech in `audio` between start and end; [] if nothing. */
function energyProblems(
  audio: { rate: number; samples: Float64Array },
  words: readonly (Span & { text: string })[],
  start: number,
  end: number,
): string[] {
  const problems: string[] = [];
  const rest = pauses(words, start, end);
  const restDb = levelDb(audio, rest);
  const wordsDb = levelDb(audio, words);
  if (wordsDb - restDb < MIN_WORDS_OVER_REST_DB)
    problems.push(`words only ${(wordsDb - restDb).toFixed(1)} dB above the rest`);
  for (const w of words) {
    const db = levelDb(audio, [w]);
    if (db - restDb < MIN_WORD_OVER_REST_DB)
      problems.push(`"${w.text}" only ${(db - restDb).toFixed(1)} dB above the rest`);
  }
  for (const p of rest) {
    if (p.endSec - p.startSec < MIN_PAUSE_SEC) continue;
    const db = levelDb(audio, [p]);
    if (db > MAX_PAUSE_DBFS)
      problems.push(`pause ${p.startSec.toFixed(3)}-${p.endSec.toFixed(3)} s at ${db.toFixed(1)} dBFS`);
  }
  return problems;
}

/** Where `words` and pocketsphinx's alignment of the same sentence disagree beyond the tolerances. */
function alignmentProblems(
  words: readonly (Span & { text: string })[],
  aligned: PsFile['utterances'][number]['words'],
): string[] {
  if (aligned.map((a) => a.word).join(' ') !== words.map((w) => w.text.toLowerCase()).join(' '))
    return ['different words'];
  const problems: string[] = [];
  let sum = 0;
  words.forEach((w, i) => {
    const a = aligned[i]!;
    for (const [what, d] of [
      ['start', w.startSec - a.startSec],
      ['end', w.endSec - a.endSec],
    ] as const) {
      sum += Math.abs(d);
      if (Math.abs(d) > MAX_BOUNDARY_DIFF_SEC) problems.push(`"${w.text}" ${what} off by ${d.toFixed(3)} s`);
    }
  });
  const mean = sum / (2 * words.length);
  if (mean > MAX_MEAN_DIFF_SEC) problems.push(`mean difference ${mean.toFixed(3)} s`);
  return problems;
}

const shifted = <T extends Span>(words: readonly T[], by: number): T[] =>
  words.map((w) => ({ ...w, startSec: w.startSec + by, endSec: w.endSec + by }));

describe('demo project', () => {
  const manifest = ProjectManifest.parse(
    JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'demo.manifest.json'), 'utf8')),
  );
  const ps = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'pocketsphinx.json'), 'utf8')) as PsFile;
  // Opening a project migrates it and writes WAL files, so only a copy is ever opened.
  const tmp = tempDir('sieve-demo-');
  let store: ProjectStore;
  let details: UtteranceDetail[];

  beforeAll(() => {
    fs.cpSync(DEMO_DIR, tmp.dir, { recursive: true });
    store = ProjectStore.open(path.join(tmp.dir, 'demo.sieve'));
    details = store.listUtterances().map((u) => store.getUtterance(u.id));
  });
  afterAll(() => {
    store?.close();
    tmp.cleanup();
  });

  const audioOf = (d: UtteranceDetail) => readSamples(path.join(tmp.dir, d.audio.path));

  it('opens with every audio file intact', () => {
    const summary = store.summary();
    expect(summary.name).toBe('SIEVE demo');
    expect(summary.utterances).toBeGreaterThanOrEqual(8);
    expect(summary.audioProblems).toEqual([]);
    for (const d of details) expect(d.audio.state).toBe('ok');
  });

  it('holds exactly the utterances and words of its manifest', () => {
    const summary = store.summary();
    expect(summary.utterances).toBe(manifest.utterances.length);
    expect(summary.words).toBe(manifest.utterances.reduce((n, u) => n + u.words.length, 0));
    expect(details.map((d) => d.utterance.id)).toEqual(manifest.utterances.map((u) => u.id));
    for (const [i, u] of manifest.utterances.entries()) {
      const d = details[i]!;
      expect(d.utterance).toMatchObject({ speaker: u.speaker, transcript: u.transcript, startSec: 0 });
      expect(d.audio.path).toBe(`audio/${u.id}.wav`);
      expect(d.utterance.endSec).toBeCloseTo(d.audio.durationSec, 9);
      expect(d.words.map((w) => ({ text: w.text, startSec: w.startSec, endSec: w.endSec }))).toEqual(u.words);
      for (const w of d.words) expect(w.source).toBe('espeak-ng');
    }
  });

  it('has words inside their utterance, in order, without overlap', () => {
    for (const { utterance: u, words } of details) {
      let prevEnd = u.startSec;
      for (const w of words) {
        expect(w.startSec, `${u.id} "${w.text}"`).toBeGreaterThanOrEqual(prevEnd);
        expect(w.endSec, `${u.id} "${w.text}"`).toBeGreaterThan(w.startSec);
        prevEnd = w.endSec;
      }
      expect(prevEnd).toBeLessThanOrEqual(u.endSec);
    }
  });

  it('has word boundaries that match the speech in the audio', () => {
    for (const d of details) {
      const { utterance: u, words } = d;
      expect(energyProblems(audioOf(d), words, u.startSec, u.endSec), u.id).toEqual([]);
    }
  });

  it('agrees with the pocketsphinx forced alignment', () => {
    expect(ps.utterances.map((p) => p.id)).toEqual(details.map((d) => d.utterance.id));
    for (const [i, d] of details.entries()) {
      expect(alignmentProblems(d.words, ps.utterances[i]!.words), d.utterance.id).toEqual([]);
    }
  });

  it('would notice words shifted by 0.3 s', () => {
    for (const by of [0.3, -0.3]) {
      for (const [i, d] of details.entries()) {
        const { utterance: u, words } = d;
        const moved = shifted(words, by);
        expect(energyProblems(audioOf(d), moved, u.startSec, u.endSec), `${u.id} ${by}`).not.toEqual([]);
        expect(alignmentProblems(moved, ps.utterances[i]!.words), `${u.id} ${by}`).not.toEqual([]);
      }
    }
  });
});
