// A report worker thread: opens the project file read-only, reads the gold, the N-best lists and the cached
// scores from one snapshot (scoring here any pair the cache lacks, without writing), builds the report
// model and renders the plots or the report text, so the app process stays free to answer other calls.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { workerFailure } from '../workerFailure';
import { scoringContextFor } from '../scoring/projectScores';
import { readScores } from './cachedScores';
import { readReportInput } from './collectReport';
import { reportText } from './exportReport';
import { buildReport } from './reportModel';
import { renderPlot } from './renderPlots';
import type { ReportTask, ReportWorkerMessage } from './reportWorkerProtocol';
import { coverageOf } from '../../core/scoring/corpusScores';

const task = workerData as ReportTask;
const post = (m: ReportWorkerMessage): void => parentPort!.postMessage(m);

async function run(): Promise<void> {
  const db = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    post({ type: 'progress', phase: 'reading', done: 0, total: 0 });
    const ctx = scoringContextFor(task.settings);
    const input = db.transaction(() => {
      const ids = db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
      const scores = readScores(
        db,
        task.systems.map((s) => s.id),
        ids,
        ctx,
      );
      return readReportInput(db, task.project, ids, task.systems, (id) => scores.get(id)!);
    })();
    post({ type: 'progress', phase: 'building', done: 0, total: 0 });
    const model = buildReport(input, { coverage: coverageOf(task.settings) });
    if (task.output === 'plots') {
      const plots = [];
      for (const [k, p] of model.plots.entries()) {
        post({ type: 'progress', phase: 'plots', done: k, total: model.plots.length });
        plots.push(await renderPlot(p));
      }
      post({ type: 'plots', plots, nbest: model.nbest, asr: model.asr });
    } else {
      post({ type: 'progress', phase: 'writing', done: 0, total: 0 });
      post({ type: 'text', text: await reportText(model, task.output) });
    }
  } finally {
    db.close();
  }
}

run().catch((err: unknown) => post({ type: 'failed', ...workerFailure(err) }));
