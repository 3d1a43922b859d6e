// The report methods as jobs: the scores come from `scoreProject` (what the cache lacks is scored in the
// scoring worker threads) and are handed, as the cache's JSON, to a report worker thread that builds the
// model and renders the plots or the report text, so the app process keeps answering other calls meanwhile.
// PDF is printed here from the worker's HTML (printing needs Electron). What the state of the figures
// determines is kept (api/keptFigures.ts): systems' corpus figures and the dashboard's plots, so asking
// again for the same plots reads nothing and resamples nothing; perturbation curves are kept by what each
// is computed from.
import { Worker } from 'node:worker_threads';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type { DashboardReport, JobStatus, ReportFile } from '../../core/api/contract';
import type { Jobs } from '../api/jobs';
import { scoreProjectJson } from '../scoring/scoreProject';
import type { ProjectStore } from '../store/projectStore';
import { selectSystems } from './collectReport';
import { type PrintToPdf, type TextFormat, assertCanPrint, reportFile } from './exportReport';
import type { ReportResult, ReportTask, ReportWorkerMessage } from './reportWorkerProtocol';
import type { PerturbationCurve, ReportFigure } from '../../core/api/reportModel';
import { coverageOf } from '../../core/scoring/corpusScores';
import {
  type AnalysisKind,
  analysisKey,
  figuresKey,
  figuresState,
  keepAnalysis,
  keepFigures,
  keptAnalyses,
  keptAnalysis,
  keptFigures,
} from '../api/keptFigures';

/**
 * Runs `task` in a report worker thread; `onProgress` hears its phases. The worker ends with its answer.
 * Aborted before it starts (`signal`), no worker is started; a running worker is not stopped: terminating
 * one while it works brought the whole process down (a V8 check failing) under Node 22.
 */
export async function runReportWorker(
  task: ReportTask,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
  signal?: AbortSignal,
): Promise<ReportResult> {
  signal?.throwIfAborted();
  const entry = workerEntry(import.meta.url, 'reportWorker');
  const worker = new Worker(entry.file, { workerData: task, execArgv: entry.execArgv });
  try {
    return await new Promise<ReportResult>((resolve, reject) => {
      worker.on('message', (m: ReportWorkerMessage) => {
        if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
        else if (m.type === 'failed') reject(workerError(m));
        else resolve(m);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the report worker stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
}

/** The dashboard's plots, N-best breakdowns and ASR analysis, kept per state of the systems' figures. */
const PLOTS: AnalysisKind<DashboardReport> = { name: 'plots' };
/**
 * Perturbation curves, kept by everything each is computed from (`keyedPerturbationCurves`): a gold edit
 * outside a curve's sample leaves it as it is.
 */
const CURVES: AnalysisKind<PerturbationCurve> = { name: 'perturbation curve', keep: 16 };

/** Every perturbation curve kept for `project`, by key. */
function keptCurves(project: ProjectStore): [string, PerturbationCurve][] {
  return keptAnalyses(project, CURVES);
}

/** What a report job makes: the dashboard's plots and N-best breakdowns, or the report as a file in a format. */
export type ReportOutput = 'plots' | TextFormat | 'pdf';

/**
 * Starts a report job on the open project for the given systems (all when omitted). Unknown systems, and
 * PDF where nothing can print, are refused at once; the job's result is a `DashboardReport` (plots and N-best
 * breakdowns) or a `ReportFile`.
 */
export function startReportJob(
  jobs: Jobs,
  project: ProjectStore,
  kind: 'report:plots' | 'report:export',
  output: ReportOutput,
  systemIds?: readonly number[],
  printToPdf?: PrintToPdf,
): JobStatus {
  const systems = selectSystems(project, systemIds);
  if (output === 'pdf') assertCanPrint(printToPdf);
  // The same plots asked for again while they are made (same systems, gold, outputs and settings) join the
  // job making them; an export is made for each request.
  const key =
    kind === 'report:plots'
      ? { key: `${JSON.stringify(systems.map((s) => s.id))}:${project.workState()}` }
      : {};
  return jobs.start(
    kind,
    async (progress, _publish, signal): Promise<DashboardReport | ReportFile> => {
      // What the figures rest on, taken before anything is read: what is kept for it is used as it is.
      const state = figuresState(project, coverageOf(project.scoringSettings().settings));
      const ids = systems.map((s) => s.id);
      // The plots name the systems: a renamed system's are made again.
      const plotsKey = `${analysisKey(project, state, ids)}|${JSON.stringify(systems.map((s) => s.name))}`;
      const keptPlots = keptAnalysis(project, PLOTS, plotsKey);
      if (output === 'plots' && keptPlots) {
        progress(1, 1, 'done');
        return keptPlots;
      }
      const figureKeys = new Map(ids.map((id) => [id, figuresKey(project, state, id)]));
      const figures = ids.flatMap((id): [number, ReportFigure[]][] => {
        const known = keptFigures(project, figureKeys.get(id)!);
        return known ? [[id, known]] : [];
      });
      const perturbation = keptCurves(project);
      // Left as JSON: this thread only reads them from the cache and passes them on, the worker parses them.
      const scores = await scoreProjectJson(project, {
        systemIds: systems.map((s) => s.id),
        onProgress: (d, t) => progress(d, t, 'scoring'),
      });
      const name = project.summary().name;
      // Cancelled while scoring: no report is built.
      signal.throwIfAborted();
      const result = await runReportWorker(
        {
          // The file SQLite reads: the project, or the snapshot a project in a read-only folder is read from.
          file: project.db.name,
          settings: project.scoringSettings().settings,
          scores,
          project: name,
          systems,
          output: output === 'pdf' ? 'html' : output,
          ...(figures.length > 0 ? { figures } : {}),
          ...(perturbation.length > 0 ? { perturbation } : {}),
          // An HTML report shows the dashboard's plots: those kept for this state are not drawn again.
          ...(keptPlots && (output === 'html' || output === 'pdf') ? { plots: keptPlots.plots } : {}),
        },
        progress,
        signal,
      );
      if (result.type === 'plots') {
        for (const [id, f] of result.figures) keepFigures(project, figureKeys.get(id)!, f);
        for (const [key, curve] of result.perturbation) keepAnalysis(project, CURVES, key, curve);
        const plots: DashboardReport = { plots: result.plots, nbest: result.nbest, asr: result.asr };
        keepAnalysis(project, PLOTS, plotsKey, plots);
        return plots;
      }
      return reportFile(name, output as TextFormat | 'pdf', result.text, printToPdf);
    },
    key,
  );
}
