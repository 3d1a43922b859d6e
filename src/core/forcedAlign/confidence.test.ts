import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_SCALE, P_FLOOR, perFrameScore, wordConfidence } from './confidence';

describe('wordConfidence', () => {
  it('is exp(Σ ln p / frames / scale), with a phone printed as 0 counted as P_FLOOR', () => {
    expect(wordConfidence([0.9, 0.8], 20)).toBeCloseTo(
      Math.exp((Math.log(0.9) + Math.log(0.8)) / 20 / CONFIDENCE_SCALE),
      12,
    );
    expect(perFrameScore([0], 10)).toBeCloseTo(Math.log(P_FLOOR) / 10, 12);
    expect(wordConfidence([1, 1, 1], 9)).toBe(1);
    expect(wordConfidence([0.5], 0)).toBe(0);
  });

  it('is in [0, 1] and never rises when a phone scores worse or the same score spans fewer frames', () => {
    const prob = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(prob, { minLength: 1, maxLength: 8 }),
        fc.nat({ max: 7 }),
        prob,
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 50 }),
        (ps, at, lower, frames, fewer) => {
          const c = wordConfidence(ps, frames);
          expect(c).toBeGreaterThanOrEqual(0);
          expect(c).toBeLessThanOrEqual(1);
          const k = at % ps.length;
          const worse = ps.map((p, i) => (i === k ? Math.min(p, lower) : p));
          expect(wordConfidence(worse, frames)).toBeLessThanOrEqual(c);
          // The same total score over fewer frames is a worse score per frame.
          expect(wordConfidence(ps, Math.max(1, frames - fewer))).toBeLessThanOrEqual(c + 1e-15);
        },
      ),
    );
  });
});
