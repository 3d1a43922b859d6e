// Krippendorff's α for nominal data with missing values (K. Krippendorff, "Computing Krippendorff's
// Alpha-Reliability", 2011; Content Analysis, 2nd ed. 2004, ch. 11).
import type { AgreementValue } from './types';

/**
 * Krippendorff's α of nominal values: `units[u][c]` is the category coder `c` gave unit `u`, `null` when
 * that coder did not code the unit. Rows may differ in length (only the values matter, not which coder
 * gave them). Units with fewer than 2 values are not pairable and are left out, as Krippendorff does.
 *
 * Krippendorff 2011: in the coincidence matrix every ordered pair of values from two different coders
 * of a unit with `m_u` values counts `1/(m_u − 1)`, so each pairable value counts once in total. With
 * `n_uc` the values `c` in unit `u`, `n_c` the pairable values `c` and `n = Σ_c n_c`, nominal data give:
 *
 *     o_cc = Σ_u n_uc (n_uc − 1) / (m_u − 1)            agreeing coincidences of category c
 *     A_o  = Σ_c o_cc / n                                observed agreement  (= 1 − D_o)
 *     A_e  = Σ_c n_c (n_c − 1) / (n (n − 1))             expected agreement  (= 1 − D_e)
 *     α    = 1 − D_o / D_e = (A_o − A_e) / (1 − A_e)
 *
 * `value` is undefined when no unit is pairable, or when `A_e = 1` (every pairable value in one
 * category, so there is no variation to be reliable about: 0/0). `n` counts the pairable values
 * (Krippendorff's n); `observed` is `A_o`, `expected` is `A_e`.
 */
export function krippendorffAlphaNominal(units: readonly (readonly (string | null)[])[]): AgreementValue {
  const totals = new Map<string, number>(); // n_c
  let n = 0;
  let agreeing = 0; // Σ_c o_cc
  for (const unit of units) {
    const cell = new Map<string, number>();
    let m = 0;
    for (const v of unit) {
      if (v === null) continue;
      cell.set(v, (cell.get(v) ?? 0) + 1);
      m++;
    }
    if (m < 2) continue;
    let pairs = 0;
    for (const [c, k] of cell) {
      totals.set(c, (totals.get(c) ?? 0) + k);
      pairs += k * (k - 1);
    }
    agreeing += pairs / (m - 1);
    n += m;
  }
  if (n === 0) return { value: undefined, n: 0 };
  let chancePairs = 0; // Σ_c n_c (n_c − 1)
  for (const t of totals.values()) chancePairs += t * (t - 1);
  const observed = agreeing / n;
  const expected = chancePairs / (n * (n - 1));
  if (chancePairs === n * (n - 1)) return { value: undefined, n, observed, expected };
  // α = 1 − (n − 1)(n − Σ o_cc) / (n(n − 1) − Σ n_c(n_c − 1)), Krippendorff's nominal form.
  const value = 1 - ((n - 1) * (n - agreeing)) / (n * (n - 1) - chancePairs);
  return { value, n, observed, expected };
}
