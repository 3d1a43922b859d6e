// The import's alignment steps with a stand-in aligner (the real one is exercised in the CLI's import
// tests): which recordings are left out and why, what is reported, and what the words carry.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import type { AlignRequest, AlignResult } from '../forcedAlign/types';
import { alignRecordings } from './alignRecordings';
import { placeUntimedWords } from './placeUntimedWords';
import { scanCorpus } from './scanCorpus';
import { scanTranscripts } from './scanTranscripts';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const write = (name: string, text: string): string => {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
};

/** An aligner that places word i at [0.25 i, 0.25 i + 0.125] s after the request's start, and nothing for `unplaced`. */
function fakeAligner(unplaced: readonly string[] = []) {
  const requests: AlignRequest[] = [];
  const align = (r: AlignRequest): Promise<AlignResult> => {
    requests.push(r);
    const base = r.startSec ?? 0;
    return Promise.resolve({
      words: r.words.map((w, i) =>
        unplaced.includes(w.token)
          ? null
          : { startSec: base + i * 0.25, endSec: base + i * 0.25 + 0.125, confidence: 0.7 },
      ),
      warnings: [],
    });
  };
  return { align, requests };
}

describe('scanTranscripts', () => {
  it('pairs audio with .txt/.lab files by name and lists what has no partner', () => {
    write('audio/a.wav', '');
    write('audio/b.wav', '');
    write('audio/c.wav', '');
    write('tr/a.txt', 'Hello there.\n');
    write('tr/b.lab', 'second one\n');
    write('tr/z.txt', 'orphan\n');
    write('tr/notes.md', 'not a transcript');
    const t = scanTranscripts(path.join(dir, 'audio'), path.join(dir, 'tr'));
    expect(t.errors).toEqual([]);
    expect(t.recordings.map((r) => [r.id, r.transcript.text])).toEqual([
      ['a', 'Hello there.'],
      ['b', 'second one'],
    ]);
    expect(t.skipped.map((s) => s.reason)).toEqual([
      'not a transcript (.txt, .lab)',
      'no audio file named "z"',
      'no transcript for "c"',
    ]);
  });

  it('reads one id<TAB>text or trn file, and stops at a bad line with file:line:column', () => {
    write('audio/a.wav', '');
    write('audio/b.wav', '');
    const tsv = write('all.tsv', 'a\tHello there.\nb\tSecond.\n');
    expect(scanTranscripts(path.join(dir, 'audio'), tsv).recordings.map((r) => r.transcript.text)).toEqual([
      'Hello there.',
      'Second.',
    ]);
    const trn = write('all.trn', 'hello there (a)\nsecond (b)\n');
    expect(scanTranscripts(path.join(dir, 'audio'), trn).recordings).toHaveLength(2);
    const bad = write('bad.tsv', 'a\tfine\nno tab\n');
    expect(scanTranscripts(path.join(dir, 'audio'), bad).errors).toEqual([
      {
        file: bad,
        line: 2,
        column: 1,
        message: "expected an id, a tab and the text (id<TAB>text), found 'no tab'",
      },
    ]);
  });
});

/** A short recording: a tone at half scale, or silence. */
const recording = (name: string, silent = false): void => {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  writeWav(path.join(dir, 'audio', name), 0.5, 16000, (t) =>
    silent ? 0 : 0.5 * Math.sin(2 * Math.PI * 200 * t),
  );
};

describe('alignRecordings', () => {
  it("stores the transcript's spelling with the aligner's times, source and confidence", async () => {
    recording('a.wav');
    write('tr/a.txt', 'Hello, World! 12 zorblax');
    const t = scanTranscripts(path.join(dir, 'audio'), path.join(dir, 'tr'));
    const fake = fakeAligner();
    const r = await alignRecordings(t.recordings, 'en-us', fake.align);
    expect(r.failed).toEqual([]);
    expect(fake.requests[0]!.words.map((w) => w.token)).toEqual(['hello', 'world', 'twelve', 'zorblax']);
    expect(fake.requests[0]!.words[3]!.phones).toMatch(/^Z /);
    expect(r.utterances[0]!.words).toEqual([
      { text: 'Hello,', startSec: 0, endSec: 0.125, source: 'sieve-align', confidence: 0.7 },
      { text: 'World!', startSec: 0.25, endSec: 0.375, source: 'sieve-align', confidence: 0.7 },
      { text: '12', startSec: 0.5, endSec: 0.625, source: 'sieve-align', confidence: 0.7 },
      {
        text: 'zorblax',
        startSec: 0.75,
        endSec: 0.875,
        source: 'sieve-align',
        confidence: 0.7,
      },
    ]);
    expect(r.warnings.map((w) => w.message)).toEqual([
      'a: pronunciation guessed from the spelling (in neither dictionary): zorblax',
    ]);
  });

  it('leaves out, with the reason, an empty transcript, silence, unreadable audio, unplaced words and an aligner failure; aligns the rest', async () => {
    for (const n of ['empty', 'dash', 'unplaced', 'broken', 'good']) recording(`${n}.wav`);
    recording('silent.wav', true);
    write('audio/damaged.wav', 'RIFF….');
    write('tr/empty.txt', '\n');
    write('tr/dash.txt', '— …');
    write('tr/unplaced.txt', 'one two three');
    write('tr/broken.txt', 'fine words');
    write('tr/good.txt', 'fine words');
    write('tr/silent.txt', 'fine words');
    write('tr/damaged.txt', 'fine words');
    const t = scanTranscripts(path.join(dir, 'audio'), path.join(dir, 'tr'));
    const fake = fakeAligner(['two']);
    const align = (q: AlignRequest) =>
      q.audioPath.endsWith('broken.wav')
        ? Promise.reject(new Error('unsupported sample rate 4000 Hz'))
        : fake.align(q);
    const r = await alignRecordings(t.recordings, 'en-us', align);
    expect(r.utterances.map((u) => u.id)).toEqual(['good']);
    expect(Object.fromEntries(r.failed.map((f) => [f.item.split(' ')[0], f.reason]))).toEqual({
      broken: 'the aligner failed: unsupported sample rate 4000 Hz',
      damaged: expect.stringMatching(/^the audio cannot be read: /),
      silent: 'the recording is silent (its loudest sample is at -∞ dBFS, below -50 dBFS)',
      dash: 'the transcript has no word to align',
      empty: 'the transcript is empty',
      unplaced: '1 of 3 words could not be placed in the audio: "two" (word 2)',
    });
  });
});

describe('placeUntimedWords', () => {
  it("places WhisperX's untimed words between their fixed neighbours and marks them aligned by SIEVE", async () => {
    for (const n of ['u1', 'u2', 'u3']) recording(`${n}.wav`);
    recording('u4.wav', true);
    const wx = (words: object[]) => JSON.stringify({ segments: [{ start: 0, end: 3, text: '', words }] });
    write(
      'al/u1.json',
      wx([
        { word: 'It', start: 0.1, end: 0.3, score: 0.9 },
        { word: '2024.' },
        { word: 'ends', start: 1.5, end: 1.9, score: 0.8 },
      ]),
    );
    write('al/u2.json', wx([{ word: 'plain', start: 0.1, end: 0.3 }]));
    write(
      'al/u3.json',
      wx([{ word: 'no', start: 0.1, end: 0.3 }, { word: 'room' }, { word: 'here', start: 0.3, end: 0.5 }]),
    );
    write('al/u4.json', wx([{ word: 'silent', start: 0.1, end: 0.2 }, { word: 'after' }]));
    const scanned = scanCorpus({
      audioDir: path.join(dir, 'audio'),
      alignment: path.join(dir, 'al'),
      keepUntimed: true,
    });
    expect(scanned.untimed!.map((u) => u.utterance.id)).toEqual(['u1', 'u3', 'u4']);
    const fake = fakeAligner();
    const r = await placeUntimedWords(scanned, 'en-us', fake.align);
    expect(r).toEqual({ placed: 1, utterances: 1 });
    expect(fake.requests).toEqual([
      {
        audioPath: path.join(dir, 'audio', 'u1.wav'),
        startSec: 0.3,
        endSec: 1.5,
        words: [{ token: 'twenty twenty four', phones: expect.any(String) }],
        lang: 'en-us',
      },
    ]);
    expect(scanned.corpus.utterances.map((u) => u.id)).toEqual(['u1', 'u2']);
    expect(scanned.corpus.utterances[0]!.words).toEqual([
      { text: 'It', startSec: 0.1, endSec: 0.3 },
      { text: '2024.', startSec: 0.3, endSec: 0.425, source: 'sieve-align', confidence: 0.7 },
      { text: 'ends', startSec: 1.5, endSec: 1.9 },
    ]);
    expect(scanned.corpus.audio.map((a) => a.key)).toEqual(['u1', 'u2']);
    expect(scanned.skipped).toEqual([
      {
        item: `u3 (${path.join(dir, 'al', 'u3.json')})`,
        reason: expect.stringMatching(
          /^1 word\(s\) without times that SIEVE's aligner could not place either: "room" \(word 2\) \(words 2–2: no room/,
        ),
      },
      {
        item: `u4 (${path.join(dir, 'al', 'u4.json')})`,
        reason: 'the recording is silent (below -50 dBFS): its words without times cannot be placed',
      },
    ]);
  });
});
