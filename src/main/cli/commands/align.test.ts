import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCtmOrThrow } from '../../../core/formats/ctm';
import { parseTextGridWordsOrThrow } from '../../../core/formats/textGridWords';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const AUDIO = path.resolve(import.meta.dirname, '../../../../resources/demo/audio/train-01.wav');
// espeak-ng's times of train-01 (resources/demo/demo.manifest.json).
const TRUTH = [0.3, 0.403, 0.773, 0.925, 1.108, 1.394, 1.707, 1.848];
const { sieve, write, dir } = cliSandbox();

interface AlignJson {
  words: {
    text: string;
    token: string;
    startSec: number | null;
    endSec: number | null;
    confidence: number | null;
    guessed: boolean;
  }[];
  warnings: string[];
}

describe('sieve align', () => {
  it('prints the words as written, with times and confidences, in JSON', async () => {
    const t = write('t.txt', 'I want to go from Bonn to Berlin.\n');
    const r = await sieve('align', AUDIO, t);
    expect(r.code).toBe(0);
    const got = JSON.parse(r.out) as AlignJson;
    expect(got.words.map((w) => w.text)).toEqual(['I', 'want', 'to', 'go', 'from', 'Bonn', 'to', 'Berlin.']);
    expect(got.words.map((w) => w.token)).toEqual(['i', 'want', 'to', 'go', 'from', 'bonn', 'to', 'berlin']);
    got.words.forEach((w, k) => {
      expect(Math.abs(w.startSec! - TRUTH[k]!)).toBeLessThan(0.05);
      expect(w.confidence).toBeGreaterThan(0);
      expect(w.guessed).toBe(false);
    });
    expect(r.err).toContain('resampled to the acoustic model');
  });

  it('writes a TextGrid and a CTM to --out', async () => {
    const t = write('t.txt', 'I want to go from Bonn to Berlin.');
    expect((await sieve('align', AUDIO, t, '--format', 'textgrid', '--out', 'a.TextGrid')).code).toBe(0);
    const words = parseTextGridWordsOrThrow(fs.readFileSync(path.join(dir(), 'a.TextGrid'), 'utf8'));
    expect(words.map((w) => w.text)).toEqual(['I', 'want', 'to', 'go', 'from', 'Bonn', 'to', 'Berlin.']);
    expect((await sieve('align', AUDIO, t, '--format', 'ctm', '--out', 'a.ctm')).code).toBe(0);
    const [u] = parseCtmOrThrow(fs.readFileSync(path.join(dir(), 'a.ctm'), 'utf8'));
    expect(u!.id).toBe('train-01');
    expect(u!.words).toHaveLength(8);
    expect(u!.words[0]!.confidence).toBeGreaterThan(0);
  });

  it('names the words guessed by letter-to-sound rules on stderr', async () => {
    const t = write('t.txt', 'I want to go from Bonnxq to Berlin.');
    const r = await sieve('align', AUDIO, t);
    expect(r.err).toContain('pronunciations guessed by letter-to-sound rules: bonnxq');
    expect((JSON.parse(r.out) as AlignJson).words[5]!.guessed).toBe(true);
  });

  it('places nothing for another sentence: no times, a message, exit code 1', async () => {
    const t = write('t.txt', 'Please call Stella and ask her to bring these things with her from the store.');
    const r = await sieve('align', AUDIO, t, '--format', 'ctm');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toMatch(/words 1–15 .*(do not match|failed)/);
    expect(r.err).toContain('left out, not placed: 1 "Please"');
  });

  it('refuses a bad language or format, and a missing transcript, by name', async () => {
    const t = write('t.txt', 'hello');
    const bad = await sieve('align', AUDIO, t, '--lang', 'de');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--lang: 'de'; expected en-us or fr-fr");
    expect((await sieve('align', AUDIO, t, '--format', 'srt')).err).toContain("--format: 'srt'; expected");
    const missing = await sieve('align', AUDIO, 'none.txt');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('none.txt');
  });
});
