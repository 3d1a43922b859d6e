import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa } from './kappa';

/** The pairs of a contingency table: `table[i][j]` items the first rater put in i, the second in j. */
function pairsFromTable(
  categories: readonly string[],
  table: readonly (readonly number[])[],
): [string, string][] {
  const pairs: [string, string][] = [];
  table.forEach((row, i) =>
    row.forEach((k, j) => {
      for (let t = 0; t < k; t++) pairs.push([categories[i]!, categories[j]!]);
    }),
  );
  return pairs;
}

/** Items from Fleiss' layout: `counts[i][j]` ratings of item i in category j. */
function itemsFromCounts(categories: readonly string[], counts: readonly (readonly number[])[]): string[][] {
  return counts.map((row) => row.flatMap((k, j) => Array<string>(k).fill(categories[j]!)));
}

/** Cohen's κ from an explicit k × k contingency table of proportions (the textbook layout). */
function slowCohen(pairs: readonly (readonly [string, string])[]): number | undefined {
  const cats = [...new Set(pairs.flat())].sort();
  const n = pairs.length;
  const p = cats.map((a) => cats.map((b) => pairs.filter(([x, y]) => x === a && y === b).length / n));
  const row = p.map((r) => r.reduce((s, v) => s + v, 0));
  const col = cats.map((_c, j) => p.reduce((s, r) => s + r[j]!, 0));
  const po = cats.reduce((s, _c, i) => s + p[i]![i]!, 0);
  const pe = cats.reduce((s, _c, i) => s + row[i]! * col[i]!, 0);
  // p_e = 1 exactly when both raters used one and the same category throughout.
  return n === 0 || cats.length === 1 ? undefined : (po - pe) / (1 - pe);
}

/** Fleiss' κ from every ordered pair of two different ratings of an item (Fleiss 1971, eq. 2–5). */
function slowFleiss(items: readonly (readonly string[])[]): number | undefined {
  let agree = 0;
  let pairs = 0;
  const all = items.flat();
  for (const item of items) {
    let a = 0;
    let p = 0;
    for (let r = 0; r < item.length; r++)
      for (let s = 0; s < item.length; s++) {
        if (r === s) continue;
        p++;
        if (item[r] === item[s]) a++;
      }
    agree += a / p;
    pairs++;
  }
  const observed = agree / pairs;
  const cats = [...new Set(all)];
  const expected = cats.reduce((s, c) => s + (all.filter((x) => x === c).length / all.length) ** 2, 0);
  return items.length === 0 || cats.length === 1 ? undefined : (observed - expected) / (1 - expected);
}

const category = fc.constantFrom('a', 'b', 'c', 'd');

describe('cohenKappa', () => {
  it("Wikipedia 'Cohen's kappa', simple example: 50 applications, yes/no table 20 5 / 10 15, κ = 0.4", () => {
    const r = cohenKappa(
      pairsFromTable(
        ['yes', 'no'],
        [
          [20, 5],
          [10, 15],
        ],
      ),
    );
    expect(r).toEqual({ value: expect.closeTo(0.4, 12), n: 50, observed: 0.7, expected: 0.5 });
  });

  it('Cohen 1960 p. 45 (via DKPro Statistics Cohen1960Test): 200 items, 3 categories, p_o = 0.70, p_e = 0.41, κ = 0.492', () => {
    const table = [
      [88, 14, 18],
      [10, 40, 10],
      [2, 6, 12],
    ];
    const r = cohenKappa(pairsFromTable(['1', '2', '3'], table));
    expect(r.n).toBe(200);
    expect(r.observed).toBeCloseTo(0.7, 12);
    expect(r.expected).toBeCloseTo(0.41, 12);
    expect(r.value).toBeCloseTo(0.492, 3);
  });

  it('Cohen 1960 p. 37 (via DKPro Statistics Cohen1960Test): p_o = 0.29, p_e = 0.35, κ below chance = −0.092', () => {
    const table = [
      [25, 12, 3],
      [13, 2, 15],
      [12, 16, 2],
    ];
    const r = cohenKappa(pairsFromTable(['1', '2', '3'], table));
    expect(r.observed).toBeCloseTo(0.29, 2);
    expect(r.expected).toBeCloseTo(0.35, 2);
    expect(r.value).toBeCloseTo((0.29 - 0.35) / (1 - 0.35), 2);
    expect(r.value).toBeLessThan(0);
  });

  it('Krippendorff 2004 p. 246 (via DKPro Statistics Krippendorff2004Test): κ = 0.186 and 0.258 for two tables with the same agreement', () => {
    const cats = ['a', 'b', 'c'];
    const a = [
      [12, 9, 9],
      [9, 14, 9],
      [9, 9, 20],
    ];
    const b = [
      [12, 18, 18],
      [0, 14, 18],
      [0, 0, 20],
    ];
    expect(cohenKappa(pairsFromTable(cats, a)).observed).toBeCloseTo(0.46, 3);
    expect(cohenKappa(pairsFromTable(cats, a)).value).toBeCloseTo(0.186, 3);
    expect(cohenKappa(pairsFromTable(cats, b)).observed).toBeCloseTo(0.46, 3);
    expect(cohenKappa(pairsFromTable(cats, b)).value).toBeCloseTo(0.258, 3);
  });

  it('is undefined, not 0, without items or when both raters used one and the same category', () => {
    expect(cohenKappa([])).toEqual({ value: undefined, n: 0 });
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toEqual({ value: undefined, n: 2, observed: 1, expected: 1 });
  });

  it('is 1 for identical ratings in two or more categories, and defined when one rater used one category', () => {
    expect(
      cohenKappa([
        ['a', 'a'],
        ['b', 'b'],
        ['a', 'a'],
      ]).value,
    ).toBe(1);
    expect(
      cohenKappa([
        ['a', 'a'],
        ['a', 'b'],
      ]),
    ).toEqual({ value: 0, n: 2, observed: 0.5, expected: 0.5 });
  });

  it('equals κ from the explicit contingency table of proportions (random ratings)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(category, category), { maxLength: 30 }), (pairs) => {
        const r = cohenKappa(pairs);
        const slow = slowCohen(pairs);
        if (slow === undefined) expect(r.value).toBeUndefined();
        else expect(r.value).toBeCloseTo(slow, 10);
        expect(r.n).toBe(pairs.length);
      }),
      { numRuns: 500 },
    );
  });

  it('is symmetric in the raters, invariant under renaming categories and reordering items, and 1 for identical ratings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(category, category), { minLength: 1, maxLength: 20 }), (pairs) => {
        const r = cohenKappa(pairs).value;
        const swapped = cohenKappa(pairs.map(([a, b]) => [b, a] as const)).value;
        const renamed = cohenKappa(pairs.map(([a, b]) => [`x${a}`, `x${b}`] as const)).value;
        const reversed = cohenKappa([...pairs].reverse()).value;
        for (const other of [swapped, renamed, reversed]) {
          if (r === undefined) expect(other).toBeUndefined();
          else expect(other).toBeCloseTo(r, 12);
        }
        const same = cohenKappa(pairs.map(([a]) => [a, a] as const)).value;
        expect(same).toBe(new Set(pairs.map(([a]) => a)).size >= 2 ? 1 : undefined);
      }),
      { numRuns: 300 },
    );
  });
});

describe('fleissKappa', () => {
  it("Wikipedia 'Fleiss' kappa', worked example: 10 subjects × 14 raters × 5 categories, P̄ = 0.378, P̄_e = 0.213, κ = 0.210", () => {
    const counts = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const r = fleissKappa(itemsFromCounts(['1', '2', '3', '4', '5'], counts));
    expect(r.n).toBe(10);
    expect(r.observed).toBeCloseTo(0.378, 3);
    expect(r.expected).toBeCloseTo(0.213, 3);
    expect(r.value).toBeCloseTo(0.21, 3);
  });

  it('Fleiss 1971 p. 379 (via DKPro Statistics Fleiss1971Test): 30 patients × 6 psychiatrists × 5 diagnoses, P̄ = 0.5556, P̄_e = 0.2201, κ = 0.430', () => {
    const rows = [
      '444444',
      '222555',
      '233335',
      '555555',
      '222444',
      '113333',
      '333355',
      '113334',
      '114444',
      '555555',
      '144444',
      '124444',
      '222333',
      '144444',
      '224445',
      '333335',
      '111455',
      '111112',
      '224444',
      '133555',
      '555555',
      '244444',
      '224555',
      '114444',
      '144445',
      '222224',
      '111155',
      '224444',
      '133333',
      '555555',
    ];
    const r = fleissKappa(rows.map((row) => [...row]));
    expect(r.n).toBe(30);
    expect(r.observed).toBeCloseTo(0.5556, 4);
    // Fleiss squares the category shares rounded to 3 places (0.144, 0.144, 0.167, 0.306, 0.239).
    expect(r.expected).toBeCloseTo(0.2201, 3);
    expect(r.value).toBeCloseTo(0.43, 3);
  });

  it('is undefined, not 0, without items or when every rating is in one category', () => {
    expect(fleissKappa([])).toEqual({ value: undefined, n: 0 });
    expect(
      fleissKappa([
        ['a', 'a'],
        ['a', 'a'],
      ]),
    ).toEqual({ value: undefined, n: 2, observed: 1, expected: 1 });
  });

  it('refuses items with fewer than 2 ratings or with different numbers of ratings, naming the item', () => {
    expect(() => fleissKappa([['a', 'b'], ['a']])).toThrow(/item 1 has 1/);
    expect(() =>
      fleissKappa([
        ['a', 'b'],
        ['a', 'b', 'c'],
      ]),
    ).toThrow(/item 0 has 2, item 1 has 3/);
  });

  it('equals κ from every ordered pair of ratings of each item (random ratings, 2–5 raters)', () => {
    const items = fc
      .integer({ min: 2, max: 5 })
      .chain((m) => fc.array(fc.array(category, { minLength: m, maxLength: m }), { maxLength: 12 }));
    fc.assert(
      fc.property(items, (its) => {
        const r = fleissKappa(its);
        const slow = slowFleiss(its);
        if (slow === undefined) expect(r.value).toBeUndefined();
        else expect(r.value).toBeCloseTo(slow, 10);
      }),
      { numRuns: 500 },
    );
  });

  it("with 2 raters is Scott's π: (p_o − p_e)/(1 − p_e) with p_e from the pooled category shares", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(category, category), { minLength: 1, maxLength: 20 }), (pairs) => {
        const n = pairs.length;
        const po = pairs.filter(([a, b]) => a === b).length / n;
        const pooled = pairs.flat();
        const cats = [...new Set(pooled)];
        const pe = cats.reduce((s, c) => s + (pooled.filter((x) => x === c).length / (2 * n)) ** 2, 0);
        const r = fleissKappa(pairs.map(([a, b]) => [a, b]));
        if (cats.length === 1) expect(r.value).toBeUndefined();
        else expect(r.value).toBeCloseTo((po - pe) / (1 - pe), 10);
      }),
      { numRuns: 300 },
    );
  });
});
