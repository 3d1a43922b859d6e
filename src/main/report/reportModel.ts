// The project report as plain, JSON-serialisable data: corpus figures with intervals per system, paired
// comparisons of every pair, the per-utterance appendix, the N-best breakdown (Kleinbauer et al. Table 3),
// the boundary-perturbation curve (Shi et al. Fig. 5) and the data of every plot. Every writer (HTML,
// CSV, JSON, Markdown) and the plots read this one model, so they cannot disagree.
import type { ProjectAgreement } from '../../core/api/agreementModel';
import type { GoldRecords } from '../../core/gold/records';
import { asrPlots, asrReport } from './asrSection';
import type { SystemOutput } from '../../core/model/systemOutput';
import { type Coverage, compareSystems, corpusScores } from '../../core/scoring/corpusScores';
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';
import { utteranceMetricList } from '../../core/scoring/utteranceMetrics';
import { SIEVE_VERSION } from '../../core/version';
import type { ReportFigure, ReportInterval, ReportModel, ReportPaired } from '../../core/api/reportModel';
import { nbestBreakdown } from './nbestBreakdown';
import { type PerturbationCurve, perturbationCurves } from './perturbationCurve';
import { colourBySystem, plotData } from './plotData';

/** What a report is made from: the project's gold and each selected system's scores and N-best lists. */
export interface ReportInput {
  project: string;
  /** Every utterance of the project, in project order, with its speaker where known. */
  utterances: readonly { id: string; gold: GoldRecords; speaker?: string }[];
  systems: readonly {
    systemId: number;
    name: string;
    scores: ReadonlyMap<string, UtteranceScores>;
    /** The system's N-best list per utterance, where it has one. */
    nbest: ReadonlyMap<string, NonNullable<SystemOutput['nbest']>>;
    /** The system's words per utterance (for the ASR analysis), where it has them. */
    words?: ReadonlyMap<string, NonNullable<SystemOutput['words']>>;
  }[];
  /** The agreement between the project's annotators, when some utterance has two or more of their layers. */
  agreement?: ProjectAgreement | null;
}

/** Seeds and sizes of the resampling; the defaults are those of the dashboard. */
export interface ReportOptions {
  resamples?: number;
  trials?: number;
  seed?: number;
  /** Repetitions per δ of the perturbation curve (Shi et al. run 5). */
  perturbationRepetitions?: number;
  /** Which utterances corpus figures combine (default `all`: no output is an empty hypothesis). */
  coverage?: Coverage;
  /**
   * Systems' corpus figures already computed from the same scores with these options (kept by the app),
   * by system id: used as they are instead of being resampled again.
   */
  figures?: ReadonlyMap<number, readonly ReportFigure[]>;
  /** The perturbation curves already computed from the same gold (kept by the app). */
  perturbation?: readonly PerturbationCurve[];
  /** False: no paired comparisons (the dashboard's plots do not show them); default true. */
  comparisons?: boolean;
}

/** The report's types, defined once by their schema in core. */
export type { ReportFigure, ReportInterval, ReportModel, ReportPaired } from '../../core/api/reportModel';

/** A number for JSON: NaN and ±Infinity become null. */
export function fin(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

const interval = (x: { value: number; lo: number; hi: number }): ReportInterval => ({
  value: fin(x.value),
  lo: fin(x.lo),
  hi: fin(x.hi),
});

/** Builds the report. Deterministic: every random choice is seeded. */
export function buildReport(input: ReportInput, options: ReportOptions = {}): ReportModel {
  const boot = { resamples: options.resamples, seed: options.seed, coverage: options.coverage };
  const systems = input.systems.map((s) => ({
    systemId: s.systemId,
    name: s.name,
    figures:
      options.figures?.get(s.systemId)?.slice() ??
      corpusScores([...s.scores.values()], boot).map((f): ReportFigure => ({
        ...f,
        value: fin(f.value),
        lo: fin(f.lo),
        hi: fin(f.hi),
      })),
  }));
  const metrics: string[] = [];
  const signatures: ReportModel['signatures'] = [];
  for (const s of systems)
    for (const f of s.figures)
      if (!metrics.includes(f.metric)) {
        metrics.push(f.metric);
        signatures.push({ metric: f.metric, signature: f.signature, bootstrap: f.bootstrap });
      }
  const comparisons: ReportModel['comparisons'] = [];
  const compared = options.comparisons === false ? 0 : input.systems.length;
  for (let i = 0; i < compared; i++)
    for (let j = i + 1; j < compared; j++) {
      const a = input.systems[i]!;
      const b = input.systems[j]!;
      const figures = compareSystems(a.scores, b.scores, { ...boot, trials: options.trials }).map(
        (f): ReportPaired => ({
          ...f,
          a: interval(f.a),
          b: interval(f.b),
          delta: interval(f.delta),
          pValue: fin(f.pValue),
        }),
      );
      comparisons.push({ systemA: a.name, systemB: b.name, figures });
    }
  const utteranceSignatures = new Map<string, string>();
  const utterances = input.systems.map((s) => ({
    systemId: s.systemId,
    name: s.name,
    rows: input.utterances.flatMap((u) => {
      const scores = s.scores.get(u.id);
      if (!scores) return [];
      const row: Record<string, number | null> = {};
      for (const m of utteranceMetricList(scores)) {
        row[m.metric] = m.value;
        if (!utteranceSignatures.has(m.metric)) utteranceSignatures.set(m.metric, m.signature);
      }
      return [{ utteranceId: u.id, metrics: row }];
    }),
  }));
  const gold = new Map(input.utterances.map((u) => [u.id, u.gold]));
  const model: ReportModel = {
    project: input.project,
    version: SIEVE_VERSION,
    metrics,
    signatures,
    systems,
    comparisons,
    utteranceMetrics: [...utteranceSignatures].map(([metric, signature]) => ({ metric, signature })),
    utterances,
    nbest: input.systems.map((s) => nbestBreakdown(s.name, s.nbest, gold)),
    perturbation:
      options.perturbation?.slice() ??
      perturbationCurves(input.utterances, {
        repetitions: options.perturbationRepetitions,
      }),
    asr: asrReport(input),
    plots: [],
    agreement: input.agreement ?? null,
  };
  model.plots = colourBySystem([...plotData(model), ...asrPlots(model.asr)], model.systems);
  return model;
}
