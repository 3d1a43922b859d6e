import { describe, expect, it } from 'vitest';
import { applyDiff, diffGold, reverseDiff } from './diff';
import { type GoldRecords, GoldWord } from './records';
import {
  WORD_SOURCE,
  completeWordDiff,
  isConfirmedWord,
  isLowConfidence,
  markManualEdit,
  markWords,
} from './wordMarks';

const w = (text: string, startSec: number, endSec: number, more: Partial<GoldWord> = {}): GoldWord => ({
  text,
  startSec,
  endSec,
  ...more,
});
const aligned = [
  w('I', 0, 0.2, { source: 'sieve-align', confidence: 0.9 }),
  w('want', 0.2, 0.5, { source: 'sieve-align', confidence: 0.3 }),
  w('to', 0.5, 0.7, { source: 'import' }),
];
const records = (words: GoldWord[]): GoldRecords => ({
  words,
  trees: [],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
});

describe('word marks', () => {
  it('makes a word moved by hand the annotator’s, with no confidence, and leaves the others alone', () => {
    const moved = aligned.map((x, i) => (i === 1 ? { ...x, endSec: 0.45 } : x));
    expect(markWords(aligned, moved, WORD_SOURCE.manual, 'edit')).toEqual([
      aligned[0],
      w('want', 0.2, 0.45, { source: 'manual' }),
      aligned[2],
    ]);
  });

  it('marks a word whose text alone was corrected as edited (not confirmed), unless its times were confirmed', () => {
    const before = [...aligned, w('Bonn', 0.7, 1, { source: 'manual' })];
    const after = before.map((x, i) =>
      i === 1 ? { ...x, text: 'wants' } : i === 3 ? { ...x, text: 'Bonn,' } : x,
    );
    const marked = markWords(before, after, WORD_SOURCE.manual, 'edit');
    expect(marked[1]).toEqual(w('wants', 0.2, 0.5, { source: 'edited' }));
    expect(marked[3]).toEqual(w('Bonn,', 0.7, 1, { source: 'manual' }));
    expect(marked.map(isConfirmedWord)).toEqual([false, false, false, true]);
  });

  it('keeps the marks of words an insertion only moves along, and marks the inserted word', () => {
    const inserted = [aligned[0]!, w('uh', 0.2, 0.2), aligned[1]!, aligned[2]!];
    expect(markWords(aligned, inserted, 'manual', 'edit')).toEqual([
      aligned[0],
      w('uh', 0.2, 0.2, { source: 'manual' }),
      aligned[1],
      aligned[2],
    ]);
  });

  it('returns the very same array when nothing changes, so an unchanged edit is no edit', () => {
    expect(markWords(aligned, aligned, 'manual', 'edit')).toBe(aligned);
    const g = records(aligned);
    expect(markManualEdit(g, { ...g })).toEqual(g);
  });

  it('keeps given marks (re-alignment, undo) and fills only a missing source', () => {
    const realigned = [
      aligned[0]!,
      w('want', 0.25, 0.5, { source: 'sieve-align', confidence: 0.8 }),
      w('to', 0.5, 0.72),
    ];
    expect(markWords(aligned, realigned, 'manual', 'given')).toEqual([
      aligned[0],
      realigned[1],
      w('to', 0.5, 0.72, { source: 'manual' }),
    ]);
  });

  it('completes a diff written before words had marks from the stored words, so it still applies and undoes', () => {
    const stored = records(aligned);
    const plain = aligned.map(({ text, startSec, endSec }) => ({ text, startSec, endSec }));
    const old = [
      {
        field: 'words' as const,
        before: plain,
        after: plain.map((x, i) => (i === 2 ? { ...x, endSec: 0.8 } : x)),
      },
    ];
    expect(() => applyDiff(stored, old)).toThrow();
    const diff = completeWordDiff(old, stored.words, 'manual', 'edit');
    const next = applyDiff(stored, diff);
    expect(next.words[2]).toEqual(w('to', 0.5, 0.8, { source: 'manual' }));
    expect(next.words[1]).toEqual(aligned[1]);
    expect(applyDiff(next, reverseDiff(diff))).toEqual(stored);
  });

  it('an edit made in the studio and the same edit completed by the store give the same records', () => {
    const current = records(aligned);
    const edited = { ...current, words: current.words.map((x, i) => (i === 0 ? { ...x, text: 'Ich' } : x)) };
    const shown = markManualEdit(current, edited);
    const stored = applyDiff(
      current,
      completeWordDiff(diffGold(current, edited), current.words, 'manual', 'edit'),
    );
    expect(stored).toEqual(shown);
    expect(
      applyDiff(current, completeWordDiff(diffGold(current, shown), current.words, 'manual', 'edit')),
    ).toEqual(shown);
  });

  it('names confirmed and low-confidence words', () => {
    expect(aligned.map(isLowConfidence)).toEqual([false, true, false]);
    expect(isConfirmedWord(w('a', 0, 1, { source: 'manual' }))).toBe(true);
    expect(aligned.some(isConfirmedWord)).toBe(false);
  });

  it('refuses a confidence outside [0, 1]', () => {
    expect(GoldWord.safeParse(w('a', 0, 1, { confidence: 1.5 })).success).toBe(false);
    expect(GoldWord.safeParse(w('a', 0, 1, { confidence: 0 })).success).toBe(true);
  });
});
