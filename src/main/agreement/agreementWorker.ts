// An agreement worker thread: opens the project file read-only, reads every utterance's annotator layers
// from one snapshot, computes the agreement of every pair of annotators and renders its histograms — or
// counts the differences between the layers of the utterances it is given, as a worker kept for that and
// told each task in a message — so the app process keeps answering other calls meanwhile.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { renderPlots } from '../report/renderPlots';
import { workerFailure } from '../workerFailure';
import { agreementPlots } from './agreementPlots';
import type {
  AgreementTask,
  AgreementWorkerMessage,
  DisagreementTask,
  KeptWorkerData,
} from './agreementWorkerProtocol';
import { utteranceDisagreements } from './disagreements';
import { projectAgreement } from './projectAgreement';

const task = workerData as AgreementTask | KeptWorkerData;
const post = (m: AgreementWorkerMessage): void => parentPort!.postMessage(m);

/** Progress is posted at most this often (utterances). */
const PROGRESS_EVERY = 50;

function countDifferences(task: DisagreementTask): void {
  const db = new Database(task.file, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const total = task.differencesOf.length;
    const utterances = db.transaction(() =>
      utteranceDisagreements(db, task.differencesOf, (done) => {
        if (done % PROGRESS_EVERY === 0 || done === total)
          post({ type: 'progress', phase: 'comparing', done, total });
      }),
    )();
    post({ type: 'differences', utterances });
  } finally {
    db.close();
  }
}

/** The kept worker: counts each task it is told, one after the other. */
function countWhenTold(): void {
  parentPort!.on('message', (told: DisagreementTask) => {
    try {
      countDifferences(told);
    } catch (err) {
      post({ type: 'failed', ...workerFailure(err) });
    }
  });
  post({ type: 'ready' });
}

async function run(task: AgreementTask): Promise<void> {
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
          if (done % PROGRESS_EVERY === 0 || done === total)
            post({ type: 'progress', phase: 'comparing', done, total });
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

// Begun once this module has finished loading: a worker told its answer may be stopped at once, and one
// stopped while a module of it is still completing its evaluation makes V8 abort the whole process.
setImmediate(() => {
  if ('kept' in task) countWhenTold();
  else run(task).catch((err: unknown) => post({ type: 'failed', ...workerFailure(err) }));
});
