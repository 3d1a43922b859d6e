// Follows a job started through the API (imports, scoring, reports) by polling `job:status`, so a view
// can draw its progress bar and act once when it ends. Every view that follows a job uses this hook.
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
    // A reply that arrives after a newer job was followed (or the view left) belongs to the old job.
    let current = true;
    const t = setTimeout(() => {
      call('job:status', { jobId: job.id }).then(
        (s) => {
          if (current) setJob(s);
        },
        (e: Error) => {
          if (!current) return;
          setFailure(e.message);
          setJob(null);
        },
      );
    }, POLL_MS);
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [job]);

  return { job, running: job?.state === 'running', follow, failure };
}
