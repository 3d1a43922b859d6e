// The `agreement:corpus` job: the agreement of the open project's annotators and its histograms, computed
// in a worker thread (every pair of layers of every utterance is compared with the scoring metrics), so the
// app process keeps answering other calls meanwhile.
import { Worker } from 'node:worker_threads';
import type { AgreementOptions } from '../../core/agreement/signature';
import type { AgreementView, JobStatus } from '../../core/api/contract';
import type { Jobs } from '../api/jobs';
import { annotatorId } from '../store/annotatorStore';
import type { ProjectStore } from '../store/projectStore';
import { workerEntry } from '../workerEntry';
import { workerError } from '../workerFailure';
import type { AgreementTask, AgreementWorkerMessage } from './agreementWorkerProtocol';

/** Runs `task` in an agreement worker thread; `onProgress` hears its phases. */
export async function runAgreementWorker(
  task: AgreementTask,
  onProgress: (done: number, total: number, phase: string) => void = () => {},
): Promise<AgreementView> {
  const entry = workerEntry(import.meta.url, 'agreementWorker');
  const worker = new Worker(entry.file, { workerData: task, execArgv: entry.execArgv });
  try {
    return await new Promise<AgreementView>((resolve, reject) => {
      worker.on('message', (m: AgreementWorkerMessage) => {
        if (m.type === 'progress') onProgress(m.done, m.total, m.phase);
        else if (m.type === 'failed') reject(workerError(m));
        else if (m.type === 'done') resolve(m.view);
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the agreement worker stopped (exit code ${code})`)));
    });
  } finally {
    await worker.terminate();
  }
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
