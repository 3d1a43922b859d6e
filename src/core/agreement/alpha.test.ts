import { describe, expect, it } from 'vitest';
import { krippendorffAlphaNominal } from './alpha';

const _ = null;

describe('krippendorffAlphaNominal', () => {
  it("Krippendorff 2011, 'Computing Krippendorff's Alpha-Reliability' §C: 4 observers × 12 units with missing values, α = 0.743", () => {
    const observers = [
      ['1', '2', '3', '3', '2', '1', '4', '1', '2', _, _, _],
      ['1', '2', '3', '3', '2', '2', '4', '1', '2', '5', _, '3'],
      [_, '3', '3', '3', '2', '3', '4', '2', '2', '5', '1', _],
      ['1', '2', '3', '3', '2', '4', '4', '1', '2', '5', '1', _],
    ];
    const units = observers[0]!.map((_v, u) => observers.map((o) => o[u]!));
    const r = krippendorffAlphaNominal(units);
    expect(r.n).toBe(40);
    expect(r.value).toBeCloseTo(0.743, 3);
  });

  it('is undefined, not 0, without pairable units or with a single category; lone values are ignored', () => {
    expect(krippendorffAlphaNominal([])).toEqual({ value: undefined, n: 0 });
    expect(
      krippendorffAlphaNominal([
        ['a', null],
        [null, 'b'],
      ]),
    ).toEqual({ value: undefined, n: 0 });
    expect(krippendorffAlphaNominal([['a', 'a'], ['a', 'a', 'a'], ['b']])).toEqual({
      value: undefined,
      n: 5,
      observed: 1,
      expected: 1,
    });
  });
});
