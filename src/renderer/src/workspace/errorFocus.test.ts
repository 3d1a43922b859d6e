import { describe, expect, it } from 'vitest';
import type { WordStep } from '../../../core/scoring/scoreUtterance';
import { findError } from './errorFocus';

// Gold "to Hamburg and to Bonn" against "to berlin and uh to": S at Hamburg, I of "uh", D of Bonn.
const gold = [
  { text: 'to', startSec: 0, endSec: 0.2 },
  { text: 'Hamburg', startSec: 0.2, endSec: 0.8 },
  { text: 'and', startSec: 0.8, endSec: 1 },
  { text: 'to', startSec: 1.1, endSec: 1.3 },
  { text: 'Bonn', startSec: 1.3, endSec: 1.7 },
];
const hyp = [
  { text: 'to', startSec: 0, endSec: 0.2 },
  { text: 'berlin', startSec: 0.2, endSec: 0.8 },
  { text: 'and', startSec: 0.8, endSec: 1 },
  { text: 'uh', startSec: 1, endSec: 1.1 },
  { text: 'to', startSec: 1.1, endSec: 1.3 },
];
const steps: WordStep[] = [
  { op: 'C', ref: 0, hyp: 0 },
  { op: 'S', ref: 1, hyp: 1 },
  { op: 'C', ref: 2, hyp: 2 },
  { op: 'I', ref: -1, hyp: 3 },
  { op: 'C', ref: 3, hyp: 4 },
  { op: 'D', ref: 4, hyp: -1 },
];

describe('findError', () => {
  it('finds a confusion pair by both words, case-folded, with the gold word and its time', () => {
    expect(findError({ list: 'confusions', key: 'hamburg ==> berlin' }, steps, gold, hyp)).toEqual({
      step: 1,
      goldWord: 1,
      startSec: 0.2,
      endSec: 0.8,
    });
  });

  it('finds an insertion at the inserted word’s time, with no gold word', () => {
    expect(findError({ list: 'insertions', key: 'uh' }, steps, gold, hyp)).toEqual({
      step: 3,
      goldWord: null,
      startSec: 1,
      endSec: 1.1,
    });
  });

  it('finds a deletion, a substituted and a falsely recognised word', () => {
    expect(findError({ list: 'deletions', key: 'bonn' }, steps, gold, hyp)?.step).toBe(5);
    expect(findError({ list: 'substitutions', key: 'hamburg' }, steps, gold, hyp)?.step).toBe(1);
    expect(findError({ list: 'falselyRecognized', key: 'berlin' }, steps, gold, hyp)?.step).toBe(1);
  });

  it('falls back to the first error of the kind when no words match, and to null when there is none', () => {
    expect(findError({ list: 'confusions', key: 'x ==> y' }, steps, gold, hyp)?.step).toBe(1);
    expect(findError({ list: 'deletions', key: 'bonn' }, steps.slice(0, 5), gold, hyp)).toBeNull();
  });
});
