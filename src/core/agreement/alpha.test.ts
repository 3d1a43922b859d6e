import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { krippendorffAlphaNominal } from './alpha';
import { fleissKappa } from './kappa';

const _ = null;

/** Reliability data are written observer by observer (Krippendorff's layout); α takes units. */
function unitsOf(observers: readonly (readonly (string | number | null)[])[]): (string | null)[][] {
  return observers[0]!.map((_v, u) => observers.map((o) => (o[u] === null ? null : String(o[u]))));
}

/**
 * α from the full coincidence matrix (Krippendorff 2011): every ordered pair of values from two
 * different coders of a unit adds 1/(m_u − 1) to o[c][k]; D_o = Σ o[c][k]·δ / n,
 * D_e = Σ n_c n_k δ / (n(n − 1)) with the nominal δ (0 for c = k, 1 otherwise); α = 1 − D_o/D_e.
 */
function slowAlpha(units: readonly (readonly (string | null)[])[]): number | undefined {
  const o = new Map<string, number>();
  const key = (c: string, k: string) => JSON.stringify([c, k]);
  for (const unit of units) {
    const values = unit.filter((v): v is string => v !== null);
    if (values.length < 2) continue;
    for (let i = 0; i < values.length; i++)
      for (let j = 0; j < values.length; j++) {
        if (i === j) continue;
        const k = key(values[i]!, values[j]!);
        o.set(k, (o.get(k) ?? 0) + 1 / (values.length - 1));
      }
  }
  const cats = [...new Set(units.flat().filter((v): v is string => v !== null))];
  const nc = new Map(cats.map((c) => [c, cats.reduce((s, k) => s + (o.get(key(c, k)) ?? 0), 0)]));
  const n = [...nc.values()].reduce((s, v) => s + v, 0);
  let dO = 0;
  let dE = 0;
  for (const c of cats)
    for (const k of cats) {
      if (c === k) continue;
      dO += (o.get(key(c, k)) ?? 0) / n;
      dE += (nc.get(c)! * nc.get(k)!) / (n * (n - 1));
    }
  return n < 1e-9 || dE < 1e-12 ? undefined : 1 - dO / dE;
}

describe('krippendorffAlphaNominal', () => {
  it("Krippendorff 2011, 'Computing Krippendorff's Alpha-Reliability': 4 observers × 12 units with missing values, n = 40, α = 0.743", () => {
    const r = krippendorffAlphaNominal(
      unitsOf([
        [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
        [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
        [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
        [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
      ]),
    );
    expect(r.n).toBe(40);
    expect(r.value).toBeCloseTo(0.743, 3);
    // Krippendorff 2004 p. 230 (the same data, via DKPro Statistics Krippendorff2004Test): D_o = 0.200, D_e = 0.779.
    expect(1 - r.observed!).toBeCloseTo(0.2, 3);
    expect(1 - r.expected!).toBeCloseTo(0.779, 3);
  });

  it('Krippendorff 2004 p. 224 (via DKPro Statistics Krippendorff2004Test): 2 coders, 10 binary units, D_o = 0.400, D_e = 0.442, α = 0.095', () => {
    const r = krippendorffAlphaNominal(
      unitsOf([
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 1, 0, 0, 1, 0, 1, 0, 0],
      ]),
    );
    expect(r.n).toBe(20);
    expect(1 - r.observed!).toBeCloseTo(0.4, 3);
    expect(1 - r.expected!).toBeCloseTo(0.442, 3);
    expect(r.value).toBeCloseTo(0.095, 3);
  });

  it('Krippendorff 2004 p. 227 (via DKPro Statistics Krippendorff2004Test): 2 coders, 12 units, 3 categories, α = 0.734', () => {
    const r = krippendorffAlphaNominal(
      unitsOf([
        ['a', 'a', 'b', 'b', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'c'],
        ['a', 'b', 'b', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'c', 'c'],
      ]),
    );
    expect(1 - r.observed!).toBeCloseTo(0.1667, 4);
    expect(1 - r.expected!).toBeCloseTo(0.6268, 4);
    expect(r.value).toBeCloseTo(0.734, 3);
  });

  it('Krippendorff 1980 p. 139 (via DKPro Statistics Krippendorff1980Test): 3 coders, 9 units, α = 0.642', () => {
    const units = [
      [1, 1, 1],
      [1, 2, 2],
      [2, 2, 2],
      [4, 4, 4],
      [1, 4, 4],
      [2, 2, 2],
      [1, 2, 3],
      [3, 3, 3],
      [2, 2, 2],
    ].map((u) => u.map(String));
    const r = krippendorffAlphaNominal(units);
    expect(1 - r.observed!).toBeCloseTo(0.259, 3);
    expect(1 - r.expected!).toBeCloseTo(0.724, 3);
    expect(r.value).toBeCloseTo(0.642, 3);
  });

  it('the Python krippendorff package (tests/test_krippendorff.py): 3 coders × 15 units with gaps, α = 0.691358; string labels, α = 0.722222', () => {
    const r = krippendorffAlphaNominal(
      unitsOf([
        [_, _, _, _, _, 3, 4, 1, 2, 1, 1, 3, 3, _, 3],
        [1, _, 2, 1, 3, 3, 4, 3, _, _, _, _, _, _, _],
        [_, _, 2, 1, 3, 4, 4, _, 2, 1, 1, 3, 3, _, 4],
      ]),
    );
    expect(r.value).toBeCloseTo(0.691358, 6);
    const s = krippendorffAlphaNominal(
      unitsOf([
        ['pos', 'neg', 'neu', _],
        ['pos', 'neg', 'neu', 'pos'],
        ['pos', 'neg', 'pos', 'pos'],
      ]),
    );
    expect(s.value).toBeCloseTo(0.722222, 6);
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

  const unitsArb = fc.array(
    fc.array(fc.option(fc.constantFrom('a', 'b', 'c', 'd'), { nil: null, freq: 3 }), { maxLength: 5 }),
    { maxLength: 12 },
  );

  it('equals α from the full coincidence matrix of all ordered value pairs within units (random data with missing values)', () => {
    fc.assert(
      fc.property(unitsArb, (units) => {
        const r = krippendorffAlphaNominal(units);
        const slow = slowAlpha(units);
        if (slow === undefined) expect(r.value).toBeUndefined();
        else expect(r.value).toBeCloseTo(slow, 9);
      }),
      { numRuns: 500 },
    );
  });

  it('is invariant under reordering units, reordering coders within a unit and renaming categories', () => {
    fc.assert(
      fc.property(unitsArb, (units) => {
        const r = krippendorffAlphaNominal(units).value;
        const variants = [
          [...units].reverse(),
          units.map((u) => [...u].reverse()),
          units.map((u) => u.map((v) => (v === null ? null : `cat ${v}`))),
        ];
        for (const v of variants) {
          const other = krippendorffAlphaNominal(v).value;
          if (r === undefined) expect(other).toBeUndefined();
          else expect(other).toBeCloseTo(r, 12);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("without missing values relates exactly to Fleiss' κ: 1 − α = (1 − κ)(n − 1)/n, n = all values", () => {
    const items = fc.integer({ min: 2, max: 4 }).chain((m) =>
      fc.array(fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: m, maxLength: m }), {
        minLength: 1,
        maxLength: 10,
      }),
    );
    fc.assert(
      fc.property(items, (its) => {
        const alpha = krippendorffAlphaNominal(its);
        const kappa = fleissKappa(its);
        const n = its.length * its[0]!.length;
        expect(alpha.observed).toBeCloseTo(kappa.observed!, 12);
        if (kappa.value === undefined) expect(alpha.value).toBeUndefined();
        else expect(1 - alpha.value!).toBeCloseTo(((1 - kappa.value) * (n - 1)) / n, 10);
      }),
      { numRuns: 300 },
    );
  });
});
