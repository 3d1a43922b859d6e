import { describe, expect, it } from 'vitest';
import { parseEaf, writeEaf } from './eaf';
import { eafTracks, recordingUtterances, textGridTracks, whisperXTracks } from './recordingTracks';
import { type TextGridTier, parseTextGrid, writeTextGrid } from './textGrid';
import { parseWhisperXJson } from './wordTimesJson';

type Item = [number, number, string];

/** An interval tier over 0..xmax with `items` and empty intervals in the gaps. */
function tier(name: string, xmax: number, items: Item[]): TextGridTier {
  const intervals: { xmin: number; xmax: number; text: string }[] = [];
  let at = 0;
  for (const [a, b, text] of items) {
    if (a > at) intervals.push({ xmin: at, xmax: a, text: '' });
    intervals.push({ xmin: a, xmax: b, text });
    at = b;
  }
  if (at < xmax) intervals.push({ xmin: at, xmax, text: '' });
  return { kind: 'interval', name, xmin: 0, xmax, intervals };
}

/** A TextGrid's text, read back as Praat reads it. */
function grid(xmax: number, tiers: TextGridTier[]): ReturnType<typeof parseTextGrid>['value'] {
  const r = parseTextGrid(writeTextGrid({ xmin: 0, xmax, tiers }));
  expect(r.diagnostics).toEqual([]);
  return r.value;
}

const summary = (us: ReturnType<typeof recordingUtterances>): unknown[] =>
  us.map((u) => [u.id, u.speaker, u.startSec, u.endSec, u.words.map((w) => w.text).join(' ')]);

describe('TextGrid tracks', () => {
  it('reads one tier of utterances per speaker (MFA input) as utterances of untimed words, in time order', () => {
    // As in MFA's test data: tiers named after the speakers, one interval per sentence, a line break
    // inside a label (Praat keeps it as text).
    const g = grid(52.4, [
      tier('michael', 52.4, [
        [1.06, 7.54, 'this is the first\ncorpus'],
        [8.02, 17.2, 'um talking slowly'],
      ]),
      tier('sickmichael', 52.4, [
        [7, 9.5, 'uh so this overlaps'],
        [44.48, 45.08, 'uh'],
      ]),
    ]);
    const rec = textGridTracks(g);
    if ('problem' in rec) throw new Error(rec.problem);
    const us = recordingUtterances('talk', rec);
    expect(summary(us)).toEqual([
      ['talk_0001', 'michael', 1.06, 7.54, 'this is the first corpus'],
      ['talk_0002', 'sickmichael', 7, 9.5, 'uh so this overlaps'],
      ['talk_0003', 'michael', 8.02, 17.2, 'um talking slowly'],
      ['talk_0004', 'sickmichael', 44.48, 45.08, 'uh'],
    ]);
    // No word holds a space; none has times (SIEVE's aligner places them).
    for (const w of us.flatMap((u) => u.words)) {
      expect(w.text).not.toMatch(/\s/);
      expect([w.startSec, w.endSec]).toEqual([null, null]);
    }
  });

  it("reads every speaker's words of MFA's multi-speaker output; overlapping speech is two utterances", () => {
    const g = grid(10, [
      tier('anna - words', 10, [
        [1, 1.5, 'hello'],
        [1.5, 2, 'there'],
        [6, 6.5, 'bye'],
      ]),
      tier('anna - phones', 10, [[1, 1.2, 'h']]),
      tier('ben - words', 10, [[1.8, 2.4, 'hi']]),
      tier('ben - phones', 10, [[1.8, 2, 'h']]),
    ]);
    const rec = textGridTracks(g);
    if ('problem' in rec) throw new Error(rec.problem);
    expect(summary(recordingUtterances('m', rec))).toEqual([
      ['m_0001', 'anna', 0.75, 6.75, 'hello there bye'],
      ['m_0002', 'ben', 1.55, 2.65, 'hi'],
    ]);
    // Cut at pauses of a second or more: anna's words become two utterances.
    expect(summary(recordingUtterances('m', rec, { pauseSec: 1 }))).toEqual([
      ['m_0001', 'anna', 0.75, 2.25, 'hello there'],
      ['m_0002', 'ben', 1.55, 2.65, 'hi'],
      ['m_0003', 'anna', 5.75, 6.75, 'bye'],
    ]);
  });

  it('cuts a words tier by a segment tier, and keeps a lone words tier one utterance of the whole file', () => {
    const words = tier('words', 8, [
      [0.5, 1, 'one'],
      [1, 1.4, 'two'],
      [4.1, 4.6, 'three'],
    ]);
    const cut = textGridTracks(
      grid(8, [
        words,
        tier('utterances', 8, [
          [0.4, 2, 'a'],
          [4, 5, 'b'],
        ]),
      ]),
    );
    if ('problem' in cut) throw new Error(cut.problem);
    expect(summary(recordingUtterances('r', cut))).toEqual([
      ['r_0001', undefined, 0.4, 2, 'one two'],
      ['r_0002', undefined, 4, 5, 'three'],
    ]);
    const whole = textGridTracks(grid(8, [words]));
    if ('problem' in whole) throw new Error(whole.problem);
    expect(recordingUtterances('r', whole)).toEqual([
      {
        id: 'r',
        words: [
          { text: 'one', startSec: 0.5, endSec: 1 },
          { text: 'two', startSec: 1, endSec: 1.4 },
          { text: 'three', startSec: 4.1, endSec: 4.6 },
        ],
      },
    ]);
    // A maximum of 2 s cuts at the longest pause.
    expect(summary(recordingUtterances('r', whole, { maxSec: 2 }))).toEqual([
      ['r_0001', undefined, 0.25, 1.65, 'one two'],
      ['r_0002', undefined, 3.85, 4.85, 'three'],
    ]);
  });

  it('names the tiers when the chosen one is missing or empty', () => {
    const g = grid(3, [tier('words', 3, []), tier('phones', 3, [[0, 1, 'a']])]);
    expect(textGridTracks(g)).toEqual({
      problem:
        "tier 'words' has no labelled interval (tiers: 'words' (interval, 0 labelled), 'phones' (interval, 1 labelled))",
    });
    expect(textGridTracks(g, { tier: 'mots' })).toEqual({
      problem:
        "no interval tier named 'mots' (tiers: 'words' (interval, 0 labelled), 'phones' (interval, 1 labelled))",
    });
  });
});

describe('ELAN tracks', () => {
  const eaf = (tiers: Parameters<typeof writeEaf>[0]): ReturnType<typeof parseEaf>['value'] => {
    const r = parseEaf(writeEaf(tiers));
    expect(r.diagnostics).toEqual([]);
    return r.value;
  };

  it('passes over an empty first tier instead of reading 0 words', () => {
    const doc = eaf([
      { id: 'notes', annotations: [] },
      { id: 'A', participant: 'Ann', annotations: [{ startSec: 0.2, endSec: 0.6, value: 'yes' }] },
    ]);
    const rec = eafTracks(doc);
    if ('problem' in rec) throw new Error(rec.problem);
    expect(summary(recordingUtterances('e', rec))).toEqual([['e', 'Ann', undefined, undefined, 'yes']]);
    expect(eafTracks(doc, { tier: 'notes' })).toEqual({
      problem: "tier 'notes' has no annotation (tiers: 'notes' (0 annotations), 'A' (1 annotation))",
    });
  });

  it('asks for --tier among several tiers, and reads a tier of utterances as utterances', () => {
    const doc = eaf([
      { id: 'A-utt', participant: 'A', annotations: [{ startSec: 1, endSec: 3, value: 'good morning all' }] },
      { id: 'B-utt', participant: 'B', annotations: [{ startSec: 2.5, endSec: 4, value: 'morning' }] },
    ]);
    expect(eafTracks(doc)).toEqual({
      problem:
        "2 top-level tiers have annotations; choose the tier to read with --tier NAME (tiers: 'A-utt' (1 annotation), 'B-utt' (1 annotation))",
    });
    const rec = eafTracks(doc, { tier: 'a-utt' });
    if ('problem' in rec) throw new Error(rec.problem);
    const us = recordingUtterances('e', rec);
    expect(summary(us)).toEqual([['e', 'A', 1, 3, 'good morning all']]);
    expect(us[0]!.words.every((w) => w.startSec === null)).toBe(true);
  });
});

describe('ELAN tier of references', () => {
  it("reads words that share their parent annotation's times as an utterance per parent, untimed", () => {
    // As in pympi's samples: a tier 'text' of sentences, a symbolic subdivision 'words-symsub' under it.
    const text = `<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT FORMAT="3.0" VERSION="3.0">
  <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
  <TIME_ORDER>
    <TIME_SLOT TIME_SLOT_ID="ts1" TIME_VALUE="2000"/><TIME_SLOT TIME_SLOT_ID="ts2" TIME_VALUE="5000"/>
    <TIME_SLOT TIME_SLOT_ID="ts3" TIME_VALUE="6000"/><TIME_SLOT TIME_SLOT_ID="ts4" TIME_VALUE="7500"/>
  </TIME_ORDER>
  <TIER TIER_ID="text" PARTICIPANT="Kim" LINGUISTIC_TYPE_REF="utterance">
    <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="ts1" TIME_SLOT_REF2="ts2"><ANNOTATION_VALUE>The quick fox</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
    <ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a2" TIME_SLOT_REF1="ts3" TIME_SLOT_REF2="ts4"><ANNOTATION_VALUE>jumps</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION>
  </TIER>
  <TIER TIER_ID="words-symsub" PARTICIPANT="Kim" LINGUISTIC_TYPE_REF="words" PARENT_REF="text">
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a3" ANNOTATION_REF="a1"><ANNOTATION_VALUE>The</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a4" ANNOTATION_REF="a1" PREVIOUS_ANNOTATION="a3"><ANNOTATION_VALUE>quick</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a5" ANNOTATION_REF="a1" PREVIOUS_ANNOTATION="a4"><ANNOTATION_VALUE>fox</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
    <ANNOTATION><REF_ANNOTATION ANNOTATION_ID="a6" ANNOTATION_REF="a2"><ANNOTATION_VALUE>jumps</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>
  </TIER>
</ANNOTATION_DOCUMENT>
`;
    const r = parseEaf(text);
    expect(r.diagnostics).toEqual([]);
    const rec = eafTracks(r.value, { tier: 'words-symsub' });
    if ('problem' in rec) throw new Error(rec.problem);
    const us = recordingUtterances('k', rec);
    expect(summary(us)).toEqual([
      ['k_0001', 'Kim', 2, 5, 'The quick fox'],
      ['k_0002', 'Kim', 6, 7.5, 'jumps'],
    ]);
    expect(us.flatMap((u) => u.words).every((w) => w.startSec === null && w.endSec === null)).toBe(true);
  });
});

describe('WhisperX tracks', () => {
  it('makes each segment an utterance, per speaker, widened to words that stick out', () => {
    const r = parseWhisperXJson(
      JSON.stringify({
        segments: [
          {
            start: 0.5,
            end: 2,
            speaker: 'SPEAKER_00',
            words: [
              { word: 'so', start: 0.4, end: 0.8 },
              { word: '12', speaker: 'SPEAKER_00' },
              { word: 'go', start: 1.2, end: 1.9 },
            ],
          },
          { start: 1.5, end: 3, speaker: 'SPEAKER_01', words: [{ word: 'ok', start: 1.6, end: 2.2 }] },
        ],
      }),
    );
    expect(summary(recordingUtterances('w', whisperXTracks(r.value)))).toEqual([
      ['w_0001', 'SPEAKER_00', 0.4, 2, 'so 12 go'],
      ['w_0002', 'SPEAKER_01', 1.5, 3, 'ok'],
    ]);
  });
});
