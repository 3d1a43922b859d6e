// The `agreement:corpus` job: the agreement of the open project's annotators and its histograms, computed
// in a worker thread (every pair of layers of every utterance is compared with the scoring metrics), so the
// app process keeps answering other calls meanwhile.
import { Worker } from 'node:worker_threads';
import type { AgreementOptions } from '../../core/agreement/signature';
import type { AgreementView, JobStatus } from '../../core/api/contract';
import { BugError } from '../../core/errors';
import type { Jobs } from '../api/jobs';
import { annotatorId } from '../store/annotatorStore';
import type { ProjectStore } from '../store/projectStore';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type { AgreementTask, AgreementWorkerMessage, DisagreementTask } from './agreementWorkerProtocol';
import type { UtteranceDisagreement } from './disagreements';

/**
 * Runs `task` in an agreement worker thread until it posts its answer (what `answer` takes from a message,
 * undefined for any other); `onProgress` hears its phases. Aborting `signal` stops the worker.
 */
async function inAgreementWorker<T>(
  task: AgreementTask | DisagreementTask,
  answer: (m: AgreementWorkerMessage) => T | undefined,
  onProgress: (done: number, total: number, phase: string) => void,
  signal?: AbortSignal,
): Promise<T> {
  signal?.throwIfAborted();
  const entry = workerEntry(import.meta.url, 'agreementWorker');
  const worker = new Worker(entry.file, { workerData: task, execArgv: entry.execArgv });
  const stop = (): void => void worker.terminate();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    return await new Promise<T>((resolve, reject) => {
      worker.on('message', (m: AgreementWorkerMessage) => {
        if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
        else if (m.type === 'failed') reject(workerError(m));
        else {
          const a = answer(m);
          if (a !== undefined) resolve(a);
          else reject(new BugError(`the agreement worker answered ${m.type}`));
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) =>
        reject(
          signal?.aborted ? signal.reason : new Error(`the agreement worker stopped (exit code ${code})`),
        ),
      );
    });
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
}

/** Runs `task` in an agreement worker thread; `onProgress` hears its phases. */
export function runAgreementWorker(
  task: AgreementTask,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
): Promise<AgreementView> {
  return inAgreementWorker(task, (m) => (m.type === 'done' ? m.view : undefined), onProgress);
}

/**
 * Counts, in an agreement worker thread, the differences between the annotator layers of each of
 * `utteranceIds` as the project file has them (`utteranceDisagreements`); `onProgress` hears how many are
 * counted. Aborting `signal` stops the worker (the promise is rejected with its reason).
 */
export function countDisagreementsInWorker(
  file: string,
  utteranceIds: readonly string[],
  onProgress: (done: number, total: number) => void = () => {},
  signal?: AbortSignal,
): Promise<UtteranceDisagreement[]> {
  return inAgreementWorker(
    { file, differencesOf: [...utteranceIds] },
    (m) => (m.type === 'differences' ? m.utterances : undefined),
    (done, total) => onProgress(done, total),
    signal,
  );
}

/**
 * Starts the agreement job on the open project (the annotators named, else all; an unknown name is refused
 * at once with NOT_FOUND). The project's Ignore case setting applies, as it does to scoring.
 */
export function startAgreementJob(
  jobs: Jobs,
  project: ProjectStore,
  annotators?: readonly string[],
): JobStatus {
  for (const name of annotators ?? []) annotatorId(project.db, name);
  const options: AgreementOptions = { ignoreCase: project.scoringSettings().settings.ignoreCase };
  return jobs.start('agreement:corpus', (progress) =>
    runAgreementWorker(
      {
        // The file SQLite reads: the project, or the snapshot a project in a read-only folder is read from.
        file: project.db.name,
        project: project.summary().name,
        ...(annotators ? { annotators: [...annotators] } : {}),
        options,
      },
      progress,
    ),
  );
}
