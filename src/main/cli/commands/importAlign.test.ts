// `sieve import` with SIEVE's aligner, on real speech made by espeak-ng: transcripts aligned into a new
// project, bad recordings left out with their reason, and WhisperX / Gentle words without times placed
// between their timed neighbours.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasEspeak, tempDir } from '../../../../test/helpers/tempProject';
import { writeWav } from '../../../../test/helpers/wavFixture';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { alignSpeech } from '../../forcedAlign/alignSpeech';
import { ProjectStore } from '../../store/projectStore';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);
const write = (name: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
};
/** Speech made by espeak-ng (its default voice unless `voice` is given). */
const audio = (name: string, text: string, voice?: string): string => {
  const file = path.join(dir, 'audio', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('espeak-ng', [...(voice ? ['-v', voice] : []), '-w', file, text], { stdio: 'ignore' });
  return file;
};

function storedWords(project: string, id: string) {
  const store = ProjectStore.open(path.join(dir, project));
  try {
    return store.getUtterance(id).words;
  } finally {
    store.close();
  }
}

describe.skipIf(!hasEspeak)(
  'sieve import --transcripts (espeak-ng speech; skipped without espeak-ng)',
  () => {
    it('aligns each recording to its transcript, keeping its spelling, and leaves out the bad ones with why', async () => {
      audio('good.wav', 'I want to go from Bonn to Berlin');
      audio('french.wav', 'Le train pour Paris part à neuf heures', 'fr');
      audio('empty.wav', 'Nothing written for this one');
      audio('missing.wav', 'No transcript at all');
      writeWav(path.join(dir, 'audio', 'silence.wav'), 2, 16000, () => 0);
      // A rate the model cannot use: its filters reach 3700 Hz.
      writeWav(path.join(dir, 'audio', 'lowrate.wav'), 1, 4000, (t) => 0.5 * Math.sin(2 * Math.PI * 300 * t));
      write('tr/lowrate.txt', 'I want to go from Bonn to Berlin\n');
      write('tr/silence.txt', 'I want to go from Bonn to Berlin\n');
      write('tr/good.txt', 'I want to go from Bonn to Berlin.\n');
      write('tr/french.txt', 'I want to go from Bonn to Berlin\n');
      write('tr/empty.txt', '\n');
      const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--transcripts', 'tr');
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/aligning 1\/5: empty/);
      expect(r.out).toMatch(/skipped {2}lowrate \(.*lowrate\.wav\): the aligner failed: .*4000 Hz/);
      expect(r.out).toMatch(/skipped {2}silence \(.*silence\.wav\): the recording is silent/);
      expect(r.out).toMatch(/skipped {2}empty \(.*empty\.wav\): the transcript is empty/);
      expect(r.out).toMatch(/skipped {2}.*missing\.wav: no transcript for "missing"/);
      expect(r.out).toMatch(/skipped {2}french \(.*french\.wav\): \d+ of 8 words could not be placed/);
      expect(r.out).toMatch(/created .*p\.sieve: 1 utterances, 8 words, .* 1 audio files added; 5 skipped/);
      const words = storedWords('p.sieve', 'good');
      expect(words.map((w) => w.text)).toEqual(['I', 'want', 'to', 'go', 'from', 'Bonn', 'to', 'Berlin.']);
      for (const [i, w] of words.entries()) {
        expect(w).toMatchObject({ source: 'sieve-align' });
        expect(w.confidence).toBeGreaterThan(0);
        expect(w.confidence).toBeLessThanOrEqual(1);
        expect(w.endSec).toBeGreaterThan(w.startSec);
        if (i > 0) expect(w.startSec).toBeGreaterThanOrEqual(words[i - 1]!.endSec);
      }
      // espeak-ng's own word times for this sentence in its default voice (its C API's word events, as
      // scripts/demo/espeakWords.c reports them): Bonn starts at 1.022 s, Berlin at 1.386 s; the
      // aligner's boundaries land within 100 ms of them.
      expect(Math.abs(words[5]!.startSec - 1.022)).toBeLessThan(0.1);
      expect(Math.abs(words[7]!.startSec - 1.386)).toBeLessThan(0.1);
    });

    it('reads one id<TAB>text file, and refuses a bad line as file:line:column before aligning anything', async () => {
      audio('a.wav', 'from Bonn to Berlin');
      write('all.tsv', 'a\tfrom Bonn to Berlin\nb no tab\n');
      const bad = await sieve('import', 'p.sieve', '--audio', 'audio', '--transcripts', 'all.tsv');
      expect(bad.code).toBe(1);
      expect(bad.err).toContain(`${path.join(dir, 'all.tsv')}:2:1: expected an id, a tab and the text`);
      expect(bad.err).not.toContain('aligning');
      expect(fs.existsSync(path.join(dir, 'p.sieve'))).toBe(false);
      write('all.trn', 'from bonn to berlin (a)\n');
      const ok = await sieve('import', 'p.sieve', '--audio', 'audio', '--transcripts', 'all.trn');
      expect(ok.code).toBe(0);
      expect(storedWords('p.sieve', 'a').map((w) => w.text)).toEqual(['from', 'bonn', 'to', 'berlin']);
    });

    it('aligns French with --lang fr-fr, numbers spelled the French way', async () => {
      audio('f1.wav', "Aujourd'hui, l'homme a soixante et onze ans", 'fr');
      write('tr/f1.txt', 'Aujourd’hui, l’homme a 71 ans.\n');
      const dry = await sieve('import', 'p.sieve', '--audio', 'audio', '--transcripts', 'tr', '--dry-run');
      expect(dry.out).toContain('would align 1 recordings');
      expect(fs.existsSync(path.join(dir, 'p.sieve'))).toBe(false);
      const r = await sieve(
        'import',
        'p.sieve',
        '--audio',
        'audio',
        '--transcripts',
        'tr',
        '--lang',
        'fr-fr',
      );
      expect(r.code).toBe(0);
      const words = storedWords('p.sieve', 'f1');
      expect(words.map((w) => w.text)).toEqual(['Aujourd’hui,', 'l’homme', 'a', '71', 'ans.']);
      expect(words.every((w) => w.source === 'sieve-align' && w.endSec > w.startSec)).toBe(true);
    });

    it('refuses --alignment with --transcripts, and an unknown --lang', async () => {
      const both = await sieve('import', 'p.sieve', '--audio', 'a', '--alignment', 'x', '--transcripts', 'y');
      expect(both.code).toBe(2);
      expect(both.err).toMatch(/--transcripts: 'y'; expected not with --alignment: either --alignment/);
      const lang = await sieve('import', 'p.sieve', '--audio', 'a', '--transcripts', 'y', '--lang', 'de-de');
      expect(lang.code).toBe(2);
      expect(lang.err).toMatch(/--lang: 'de-de'; expected en-us or fr-fr/);
    });
  },
);

describe.skipIf(!hasEspeak)(
  'sieve import of WhisperX and Gentle words without times (espeak-ng speech; skipped without espeak-ng)',
  () => {
    it('places them between their timed neighbours, marked as aligned by SIEVE, the neighbours unchanged', async () => {
      const wav = audio('u1.wav', 'Flight twelve leaves at noon');
      audio('g1.wav', 'Flight twelve leaves at noon');
      // Times for the timed words, as another aligner would give them: here SIEVE's own.
      const truth = await alignSpeech({
        audioPath: wav,
        lang: 'en-us',
        words: ['flight', 'twelve', 'leaves', 'at', 'noon'].map((token) => ({ token })),
      });
      const t = truth.words.map((w) => w!);
      // WhisperX's JSON (`--output_format json`): segments with words; a number left without times.
      write(
        'al/u1.json',
        JSON.stringify({
          segments: [
            {
              start: t[0]!.startSec,
              end: t[4]!.endSec,
              text: ' Flight 12 leaves at noon.',
              words: [
                { word: 'Flight', start: t[0]!.startSec, end: t[0]!.endSec, score: 0.91 },
                { word: '12' },
                { word: 'leaves', start: t[2]!.startSec, end: t[2]!.endSec, score: 0.88 },
                { word: 'at', start: t[3]!.startSec, end: t[3]!.endSec, score: 0.95 },
                { word: 'noon.', start: t[4]!.startSec, end: t[4]!.endSec, score: 0.9 },
              ],
            },
          ],
          word_segments: [],
          language: 'en',
        }),
      );
      // Gentle's JSON: `success` words with times and offsets, a `not-found-in-audio` word without.
      const success = (word: string, k: number, offset: number) => ({
        alignedWord: word.toLowerCase(),
        case: 'success',
        end: t[k]!.endSec,
        endOffset: offset + word.length,
        phones: [{ duration: t[k]!.endSec - t[k]!.startSec, phone: 'x_S' }],
        start: t[k]!.startSec,
        startOffset: offset,
        word,
      });
      write(
        'al/g1.json',
        JSON.stringify({
          transcript: 'Flight twelve leaves at noon',
          words: [
            success('Flight', 0, 0),
            { case: 'not-found-in-audio', endOffset: 13, startOffset: 7, word: 'twelve' },
            success('leaves', 2, 14),
            success('at', 3, 21),
            success('noon', 4, 24),
          ],
        }),
      );
      const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'al');
      expect(r.code).toBe(0);
      expect(r.err).toMatch(/placed 2 untimed word\(s\) in 2 utterance\(s\) with SIEVE's aligner/);
      expect(r.out).toMatch(/2 utterances, 10 words/);
      for (const id of ['u1', 'g1']) {
        const words = storedWords('p.sieve', id);
        expect(words[0]).toMatchObject({
          startSec: t[0]!.startSec,
          endSec: t[0]!.endSec,
          source: 'json',
          confidence: null,
        });
        expect(words[2]).toMatchObject({
          startSec: t[2]!.startSec,
          endSec: t[2]!.endSec,
          source: 'json',
          confidence: null,
        });
        const placed = words[1]!;
        expect(placed).toMatchObject({ text: id === 'u1' ? '12' : 'twelve', source: 'sieve-align' });
        expect(placed.confidence).toBeGreaterThan(0);
        expect(placed.startSec).toBeGreaterThanOrEqual(t[0]!.endSec);
        expect(placed.endSec).toBeLessThanOrEqual(t[2]!.startSec);
      }
    });

    it("places a hole of two words within 50 ms of espeak-ng's own word times", async () => {
      audio('x1.wav', 'I want to go from Bonn to Berlin');
      // espeak-ng's word times for this sentence in its default voice (scripts/demo/espeakWords.c), ms.
      const truth: [string, number, number][] = [
        ['I', 0, 113],
        ['want', 113, 416],
        ['to', 416, 568],
        ['go', 568, 751],
        ['from', 751, 1022],
        ['Bonn', 1022, 1252],
        ['to', 1252, 1386],
        ['Berlin', 1386, 1825],
      ];
      const words = truth.map(([word, start, end], k) =>
        k === 4 || k === 5 ? { word } : { word, start: start / 1000, end: end / 1000, score: 0.9 },
      );
      write('al/x1.json', JSON.stringify({ segments: [{ start: 0, end: 1.825, text: '', words }] }));
      const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'al');
      expect(r.code).toBe(0);
      const stored = storedWords('p.sieve', 'x1');
      for (const k of [4, 5]) {
        expect(stored[k]).toMatchObject({ text: truth[k]![0], source: 'sieve-align' });
        expect(Math.abs(stored[k]!.startSec * 1000 - truth[k]![1])).toBeLessThan(50);
        expect(Math.abs(stored[k]!.endSec * 1000 - truth[k]![2])).toBeLessThan(50);
      }
    });
  },
);
