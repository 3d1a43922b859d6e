// Aligning real synthesized speech: the demo's espeak-ng recordings, whose word times are espeak's own,
// and recordings made here (silence, another sentence, another language, other sample rates).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wavHeader } from '../../../test/helpers/wavFixture';
import { alignSpeech } from './alignSpeech';
import type { AlignRequest } from './types';

const DEMO = path.resolve(import.meta.dirname, '../../../resources/demo');
const manifest = JSON.parse(fs.readFileSync(path.join(DEMO, 'demo.manifest.json'), 'utf8')) as {
  utterances: { id: string; words: { text: string; startSec: number; endSec: number }[] }[];
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-align-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const tokens = (text: string): string[] =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

function demo(id: string): { request: AlignRequest; truth: { startSec: number; endSec: number }[] } {
  const u = manifest.utterances.find((x) => x.id === id)!;
  return {
    request: {
      audioPath: path.join(DEMO, 'audio', `${id}.wav`),
      words: u.words.map((w) => ({ token: tokens(w.text)[0]! })),
      lang: 'en-us',
    },
    truth: u.words,
  };
}

/** A mono 16-bit WAV of `samples` at `rate`. */
function writeWav(file: string, rate: number, samples: Float32Array): void {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((v, i) =>
    data.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v * 32767))), i * 2),
  );
  const h = wavHeader(samples.length, rate);
  fs.writeFileSync(file, Buffer.concat([h, data]));
}

const hasEspeak = spawnSync('espeak-ng', ['--version']).status === 0;
const hasSox = spawnSync('sox', ['--version']).status === 0;

describe('alignSpeech on the demo recordings', () => {
  it('places every word of train-01 within 50 ms of espeak-ng’s times, with confidences in (0, 1]', async () => {
    const { request, truth } = demo('train-01');
    const progress: [number, number][] = [];
    const r = await alignSpeech(request, { onProgress: (d, t) => progress.push([d, t]) });
    expect(r.words).toHaveLength(truth.length);
    r.words.forEach((w, k) => {
      expect(w).not.toBeNull();
      expect(Math.abs(w!.startSec - truth[k]!.startSec)).toBeLessThan(0.05);
      expect(Math.abs(w!.endSec - truth[k]!.endSec)).toBeLessThan(0.05);
      expect(w!.confidence).toBeGreaterThan(0);
      expect(w!.confidence).toBeLessThanOrEqual(1);
    });
    expect(r.warnings).toContain("The audio (22050 Hz) was resampled to the acoustic model's 16000 Hz.");
    expect(progress.at(-1)![0]).toBeCloseTo(progress.at(-1)![1], 6);
  });

  it('keeps fixed words where they are and aligns the words between them', async () => {
    const { request, truth } = demo('train-03');
    const fixed = [2, 6].map((index) => ({
      index,
      startSec: truth[index]!.startSec,
      endSec: truth[index]!.endSec,
    }));
    const r = await alignSpeech({ ...request, fixed });
    for (const f of fixed)
      expect(r.words[f.index]).toEqual({ startSec: f.startSec, endSec: f.endSec, confidence: 1 });
    // The words between two fixed ones lie between them.
    for (let k = 3; k < 6; k++) {
      expect(r.words[k]!.startSec).toBeGreaterThanOrEqual(truth[2]!.endSec - 1e-9);
      expect(r.words[k]!.endSec).toBeLessThanOrEqual(truth[6]!.startSec + 1e-9);
    }
  });

  it('aligns a stretch of the recording given by startSec/endSec', async () => {
    const { request, truth } = demo('news-02');
    const r = await alignSpeech({
      ...request,
      words: request.words.slice(3, 7),
      startSec: truth[3]!.startSec - 0.05,
      endSec: truth[6]!.endSec + 0.05,
    });
    r.words.forEach((w, k) => expect(Math.abs(w!.startSec - truth[3 + k]!.startSec)).toBeLessThan(0.06));
  });

  it('places a word missing from the dictionary with the phones given, and reports one without phones', async () => {
    const { request } = demo('train-01');
    const words = request.words.map((w) =>
      w.token === 'berlin' ? { token: 'berlinnx', phones: 'B ER L IH N' } : w,
    );
    const r = await alignSpeech({ ...request, words });
    expect(r.words.every((w) => w !== null)).toBe(true);
    const without = request.words.map((w) => (w.token === 'bonn' ? { token: 'bonnqz' } : w));
    const r2 = await alignSpeech({ ...request, words: without });
    expect(r2.words[5]).toBeNull();
    expect(r2.warnings.join('\n')).toMatch(/Word 6 "bonnqz" has no pronunciation in the en-us model/);
  });

  it('stops the worker when the signal aborts', async () => {
    const { request } = demo('train-02');
    const ac = new AbortController();
    const run = alignSpeech(request, { signal: ac.signal });
    ac.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    const already = alignSpeech(request, { signal: AbortSignal.abort() });
    await expect(already).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('alignSpeech on bad input: a clear message, no invented times', () => {
  const sentence = demo('train-01');

  it('an empty transcript', async () => {
    const r = await alignSpeech({ ...sentence.request, words: [] });
    expect(r).toEqual({ words: [], warnings: ['The transcript has no words: nothing to align.'] });
  });

  it('another sentence', async () => {
    const r = await alignSpeech({
      ...sentence.request,
      words: tokens('please call stella and ask her to bring these things with her from the store').map(
        (token) => ({
          token,
        }),
      ),
    });
    expect(r.words.every((w) => w === null)).toBe(true);
    expect(r.warnings.join('\n')).toMatch(/words 1–15 .*(do not match|failed)/);
  });

  it('silence', async () => {
    const rate = 16000;
    const noise = new Float32Array(rate * 3).map(
      (_, i) => 0.001 * Math.sin(i * 12.9898) * Math.cos(i * 78.233),
    );
    const file = path.join(tmp, 'silence.wav');
    writeWav(file, rate, noise);
    const r = await alignSpeech({ ...sentence.request, audioPath: file });
    expect(r.words.every((w) => w === null)).toBe(true);
    expect(r.warnings.join('\n')).toMatch(/words 1–8 \(0\.00–3\.00 s\)/);
  });

  it.skipIf(!hasEspeak)(
    'speech of another language (espeak-ng French; skipped without espeak-ng)',
    async () => {
      const file = path.join(tmp, 'french.wav');
      execFileSync('espeak-ng', [
        '-v',
        'fr',
        '-w',
        file,
        'Demain matin nous partirons vers la gare avec nos amis',
      ]);
      const r = await alignSpeech({ ...sentence.request, audioPath: file });
      // The acoustic model scores French phones well enough that the words may be placed: then the
      // stretch's low median confidence is named.
      expect(r.warnings.join('\n')).toMatch(/words 1–8 .*(do not match|failed|fit the audio poorly)/);
    },
  );

  it.skipIf(!hasSox)(
    '8 kHz audio is resampled and aligned; 4 kHz audio is refused by name (skipped without sox)',
    async () => {
      const at8k = path.join(tmp, 'train-01-8k.wav');
      execFileSync('sox', [sentence.request.audioPath, '-r', '8000', at8k]);
      const r = await alignSpeech({ ...sentence.request, audioPath: at8k });
      expect(r.warnings).toContain("The audio (8000 Hz) was resampled to the acoustic model's 16000 Hz.");
      r.words.forEach((w, k) =>
        expect(Math.abs(w!.startSec - sentence.truth[k]!.startSec)).toBeLessThan(0.05),
      );
      const at4k = path.join(tmp, 'train-01-4k.wav');
      execFileSync('sox', [sentence.request.audioPath, '-r', '4000', at4k]);
      await expect(alignSpeech({ ...sentence.request, audioPath: at4k })).rejects.toThrow(
        `${at4k}: 4000 Hz is too low to align`,
      );
    },
  );

  it('a missing file and an unknown language', async () => {
    await expect(alignSpeech({ ...sentence.request, audioPath: path.join(tmp, 'none.wav') })).rejects.toThrow(
      /Audio file not found/,
    );
    await expect(alignSpeech({ ...sentence.request, lang: 'de-de' as AlignRequest['lang'] })).rejects.toThrow(
      'Unknown aligner language "de-de"; use en-us or fr-fr.',
    );
  });
});

describe('alignSpeech on a recording longer than one window', () => {
  it('aligns six demo sentences joined into one recording, window by window from anchor to anchor', async () => {
    // 16-bit mono 22050 Hz files with a 44-byte header: their samples joined make one recording.
    const ids = ['train-01', 'train-02', 'train-03', 'airport-01', 'airport-02', 'news-01'];
    const parts = ids.map((id) => fs.readFileSync(path.join(DEMO, 'audio', `${id}.wav`)));
    const data = Buffer.concat(parts.map((b) => b.subarray(44)));
    const header = Buffer.from(parts[0]!.subarray(0, 44));
    header.writeUInt32LE(36 + data.length, 4);
    header.writeUInt32LE(data.length, 40);
    const file = path.join(tmp, 'joined.wav');
    fs.writeFileSync(file, Buffer.concat([header, data]));
    const words: AlignRequest['words'] = [];
    const truth: { startSec: number; endSec: number }[] = [];
    let offset = 0;
    ids.forEach((id, k) => {
      const d = demo(id);
      words.push(...d.request.words);
      truth.push(...d.truth.map((t) => ({ startSec: t.startSec + offset, endSec: t.endSec + offset })));
      offset += (parts[k]!.length - 44) / 2 / 22050;
    });
    expect(offset).toBeGreaterThan(16); // more than the 15 s aligned in one window
    const progress: number[] = [];
    const r = await alignSpeech(
      { audioPath: file, words, lang: 'en-us' },
      { onProgress: (d) => progress.push(d) },
    );
    expect(r.words.every((w) => w !== null)).toBe(true);
    const within50 = r.words.filter(
      (w, k) =>
        Math.abs(w!.startSec - truth[k]!.startSec) <= 0.05 && Math.abs(w!.endSec - truth[k]!.endSec) <= 0.05,
    ).length;
    expect(within50 / words.length).toBeGreaterThan(0.85);
    // Progress was reported window by window, in order.
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Twenty seconds of audio: more than the default time on a loaded machine, though no figure is timed.
  }, 120_000);
});
