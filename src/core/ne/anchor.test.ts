import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignmentProblems } from './alignment';
import { alignLexemes, findAnchorRuns } from './anchor';
import { Vocabulary } from './document';
import type { LexemeAligner } from './lexemeAligner';
import { textAligner } from './textAligner';

const coded = (v: Vocabulary, s: string) =>
  v.encode(
    s
      .split(' ')
      .filter((x) => x !== '')
      .map((text) => ({ text, startSec: null, endSec: null })),
  );

function runs(ref: string, hyp: string, minRun = 3): number[][] {
  const v = new Vocabulary();
  const r = findAnchorRuns(coded(v, ref).codes, coded(v, hyp).codes, minRun);
  const out: number[][] = [];
  for (let k = 0; k < r.length; k += 3) out.push([r[k]!, r[k + 1]!, r[k + 2]!]);
  return out;
}

describe('anchoring on runs of identical words (Burger et al. §2.1)', () => {
  it('anchors maximal runs of three or more identical words, not shorter ones', () => {
    expect(runs('A B C D E F G H', 'X A B C Y E F G H')).toEqual([
      [0, 1, 3],
      [4, 5, 4],
    ]);
    expect(runs('A B X C D', 'A B Y C D')).toEqual([]);
  });

  it('anchors a phrase repeated in the text only where it is unique between other anchors', () => {
    // "THE NEW YORK" occurs twice on both sides: not unique in the whole text, so the unique runs around
    // it anchor first, and each occurrence is then unique inside its own gap.
    const ref = 'ONE TWO THREE THE NEW YORK TIMES FOUR FIVE SIX THE NEW YORK POST';
    const hyp = 'ONE TWO THREE THE NEW YORK TIMES FOR FIVE SIX THE NEW YORK POST';
    expect(runs(ref, hyp)).toEqual([
      [0, 0, 7],
      [8, 8, 6],
    ]);
  });

  it('gives monotone, disjoint runs of identical words, and valid alignments around them (property)', () => {
    const text = fc.array(fc.constantFrom('A', 'B', 'C', 'D'), { maxLength: 40 }).map((a) => a.join(' '));
    fc.assert(
      fc.property(text, text, fc.constantFrom(3, 4), (ref, hyp, minRun) => {
        const v = new Vocabulary();
        const r = coded(v, ref);
        const h = coded(v, hyp);
        const found = findAnchorRuns(r.codes, h.codes, minRun);
        let endR = 0;
        let endH = 0;
        for (let k = 0; k < found.length; k += 3) {
          const [i, j, len] = [found[k]!, found[k + 1]!, found[k + 2]!];
          expect(i >= endR && j >= endH && len >= minRun).toBe(true);
          for (let q = 0; q < len; q++) expect(r.codes[i + q]).toBe(h.codes[j + q]);
          endR = i + len;
          endH = j + len;
        }
        const a = alignLexemes(r, h, textAligner, minRun);
        expect(alignmentProblems(a, r.codes, h.codes)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('aligns identical long texts word for word', () => {
    const words = Array.from({ length: 5000 }, (_, k) => `W${(k * 7919) % 613}`).join(' ');
    const v = new Vocabulary();
    const a = alignLexemes(coded(v, words), coded(v, words), textAligner);
    expect(a.blockCount).toBe(5000);
    expect(a.correct.every((c) => c === 1)).toBe(true);
  });

  it('cuts a gap longer than the aligner takes into proportional pieces', () => {
    const calls: number[][] = [];
    const small: LexemeAligner = {
      ...textAligner,
      maxSpan: 10,
      alignRange(ref, hyp, r0, r1, h0, h1, out) {
        calls.push([r1 - r0, h1 - h0]);
        textAligner.alignRange(ref, hyp, r0, r1, h0, h1, out);
      },
    };
    const v = new Vocabulary();
    const ref = coded(v, Array.from({ length: 35 }, (_, k) => `R${k}`).join(' '));
    const hyp = coded(v, Array.from({ length: 21 }, (_, k) => `H${k}`).join(' '));
    const a = alignLexemes(ref, hyp, small);
    expect(alignmentProblems(a, ref.codes, hyp.codes)).toEqual([]);
    expect(calls.every(([n, m]) => n! <= 10 && m! <= 10)).toBe(true);
    expect(calls.reduce((s, [n]) => s + n!, 0)).toBe(35);
  });
});
