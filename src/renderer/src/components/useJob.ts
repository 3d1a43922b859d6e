// Follows a job started through the API (imports, scoring) by polling `job:status`, so a view can draw
// its progress bar and act once when it ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobStatus } from '../../../core/api/contract';
import { call } from '../bridge';

const POLL_MS = 150;

/** A job's latest status, a way to start one, and `onEnd` called once with its final status. */
export function useJob(onEnd: (status: JobStatus) => void): {
  job: JobStatus | null;
  running: boolean;
  follow(start: Promise<JobStatus>): Promise<void>;
  failure: string | null;
} {
  const [job, setJob] = useState<JobStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const end = useRef(onEnd);
  useEffect(() => {
    end.current = onEnd;
  });

  const follow = useCallback(async (start: Promise<JobStatus>) => {
    setFailure(null);
    try {
      setJob(await start);
    } catch (e) {
      setFailure((e as Error).message);
    }
  }, []);

  useEffect(() => {
    if (!job) return;
    if (job.state !== 'running') {
      end.current(job);
      return;
    }
    const t = setTimeout(() => {
      call('job:status', { jobId: job.id }).then(setJob, (e: Error) => {
        setFailure(e.message);
        setJob(null);
      });
    }, POLL_MS);
    return () => clearTimeout(t);
  }, [job]);

  return { job, running: job?.state === 'running', follow, failure };
}
