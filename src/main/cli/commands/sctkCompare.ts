// `sieve compare --test mapsswe,sign,wilcoxon,mcnemar`: sc_stats's significance tests between two systems
// scored by `sieve wer --format json` (per utterance C, S, D, I and the alignment).
import type { EditOp } from '../../../core/align/align';
import { SPEAKER_ID_MODES, type SpeakerIdMode } from '../../../core/asr/speakers';
import { MetricInputError } from '../../../core/errors';
import type { ItemLine, ItemResults } from '../../../core/stats/itemResults';
import { type AlignmentStep, type UtteranceAlignment, mapssweTest } from '../../../core/stats/mapsswe';
import {
  type SignificanceResult,
  type SpeakerFormula,
  type UtteranceCounts,
  mcnemarTest,
  signTest,
  speakerPercentages,
  wilcoxonTest,
} from '../../../core/stats/sctkTests';
import { UNDEFINED } from '../../../core/scoring/present';
import { choiceOption } from '../options';
import { speakerRule } from './transcriptReports';

/** sc_stats's tests, in the order it runs them. */
export const SCTK_TESTS = ['mapsswe', 'sign', 'wilcoxon', 'mcnemar'] as const;
/** sc_stats's test names. */
export type SctkTest = (typeof SCTK_TESTS)[number];

/** The percentage formulas of `--formula` (sc_stats `-f`). */
export const FORMULAS = ['E', 'R', 'W'] as const;

/** `--id-type` for the speaker-level tests: sclite's -i types; default rm's rule, whole id without - or _. */
export function idTypeOption(value: string | undefined): SpeakerIdMode | 'rm-or-id' {
  return value === undefined ? 'rm-or-id' : choiceOption('--id-type', value, SPEAKER_ID_MODES);
}

const isOp = (x: unknown): x is EditOp => x === 'C' || x === 'S' || x === 'I' || x === 'D';

function count(item: ItemLine, field: string, file: string): number {
  const v = item.fields[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new MetricInputError(
      `${file}: utterance "${item.key}": ${field} is not a count; sc_stats's tests read sieve wer --format json`,
    );
  return v;
}

/** One system's utterances from a `sieve wer --format json` file: counts, speakers and alignments. */
export function werUtterances(
  results: ItemResults,
  file: string,
  speakerOf: (id: string) => string,
): { counts: UtteranceCounts[]; alignments: UtteranceAlignment[] } {
  const counts: UtteranceCounts[] = [];
  const alignments: UtteranceAlignment[] = [];
  for (const item of results.items) {
    const id = item.key;
    const C = count(item, 'C', file);
    const S = count(item, 'S', file);
    const D = count(item, 'D', file);
    const I = count(item, 'I', file);
    counts.push({ id, speaker: speakerOf(id), C, S, D, I });
    const raw = item.fields['alignment'];
    if (!Array.isArray(raw))
      throw new MetricInputError(
        `${file}: utterance "${id}" has no alignment; write it with sieve wer --format json`,
      );
    const steps: AlignmentStep[] = raw.map((step: unknown, k) => {
      const op = Array.isArray(step) ? step[2] : undefined;
      const ref = Array.isArray(step) ? step[0] : undefined;
      if (!isOp(op) || (ref !== null && typeof ref !== 'string'))
        throw new MetricInputError(
          `${file}: utterance "${id}": alignment step ${k + 1} is not [ref, hyp, op]`,
        );
      return { op, ref };
    });
    alignments.push({ id, steps });
  }
  return { counts, alignments };
}

/** Runs the chosen tests on two systems' `sieve wer --format json` results. */
export function runSctkTests(
  a: ItemResults,
  b: ItemResults,
  files: [string, string],
  tests: readonly SctkTest[],
  options: { idType: SpeakerIdMode | 'rm-or-id'; formula: SpeakerFormula },
): SignificanceResult[] {
  const speakerOf = speakerRule(options.idType);
  const ua = werUtterances(a, files[0], speakerOf);
  const ub = werUtterances(b, files[1], speakerOf);
  const speakers = () => speakerPercentages(ua.counts, ub.counts, options.formula);
  return tests.map((t) => {
    let r: SignificanceResult;
    if (t === 'mapsswe') r = mapssweTest(ua.alignments, ub.alignments);
    else if (t === 'sign') r = signTest(speakers(), options.formula);
    else if (t === 'wilcoxon') r = wilcoxonTest(speakers(), options.formula);
    else r = mcnemarTest(ua.counts, ub.counts);
    if (t === 'sign' || t === 'wilcoxon')
      r = { ...r, signature: r.signature.replace('|v:', `|speakers:${options.idType}|v:`) };
    // The result only: MAPSSWE's list of segments stays out of the report.
    const { test, pValue, exactPValue, n, unit, better, details, signature } = r;
    return {
      test,
      pValue,
      ...(exactPValue === undefined ? {} : { exactPValue }),
      n,
      unit,
      better,
      details,
      signature,
    };
  });
}

const NAMES: Record<SctkTest, string> = {
  mapsswe: 'MAPSSWE',
  sign: 'sign',
  wilcoxon: 'Wilcoxon',
  mcnemar: 'McNemar',
};

/** A p-value for a table: four significant digits, `—` when undefined. */
export function pText(p: number | null | undefined): string {
  return p === null || p === undefined ? UNDEFINED : p < 1e-4 ? p.toExponential(2) : p.toPrecision(4);
}

/** One line per test for `sieve compare`'s table. */
export function sctkTestLines(results: readonly SignificanceResult[]): string[] {
  return results.map((r) => {
    const d = r.details;
    let what: string;
    if (r.test === 'mapsswe') what = `z ${Number.isFinite(d.z) ? d.z!.toFixed(3) : UNDEFINED}`;
    else if (r.test === 'sign') what = `N(+) ${d.plus}, N(−) ${d.minus}, level ${d.equal}`;
    else if (r.test === 'wilcoxon') what = `z ${Number.isFinite(d.z) ? d.z!.toFixed(3) : UNDEFINED}`;
    else what = `only A wrong ${d.onlyA}, only B wrong ${d.onlyB}`;
    const exact = r.exactPValue === undefined ? '' : `; exact ${pText(r.exactPValue)}`;
    const better = r.better === null ? 'level' : `${r.better} better`;
    return `${NAMES[r.test].padEnd(10)} p ${pText(r.pValue)} (sc_stats${exact})  n ${r.n} ${r.unit}  ${what}  ${better}  ${r.signature}`;
  });
}
