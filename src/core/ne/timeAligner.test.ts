import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimedWord } from '../model/annotation';
import { type LexemeAlignment, alignmentProblems } from './alignment';
import { alignLexemes } from './anchor';
import { Vocabulary } from './document';
import { timeAligner } from './timeAligner';

function timed(spec: string): TimedWord[] {
  // "WORD:start-end WORD:start-end …"
  return spec.split(' ').map((t) => {
    const [text, span] = t.split(':');
    const [s, e] = span!.split('-').map(Number);
    return { text: text!, startSec: s!, endSec: e! };
  });
}

function blocks(ref: TimedWord[], hyp: TimedWord[]): string[] {
  const v = new Vocabulary();
  const r = v.encode(ref);
  const h = v.encode(hyp);
  const a: LexemeAlignment = alignLexemes(r, h, timeAligner);
  expect(alignmentProblems(a, r.codes, h.codes)).toEqual([]);
  const out: string[] = [];
  for (let b = 0; b < a.blockCount; b++) {
    out.push(
      `${r.text.slice(a.refStart[b], a.refStart[b + 1]).join(' ')}/${h.text.slice(a.hypStart[b], a.hypStart[b + 1]).join(' ')}`,
    );
  }
  return out;
}

describe('time aligner', () => {
  it('aligns one reference word with the two hypothesis words it overlaps (GINGRICH ↔ GOOD RICH)', () => {
    expect(blocks(timed('NEWT:0-0.4 GINGRICH:0.4-1'), timed('NEWT:0-0.41 GOOD:0.41-0.7 RICH:0.7-1'))).toEqual(
      ['NEWT/NEWT', 'GINGRICH/GOOD RICH'],
    );
    expect(blocks(timed('NEW:0-0.2 YORK:0.2-0.6 DESK:0.6-1'), timed('NEWARK:0.02-0.58 BASK:0.58-1'))).toEqual(
      ['NEW YORK/NEWARK', 'DESK/BASK'],
    );
  });

  it('does not chain neighbours through a slightly late boundary', () => {
    expect(blocks(timed('A:0-1 B:1-2 C:2-3'), timed('A:0-1.05 B:1.05-2.02 C:2.02-3'))).toEqual([
      'A/A',
      'B/B',
      'C/C',
    ]);
  });

  it('makes deletions and insertions of words that overlap nothing', () => {
    expect(blocks(timed('A:0-1 UM:1.2-1.3 B:2-3'), timed('A:0-1 B:2-3 UH:3.5-3.6'))).toEqual([
      'A/A',
      'UM/',
      'B/B',
      '/UH',
    ]);
    expect(blocks([], timed('A:0-1'))).toEqual(['/A']);
  });

  it('names the word without a time or out of order', () => {
    const v = new Vocabulary();
    const ok = v.encode(timed('A:0-1'));
    const untimed = v.encode([{ text: 'B', startSec: null, endSec: null }]);
    expect(() => alignLexemes(ok, untimed, timeAligner)).toThrow(/hypothesis word 0 'B' has start NaN/);
    const backwards = v.encode(timed('A:2-3 B:0-1'));
    expect(() => alignLexemes(backwards, ok, timeAligner)).toThrow(/reference word 1 'B' starts at 0/);
  });

  it('gives a valid alignment in which every overlap-best pair shares a block (property)', () => {
    const words = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), { maxLength: 12 })
      .map((gaps) => {
        let t = 0;
        return gaps.map(([gap, len], k) => {
          const w = { text: `W${k % 3}`, startSec: t + gap / 10, endSec: t + gap / 10 + len / 10 };
          t = w.endSec;
          return w;
        });
      });
    fc.assert(
      fc.property(words, words, (ref, hyp) => {
        const v = new Vocabulary();
        const r = v.encode(ref);
        const h = v.encode(hyp);
        const a = alignLexemes(r, h, timeAligner);
        expect(alignmentProblems(a, r.codes, h.codes)).toEqual([]);
        ref.forEach((rw, i) => {
          let best = -1;
          let amount = 0;
          hyp.forEach((hw, j) => {
            const o = Math.min(rw.endSec, hw.endSec) - Math.max(rw.startSec, hw.startSec);
            if (o > amount) [best, amount] = [j, o];
          });
          if (best >= 0) expect(a.refBlock[i]).toBe(a.hypBlock[best]);
        });
      }),
      { numRuns: 300 },
    );
  });
});
