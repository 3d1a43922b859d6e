import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa } from './kappa';

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

function itemsFromCounts(categories: readonly string[], counts: readonly (readonly number[])[]): string[][] {
  return counts.map((row) => row.flatMap((k, j) => Array<string>(k).fill(categories[j]!)));
}

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
});

describe('fleissKappa', () => {
  it("Wikipedia 'Fleiss' kappa', worked example: 10 subjects × 14 raters × 5 categories, κ = 0.210", () => {
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
    expect(r.value).toBeCloseTo(0.21, 3);
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
});
