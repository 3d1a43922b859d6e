import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPreview } from './jsonPreview';

describe('jsonPreview', () => {
  it('is JSON.stringify for short JSON values, cut with ... past the limit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const s = JSON.stringify(v);
        expect(jsonPreview(v, 1e9)).toBe(s);
        const cut = jsonPreview(v, 20);
        expect(cut).toBe(s.length > 20 ? `${s.slice(0, 17)}...` : s);
      }),
    );
    expect(jsonPreview(undefined)).toBe('undefined');
    expect(jsonPreview('x'.repeat(1e6), 10)).toBe('"xxxxxx...');
    expect(jsonPreview(new Array(1e6).fill(7), 10)).toBe('[7,7,7,...');
  });

  it('writes values nested 100,000 deep without overflowing the stack', () => {
    let v: unknown = 1;
    for (let k = 0; k < 100_000; k++) v = k % 2 ? [v] : { k: v };
    expect(() => JSON.stringify(v)).toThrow(RangeError);
    expect(jsonPreview(v, 12)).toBe('[{"k":[{"...');
  });
});
