import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePlace, placeHash } from './placeInUrl';

describe('place in the URL', () => {
  it('names the utterance and the view', () => {
    expect(placeHash({ utteranceId: 'train-01', startSec: 12.5, pps: 80 })).toBe('#/u/train-01?t=12.5&z=80');
    expect(parsePlace('#/u/train-01?t=12.5&z=80')).toEqual({
      utteranceId: 'train-01',
      startSec: 12.5,
      pps: 80,
    });
    expect(parsePlace('#/u/a%2Fb%20c')).toEqual({ utteranceId: 'a/b c' });
    expect(placeHash(null)).toBe('');
    expect(placeHash({ utteranceId: 'a b', adjudicate: true })).toBe('#/adjudicate/a%20b');
    expect(parsePlace('#/adjudicate/a%20b')).toEqual({ utteranceId: 'a b', adjudicate: true });
  });

  it('reads anything else as no place', () => {
    for (const hash of ['', '#', '#token=abc', '#/u/', '#/x/a', '#/u/%E0%A4%A'])
      expect(parsePlace(hash)).toBeNull();
    // A view that is not a number is left out; the utterance is still named.
    expect(parsePlace('#/u/a?t=-1&z=abc')).toEqual({ utteranceId: 'a' });
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        expect(parsePlace(placeHash({ utteranceId: id }))).toEqual({ utteranceId: id });
      }),
    );
  });
});
