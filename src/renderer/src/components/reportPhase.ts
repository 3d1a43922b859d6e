// How a report job's progress reads on screen.
import type { JobStatus } from '../../../core/api/contract';

const PHASES: Record<string, string> = {
  scoring: 'scoring',
  reading: 'reading the project',
  building: 'building the report',
  plots: 'rendering plot',
  writing: 'writing the file',
};

/** A report job's phase in words, with its count where it has one: "rendering plot 3 of 13". */
export function reportPhase(job: Pick<JobStatus, 'phase' | 'done' | 'total'>): string {
  const words = PHASES[job.phase] ?? (job.phase || 'starting');
  if (job.total <= 0) return words;
  // Plots count the one being rendered; scoring counts the pairs done.
  const done = job.phase === 'plots' ? Math.min(job.done + 1, job.total) : job.done;
  return `${words} ${done} of ${job.total}`;
}
