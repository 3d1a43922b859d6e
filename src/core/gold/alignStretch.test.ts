import { describe, expect, it } from 'vitest';
import { applyPlacements, planAlignment } from './alignStretch';
import type { GoldWord } from './records';

const w = (text: string, startSec: number, endSec: number, source = 'import'): GoldWord => ({
  text,
  startSec,
  endSec,
  source,
});
// I want to go from Bonn: "to" was placed by hand.
const words = [
  w('I', 0.3, 0.4),
  w('want', 0.4, 0.7),
  w('to', 0.7, 0.9, 'manual'),
  w('go', 0.9, 1.1, 'edited'),
  w('from', 1.1, 1.4),
  w('Bonn', 1.4, 1.7),
];
const utterance = { startSec: 0, endSec: 2 };

describe('planning a re-alignment', () => {
  it('aligns the whole utterance between its edges, its confirmed words fixed', () => {
    expect(planAlignment(words, utterance, null, false)).toEqual({
      kind: 'stretch',
      stretch: { first: 0, last: 5, startSec: 0, endSec: 2, fixed: [2] },
    });
  });

  it('widens a selection to the nearest confirmed boundaries on each side', () => {
    expect(planAlignment(words, utterance, { first: 4, last: 4 }, false)).toEqual({
      kind: 'stretch',
      stretch: { first: 3, last: 5, startSec: 0.9, endSec: 2, fixed: [] },
    });
    expect(planAlignment(words, utterance, { first: 0, last: 0 }, false)).toEqual({
      kind: 'stretch',
      stretch: { first: 0, last: 1, startSec: 0, endSec: 0.7, fixed: [] },
    });
  });

  it('names confirmed words in the selection instead of moving them, and moves them when agreed', () => {
    expect(planAlignment(words, utterance, { first: 1, last: 3 }, false)).toEqual({
      kind: 'confirm',
      confirmed: [2],
    });
    expect(planAlignment(words, utterance, { first: 1, last: 3 }, true)).toEqual({
      kind: 'stretch',
      stretch: { first: 0, last: 5, startSec: 0, endSec: 2, fixed: [] },
    });
  });

  it('says why there is nothing to align', () => {
    expect(planAlignment([], utterance, null, false)).toMatchObject({ kind: 'nothing' });
    expect(planAlignment([w('a', 0, 1, 'manual')], utterance, null, false)).toMatchObject({
      kind: 'nothing',
    });
    expect(planAlignment(words, utterance, { first: 4, last: 9 }, false)).toMatchObject({ kind: 'nothing' });
  });
});

describe('placing the aligned words', () => {
  const stretch = { first: 0, last: 5, startSec: 0, endSec: 2, fixed: [2] };
  it('gives moved words the aligner’s times and confidence, and leaves fixed and unplaced words alone', () => {
    const placed = [
      { startSec: 0.32, endSec: 0.41, confidence: 0.9 },
      { startSec: 0.41, endSec: 0.69, confidence: 0.4 },
      { startSec: 0, endSec: 0, confidence: 1 },
      { startSec: 0.9, endSec: 1.05, confidence: 1.2 },
      null,
      { startSec: 1.45, endSec: 1.75, confidence: 0.7 },
    ];
    const tier = applyPlacements(words, stretch, placed);
    expect(tier).toEqual({
      words: [
        { text: 'I', startSec: 0.32, endSec: 0.41, source: 'sieve-align', confidence: 0.9 },
        { text: 'want', startSec: 0.41, endSec: 0.69, source: 'sieve-align', confidence: 0.4 },
        words[2],
        { text: 'go', startSec: 0.9, endSec: 1.05, source: 'sieve-align', confidence: 1 },
        words[4],
        { text: 'Bonn', startSec: 1.45, endSec: 1.75, source: 'sieve-align', confidence: 0.7 },
      ],
      aligned: [0, 1, 3, 5],
      unplaced: [4],
    });
  });

  it('refuses, naming the words, when an unplaced word would overlap its new neighbours', () => {
    const placed = [null, { startSec: 0.35, endSec: 0.69, confidence: 0.5 }, null, null, null, null];
    const tier = applyPlacements(words, stretch, placed);
    expect(tier).toHaveProperty('reason');
    expect((tier as { reason: string }).reason).toMatch(/Word 1 "I".*word 2 "want".*overlap/);
  });
});
