import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlignmentBuilder, alignmentProblems, linksToBlocks } from './alignment';

describe('block alignments', () => {
  it('marks one word against one identical word as correct, nothing else', () => {
    const b = new AlignmentBuilder();
    for (const [r, h] of [
      [1, 1],
      [1, 1],
      [2, 1],
      [0, 1],
      [1, 0],
    ])
      b.push(r!, h!);
    const a = b.finish(Int32Array.of(1, 2, 3, 4, 5), Int32Array.of(1, 9, 3, 7));
    expect(Array.from(a.correct)).toEqual([1, 0, 0, 0, 0]);
    expect(Array.from(a.refBlock)).toEqual([0, 1, 2, 2, 4]);
    expect(Array.from(a.hypBlock)).toEqual([0, 1, 2, 3]);
    expect(() => new AlignmentBuilder().finish(Int32Array.of(1), new Int32Array(0))).toThrow(/covers 0\/1/);
  });

  it('turns word links into the smallest monotone blocks containing them (property)', () => {
    const links = fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 })).chain(([n, m]) =>
      fc.tuple(
        fc.constant(n),
        fc.constant(m),
        fc.array(fc.tuple(fc.nat(Math.max(0, n - 1)), fc.nat(Math.max(0, m - 1))), {
          maxLength: n > 0 && m > 0 ? 6 : 0,
        }),
      ),
    );
    fc.assert(
      fc.property(links, ([n, m, pairs]) => {
        const lo = new Int32Array(n).fill(-1);
        const hi = new Int32Array(n).fill(-1);
        for (const [i, j] of pairs) {
          if (lo[i]! < 0 || j < lo[i]!) lo[i] = j;
          hi[i] = Math.max(hi[i]!, j);
        }
        const b = new AlignmentBuilder();
        linksToBlocks(0, n, 0, m, lo, hi, b);
        const a = b.finish(new Int32Array(n), new Int32Array(m).fill(1));
        expect(alignmentProblems(a, new Int32Array(n), new Int32Array(m).fill(1))).toEqual([]);
        // Every link inside one block; every block of both sides holds a link (minimality), and a block
        // with one side only is a single word.
        for (const [i, j] of pairs) {
          expect(a.refBlock[i]).toBe(a.hypBlock[j]);
        }
        for (let k = 0; k < a.blockCount; k++) {
          const nr = a.refStart[k + 1]! - a.refStart[k]!;
          const nh = a.hypStart[k + 1]! - a.hypStart[k]!;
          if (nr === 0 || nh === 0) expect(nr + nh).toBe(1);
          else expect(pairs.some(([i]) => a.refBlock[i] === k)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
