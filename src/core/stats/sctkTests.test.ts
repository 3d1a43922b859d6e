import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../test/fixtures/sclite/scStats.json';
import {
  type ScStatsRun,
  type TwoSystemCorpus,
  printedP,
  randomTwoSystems,
  runScStats,
} from '../../../test/fixtures/sclite/scStats';
import { scliteAvailable } from '../../../test/fixtures/sclite/sclite';
import { speakerFromId } from '../asr/speakers';
import { systemUtterances } from '../asr/werInputs';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import {
  binomialLowerTail,
  exactBinomialTwoSided,
  normalCdf,
  sctkAccBinomial,
  sctkNormProb,
  sctkTwoSidedP,
} from './distributions';
import { mapssweTest } from './mapsswe';
import { mcnemarTest, meanRanks, signTest, speakerPercentages, wilcoxonTest } from './sctkTests';

/** Scores a corpus as sclite does by default (case folded) and runs the four tests. */
function sieveTests(c: TwoSystemCorpus) {
  const ref = c.ids.map((id, k) => ({ id, words: c.ref[k]! }));
  const score = (h: string[][]) =>
    scoreTranscripts(
      ref,
      c.ids.map((id, k) => ({ id, words: h[k]! })),
      { ignoreCase: true },
      { alignments: true },
    );
  const speaker = (id: string) => speakerFromId(id, 'rm');
  const a = systemUtterances(score(c.a), speaker);
  const b = systemUtterances(score(c.b), speaker);
  const speakers = speakerPercentages(a.counts, b.counts, 'E');
  return {
    mapsswe: mapssweTest(a.alignments, b.alignments),
    sign: signTest(speakers),
    wilcoxon: wilcoxonTest(speakers),
    mcnemar: mcnemarTest(a.counts, b.counts),
  };
}

function expectSame(c: TwoSystemCorpus, sc: ScStatsRun): void {
  const t = sieveTests(c);
  const p = (x: { pValue: number | null }) => (x.pValue === null ? '—' : printedP(x.pValue));
  expect({ mapsswe: p(t.mapsswe), sign: p(t.sign), wilcoxon: p(t.wilcoxon), mcnemar: p(t.mcnemar) }).toEqual(
    sc.p,
  );
  expect(t.mapsswe.details.segments).toBe(sc.mapsswe.segments);
  expect(t.mapsswe.details.z).toBeCloseTo(sc.mapsswe.z, 3);
  const m = t.mcnemar.details;
  expect([
    [m.bothRight, m.onlyB],
    [m.onlyA, m.bothWrong],
  ]).toEqual(sc.mcnemar);
  expect(t.sign.details).toEqual(sc.sign);
}

describe('sc_stats tests against frozen sc_stats outputs (test/fixtures/sclite/scStats.json)', () => {
  for (const run of fixture.runs) {
    it(`seed ${run.seed}: ${run.speakers} speakers × ${run.perSpeaker} utterances, bias ${run.bias}`, () => {
      const c = randomTwoSystems(run.seed, run.speakers, run.perSpeaker, run.bias);
      expectSame(c, run.scStats as ScStatsRun);
    });
  }
});

const hasSctk = scliteAvailable();
const skipReason = hasSctk ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSctk)(`sc_stats tests against a live sc_stats run${skipReason}`, () => {
  const corpora = [
    { seed: 101, speakers: 7, perSpeaker: 4, bias: 0.04 },
    { seed: 102, speakers: 22, perSpeaker: 3, bias: 0.12 },
    { seed: 103, speakers: 35, perSpeaker: 7, bias: 0 },
    { seed: 104, speakers: 2, perSpeaker: 9, bias: 0.2 },
  ];
  for (const k of corpora) {
    it(`seed ${k.seed}: ${k.speakers} speakers × ${k.perSpeaker} utterances`, () => {
      const c = randomTwoSystems(k.seed, k.speakers, k.perSpeaker, k.bias);
      expectSame(c, runScStats(c));
    });
  }
});

/** Slow oracle: Σ_{r ≤ k} C(n, r) / 2^n in exact integers. */
function bigTail(k: number, n: number): number {
  let c = 1n;
  let sum = 0n;
  for (let r = 0; r <= Math.min(k, n); r++) {
    sum += c;
    c = (c * BigInt(n - r)) / BigInt(r + 1);
  }
  if (k < 0) return 0;
  // Scale before dividing so the quotient keeps 17 significant digits.
  const scale = 10n ** 30n;
  return Number((sum * scale) / 2n ** BigInt(n)) / 1e30;
}

describe('distributions', () => {
  it('normalCdf matches reference values', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 14);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 14);
    expect(normalCdf(5)).toBeCloseTo(0.9999997133484281, 14);
    expect(normalCdf(-6)).toBeCloseTo(9.865876450377e-10, 20);
  });

  it("sctkNormProb reads Φ at the table step below |z|, as SCTK's normprob", () => {
    expect(sctkNormProb(1.969)).toBe(normalCdf(1.96));
    expect(sctkNormProb(-0.29)).toBe(normalCdf(0.29));
    expect(sctkNormProb(9)).toBe(normalCdf(5.14));
    expect(sctkTwoSidedP(0)).toBe(1);
  });

  it('binomialLowerTail and the exact two-sided test equal exact integer sums (n ≤ 400)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: -1, max: 400 }), (n, k0) => {
        const k = Math.min(k0, n);
        expect(binomialLowerTail(k, n)).toBeCloseTo(bigTail(k, n), 11);
        const m = Math.max(0, Math.min(k, n - k));
        expect(exactBinomialTwoSided(Math.max(0, k), n)).toBeCloseTo(Math.min(1, 2 * bigTail(m, n)), 11);
      }),
    );
  });

  it("sctkAccBinomial is the exact sum while n ≤ 20 and sc_stats's 0.5·R normal formula beyond", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -1, max: 20 }), (n, r) => {
        expect(sctkAccBinomial(Math.min(r, n), n)).toBeCloseTo(bigTail(Math.min(r, n), n), 12);
      }),
    );
    // R = 14 of n = 30: z = (7 − 15)/√7.5 = −2.92 → 1 − Φ(2.92), far below the exact 0.428.
    expect(sctkAccBinomial(14, 30)).toBeCloseTo(1 - normalCdf(2.92), 12);
    expect(bigTail(14, 30)).toBeCloseTo(0.4278, 4);
  });
});

describe('sc_stats tests on hand-made inputs', () => {
  it('meanRanks gives tied values the mean of their positions (slow oracle)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 }), (xs) => {
        const slow = xs.map(
          (x) => xs.filter((y) => y < x).length + (xs.filter((y) => y === x).length + 1) / 2,
        );
        expect(meanRanks(xs)).toEqual(slow);
      }),
    );
  });

  it('the sign test splits level speakers, the odd one to N(−), and its exact p is the binomial test', () => {
    const speakers = [
      { speaker: 's1', a: 10, b: 20 },
      { speaker: 's2', a: 12, b: 25 },
      { speaker: 's3', a: 30, b: 30.004 },
      { speaker: 's4', a: 5, b: 15 },
    ];
    const r = signTest(speakers);
    // B has the larger sum, so differences are B − A: three +, one within 0.005 → N(−).
    expect(r.details).toEqual({ plus: 3, minus: 0, equal: 1 });
    expect(r.pValue).toBeCloseTo(2 * (5 / 16), 12); // min(3, 1) = 1 of n = 4: (1 + 4)/16
    expect(r.exactPValue).toBeCloseTo(0.625, 12);
    expect(r.better).toBe('A');
    expect(r.n).toBe(4);
  });

  it('McNemar counts utterances only one system got wrong; level → p = 1; none → p = 1', () => {
    const u = (id: string, e: number) => ({ id, speaker: 's', C: 3, S: e, D: 0, I: 0 });
    const r = mcnemarTest(
      [u('1', 1), u('2', 0), u('3', 1), u('4', 1)],
      [u('1', 0), u('2', 0), u('3', 0), u('4', 1)],
    );
    expect(r.details).toEqual({ bothRight: 1, onlyA: 2, onlyB: 0, bothWrong: 1 });
    expect(r.pValue).toBeCloseTo(0.5, 12);
    expect(r.better).toBe('B');
    expect(mcnemarTest([u('1', 0)], [u('1', 0)]).pValue).toBe(1);
  });

  it('MAPSSWE: every error of each system lies in exactly one segment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const c = randomTwoSystems(seed, 2, 3, 0.1);
        const t = sieveTests(c);
        const ref = c.ids.map((id, k) => ({ id, words: c.ref[k]! }));
        const errors = (h: string[][]) => {
          const s = scoreTranscripts(
            ref,
            c.ids.map((id, k) => ({ id, words: h[k]! })),
            { ignoreCase: true },
          ).stats;
          return s.S + s.D + s.I;
        };
        expect(t.mapsswe.details.errorsA).toBe(errors(c.a));
        expect(t.mapsswe.details.errorsB).toBe(errors(c.b));
      }),
      { numRuns: 60 },
    );
  });

  it('MAPSSWE with no error anywhere has no segment and an undefined p-value', () => {
    const steps = [
      { op: 'C' as const, ref: 'a' },
      { op: 'C' as const, ref: 'b' },
    ];
    const r = mapssweTest([{ id: 'u', steps }], [{ id: 'u', steps }]);
    expect(r.n).toBe(0);
    expect(r.pValue).toBeNull();
  });

  it('Wilcoxon with no speakers is undefined', () => {
    expect(wilcoxonTest([]).pValue).toBeNull();
  });
});
