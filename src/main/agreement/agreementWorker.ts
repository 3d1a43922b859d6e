// An agreement worker thread: opens the project file read-only, reads every utterance's annotator layers
// from one snapshot, computes the agreement of every pair of annotators and renders its histograms, so the
// app process keeps answering other calls meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { renderPlots } from '../report/renderPlots';
import { workerFailure } from '../workerFailure';
import { agreementPlots } from './agreementPlots';
import type { AgreementTask, AgreementWorkerMessage } from './agreementWorkerProtocol';
import { projectAgreement } from './projectAgreement';

const task = workerData as AgreementTask;
const post = (m: AgreementWorkerMessage): void => parentPort!.postMessage(m);

async function run(): Promise<void> {
  const db = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const total = db
      .prepare('SELECT count(DISTINCT utterance_id) FROM annotator_gold')
      .pluck()
      .get() as number;
    const agreement = db.transaction(() =>
      projectAgreement(db, {
        project: task.project,
        ...(task.annotators ? { annotators: task.annotators } : {}),
        options: task.options,
        onProgress: (done) => {
          if (done % 50 === 0 || done === total) post({ type: 'progress', phase: 'comparing', done, total });
        },
      }),
    )();
    post({ type: 'progress', phase: 'plots', done: 0, total: 0 });
    const plots = await renderPlots(agreementPlots(agreement));
    post({ type: 'done', view: { agreement, plots } });
  } finally {
    db.close();
  }
}

run().catch((err: unknown) => post({ type: 'failed', ...workerFailure(err) }));
