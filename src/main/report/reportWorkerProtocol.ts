// What the app process and a report worker say to each other: the task the worker is started with, its
// progress, and its one answer (the plots, the report text, or the error).
import type { AsrReport } from '../../core/asr/asrReport';
import type { NbestBreakdown, PlotSvg, ScoringSettings } from '../../core/api/contract';
import type { PerturbationCurve, ReportFigure } from '../../core/api/reportModel';
import type { ProjectScoresJson } from '../scoring/projectScores';
import type { WorkerFailure } from '../workerFailure';
import type { TextFormat } from './exportReport';

/** One report to make, from the project file as it is when the worker reads it. */
export interface ReportTask {
  /** The project file, opened read-only by the worker. */
  file: string;
  /** The project's scoring settings (whether utterances without output count in the corpus figures). */
  settings: ScoringSettings;
  /** The systems' scores, as `scoreProject` gave them to the app process (the score cache's JSON). */
  scores: ProjectScoresJson;
  /** The project's name, as the report prints it. */
  project: string;
  /** The systems of the report, in project order. */
  systems: { id: number; name: string }[];
  /** The plots as SVG (with the N-best breakdowns), or the whole report as text in a format. */
  output: 'plots' | TextFormat;
  /** Systems' corpus figures the app keeps for these scores, used instead of being computed again. */
  figures?: [systemId: number, figures: ReportFigure[]][];
  /** The plots rendered for the same state (kept by the app from the dashboard's), for an HTML report. */
  plots?: PlotSvg[];
  /** Perturbation curves the app keeps, by key (`keyedPerturbationCurves`): used where the key is the same. */
  perturbation?: [key: string, curve: PerturbationCurve][];
}

/** The worker's answer. */
export type ReportResult =
  | {
      type: 'plots';
      plots: PlotSvg[];
      nbest: NbestBreakdown[];
      asr: AsrReport;
      /** The corpus figures and perturbation curves (by key) the plots were made from, for the app to keep. */
      figures: [systemId: number, figures: ReportFigure[]][];
      perturbation: [key: string, curve: PerturbationCurve][];
    }
  | { type: 'text'; text: string };

/** A message from the worker: progress, then one answer or a failure. */
export type ReportWorkerMessage =
  | { type: 'progress'; phase: string; done: number; total: number }
  | ReportResult
  | ({ type: 'failed' } & WorkerFailure);
