// A report worker thread: given the scores the report job got from `scoreProject`, opens the project file
// read-only, reads the gold, the N-best lists and the words from one snapshot, builds the report model and
// renders the plots or the report text, so the app process stays free to answer other calls.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { workerFailure } from '../workerFailure';
import { parseScores } from '../scoring/projectScores';
import { readReportInput } from './collectReport';
import { reportText } from './exportReport';
import { keyedPerturbationCurves } from './perturbationCurve';
import { buildReport } from './reportModel';
import { renderPlot } from './renderPlots';
import type { ReportTask, ReportWorkerMessage } from './reportWorkerProtocol';
import { coverageOf } from '../../core/scoring/corpusScores';
import { reportAgreement } from '../agreement/projectAgreement';

const task = workerData as ReportTask;
const post = (m: ReportWorkerMessage): void => parentPort!.postMessage(m);

async function run(): Promise<void> {
  const db = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    post({ type: 'progress', phase: 'reading', done: 0, total: 0 });
    const scores = parseScores(task.scores);
    const input = db.transaction(() => {
      // The utterances scored for every system (one imported since is left for the next report).
      const ids = (db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[]).filter(
        (id) => task.systems.every((s) => scores.get(s.id)?.has(id)),
      );
      const read = readReportInput(db, task.project, ids, task.systems, (id) => scores.get(id)!);
      // The dashboard's plots do not show the agreement (its own job does).
      const agreement =
        task.output === 'plots' ? null : reportAgreement(db, task.project, task.settings.ignoreCase);
      return { ...read, agreement };
    })();
    post({ type: 'progress', phase: 'building', done: 0, total: 0 });
    // The curves the app keeps are used where nothing they are computed from changed.
    const keptCurves = new Map(task.perturbation ?? []);
    const curves = keyedPerturbationCurves(input.utterances, {}, (key) => keptCurves.get(key));
    const model = buildReport(input, {
      coverage: coverageOf(task.settings),
      ...(task.figures ? { figures: new Map(task.figures) } : {}),
      perturbation: curves.map(([, curve]) => curve),
      // The dashboard shows no paired comparisons: the plots skip their resampling.
      comparisons: task.output !== 'plots',
    });
    if (task.output === 'plots') {
      const plots = [];
      for (const [k, p] of model.plots.entries()) {
        post({ type: 'progress', phase: 'plots', done: k, total: model.plots.length });
        plots.push(await renderPlot(p));
      }
      post({
        type: 'plots',
        plots,
        nbest: model.nbest,
        asr: model.asr,
        figures: model.systems.map((s) => [s.systemId, s.figures]),
        perturbation: curves,
      });
    } else {
      post({ type: 'progress', phase: 'writing', done: 0, total: 0 });
      const plots = task.plots ? { plots: task.plots } : {};
      post({ type: 'text', text: await reportText(model, task.output, plots) });
    }
  } finally {
    db.close();
  }
}

run().catch((err: unknown) => post({ type: 'failed', ...workerFailure(err) }));
