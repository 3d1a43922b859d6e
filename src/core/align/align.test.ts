import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { align, alignCodes, alignmentCost, OP_LETTERS } from './align';
import {
  type EditCosts,
  EQUAL_COSTS,
  SCLITE_COSTS,
  costsSignature,
  resolveCosts,
  validateCosts,
} from './costs';
import { MetricInputError } from '../errors';

const words = (s: string): string[] => (s === '' ? [] : s.split(' '));
const opString = (ops: { op: string }[]): string => ops.map((p) => p.op).join('');

/** Obviously-correct edit distance: the recursion of Thomae et al. eq. (12), memoised, no tie rules. */
function slowDistance(
  ref: readonly number[],
  hyp: readonly number[],
  costs: EditCosts,
  refClass?: readonly number[],
  hypClass?: readonly number[],
): number {
  const memo = new Map<number, number>();
  const d = (i: number, j: number): number => {
    if (i === 0 && j === 0) return 0;
    const key = i * 1000 + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Infinity;
    if (i > 0) best = Math.min(best, d(i - 1, j) + costs.deletion);
    if (j > 0) best = Math.min(best, d(i, j - 1) + costs.insertion);
    if (i > 0 && j > 0) {
      const same = ref[i - 1] === hyp[j - 1];
      const allowed = same || !refClass || !hypClass || refClass[i - 1] === hypClass[j - 1];
      if (allowed) best = Math.min(best, d(i - 1, j - 1) + (same ? costs.correct : costs.substitution));
    }
    memo.set(key, best);
    return best;
  };
  return d(ref.length, hyp.length);
}

describe('sequence alignment', () => {
  it('reproduces Thomae et al. Fig. 1/Fig. 2: distance 10 with costs 3/3/4 and the mapping shown', () => {
    const s1 = words('d_i drei sieben drei von hamburg');
    const s2 = words('drei zwei sieben drei nach hamburg');
    const a = align(s1, s2, { costs: SCLITE_COSTS });
    expect(a.cost).toBe(10);
    // M(S1, S2) = {(1, ε), (2, 1), (ε, 2), (3, 3), (4, 4), (5, 5), (6, 6)} with 1-based indices (§3).
    const mapping = a.pairs.map((p) => [
      p.refIndex < 0 ? 'ε' : p.refIndex + 1,
      p.hypIndex < 0 ? 'ε' : p.hypIndex + 1,
    ]);
    expect(mapping).toEqual([
      [1, 'ε'],
      [2, 1],
      ['ε', 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
    ]);
    expect(opString(a.pairs)).toBe('DCICCSC');
    expect(a.counts).toEqual({ C: 4, S: 1, I: 1, D: 1 });
    expect(a.pairs[5]).toEqual({ op: 'S', ref: 'von', hyp: 'nach', refIndex: 4, hypIndex: 4 });
  });

  it('breaks ties as sclite does: pairs late, unpaired tokens early, deletion before insertion', () => {
    // Each expected alignment is what `sctk sclite -s` printed for the pair (pra reports, SCTK 2.4.10).
    expect(opString(align(words('A b c'), words('a x C d')).pairs)).toBe('ISSS');
    expect(opString(align(words('b a'), words('a b')).pairs)).toBe('DCI');
    expect(opString(align(words('a b c'), words('c b a')).pairs)).toBe('SCS');
    expect(opString(align(words('a b'), []).pairs)).toBe('DD');
    expect(opString(align([], words('x')).pairs)).toBe('I');
    expect(align([], []).pairs).toEqual([]);
  });

  it('matches by key (case folding) and restricts substitutions to one class', () => {
    const folded = align(words('A b'), words('a B'), { key: (w) => w.toLowerCase() });
    expect(folded.counts).toEqual({ C: 2, S: 0, I: 0, D: 0 });
    expect(folded.pairs[0]).toMatchObject({ ref: 'A', hyp: 'a', op: 'C' });
    const slot = (c: string): string => c.split(':')[0]!;
    const a = align(words('city:Bonn date:monday'), words('city:Berlin time:noon'), {
      substitutionClass: slot,
    });
    expect(opString(a.pairs)).toBe('SDI');
    expect(a.cost).toBe(10);
  });

  it('with equal costs gives the Levenshtein distance', () => {
    expect(
      align(words('kitten'.split('').join(' ')), words('sitting'.split('').join(' ')), { costs: EQUAL_COSTS })
        .cost,
    ).toBe(3);
  });

  it('rejects invalid costs with a typed error naming them', () => {
    expect(() => validateCosts({ correct: 0, substitution: 1, insertion: -1, deletion: NaN })).toThrow(
      new MetricInputError('invalid edit costs: insertion=-1, deletion=NaN'),
    );
    expect(() => resolveCosts('levenshtein' as never)).toThrow(/unknown cost preset "levenshtein"/);
    expect(() =>
      validateCosts({ correct: 0, substitution: Infinity, insertion: 1, deletion: 1 }),
    ).not.toThrow();
    expect(costsSignature(SCLITE_COSTS)).toBe('sclite');
    expect(costsSignature({ correct: 0, substitution: 1, insertion: 1, deletion: 1 })).toBe('equal');
    expect(costsSignature({ correct: 0, substitution: 2, insertion: 1, deletion: 1 })).toBe('c0s2i1d1');
  });

  const seq = (alphabet: number) => fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength: 8 });
  const costsArb = fc.record({
    correct: fc.constantFrom(0, 0, 0, 1),
    substitution: fc.oneof(
      fc.integer({ min: 0, max: 9 }),
      fc.constant(Infinity),
      fc.double({ min: 0, max: 5, noNaN: true }),
    ),
    insertion: fc.integer({ min: 0, max: 9 }),
    deletion: fc.integer({ min: 0, max: 9 }),
  });

  it('returns a valid alignment whose cost is the returned cost and the minimum (random costs)', () => {
    fc.assert(
      fc.property(seq(3), seq(3), costsArb, fc.boolean(), (ref, hyp, costs, useClasses) => {
        const refClass = useClasses ? ref.map((x) => x % 2) : undefined;
        const hypClass = useClasses ? hyp.map((x) => x % 2) : undefined;
        const a = alignCodes(Int32Array.from(ref), Int32Array.from(hyp), costs, refClass, hypClass);
        // The operations consume both sequences exactly, and pair equal tokens as C, unequal as S.
        let i = 0;
        let j = 0;
        for (const op of a.ops) {
          const letter = OP_LETTERS[op];
          if (letter === 'C' || letter === 'S') {
            expect(letter === 'C').toBe(ref[i] === hyp[j]);
            if (letter === 'S' && refClass) expect(refClass[i]).toBe(hypClass![j]);
            i++;
            j++;
          } else if (letter === 'D') i++;
          else j++;
        }
        expect([i, j]).toEqual([ref.length, hyp.length]);
        expect(alignmentCost(a.ops, costs)).toBeCloseTo(a.cost, 9);
        expect(a.cost).toBeCloseTo(slowDistance(ref, hyp, costs, refClass, hypClass), 9);
        const c = a.counts;
        expect(c.C + c.S + c.D).toBe(ref.length);
        expect(c.C + c.S + c.I).toBe(hyp.length);
      }),
      { numRuns: 500 },
    );
  });

  it('the generic align agrees with the coded one and keeps both sides', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'B'), { maxLength: 7 }),
        fc.array(fc.constantFrom('a', 'b', 'B'), { maxLength: 7 }),
        (ref, hyp) => {
          const a = align(ref, hyp, { key: (w) => w.toLowerCase() });
          expect(a.pairs.filter((p) => p.ref !== null).map((p) => p.ref)).toEqual(ref);
          expect(a.pairs.filter((p) => p.hyp !== null).map((p) => p.hyp)).toEqual(hyp);
          expect(alignmentCost(a.pairs, SCLITE_COSTS)).toBe(a.cost);
          const codes = (ws: string[]) => Int32Array.from(ws, (w) => w.toLowerCase().charCodeAt(0));
          expect(a.cost).toBe(slowDistance([...codes(ref)], [...codes(hyp)], SCLITE_COSTS));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('aligns long sequences (buffers grow) without recursion', () => {
    const ref = Array.from({ length: 3000 }, (_, k) => k % 7);
    const hyp = Array.from({ length: 2500 }, (_, k) => (k * 3) % 7);
    const a = alignCodes(Int32Array.from(ref), Int32Array.from(hyp));
    expect(a.counts.C + a.counts.S + a.counts.D).toBe(3000);
    expect(alignmentCost(a.ops, SCLITE_COSTS)).toBe(a.cost);
    expect(() => alignCodes(new Int32Array(70000), new Int32Array(70000))).toThrow(
      new MetricInputError(
        'sequences of 70000 and 70000 tokens are too long to align (more than 2147483648 table cells)',
      ),
    );
    // A short alignment afterwards still reads correctly from the reused buffers.
    expect(opString(align(words('b a'), words('a b')).pairs)).toBe('DCI');
  });
});
