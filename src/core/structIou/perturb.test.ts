import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../stats/prng';
import { parseTreeOrThrow, writeBracket } from '../tree/bracket';
import { leaves } from '../tree/tree';
import { closeSilences, insertPerturb, noisePerturb } from './perturb';
import type { WordTime } from './segmentTree';

const w = (...pairs: [number, number][]): WordTime[] => pairs.map(([s, e]) => ({ startSec: s, endSec: e }));
const sequence = (...xs: number[]) => {
  let i = 0;
  return () => xs[i++]!;
};

describe('closeSilences (§5.1.3, footnote 4)', () => {
  it('keeps durations and moves later words earlier', () => {
    // Hand calculation: durations 1, 1, 0.5; the pauses of 1 s and 0.5 s are removed.
    expect(closeSilences(w([1, 2], [3, 4], [4.5, 5]))).toEqual(w([1, 2], [2, 3], [3, 3.5]));
    expect(closeSilences([])).toEqual([]);
  });
});

describe('Noise-δ (§5.1.3, Figure 4a)', () => {
  it('moves boundaries one by one, each from the already-moved neighbour', () => {
    // Boundaries 0 1 2 4 5, δ = 0.5, draws 0.75, 0.25, 0.5 give r = 0.25, −0.25, 0:
    // b1 = 1 + 0.25·(2 − 1) = 1.25; b2 = 2 + 0.25·(1.25 − 2) = 1.8125; b3 = 4 (sgn 0 = 1, |r| = 0).
    const out = noisePerturb(w([0, 1], [1, 2], [2, 4], [4, 5]), 0.5, sequence(0.75, 0.25, 0.5));
    expect(out).toEqual(w([0, 1.25], [1.25, 1.8125], [1.8125, 4], [4, 5]));
  });

  it('keeps the outer boundaries and the order, within the ranges of Figure 4a', () => {
    const words = fc.array(fc.double({ min: 0, max: 2, noNaN: true }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(words, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), (lens, delta, seed) => {
        let t = 0;
        const ws = lens.map((l) => ({ startSec: t, endSec: (t += l) }));
        const out = noisePerturb(ws, delta, seededRandom(seed));
        expect(out[0]!.startSec).toBe(ws[0]!.startSec);
        expect(out[out.length - 1]!.endSec).toBe(ws[ws.length - 1]!.endSec);
        for (let k = 0; k < out.length; k++) {
          expect(out[k]!.endSec).toBeGreaterThanOrEqual(out[k]!.startSec);
          if (k > 0) expect(out[k]!.startSec).toBe(out[k - 1]!.endSec);
          // b_k moves at most δ of the way to its next neighbour (the previous one is already moved).
          if (k < out.length - 1) {
            const b = ws[k]!.endSec;
            expect(out[k]!.endSec).toBeLessThanOrEqual(b + delta * (ws[k + 1]!.endSec - b) + 1e-12);
            expect(out[k]!.endSec).toBeGreaterThanOrEqual(b - delta * (b - out[k]!.startSec) - 1e-12);
          }
        }
      }),
    );
  });

  it('is reproducible from its seed, leaves words alone at δ = 0, and needs contiguous words', () => {
    const ws = w([0, 1], [1, 2], [2, 3]);
    expect(noisePerturb(ws, 0.7, seededRandom(5))).toEqual(noisePerturb(ws, 0.7, seededRandom(5)));
    expect(noisePerturb(ws, 0, seededRandom(5))).toEqual(ws);
    expect(() => noisePerturb(w([0, 1], [1.5, 2]), 0.1, seededRandom(1))).toThrow(
      'Noise-δ needs contiguous words, but word 2 starts at 1.5 and word 1 ends at 1',
    );
    expect(() => noisePerturb(ws, 1.5, seededRandom(1))).toThrow('δ must lie in [0, 1], got 1.5');
  });
});

describe('Insert-δ (§5.1.3, Figure 4b)', () => {
  const tree = parseTreeOrThrow('(S (NP (DT a) (NN cat)) (VP sat down))');
  const words = w([0, 1], [1, 2], [2, 4], [4, 5]);

  it('splits a word at a uniform point; its preterminal becomes two under the same parent', () => {
    // Draws: word 1 r = 0.9 ≥ δ (kept); word 2 r = 0.1 < δ, cut at 1 + 0.25·1; word 3 r = 0.2 < δ, cut at
    // 2 + 0.5·2 = 3 ("sat" shares its node with "down", so it becomes two words in place); word 4 kept.
    const r = insertPerturb(tree, words, 0.5, sequence(0.9, 0.1, 0.25, 0.2, 0.5, 0.7));
    expect(writeBracket(r.tree)).toBe('(S (NP (DT a) (NN cat) (NN cat)) (VP sat sat down))');
    expect(r.words).toEqual(w([0, 1], [1, 1.25], [1.25, 2], [2, 3], [3, 4], [4, 5]));
  });

  it('splits the word of a root preterminal in place', () => {
    const r = insertPerturb(parseTreeOrThrow('(NN cat)'), w([0, 2]), 1, sequence(0, 0.5));
    expect(writeBracket(r.tree)).toBe('(NN cat cat)');
    expect(r.words).toEqual(w([0, 1], [1, 2]));
  });

  it('keeps leaves and words in step, leaves the input alone and is reproducible', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer(), (delta, seed) => {
        const before = writeBracket(tree);
        const r = insertPerturb(tree, words, delta, seededRandom(seed));
        expect(leaves(r.tree)).toHaveLength(r.words.length);
        expect(writeBracket(tree)).toBe(before);
        expect(insertPerturb(tree, words, delta, seededRandom(seed))).toEqual(r);
      }),
    );
    expect(insertPerturb(tree, words, 0, seededRandom(3)).tree).toEqual(tree);
    expect(() => insertPerturb(tree, w([0, 1]), 0.5, seededRandom(3))).toThrow(
      'tree has 4 leaves but 1 words',
    );
  });
});
