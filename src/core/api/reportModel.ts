// The project report's model as a schema: what `sieve report --format json` and the JSON export write, and
// what every other report format and the plots are made from (src/main/report/reportModel.ts builds it).
// The TypeScript types are inferred from it; an undefined figure is null, as JSON has it.
import { z } from 'zod';
import { ProjectAgreement } from './agreementModel';
import { AsrReport } from '../asr/asrReport';
import { CorpusFigure, NbestBreakdown, PairedFigure } from './contract';

/** A corpus figure as the report carries it: an undefined value or bound is null. */
export const ReportFigure = CorpusFigure;
export type ReportFigure = z.infer<typeof ReportFigure>;

/** Two systems on one metric: paired bootstrap intervals and the approximate-randomisation p-value. */
export const ReportPaired = PairedFigure;
export type ReportPaired = z.infer<typeof ReportPaired>;

/** An interval that may be undefined. */
export type ReportInterval = ReportPaired['a'];

/** The boundary-perturbation curve of one gold tree name (Shi et al. §5.1.3, Figure 5). */
export const PerturbationCurve = z.strictObject({
  tree: z.string(),
  /** Sentences on the curve (untyped gold trees over timed words with at least one constituent). */
  sentences: z.number().int().nonnegative(),
  /** Sentences that qualified; above the sample size the curve is drawn on a seeded sample of them. */
  eligible: z.number().int().nonnegative(),
  /** Sentences of that tree name left out (untimed words, leaves that are not the words, no constituent). */
  skipped: z.number().int().nonnegative(),
  signature: z.string(),
  /** δ = 0 first, then the grid; means and population standard deviations over the repetitions. */
  points: z.array(
    z.strictObject({
      delta: z.number(),
      mean: z.number(),
      std: z.number(),
      corpusMean: z.number(),
      corpusStd: z.number(),
    }),
  ),
});
export type PerturbationCurve = z.infer<typeof PerturbationCurve>;

/** How a plot draws its rows. */
export const PlotKind = z.enum(['scatter', 'line', 'histogram']);
export type PlotKind = z.infer<typeof PlotKind>;

const Axis = z.strictObject({ field: z.string(), title: z.string() });

/** One plot's data and labels: what the SVG draws, so a plot can be redrawn from the JSON alone. */
export const PlotData = z.strictObject({
  id: z.string(),
  title: z.string(),
  caption: z.string(),
  kind: PlotKind,
  x: Axis,
  y: Axis,
  /** Field that colours the marks (scatter, line) or splits the histogram into rows. */
  group: z.string(),
  /** A second nominal field shown by the mark's shape (scatter). */
  shape: z.string().optional(),
  /** Fields listed in each mark's tooltip, in order. */
  tooltip: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  /** What the plot says when it has no rows. */
  empty: z.string(),
  /** Histograms: the range the bins cover (e.g. [0, 1] for a fraction), else the data's. */
  binExtent: z.tuple([z.number(), z.number()]).optional(),
  /** The colour of each value of `group` (the systems' colours, the same in every plot and table). */
  colours: z.strictObject({ domain: z.array(z.string()), range: z.array(z.string()) }).optional(),
  /** Scatter plots: the rank and linear correlation of x and y over the points (null when undefined). */
  correlation: z
    .strictObject({ spearman: z.number().nullable(), pearson: z.number().nullable(), n: z.number().int() })
    .optional(),
});
export type PlotData = z.infer<typeof PlotData>;

/** The whole report. */
export const ReportModel = z.strictObject({
  project: z.string(),
  version: z.string(),
  /** Every metric that has a corpus figure, in first-seen order. */
  metrics: z.array(z.string()),
  /** Each corpus metric's settings signature and bootstrap signature. */
  signatures: z.array(z.strictObject({ metric: z.string(), signature: z.string(), bootstrap: z.string() })),
  systems: z.array(
    z.strictObject({ systemId: z.number().int(), name: z.string(), figures: z.array(ReportFigure) }),
  ),
  comparisons: z.array(
    z.strictObject({ systemA: z.string(), systemB: z.string(), figures: z.array(ReportPaired) }),
  ),
  /** Per-utterance figures: the metric names, their signatures, and per system one row per utterance. */
  utteranceMetrics: z.array(z.strictObject({ metric: z.string(), signature: z.string() })),
  utterances: z.array(
    z.strictObject({
      systemId: z.number().int(),
      name: z.string(),
      rows: z.array(
        z.strictObject({ utteranceId: z.string(), metrics: z.record(z.string(), z.number().nullable()) }),
      ),
    }),
  ),
  nbest: z.array(NbestBreakdown),
  perturbation: z.array(PerturbationCurve),
  /** The ASR analysis: sclite's error analysis, summary by speaker and NCE per system, sc_stats's tests per pair. */
  asr: AsrReport,
  plots: z.array(PlotData),
  /** The agreement between annotators; null when no utterance has layers of two or more of them. */
  agreement: ProjectAgreement.nullable().optional(),
});
export type ReportModel = z.infer<typeof ReportModel>;
