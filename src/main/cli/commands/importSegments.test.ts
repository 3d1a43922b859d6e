// `sieve import` of a long recording (a synthetic few minutes) from each format that carries segments or
// speakers: the stored utterances (ids, extents, speakers) and their words at their absolute times. Tiers
// of utterances and STM segments, whose words SIEVE's aligner places, are tested on espeak-ng speech.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeEaf } from '../../../core/formats/eaf';
import { type TextGridTier, writeTextGrid } from '../../../core/formats/textGrid';
import { hasEspeak, speak, tempDir } from '../../../../test/helpers/tempProject';
import { writeWav } from '../../../../test/helpers/wavFixture';
import { ProjectStore } from '../../store/projectStore';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);
const put = (name: string, text: string): void => {
  fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  fs.writeFileSync(path.join(dir, name), text);
};

/** Three minutes of audio: a tone in bursts. */
const MINUTES = 3;
const LENGTH = MINUTES * 60;
function recording(name = 'talk'): void {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  writeWav(
    path.join(dir, 'audio', `${name}.wav`),
    LENGTH,
    8000,
    (t) => 0.3 * Math.sin(2 * Math.PI * 200 * t),
  );
}

/** Words every 0.5 s (0.4 s long) in runs of 12, a pause of 3 s between runs: 20 runs over 3 minutes. */
function words(): { text: string; startSec: number; endSec: number }[] {
  const out: { text: string; startSec: number; endSec: number }[] = [];
  for (let run = 0; run < 20; run++)
    for (let k = 0; k < 12; k++) {
      const startSec = 1 + run * 9 + k * 0.5;
      out.push({ text: `r${run}w${k}`, startSec, endSec: Math.round((startSec + 0.4) * 1000) / 1000 });
    }
  return out;
}

/** The runs as segments: from 0.5 s before a run's first word to 0.5 s after its last. */
const runs = (): { startSec: number; endSec: number }[] =>
  Array.from({ length: 20 }, (_, run) => ({
    startSec: 0.5 + run * 9,
    endSec: 1 + run * 9 + 11 * 0.5 + 0.4 + 0.5,
  }));

function tier(name: string, items: { startSec: number; endSec: number; text: string }[]): TextGridTier {
  const intervals: { xmin: number; xmax: number; text: string }[] = [];
  let at = 0;
  for (const i of items) {
    if (i.startSec > at) intervals.push({ xmin: at, xmax: i.startSec, text: '' });
    intervals.push({ xmin: i.startSec, xmax: i.endSec, text: i.text });
    at = i.endSec;
  }
  if (at < LENGTH) intervals.push({ xmin: at, xmax: LENGTH, text: '' });
  return { kind: 'interval', name, xmin: 0, xmax: LENGTH, intervals };
}

/** The project's utterances, each with its words as [text, start, end]. */
function stored(project = 'p.sieve'): {
  id: string;
  speaker: string;
  startSec: number;
  endSec: number;
  words: [string, number, number][];
}[] {
  const store = ProjectStore.open(path.join(dir, project));
  try {
    return store.listUtterances().map((u) => ({
      id: u.id,
      speaker: u.speaker,
      startSec: u.startSec,
      endSec: u.endSec,
      words: store
        .getUtterance(u.id)
        .words.map((w): [string, number, number] => [w.text, w.startSec, w.endSec]),
    }));
  } finally {
    store.close();
  }
}

/** Every word stored once, at its own time, in the utterance whose run it belongs to. */
function expectRuns(us: ReturnType<typeof stored>, name = 'talk'): void {
  expect(us.map((u) => u.id)).toEqual(
    Array.from({ length: 20 }, (_, k) => `${name}_${String(k + 1).padStart(4, '0')}`),
  );
  expect(us.flatMap((u) => u.words)).toEqual(words().map((w) => [w.text, w.startSec, w.endSec]));
  us.forEach((u, run) => {
    expect(u.words.every(([t]) => t.startsWith(`r${run}w`))).toBe(true);
    expect(u.startSec).toBeLessThanOrEqual(u.words[0]![1]);
    expect(u.endSec).toBeGreaterThanOrEqual(u.words.at(-1)![2]);
    if (run > 0) expect(u.startSec).toBeGreaterThanOrEqual(us[run - 1]!.endSec);
  });
}

describe('sieve import of a long recording with segments', () => {
  it('cuts a TextGrid words tier by its utterance tier', async () => {
    recording();
    const ws = words();
    put(
      'align/talk.TextGrid',
      writeTextGrid({
        xmin: 0,
        xmax: LENGTH,
        tiers: [
          tier('words', ws),
          tier(
            'utterances',
            runs().map((r, k) => ({ ...r, text: `run ${k}` })),
          ),
        ],
      }),
    );
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/20 utterances, 240 words/);
    const us = stored();
    expectRuns(us);
    expect(us.map((u) => [u.startSec, u.endSec])).toEqual(runs().map((s) => [s.startSec, s.endSec]));
  });

  it('cuts an ELAN words tier by a segment tier named with --segment-tier', async () => {
    recording();
    put(
      'align/talk.eaf',
      writeEaf([
        { id: 'turns', annotations: runs().map((s, k) => ({ ...s, value: `turn ${k}` })) },
        { id: 'words', participant: 'Ann', annotations: words().map((w) => ({ ...w, value: w.text })) },
      ]),
    );
    const r = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'align',
      '--segment-tier',
      'turns',
    );
    expect(r.err).toBe('');
    const us = stored();
    expectRuns(us);
    expect(new Set(us.map((u) => u.speaker))).toEqual(new Set(['Ann']));
  });

  it('cuts CTM words at pauses (--split-at-pause), and longer utterances at their longest pause (--max-utterance)', async () => {
    recording();
    put(
      'talk.ctm',
      words()
        .map((w) => `talk 1 ${w.startSec.toFixed(2)} 0.40 ${w.text}\n`)
        .join(''),
    );
    const r = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'talk.ctm',
      '--split-at-pause',
      '2',
    );
    expect(r.err).toBe('');
    expectRuns(stored());
    // Without a pause rule, a maximum of 20 s cuts at the 3-s pauses only (every run lasts 5.9 s).
    const m = await sieve(
      'import',
      'q.sieve',
      '--audio',
      'audio',
      '--alignment',
      'talk.ctm',
      '--max-utterance',
      '20',
    );
    expect(m.err).toBe('');
    const us = stored('q.sieve');
    expect(us.flatMap((u) => u.words)).toEqual(words().map((w) => [w.text, w.startSec, w.endSec]));
    for (const u of us) expect(u.words.at(-1)![2] - u.words[0]![1]).toBeLessThanOrEqual(20);
    expect(us.length).toBeGreaterThan(1);
    expect(us.every((u) => u.words.length % 12 === 0)).toBe(true);
  });

  it('takes WhisperX segments with their speakers, and moves a word ending 39 ms after the audio onto its end', async () => {
    recording();
    const ws = words();
    const segments = runs().map((s, k) => ({
      start: s.startSec,
      end: s.endSec,
      speaker: `SPEAKER_0${k % 2}`,
      text: '',
      words: ws
        .slice(k * 12, k * 12 + 12)
        .map((w) => ({ word: w.text, start: w.startSec, end: w.endSec, score: 0.9 })),
    }));
    segments.push({
      start: LENGTH - 1,
      end: LENGTH + 0.039,
      speaker: 'SPEAKER_00',
      text: 'bye',
      words: [{ word: 'bye', start: LENGTH - 0.5, end: LENGTH + 0.039, score: 0.8 }],
    });
    put('wx/talk.json', JSON.stringify({ segments }));
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'wx');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `warning: utterance "talk_0021": 1 word(s) ended up to 39 ms after its audio (${LENGTH} s); moved to the audio's end (tolerance 50 ms)\n`,
    );
    const us = stored();
    expectRuns(us.slice(0, 20));
    expect(us.map((u) => u.speaker)).toEqual([
      ...Array.from({ length: 20 }, (_, k) => `SPEAKER_0${k % 2}`),
      'SPEAKER_00',
    ]);
    expect(us[20]).toMatchObject({
      startSec: LENGTH - 1,
      endSec: LENGTH,
      words: [['bye', LENGTH - 0.5, LENGTH]],
    });
    // Further than the tolerance is still refused.
    segments[20]!.words[0]!.end = LENGTH + 0.2;
    segments[20]!.end = LENGTH + 0.2;
    put('wx/talk.json', JSON.stringify({ segments }));
    const far = await sieve('import', 'q.sieve', '--audio', 'audio', '--alignment', 'wx');
    expect(far.code).toBe(1);
    expect(far.err).toMatch(/utterance "talk_0021" ends at 180\.2 s, after its audio \(180 s\)/);
  });

  it("reads MFA's multi-speaker TextGrid: each speaker's words, overlapping speech as two utterances", async () => {
    recording();
    const ws = words();
    // Anna speaks the even runs, Ben the odd ones, and Ben also talks over Anna's first run.
    const anna = ws.filter((w) => Number(/^r(\d+)/.exec(w.text)![1]) % 2 === 0);
    const ben = [
      { text: 'mhm', startSec: 2, endSec: 2.3 },
      ...ws.filter((w) => Number(/^r(\d+)/.exec(w.text)![1]) % 2 === 1),
    ];
    put(
      'align/talk.TextGrid',
      writeTextGrid({
        xmin: 0,
        xmax: LENGTH,
        tiers: [
          tier('anna - words', anna),
          tier('anna - phones', [{ startSec: 1, endSec: 1.1, text: 'a' }]),
          tier('ben - words', ben),
          tier('ben - phones', [{ startSec: 2, endSec: 2.1, text: 'm' }]),
        ],
      }),
    );
    const r = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'align',
      '--split-at-pause',
      '2',
    );
    expect(r.err).toBe('');
    const us = stored();
    expect(us).toHaveLength(21);
    expect(us.slice(0, 2).map((u) => [u.id, u.speaker, u.words.map(([t]) => t).slice(0, 2)])).toEqual([
      ['talk_0001', 'anna', ['r0w0', 'r0w1']],
      ['talk_0002', 'ben', ['mhm']],
    ]);
    // Ben's word lies within Anna's first utterance: overlapping speech of one recording.
    expect(us[1]!.startSec).toBeLessThan(us[0]!.endSec);
    expect(us.flatMap((u) => u.words).length).toBe(241);
  });

  it('lists the tiers when no EAF tier fits, and refuses --tier with --transcripts', async () => {
    recording();
    put(
      'align/talk.eaf',
      writeEaf([
        { id: 'empty', annotations: [] },
        { id: 'A', annotations: [{ startSec: 1, endSec: 2, value: 'yes' }] },
        { id: 'B', annotations: [{ startSec: 3, endSec: 4, value: 'no' }] },
      ]),
    );
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /talk\.eaf:1:1: 2 top-level tiers have annotations; choose the tier to read with --tier NAME \(tiers: 'empty' \(0 annotations\), 'A' \(1 annotation\), 'B' \(1 annotation\)\)/,
    );
    const b = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align', '--tier', 'B');
    expect(b.err).toBe('');
    expect(stored().map((u) => [u.id, u.words])).toEqual([['talk', [['no', 3, 4]]]]);
    const t = await sieve('import', 'q.sieve', '--audio', 'audio', '--transcripts', 'align', '--tier', 'B');
    expect(t.code).toBe(2);
    expect(t.err).toMatch(/^sieve import: --tier: 'B'; expected only with --alignment/);
  });
});

describe.skipIf(!hasEspeak)(
  "sieve import of utterances whose words SIEVE's aligner places (espeak-ng speech; skipped without espeak-ng)",
  () => {
    it("aligns each utterance's words with SIEVE's aligner instead of storing a sentence as one word", async () => {
      fs.mkdirSync(path.join(dir, 'audio'));
      speak(path.join(dir, 'audio', 'talk.wav'), 'I want to go from Bonn to Berlin');
      const length = fs.statSync(path.join(dir, 'audio', 'talk.wav')).size / (22050 * 2);
      put(
        'align/talk.TextGrid',
        writeTextGrid({
          xmin: 0,
          xmax: length,
          tiers: [
            {
              kind: 'interval',
              name: 'michael',
              xmin: 0,
              xmax: length,
              intervals: [{ xmin: 0, xmax: length, text: 'I want to go\nfrom Bonn to Berlin' }],
            },
          ],
        }),
      );
      const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
      expect(r.code).toBe(0);
      const us = stored();
      expect(us.map((u) => u.id)).toEqual(['talk']);
      expect(us[0]!.words.map(([t]) => t)).toEqual(['I', 'want', 'to', 'go', 'from', 'Bonn', 'to', 'Berlin']);
      for (const [i, [, a, b]] of us[0]!.words.entries()) {
        expect(b).toBeGreaterThan(a);
        if (i > 0) expect(a).toBeGreaterThanOrEqual(us[0]!.words[i - 1]![2]);
      }
    });

    it("reads an STM's segments as utterances of their speakers, words placed by SIEVE's aligner", async () => {
      fs.mkdirSync(path.join(dir, 'audio'));
      speak(path.join(dir, 'audio', 'talk.wav'), 'I want to go from Bonn to Berlin');
      const length = fs.statSync(path.join(dir, 'audio', 'talk.wav')).size / (22050 * 2);
      const half = (Math.round(length * 50) / 100).toFixed(2);
      put(
        'ref.stm',
        `;; two speakers\ntalk 1 anna 0 ${half} <o> I want to go\ntalk 1 inter_segment_gap ${half} ${half}\n` +
          `talk 1 ben ${half} ${(length - 0.01).toFixed(2)} from Bonn to Berlin\n`,
      );
      const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'ref.stm');
      expect(r.code).toBe(0);
      const us = stored();
      expect(us.map((u) => [u.id, u.speaker, u.words.map(([t]) => t).join(' ')])).toEqual([
        ['talk_0001', 'anna', 'I want to go'],
        ['talk_0002', 'ben', 'from Bonn to Berlin'],
      ]);
      for (const u of us)
        for (const [, a, b] of u.words) {
          expect(a).toBeGreaterThanOrEqual(u.startSec);
          expect(b).toBeLessThanOrEqual(u.endSec);
        }
    });
  },
);
