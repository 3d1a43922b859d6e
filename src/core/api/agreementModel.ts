// The agreement between a project's annotators as a schema: what `sieve agreement --format json` writes,
// what the `agreement:corpus` job answers the project page with, and what the report's agreement section is
// made from (src/main/agreement/projectAgreement.ts builds it). An undefined figure is null, as JSON has it.
import { z } from 'zod';
import { UNDEFINED } from '../scoring/present';

/**
 * How a figure is shown: `fraction` as a percentage (agreement, F1, WER, share within a tolerance),
 * `seconds` in milliseconds (boundary differences), `coefficient` with three decimals (κ, α: in [−1, 1]).
 */
export const AgreementUnit = z.enum(['fraction', 'seconds', 'coefficient']);
export type AgreementUnit = z.infer<typeof AgreementUnit>;

/** One corpus figure between two annotators (or among all of them), with its 95% bootstrap interval. */
export const AgreementFigure = z.strictObject({
  /** The measure's name as tables show it (`Struct-IoU syntax`, `Entity F1 (type)`, `κ status` …). */
  measure: z.string(),
  unit: AgreementUnit,
  /** Null when the measure is undefined on the data (no pairable units, chance agreement of 1 …). */
  value: z.number().nullable(),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  /** What the figure counts (shared boundaries, word labels, pairable values, utterances …). */
  n: z.number().int().nonnegative(),
  /** Utterances the figure was computed over (the resampling unit of its interval). */
  utterances: z.number().int().nonnegative(),
  signature: z.string(),
});
export type AgreementFigure = z.infer<typeof AgreementFigure>;

/** The figures of one pair of annotators over the utterances both annotated. */
export const AgreementPair = z.strictObject({
  a: z.string(),
  b: z.string(),
  /** Utterances both annotators have a layer of. */
  utterances: z.number().int().nonnegative(),
  figures: z.array(AgreementFigure),
});
export type AgreementPair = z.infer<typeof AgreementPair>;

/**
 * One utterance's figures for one pair (null where undefined) and how many differences an adjudicator
 * has to look at between the two layers (boundaries further apart than the tolerance, words, tree nodes
 * and entities without a partner, concepts, interpretations, labels and status that differ): what "most
 * disagreement first" sorts by.
 */
export const AgreementUtterance = z.strictObject({
  utteranceId: z.string(),
  a: z.string(),
  b: z.string(),
  values: z.record(z.string(), z.number().nullable()),
  differences: z.number().int().nonnegative(),
});
export type AgreementUtterance = z.infer<typeof AgreementUtterance>;

/**
 * Adjudication progress: utterances with layers of two or more annotators, and how many of them are
 * adjudicated — their adjudicated layer's status is done or reviewed, or it was edited after the last
 * change of any of their annotator layers.
 */
export const AdjudicationProgress = z.strictObject({
  annotators: z.number().int().nonnegative(),
  /** Utterances with at least one annotator layer. */
  annotated: z.number().int().nonnegative(),
  /** Utterances with layers of at least two annotators. */
  multiple: z.number().int().nonnegative(),
  /** Of `multiple`, those adjudicated. */
  adjudicated: z.number().int().nonnegative(),
});
export type AdjudicationProgress = z.infer<typeof AdjudicationProgress>;

/** The agreement of a project's annotators: the per-pair table, per-utterance figures, progress. */
export const ProjectAgreement = z.strictObject({
  project: z.string(),
  version: z.string(),
  /** The annotators compared, in the project's order. */
  annotators: z.array(z.string()),
  /** The settings of every figure (tolerances, bootstrap resamples and seed). */
  signature: z.string(),
  pairs: z.array(AgreementPair),
  /** Figures among all the annotators compared (Fleiss' κ, Krippendorff's α), when there are three or more. */
  overall: z.array(AgreementFigure),
  utterances: z.array(AgreementUtterance),
  progress: AdjudicationProgress,
});
export type ProjectAgreement = z.infer<typeof ProjectAgreement>;

/** A value as a table shows it in its unit, `—` when undefined. */
export function agreementValueText(value: number | null, unit: AgreementUnit): string {
  if (value === null || !Number.isFinite(value)) return UNDEFINED;
  if (unit === 'fraction') return (value * 100).toFixed(1);
  if (unit === 'seconds') return (value * 1000).toFixed(1);
  return value.toFixed(3);
}

/** The unit as a table's column says it. */
export function unitText(unit: AgreementUnit): string {
  return unit === 'fraction' ? '%' : unit === 'seconds' ? 'ms' : 'coefficient';
}
