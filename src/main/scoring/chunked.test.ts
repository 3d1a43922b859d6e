// How the pairs left to score are cut into chunks: every pair once and in order; for several threads the
// chunks shrink towards the end, so that the last one is small; one thread's chunks all of one size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunked } from './scoreProject';

describe('chunked', () => {
  it('keeps every pair once, in order, in chunks of 8 to 256 pairs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 1, max: 8 }), (n, threads) => {
        const pairs = Array.from({ length: n }, (_, k) => k);
        const chunks = chunked(pairs, threads);
        expect(chunks.flat()).toEqual(pairs);
        chunks.forEach((c, k) => {
          expect(c.length).toBeLessThanOrEqual(256);
          if (k < chunks.length - 1) expect(c.length).toBeGreaterThanOrEqual(8);
          else expect(c.length).toBeGreaterThan(0);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('shrinks the chunks of several threads towards the end, each at most an eighth of a thread’s share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40_000 }), fc.integer({ min: 2, max: 8 }), (n, threads) => {
        const chunks = chunked(
          Array.from({ length: n }, (_, k) => k),
          threads,
        );
        let left = n;
        chunks.forEach((c, k) => {
          if (k > 0) expect(c.length).toBeLessThanOrEqual(chunks[k - 1]!.length);
          expect(c.length).toBeLessThanOrEqual(Math.max(8, Math.ceil(left / (threads * 8))));
          left -= c.length;
        });
      }),
      { numRuns: 60 },
    );
    // 10,000 utterances × 3 systems in two threads: the last chunks are of 8 pairs at most.
    const chunks = chunked(
      Array.from({ length: 30_000 }, (_, k) => k),
      2,
    );
    expect(chunks[0]!.length).toBe(256);
    expect(chunks.slice(-3).every((c) => c.length <= 8)).toBe(true);
  });

  it('cuts one thread’s pairs into chunks of one size (the last may be smaller)', () => {
    const chunks = chunked(
      Array.from({ length: 1000 }, (_, k) => k),
      1,
    );
    expect(chunks.map((c) => c.length)).toEqual([...Array(7).fill(125), 125]);
    expect(
      chunked(
        Array.from({ length: 5000 }, (_, k) => k),
        1,
      ).every((c, k, all) => c.length === 256 || k === all.length - 1),
    ).toBe(true);
  });
});
