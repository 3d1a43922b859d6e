// Krippendorff's unitizing α (α_U): agreement of coders who cut one continuum (here: time) into
// categorised units and unlabelled gaps. K. Krippendorff, "On the reliability of unitizing continuous
// data", Sociological Methodology 25 (1995) 47–76; Content Analysis, 2nd ed. (2004) ch. 11, whose
// formulation DKPro Statistics' KrippendorffAlphaUnitizingAgreement implements and this one follows.
import { MetricInputError } from '../errors';
import type { AgreementValue } from './types';

/** One unit: coder `coder` marked `[begin, begin + length)` as `category`. Positions are integers. */
export interface UnitizedSpan {
  coder: number;
  category: string;
  begin: number;
  length: number;
}

/**
 * A unitizing study: the continuum `[begin, begin + length)` (integers, e.g. milliseconds), the number of
 * coders (coders `0 … coders − 1`; a coder without units marked the whole continuum as gap) and every
 * coder's units. Units of different categories may overlap (each category is judged on its own); units
 * of one category by one coder must not overlap each other (they may touch).
 */
export interface UnitizingData {
  begin: number;
  length: number;
  coders: number;
  units: readonly UnitizedSpan[];
}

/**
 * α_U with Krippendorff's disagreements: `value = 1 − observedDisagreement / expectedDisagreement`.
 * `n` counts the units of positive length that entered. `observed`/`expected` (agreement proportions)
 * are not set: α_U's disagreements are not bounded by 1, so they are given as themselves.
 */
export type UnitizingAlphaValue = AgreementValue & {
  observedDisagreement?: number;
  expectedDisagreement?: number;
};

/** α_U of one category. */
export type UnitizingCategoryAlpha = UnitizingAlphaValue & { category: string };

/** α_U over all categories, and per category (sorted by category). */
export type UnitizingAlpha = UnitizingAlphaValue & { byCategory: readonly UnitizingCategoryAlpha[] };

/** A section of one coder's continuum for one category: a unit of it or a gap between its units. */
interface Section {
  begin: number;
  end: number;
  unit: boolean;
}

function checkInteger(what: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new MetricInputError(`α_U needs ${what} to be an integer ≥ ${min}; it is ${value}`);
  }
}

function validate(data: UnitizingData): void {
  checkInteger('the continuum begin', data.begin, Number.MIN_SAFE_INTEGER);
  checkInteger('the continuum length', data.length, 0);
  checkInteger('the number of coders', data.coders, 2);
  const end = data.begin + data.length;
  data.units.forEach((u, i) => {
    checkInteger(`unit ${i}'s coder`, u.coder, 0);
    checkInteger(`unit ${i}'s begin`, u.begin, Number.MIN_SAFE_INTEGER);
    checkInteger(`unit ${i}'s length`, u.length, 0);
    if (u.coder >= data.coders) {
      throw new MetricInputError(
        `α_U: unit ${i} names coder ${u.coder}, but there are ${data.coders} coders`,
      );
    }
    if (u.begin < data.begin || u.begin + u.length > end) {
      throw new MetricInputError(
        `α_U: unit ${i} [${u.begin}, ${u.begin + u.length}) lies outside the continuum [${data.begin}, ${end})`,
      );
    }
  });
}

/**
 * Every coder's sections for one category, in order, covering the continuum. Units of length 0 carry no
 * length, the only thing α_U weighs, and are left out (as are gaps of length 0).
 */
function sectionsOf(data: UnitizingData, units: readonly UnitizedSpan[], category: string): Section[][] {
  const byCoder: UnitizedSpan[][] = Array.from({ length: data.coders }, () => []);
  for (const u of units) byCoder[u.coder]!.push(u);
  const end = data.begin + data.length;
  return byCoder.map((list, coder) => {
    list.sort((a, b) => a.begin - b.begin);
    const sections: Section[] = [];
    let pos = data.begin;
    for (const u of list) {
      if (u.begin < pos) {
        throw new MetricInputError(
          `α_U: coder ${coder} has overlapping units of category "${category}" at ${u.begin} (the previous one ends at ${pos})`,
        );
      }
      if (u.begin > pos) sections.push({ begin: pos, end: u.begin, unit: false });
      sections.push({ begin: u.begin, end: u.begin + u.length, unit: true });
      pos = u.begin + u.length;
    }
    if (pos < end) sections.push({ begin: pos, end, unit: false });
    return sections;
  });
}

/**
 * δ² of two overlapping sections of two coders (Krippendorff 2004, as in its example on p. 254): two units
 * differ by the squares of their begin and end differences; a unit lying wholly inside the other coder's
 * gap costs its length squared; everything else (two gaps, a unit only partly in a gap) costs 0.
 */
function distance(g: Section, h: Section): number {
  if (g.unit && h.unit) return (g.begin - h.begin) ** 2 + (g.end - h.end) ** 2;
  if (g.unit && h.begin <= g.begin && g.end <= h.end) return (g.end - g.begin) ** 2;
  if (h.unit && g.begin <= h.begin && h.end <= g.end) return (h.end - h.begin) ** 2;
  return 0;
}

/** Σ over ordered pairs of coders of δ² between their overlapping sections. */
function observedSum(sections: readonly Section[][]): number {
  let sum = 0;
  for (let i = 0; i < sections.length; i++) {
    for (let j = i + 1; j < sections.length; j++) {
      const a = sections[i]!;
      const b = sections[j]!;
      let p = 0;
      let q = 0;
      // Both lists cover the continuum, so walking by the nearer end visits every overlapping pair once.
      while (p < a.length && q < b.length) {
        sum += distance(a[p]!, b[q]!);
        const ea = a[p]!.end;
        const eb = b[q]!.end;
        if (ea <= eb) p++;
        if (eb <= ea) q++;
      }
    }
  }
  return 2 * sum; // δ² is symmetric: each unordered pair of coders stands for two ordered ones
}

/** α_U of one category over already validated data. */
function categoryAlpha(
  data: UnitizingData,
  units: readonly UnitizedSpan[],
  category: string,
): UnitizingCategoryAlpha {
  const sections = sectionsOf(data, units, category);
  const m = data.coders;
  const len = data.length;
  const unitLengths: number[] = [];
  const gapLengths: number[] = [];
  for (const list of sections)
    for (const s of list) (s.unit ? unitLengths : gapLengths).push(s.end - s.begin);
  const n = unitLengths.length;
  if (n === 0) return { category, value: undefined, n: 0 };
  // Krippendorff 2004: D_o = Σ_{i≠j} Σ_g Σ_h δ²(g_i, h_j) / (m(m − 1) L²).
  const observedDisagreement = observedSum(sections) / (m * (m - 1) * len * len);
  // D_e pairs every unit g (length l) with every other unit in every relative position it can take,
  // which sums to (N_c − 1)(2l³ − 3l² + l)/3, and with every gap h it fits in (l_h ≥ l), in each of its
  // l_h − l + 1 positions there, costing l² each; normalised by (2/L) / (mL(mL − 1) − Σ_g l_g(l_g − 1)).
  gapLengths.sort((x, y) => x - y);
  const suffix = new Float64Array(gapLengths.length + 1); // suffix[k] = Σ gapLengths[k…]
  for (let k = gapLengths.length - 1; k >= 0; k--) suffix[k] = suffix[k + 1]! + gapLengths[k]!;
  let numerator = 0;
  let withinUnits = 0;
  for (const l of unitLengths) {
    let lo = 0;
    let hi = gapLengths.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (gapLengths[mid]! < l) lo = mid + 1;
      else hi = mid;
    }
    const fitting = gapLengths.length - lo; // gaps with l_h ≥ l
    numerator += ((n - 1) * (2 * l ** 3 - 3 * l ** 2 + l)) / 3 + l * l * (suffix[lo]! - (l - 1) * fitting);
    withinUnits += l * (l - 1);
  }
  const expectedDisagreement = ((2 / len) * numerator) / (m * len * (m * len - 1) - withinUnits);
  const value = expectedDisagreement === 0 ? undefined : 1 - observedDisagreement / expectedDisagreement;
  return { category, value, n, observedDisagreement, expectedDisagreement };
}

/**
 * Krippendorff's α_U for `data`, over all categories and per category.
 *
 * Per category `c` each coder's continuum of length `L` splits into sections: units of `c` and gaps (the
 * rest, including other categories' units). Two overlapping units `g`, `h` of two coders differ by
 * `δ² = (b_g − b_h)² + (e_g − e_h)²` (begins and ends); a unit wholly inside the other coder's gap by
 * `δ² = l_g²`; any other pair by 0. With `m` coders, `N_c` units of `c` (all coders) and `l` lengths:
 *
 *     D_o(c) = Σ_{i≠j} Σ_{g of i} Σ_{h of j} δ²(g, h) / (m(m − 1) L²)
 *     D_e(c) = (2/L) Σ_{units g} [ (N_c − 1)(2l_g³ − 3l_g² + l_g)/3
 *                                  + l_g² Σ_{gaps h, l_h ≥ l_g} (l_h − l_g + 1) ]
 *              / (mL(mL − 1) − Σ_{units g} l_g(l_g − 1))
 *     α_U(c) = 1 − D_o(c) / D_e(c)
 *
 * and over all categories `α_U = 1 − Σ_c D_o(c) / Σ_c D_e(c)` (Krippendorff 2004; DKPro's overall
 * value). The formula is Krippendorff's for a continuum of unit cells, so positions must be integers:
 * express times in a fixed resolution (e.g. milliseconds); a coarse resolution lowers D_e.
 *
 * `value` is undefined when `D_e = 0`: no unit of positive length (a category without units, or only
 * units of length 0, which carry nothing and are left out), or a continuum without room for chance
 * disagreement. The overall `observedDisagreement`/`expectedDisagreement` are the means over categories.
 *
 * @throws MetricInputError for fewer than 2 coders, non-integer or negative positions and lengths, a
 *   unit outside the continuum or naming an unknown coder, or one coder's overlapping units of one
 *   category.
 */
export function unitizingAlpha(data: UnitizingData): UnitizingAlpha {
  validate(data);
  const byName = new Map<string, UnitizedSpan[]>();
  for (const u of data.units) {
    if (u.length === 0) continue;
    const list = byName.get(u.category);
    if (list) list.push(u);
    else byName.set(u.category, [u]);
  }
  const byCategory = [...byName.keys()]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((c) => categoryAlpha(data, byName.get(c)!, c));
  let observed = 0;
  let expected = 0;
  let n = 0;
  for (const c of byCategory) {
    observed += c.observedDisagreement ?? 0;
    expected += c.expectedDisagreement ?? 0;
    n += c.n;
  }
  if (byCategory.length === 0) return { value: undefined, n: 0, byCategory };
  const k = byCategory.length;
  return {
    value: expected === 0 ? undefined : 1 - observed / expected,
    n,
    observedDisagreement: observed / k,
    expectedDisagreement: expected / k,
    byCategory,
  };
}

/** α_U of one category of `data` (undefined when it has no unit of positive length). */
export function unitizingCategoryAlpha(data: UnitizingData, category: string): UnitizingCategoryAlpha {
  validate(data);
  const units = data.units.filter((u) => u.category === category && u.length > 0);
  return categoryAlpha(data, units, category);
}
