// The score panel's rows for the notes the scorer writes: named after the metric they are about, and
// saying what happened once.
import { describe, expect, it } from 'vitest';
import { emptyGold } from '../../../core/gold/records';
import { scoreUtterance } from '../../../core/scoring/scoreUtterance';
import { noteRow } from './ScorePanel';

const words = (texts: string[], timed: boolean) =>
  texts.map((text, k) => (timed ? { text, startSec: k * 0.5, endSec: k * 0.5 + 0.4 } : { text }));

/** The notes the scorer gives the syntax tree of an output over `hyp` against gold words a b c. */
function notes(hyp: string[], timed: boolean): string[] {
  const gold = {
    ...emptyGold(),
    words: words(['a', 'b', 'c'], true) as { text: string; startSec: number; endSec: number }[],
    trees: [{ name: 'syntax', typed: false, bracket: '(S (A a) (B b c))' }],
  };
  const bracket = `(S ${hyp.map((w) => `(X ${w})`).join(' ')})`;
  const out = scoreUtterance(gold, {
    id: 'u',
    words: words(hyp, timed),
    trees: [{ name: 'syntax', typed: false, bracket }],
  } as Parameters<typeof scoreUtterance>[1]);
  return out.trees[0]!.notes;
}

describe('noteRow', () => {
  it('names the ParsEval row and says once that ParsEval is undefined', () => {
    const [note] = notes(['a', 'x', 'c'], true);
    expect(note).toMatch(/^ParsEval: ParsEval is undefined/);
    const row = noteRow('syntax', note!);
    expect(row.name).toBe('ParsEval F1 (syntax)');
    expect(row.detail).toMatch(/^undefined: the words differ at position 2 \('b' gold, 'x' system\)$/);
    expect(row.detail.match(/ParsEval/g)).toBeNull();
    const length = noteRow('semantic', notes(['a', 'b'], true)[0]!);
    expect(length).toEqual({
      name: 'ParsEval F1 (semantic)',
      detail: 'undefined: the word sequences differ in length (3 gold, 2 system words)',
    });
  });

  it('names the Struct-IoU row when the system words have no times', () => {
    const all = notes(['a', 'b', 'c'], false);
    const iou = all.find((n) => n.startsWith('Struct-IoU'))!;
    expect(noteRow('syntax', iou)).toEqual({
      name: 'Struct-IoU (syntax)',
      detail: 'needs word times on both sides',
    });
  });

  it('keeps a note it does not know whole, under the tree', () => {
    expect(noteRow('syntax', 'something else')).toEqual({ name: 'Note (syntax)', detail: 'something else' });
  });
});
