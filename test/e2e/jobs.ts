// Waiting for an API job in an e2e test, through the host the test started: the job is started, then its
// state is polled until it is no longer running (Playwright's `expect.poll`, bounded by `timeout`).
import { expect } from '@playwright/test';
import type { JobStatus } from '../../src/core/api/contract';
import type { HostProcess } from './hostProcess';

/** Starts the job method `method` on `host`, waits for it to end, and returns its result (it must succeed). */
export async function jobResult<T>(
  host: HostProcess,
  method: string,
  input: unknown,
  timeout = 30_000,
): Promise<T> {
  let job = await host.api<JobStatus>(method, input);
  const jobId = job.id;
  await expect
    .poll(async () => (job = await host.api<JobStatus>('job:status', { jobId })).state, { timeout })
    .not.toBe('running');
  expect(job.state, job.error?.message).toBe('done');
  return job.result as T;
}
