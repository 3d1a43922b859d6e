import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import dkpro from './fixtures/dkproUnitizing.json';
import { type UnitizedSpan, type UnitizingData, unitizingAlpha, unitizingCategoryAlpha } from './unitizing';

const span = (coder: number, begin: number, length: number, category: string): UnitizedSpan => ({
  coder,
  category,
  begin,
  length,
});

/** Krippendorff 2004 p. 254 (as in DKPro Statistics' unitizing Krippendorff2004Test): 2 observers on [150, 450). */
const KRIPPENDORFF_2004: UnitizingData = {
  begin: 150,
  length: 300,
  coders: 2,
  units: [
    span(0, 225, 70, 'c'),
    span(0, 370, 30, 'c'),
    span(1, 220, 80, 'c'),
    span(1, 355, 20, 'c'),
    span(1, 400, 20, 'c'),
    span(0, 180, 60, 'k'),
    span(0, 300, 50, 'k'),
    span(1, 180, 60, 'k'),
    span(1, 300, 50, 'k'),
  ],
};

/**
 * Krippendorff 1995 p. 57 (as in DKPro Statistics' unitizing Krippendorff1995Test): four pairs of coders,
 * one category each, on a continuum of 24 cells, every position multiplied by `stretch`.
 */
function krippendorff1995(stretch: number): UnitizingData {
  const s = (coder: number, begin: number, length: number, category: string) =>
    span(coder, Math.trunc(begin * stretch), Math.trunc(length * stretch), category);
  return {
    begin: 0,
    length: Math.trunc(24 * stretch),
    coders: 2,
    units: [
      // A  Bertha: 0 0|1 1 1 1 1 1 1 1|0 0 0 0|1 1 1 1 1 1|0 0 0 0   Bill: 0 0 0 0|1 1 1 1|0 … |1 1|0 …
      s(0, 2, 8, 'A'),
      s(0, 14, 6, 'A'),
      s(1, 4, 4, 'A'),
      s(1, 15, 2, 'A'),
      // B  John: one unit of 18 cells   Jill: the first 10 cells as 7 units
      s(0, 0, 18, 'B'),
      s(1, 0, 2, 'B'),
      s(1, 2, 1, 'B'),
      s(1, 3, 1, 'B'),
      s(1, 4, 1, 'B'),
      s(1, 5, 1, 'B'),
      s(1, 6, 3, 'B'),
      s(1, 9, 1, 'B'),
      // C  Gerret and Gill
      s(0, 2, 6, 'C'),
      s(0, 10, 2, 'C'),
      s(0, 14, 4, 'C'),
      s(0, 20, 2, 'C'),
      s(1, 0, 2, 'C'),
      s(1, 4, 4, 'C'),
      s(1, 10, 4, 'C'),
      s(1, 16, 2, 'C'),
      s(1, 20, 2, 'C'),
      // D  Heather and Hill: the whole continuum cut into units in two different ways
      s(0, 0, 2, 'D'),
      s(0, 2, 8, 'D'),
      s(0, 10, 4, 'D'),
      s(0, 14, 6, 'D'),
      s(0, 20, 4, 'D'),
      s(1, 0, 4, 'D'),
      s(1, 4, 4, 'D'),
      s(1, 8, 7, 'D'),
      s(1, 15, 2, 'D'),
      s(1, 17, 7, 'D'),
    ],
  };
}

describe('unitizingAlpha', () => {
  it('Krippendorff 2004 p. 254 (via DKPro Statistics Krippendorff2004Test): c: D_o = 0.0144, D_e = 0.0532, α = 0.7286; k: D_o = 0, D_e = 0.0490, α = 1; overall α_U = 0.8591', () => {
    const r = unitizingAlpha(KRIPPENDORFF_2004);
    const [c, k] = r.byCategory;
    expect(c).toMatchObject({ category: 'c', n: 5 });
    expect(c!.observedDisagreement).toBeCloseTo(0.0144, 4);
    expect(c!.expectedDisagreement).toBeCloseTo(0.0532, 4);
    expect(c!.value).toBeCloseTo(0.7286, 4);
    expect(k).toMatchObject({ category: 'k', n: 4, observedDisagreement: 0, value: 1 });
    expect(k!.expectedDisagreement).toBeCloseTo(0.049, 4);
    expect(r.n).toBe(9);
    expect(r.value).toBeCloseTo(0.8591, 3);
    expect(unitizingCategoryAlpha(KRIPPENDORFF_2004, 'c')).toEqual(c);
  });

  it('Krippendorff 2004 p. 254, the distances of the example: 225+70 vs 220+80 → 50, 370+30 vs 355+20 → 850, unit 400+20 in gap 400+50 → 400', () => {
    // D_o = 2 Σ δ² / (m(m − 1) L²) with m = 2, so Σ δ² = D_o · L².
    const pair = (a: UnitizedSpan[], b: UnitizedSpan[], length: number) =>
      unitizingCategoryAlpha({ begin: 0, length, coders: 2, units: [...a, ...b] }, 'c')
        .observedDisagreement! *
      length ** 2;
    expect(pair([span(0, 225, 70, 'c')], [span(1, 220, 80, 'c')], 1000)).toBeCloseTo(50, 9);
    expect(pair([span(0, 370, 30, 'c')], [span(1, 355, 20, 'c')], 1000)).toBeCloseTo(850, 9);
    // Coder 0 has no unit, so coder 1's unit lies inside coder 0's single gap.
    expect(pair([], [span(1, 400, 20, 'c')], 1000)).toBeCloseTo(400, 9);
  });

  it('Krippendorff 1995 p. 57 (via DKPro Statistics Krippendorff1995Test): observed disagreements A 0.03125, B 2.26736, C 0.02777, D 0.38715', () => {
    const r = unitizingAlpha(krippendorff1995(1));
    const d = Object.fromEntries(r.byCategory.map((c) => [c.category, c.observedDisagreement]));
    // The published figures are cut after five places (C is 1/36); DKPro checks them to ±0.00001.
    const published = { A: 0.03125, B: 2.26736, C: 0.02777, D: 0.38715 };
    for (const [cat, v] of Object.entries(published)) expect(Math.abs(d[cat]! - v)).toBeLessThan(1e-5);
  });

  it('Krippendorff 1995 p. 57 (via DKPro Statistics Krippendorff1995Test) on a fine continuum (×50 000): D_e A 0.0699, B 1.1773, C 0.0864, D 0.4145; α A 0.553, B −0.926, C 0.679, D 0.066', () => {
    const r = unitizingAlpha(krippendorff1995(50_000));
    const by = Object.fromEntries(r.byCategory.map((c) => [c.category, c]));
    const expected = { A: [0.0699, 0.553], B: [1.17731, -0.926], C: [0.08642, 0.679], D: [0.41445, 0.066] };
    for (const [cat, [de, alpha]] of Object.entries(expected)) {
      // The 1995 paper's D_e differ slightly from the 2004 formula's (DKPro's test suspects a slip in the
      // 1995 formula), so DKPro checks D_e to ±0.005 and α to ±0.02, as here.
      expect(Math.abs(by[cat]!.expectedDisagreement! - de!)).toBeLessThan(0.005);
      expect(Math.abs(by[cat]!.value! - alpha!)).toBeLessThan(0.02);
    }
  });

  it('is undefined, not 0, without units of positive length; zero-length units are left out', () => {
    const none = unitizingAlpha({ begin: 0, length: 20, coders: 3, units: [] });
    expect(none).toEqual({ value: undefined, n: 0, byCategory: [] });
    const zero = unitizingAlpha({
      begin: 0,
      length: 15,
      coders: 2,
      units: [span(0, 0, 0, 'A'), span(1, 0, 0, 'A')],
    });
    expect(zero.value).toBeUndefined();
    const mixed = unitizingAlpha({
      begin: 0,
      length: 15,
      coders: 2,
      units: [span(0, 0, 0, 'A'), span(0, 2, 5, 'A'), span(1, 2, 5, 'A')],
    });
    expect(mixed).toMatchObject({ value: 1, n: 2 });
    expect(unitizingCategoryAlpha(KRIPPENDORFF_2004, 'x')).toEqual({ category: 'x', value: undefined, n: 0 });
  });

  it('refuses bad studies, naming the unit', () => {
    const base = { begin: 0, length: 10, coders: 2 };
    expect(() => unitizingAlpha({ ...base, coders: 1, units: [] })).toThrow(
      /number of coders to be an integer ≥ 2/,
    );
    expect(() => unitizingAlpha({ ...base, units: [span(0, 1.5, 2, 'A')] })).toThrow(/unit 0's begin .* 1.5/);
    expect(() => unitizingAlpha({ ...base, units: [span(2, 1, 2, 'A')] })).toThrow(/unit 0 names coder 2/);
    expect(() => unitizingAlpha({ ...base, units: [span(0, 1, 2, 'A'), span(0, 8, 3, 'A')] })).toThrow(
      /unit 1 \[8, 11\) lies outside the continuum \[0, 10\)/,
    );
    expect(() => unitizingAlpha({ ...base, units: [span(0, 1, 4, 'A'), span(0, 3, 2, 'A')] })).toThrow(
      /coder 0 has overlapping units of category "A" at 3/,
    );
    // Touching units and overlapping units of different categories are fine.
    expect(() =>
      unitizingAlpha({ ...base, units: [span(0, 1, 2, 'A'), span(0, 3, 2, 'A'), span(0, 2, 4, 'B')] }),
    ).not.toThrow();
  });

  it('equals DKPro Statistics (built from source) on 40 random studies: D_o and D_e per category, overall α_U', () => {
    expect(dkpro.cases).toHaveLength(40);
    for (const c of dkpro.cases) {
      const data: UnitizingData = {
        begin: c.begin,
        length: c.length,
        coders: c.coders,
        units: c.units.map(([coder, begin, length, category]) => ({
          coder: Number(coder),
          begin: Number(begin),
          length: Number(length),
          category: String(category),
        })),
      };
      const r = unitizingAlpha(data);
      const theirs: Record<string, number[] | undefined> = c.disagreements;
      expect(r.byCategory.map((x) => x.category)).toEqual(Object.keys(theirs).sort());
      for (const x of r.byCategory) {
        const [dO, dE] = theirs[x.category]!;
        expect(x.observedDisagreement).toBeCloseTo(dO!, 12);
        expect(x.expectedDisagreement).toBeCloseTo(dE!, 12);
      }
      if (c.alpha === null) expect(r.value).toBeUndefined();
      else expect(r.value).toBeCloseTo(c.alpha, 12);
    }
  });
});

/** Cell `k` of the continuum is `[begin + k, begin + k + 1)`; a section is a run of cells. */
interface CellSection {
  first: number;
  last: number;
  unit: boolean;
}

/**
 * α_U's disagreements of one category from the continuum cut into cells: each coder's sections are the
 * runs of cells of one unit or of no unit; D_o visits every pair of sections of every ordered pair of
 * coders, deciding overlap and containment cell by cell; D_e adds up Krippendorff's terms one relative
 * position at a time and counts the pairs of cells of its denominator one by one.
 */
function slowDisagreements(data: UnitizingData, category: string): { dO: number; dE: number } {
  const L = data.length;
  const m = data.coders;
  const units = data.units.filter((u) => u.category === category && u.length > 0);
  const sections: CellSection[][] = [];
  for (let coder = 0; coder < m; coder++) {
    const owner = new Array<number>(L).fill(-1);
    units.forEach((u, i) => {
      if (u.coder !== coder) return;
      for (let k = u.begin - data.begin; k < u.begin - data.begin + u.length; k++) owner[k] = i;
    });
    const list: CellSection[] = [];
    for (let k = 0; k < L; k++) {
      if (k > 0 && owner[k] === owner[k - 1]) list[list.length - 1]!.last = k;
      else list.push({ first: k, last: k, unit: owner[k] !== -1 });
    }
    sections.push(list);
  }
  const cells = (s: CellSection) => Array.from({ length: s.last - s.first + 1 }, (_, k) => s.first + k);
  const inside = (a: CellSection, b: CellSection) => cells(a).every((k) => k >= b.first && k <= b.last);
  let sum = 0;
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      if (i === j) continue;
      for (const g of sections[i]!)
        for (const h of sections[j]!) {
          const size = (s: CellSection) => s.last - s.first + 1;
          if (g.unit && h.unit && cells(g).some((k) => k >= h.first && k <= h.last))
            sum += (g.first - h.first) ** 2 + (g.last - h.last) ** 2;
          else if (g.unit && !h.unit && inside(g, h)) sum += size(g) ** 2;
          else if (!g.unit && h.unit && inside(h, g)) sum += size(h) ** 2;
        }
    }
  const dO = sum / (m * (m - 1) * L * L);
  const all = sections.flat();
  const unitSizes = all.filter((s) => s.unit).map((s) => s.last - s.first + 1);
  const gapSizes = all.filter((s) => !s.unit).map((s) => s.last - s.first + 1);
  let numerator = 0;
  unitSizes.forEach((l, g) => {
    unitSizes.forEach((_l, h) => {
      if (h === g) return;
      for (let k = 0; k < l; k++) numerator += 2 * k * k;
    });
    for (const lh of gapSizes) for (let p = 0; p + l <= lh; p++) numerator += l * l;
  });
  let pairs = 0;
  for (let a = 0; a < m * L; a++) for (let b = 0; b < m * L; b++) if (a !== b) pairs++;
  for (const l of unitSizes) for (let a = 0; a < l; a++) for (let b = 0; b < l; b++) if (a !== b) pairs--;
  return { dO, dE: ((2 / L) * numerator) / pairs };
}

/** Random studies: per coder and category, units separated by random gaps (0 = touching), cut at the end. */
const studyArb: fc.Arbitrary<UnitizingData> = fc
  .record({
    begin: fc.integer({ min: -5, max: 5 }),
    length: fc.integer({ min: 1, max: 24 }),
    coders: fc.integer({ min: 2, max: 3 }),
  })
  .chain(({ begin, length, coders }) =>
    fc
      .array(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 8 })), { maxLength: 5 }),
        { minLength: coders * 2, maxLength: coders * 2 },
      )
      .map((runs) => {
        const units: UnitizedSpan[] = [];
        runs.forEach((list, k) => {
          let pos = begin;
          for (const [gap, len] of list) {
            pos += gap;
            if (pos + len > begin + length) break;
            units.push({ coder: k % coders, category: k < coders ? 'A' : 'B', begin: pos, length: len });
            pos += len;
          }
        });
        return { begin, length, coders, units };
      }),
  );

describe('unitizingAlpha against a cell-by-cell implementation', () => {
  it('has the D_o and D_e of the cell-wise definition per category, and α_U = 1 − ΣD_o/ΣD_e (random studies)', () => {
    fc.assert(
      fc.property(studyArb, (data) => {
        const r = unitizingAlpha(data);
        let sumO = 0;
        let sumE = 0;
        for (const c of r.byCategory) {
          const slow = slowDisagreements(data, c.category);
          expect(c.observedDisagreement).toBeCloseTo(slow.dO, 10);
          expect(c.expectedDisagreement).toBeCloseTo(slow.dE, 10);
          if (slow.dE === 0) expect(c.value).toBeUndefined();
          else expect(c.value).toBeCloseTo(1 - slow.dO / slow.dE, 9);
          sumO += slow.dO;
          sumE += slow.dE;
        }
        if (sumE === 0) expect(r.value).toBeUndefined();
        else expect(r.value).toBeCloseTo(1 - sumO / sumE, 9);
      }),
      { numRuns: 300 },
    );
  });

  it('is 1 when every coder cut the same units, and unchanged by shifting, reordering coders or units, or renaming', () => {
    fc.assert(
      fc.property(studyArb, fc.integer({ min: -50, max: 50 }), (data, shift) => {
        const r = unitizingAlpha(data);
        const close = (a: number | undefined, b: number | undefined) =>
          a === undefined ? expect(b).toBeUndefined() : expect(b).toBeCloseTo(a, 10);
        const shifted = unitizingAlpha({
          ...data,
          begin: data.begin + shift,
          units: data.units.map((u) => ({ ...u, begin: u.begin + shift })),
        });
        close(r.value, shifted.value);
        const mirrored = unitizingAlpha({
          ...data,
          units: [...data.units].reverse().map((u) => ({ ...u, coder: data.coders - 1 - u.coder })),
        });
        close(r.value, mirrored.value);
        const renamed = unitizingAlpha({
          ...data,
          units: data.units.map((u) => ({ ...u, category: `x${u.category}` })),
        });
        close(r.value, renamed.value);
        const copied = unitizingAlpha({
          ...data,
          units: data.units
            .filter((u) => u.coder === 0)
            .flatMap((u) => Array.from({ length: data.coders }, (_, coder) => ({ ...u, coder }))),
        });
        for (const c of copied.byCategory) expect(c.value).toBe(c.expectedDisagreement === 0 ? undefined : 1);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps D_o when the continuum is stretched by an integer factor (δ² and L² scale alike)', () => {
    fc.assert(
      fc.property(studyArb, fc.integer({ min: 2, max: 5 }), (data, k) => {
        const stretched = unitizingAlpha({
          ...data,
          begin: data.begin * k,
          length: data.length * k,
          units: data.units.map((u) => ({ ...u, begin: u.begin * k, length: u.length * k })),
        });
        const r = unitizingAlpha(data);
        r.byCategory.forEach((c, i) => {
          expect(stretched.byCategory[i]!.observedDisagreement).toBeCloseTo(c.observedDisagreement!, 10);
        });
      }),
      { numRuns: 200 },
    );
  });
});
