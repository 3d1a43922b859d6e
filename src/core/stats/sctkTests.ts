// The sign test, the Wilcoxon signed-rank test and McNemar's test as NIST SCTK's sc_stats runs them
// (signtest.c, wilcoxon.c, sentmcn.c, rank.c): the first two on per-speaker percentages, McNemar on
// utterances with and without errors. p-values are sc_stats's, quirks included (each named where it is);
// where sc_stats's binomial departs from the exact test, the exact p-value is given beside it.
import { UNDEFINED } from '../scoring/present';
import { MetricInputError } from '../errors';
import { exactBinomialTwoSided, sctkAccBinomial, sctkTwoSidedP } from './distributions';
import { makeSignature } from './signature';

/** One utterance of one system as the tests need it: its speaker and its sclite counts. */
export interface UtteranceCounts {
  id: string;
  speaker: string;
  C: number;
  S: number;
  D: number;
  I: number;
}

/** sc_stats's `-f` percentage: E word error rate (default), R words correct, W word accuracy (100 − E). */
export type SpeakerFormula = 'E' | 'R' | 'W';

/** The names tables give sc_stats's tests. */
export const SCTK_TEST_NAMES: Readonly<Record<SignificanceResult['test'], string>> = {
  mapsswe: 'MAPSSWE',
  sign: 'Sign test',
  wilcoxon: 'Wilcoxon signed-rank',
  mcnemar: 'McNemar',
};

/** A p-value as sc_stats prints it: three decimals, `<0.001` below that, `—` when undefined. */
export function pValueText(p: number | null | undefined): string {
  return p === null || p === undefined ? UNDEFINED : p < 0.001 ? '<0.001' : p.toFixed(3);
}

/** Each system's percentages added up over the speakers (sc_stats puts the system with the larger sum first). */
function speakerSums(speakers: readonly SpeakerPair[]): { sumA: number; sumB: number } {
  let sumA = 0;
  let sumB = 0;
  for (const s of speakers) {
    sumA += s.a;
    sumB += s.b;
  }
  return { sumA, sumB };
}

/** A test's outcome: its statistic, p-value(s), sample size and which system is better on it. */
export interface SignificanceResult {
  test: 'mapsswe' | 'sign' | 'wilcoxon' | 'mcnemar';
  /** Two-sided p-value as sc_stats computes it (null when undefined: nothing to compare). */
  pValue: number | null;
  /** The exact binomial p-value where sc_stats's approximation departs from it (sign, McNemar); else absent. */
  exactPValue?: number;
  /** How many units the test compared (speakers, segments or utterances), with `unit` naming them. */
  n: number;
  unit: 'speakers' | 'segments' | 'utterances';
  /** The system better on the test's figure ('A' / 'B'), null when they are level. */
  better: 'A' | 'B' | null;
  /** Test-specific figures (counts, z, rank sums) for reports. */
  details: Record<string, number>;
  /** `sctk-sign|formula:E|…|v:…`. */
  signature: string;
}

/** sc_stats's percentage `pct(num, den)`: 0 when the denominator is 0 (sctk.h). */
function pct(num: number, den: number): number {
  return den === 0 ? 0 : (num / den) * 100;
}

/** The percentage of one speaker under a formula (rank.c `init_RANK_struct_from_SCORES`). */
export function speakerPercent(
  c: { C: number; S: number; D: number; I: number },
  formula: SpeakerFormula,
): number {
  if (formula === 'R') return pct(c.C, c.C + c.S + c.D);
  const e = pct(c.I + c.S + c.D, c.C + c.D + c.S);
  return formula === 'E' ? e : 100 - e;
}

/** A speaker's summed counts in both systems. */
export interface SpeakerPair {
  speaker: string;
  a: number;
  b: number;
}

/**
 * Per-speaker percentages of two systems on the same utterances, speakers in sc_stats's order: the order of
 * their first utterance when the ids are sorted bytewise (sclite sorts the ids it reads). Utterances are
 * paired by id; both systems must hold the same ids and give each the same speaker.
 */
export function speakerPercentages(
  a: readonly UtteranceCounts[],
  b: readonly UtteranceCounts[],
  formula: SpeakerFormula,
): SpeakerPair[] {
  const byId = pairById(a, b);
  const ids = [...byId.keys()].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const sums = new Map<string, { a: number[]; b: number[] }>();
  for (const id of ids) {
    const [ua, ub] = byId.get(id)!;
    if (ua.speaker !== ub.speaker)
      throw new MetricInputError(`utterance "${id}": speaker "${ua.speaker}" in A but "${ub.speaker}" in B`);
    let s = sums.get(ua.speaker);
    if (!s) sums.set(ua.speaker, (s = { a: [0, 0, 0, 0], b: [0, 0, 0, 0] }));
    addCounts(s.a, ua);
    addCounts(s.b, ub);
  }
  const asCounts = (v: number[]) => ({ C: v[0]!, S: v[1]!, D: v[2]!, I: v[3]! });
  return [...sums].map(([speaker, s]) => ({
    speaker,
    a: speakerPercent(asCounts(s.a), formula),
    b: speakerPercent(asCounts(s.b), formula),
  }));
}

function addCounts(acc: number[], u: UtteranceCounts): void {
  acc[0]! += u.C;
  acc[1]! += u.S;
  acc[2]! += u.D;
  acc[3]! += u.I;
}

/** Pairs two systems' utterances by id; the id sets must be equal. */
export function pairById<T extends { id: string }>(a: readonly T[], b: readonly T[]): Map<string, [T, T]> {
  const bIds = new Map(b.map((u) => [u.id, u]));
  const out = new Map<string, [T, T]>();
  for (const u of a) {
    const v = bIds.get(u.id);
    if (v === undefined) throw new MetricInputError(`utterance "${u.id}" is in A but not in B`);
    if (out.has(u.id)) throw new MetricInputError(`utterance "${u.id}" appears twice in A`);
    out.set(u.id, [u, v]);
  }
  if (out.size !== bIds.size) {
    const extra = b.find((u) => !out.has(u.id));
    throw new MetricInputError(`utterance "${extra?.id ?? '?'}" is in B but not in A (or twice in B)`);
  }
  return out;
}

/** Which system is better on a percentage: lower is better for E, higher for R and W. */
function betterOf(sumA: number, sumB: number, formula: SpeakerFormula): 'A' | 'B' | null {
  if (sumA === sumB) return null;
  const aLower = sumA < sumB;
  return formula === 'E' ? (aLower ? 'A' : 'B') : aLower ? 'B' : 'A';
}

/**
 * The sign test over speakers as sc_stats runs it (signtest.c): a speaker's difference counts as none when
 * the two percentages are within 0.005; of the speakers without a difference half go to N(+) and half to
 * N(−), the odd one to N(−); p = 2 · compute_acc_binomial(min(N+, N−), N) (sc_stats's binomial, see
 * `sctkAccBinomial`), 1 when N+ = N−. `exactPValue` is the exact binomial test on the same N+ and N−.
 */
export function signTest(
  speakers: readonly SpeakerPair[],
  formula: SpeakerFormula = 'E',
): SignificanceResult {
  // sc_stats orders the pair so the first has the larger sum, then counts first − second.
  const { sumA, sumB } = speakerSums(speakers);
  const aFirst = sumA > sumB;
  let plus = 0;
  let minus = 0;
  let equal = 0;
  for (const s of speakers) {
    const first = aFirst ? s.a : s.b;
    const second = aFirst ? s.b : s.a;
    if (Math.abs(first - second) <= 0.005) equal++;
    else if (first < second) minus++;
    else plus++;
  }
  const numA = plus + Math.floor(equal / 2);
  const numB = minus + Math.floor(equal / 2) + (equal % 2);
  const n = numA + numB;
  const pValue = numA !== numB ? 2 * sctkAccBinomial(Math.min(numA, numB), n) : 1;
  return {
    test: 'sign',
    pValue,
    exactPValue: numA !== numB ? exactBinomialTwoSided(Math.min(numA, numB), n) : 1,
    n: speakers.length,
    unit: 'speakers',
    better: betterOf(sumA, sumB, formula),
    details: { plus, minus, equal },
    signature: makeSignature('sctk-sign', [
      ['formula', formula],
      ['tie', 0.005],
    ]),
  };
}

/** Mean ranks (1-based) of values, ties sharing the mean of their positions (order.c `rank_double_arr`). */
export function meanRanks(values: readonly number[]): number[] {
  const order = values.map((_, i) => i).sort((x, y) => values[x]! - values[y]!);
  const ranks = new Array<number>(values.length);
  for (let j = 0; j < order.length;) {
    let end = j;
    while (end + 1 < order.length && values[order[end + 1]!] === values[order[j]!]) end++;
    const rank = (j + end) / 2 + 1;
    for (let k = j; k <= end; k++) ranks[order[k]!] = rank;
    j = end + 1;
  }
  return ranks;
}

/**
 * The Wilcoxon signed-rank test over speakers as sc_stats runs it (wilcoxon.c): every speaker's |difference|
 * is ranked (mean ranks for ties, zero differences included); a difference within 0.005 goes alternately to
 * the positive and the negative side, in speaker order, starting with positive; W is the rank sum of the
 * side with fewer speakers (the negative side when both have as many); z = (W − n(n+1)/4) /
 * √(n(n+1)(2n+1)/24) and p is two-sided from sc_stats's floored normal table. No speakers: p undefined.
 */
export function wilcoxonTest(
  speakers: readonly SpeakerPair[],
  formula: SpeakerFormula = 'E',
): SignificanceResult {
  const { sumA, sumB } = speakerSums(speakers);
  const aFirst = sumA > sumB;
  const diff = speakers.map((s) => (aFirst ? s.a - s.b : s.b - s.a));
  const ranks = meanRanks(diff.map(Math.abs));
  let numPlus = 0;
  let numMinus = 0;
  let rankPlus = 0;
  let rankMinus = 0;
  let alternate = 0;
  diff.forEach((d, k) => {
    const r = ranks[k]!;
    const clear = Math.abs(d) > 0.005;
    if (d < 0 && clear) {
      numMinus++;
      rankMinus += r;
    } else if (d > 0 && clear) {
      numPlus++;
      rankPlus += r;
    } else if (alternate++ % 2 === 0) {
      numPlus++;
      rankPlus += r;
    } else {
      numMinus++;
      rankMinus += r;
    }
  });
  const n = numPlus + numMinus;
  const w = numPlus < numMinus ? rankPlus : rankMinus;
  const expected = (n * (n + 1)) / 4;
  const variance = (n * (n + 1) * (2 * n + 1)) / 24;
  const z = n === 0 ? NaN : (w - expected) / Math.sqrt(variance);
  return {
    test: 'wilcoxon',
    pValue: n === 0 ? null : sctkTwoSidedP(z),
    n: speakers.length,
    unit: 'speakers',
    better: betterOf(sumA, sumB, formula),
    details: {
      positive: numPlus,
      negative: numMinus,
      rankSumPositive: rankPlus,
      rankSumNegative: rankMinus,
      W: w,
      z,
    },
    signature: makeSignature('sctk-wilcoxon', [
      ['formula', formula],
      ['tie', 0.005],
      ['normal', 'table0.01'],
    ]),
  };
}

/**
 * McNemar's test on utterance errors as sc_stats runs it (sentmcn.c): an utterance is wrong when its
 * alignment has any error; of the utterances exactly one system got wrong (A only: a, B only: b),
 * p = 2 · compute_acc_binomial(min(a, b), a + b), and 1 when a = b. `exactPValue` is the exact binomial
 * (McNemar's exact) test on the same a and b.
 */
export function mcnemarTest(
  a: readonly UtteranceCounts[],
  b: readonly UtteranceCounts[],
): SignificanceResult {
  const byId = pairById(a, b);
  let bothRight = 0;
  let onlyA = 0; // A wrong, B right
  let onlyB = 0; // A right, B wrong
  let bothWrong = 0;
  const wrong = (u: UtteranceCounts): boolean => u.S + u.D + u.I > 0;
  for (const [ua, ub] of byId.values()) {
    const ea = wrong(ua);
    const eb = wrong(ub);
    if (ea && eb) bothWrong++;
    else if (ea) onlyA++;
    else if (eb) onlyB++;
    else bothRight++;
  }
  const level = onlyA === onlyB;
  const m = Math.min(onlyA, onlyB);
  return {
    test: 'mcnemar',
    pValue: level ? 1 : 2 * sctkAccBinomial(m, onlyA + onlyB),
    exactPValue: level ? 1 : exactBinomialTwoSided(m, onlyA + onlyB),
    n: byId.size,
    unit: 'utterances',
    better: level ? null : onlyA < onlyB ? 'A' : 'B',
    details: { bothRight, onlyA, onlyB, bothWrong },
    signature: makeSignature('sctk-mcnemar', [['unit', 'utterance']]),
  };
}
