// Chance-corrected agreement of nominal ratings: Cohen's κ for two raters, Fleiss' κ for a fixed number
// of raters per item. Both are computed from integer counts, so the only rounding is the final division.
import { MetricInputError } from '../errors';
import type { AgreementValue } from './types';

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/**
 * Cohen's κ of two raters who each gave one nominal category to the same items (J. Cohen, "A coefficient
 * of agreement for nominal scales", Educational and Psychological Measurement 20, 1960).
 *
 * With `n` items, `p_o` the share of items both raters put in the same category and
 * `p_e = Σ_k (r_k / n)(c_k / n)` the agreement expected from each rater's own category shares (`r_k`,
 * `c_k`: how often the first and the second rater chose category `k`):
 *
 *     κ = (p_o − p_e) / (1 − p_e) = (n·A − Σ_k r_k c_k) / (n² − Σ_k r_k c_k),   A = items agreed on.
 *
 * `value` is undefined when there are no items, or when `p_e = 1` (both raters used one and the same
 * category for every item: 0/0). `n` counts the items; `observed` is `p_o`, `expected` is `p_e`.
 */
export function cohenKappa(pairs: readonly (readonly [string, string])[]): AgreementValue {
  const n = pairs.length;
  if (n === 0) return { value: undefined, n: 0 };
  const first = new Map<string, number>();
  const second = new Map<string, number>();
  let agreed = 0;
  for (const [a, b] of pairs) {
    bump(first, a);
    bump(second, b);
    if (a === b) agreed++;
  }
  let chance = 0; // Σ_k r_k c_k
  for (const [k, r] of first) chance += r * (second.get(k) ?? 0);
  const nn = n * n;
  const observed = agreed / n;
  const expected = chance / nn;
  if (chance === nn) return { value: undefined, n, observed, expected };
  return { value: (n * agreed - chance) / (nn - chance), n, observed, expected };
}

/**
 * Fleiss' κ of `m ≥ 2` ratings per item, the raters possibly different people from item to item
 * (J. L. Fleiss, "Measuring nominal scale agreement among many raters", Psychological Bulletin 76(5),
 * 1971). Each item lists the categories its `m` ratings gave; every item must have the same `m`, as in
 * Fleiss' derivation (Krippendorff's α takes items with different numbers of ratings).
 *
 * With `N` items, `n_ij` the number of ratings of item `i` in category `j` and `T_j = Σ_i n_ij`:
 *
 *     P_i = (Σ_j n_ij² − m) / (m(m − 1))        the agreeing share of ordered rating pairs of item i
 *     P̄  = (1/N) Σ_i P_i,   P̄_e = Σ_j (T_j / (N m))²
 *     κ  = (P̄ − P̄_e) / (1 − P̄_e)
 *
 * `value` is undefined when there are no items, or when `P̄_e = 1` (every rating in one category: 0/0).
 * `n` counts the items; `observed` is `P̄`, `expected` is `P̄_e`.
 *
 * @throws MetricInputError when an item has fewer than 2 ratings or items differ in their number of
 *   ratings.
 */
export function fleissKappa(items: readonly (readonly string[])[]): AgreementValue {
  const count = items.length;
  if (count === 0) return { value: undefined, n: 0 };
  const m = items[0]!.length;
  items.forEach((item, i) => {
    if (item.length < 2 || item.length !== m) {
      throw new MetricInputError(
        item.length < 2
          ? `Fleiss' κ needs at least 2 ratings per item; item ${i} has ${item.length}`
          : `Fleiss' κ needs the same number of ratings for every item; item 0 has ${m}, item ${i} has ${item.length}`,
        { item: i, ratings: item.length },
      );
    }
  });
  const totals = new Map<string, number>();
  let agreeingPairs = 0; // Σ_i (Σ_j n_ij² − m): ordered pairs of ratings of one item that agree
  for (const item of items) {
    const cell = new Map<string, number>();
    for (const c of item) {
      bump(cell, c);
      bump(totals, c);
    }
    for (const k of cell.values()) agreeingPairs += k * k;
    agreeingPairs -= m;
  }
  const ratings = count * m;
  let squares = 0; // Σ_j T_j²
  for (const t of totals.values()) squares += t * t;
  const observed = agreeingPairs / (count * m * (m - 1));
  const expected = squares / (ratings * ratings);
  if (squares === ratings * ratings) return { value: undefined, n: count, observed, expected };
  // (P̄ − P̄_e)/(1 − P̄_e) multiplied through by (N m)²(m − 1): integers until the last division.
  const value = (agreeingPairs * ratings - squares * (m - 1)) / ((m - 1) * (ratings * ratings - squares));
  return { value, n: count, observed, expected };
}
