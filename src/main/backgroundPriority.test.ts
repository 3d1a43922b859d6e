import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from './backgroundPriority';

const linux = fs.existsSync('/proc/thread-self');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Runs runInBackground() in a fresh worker thread; answers what it returned and the process's niceness. */
function inWorker(): Promise<{ result: number | null; processNiceness: number }> {
  const code = `
    import { parentPort } from 'node:worker_threads';
    import os from 'node:os';
    const { runInBackground } = await import(${JSON.stringify(new URL('./backgroundPriority.ts', import.meta.url).href)});
    const result = runInBackground();
    parentPort.postMessage({ result, processNiceness: os.getPriority(process.pid) });
  `;
  const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), {
    execArgv: ['--import', tsx],
  });
  return new Promise((resolve, reject) => {
    w.once('message', (m: { result: number | null; processNiceness: number }) => {
      void w.terminate();
      resolve(m);
    });
    w.once('error', reject);
  });
}

describe('runInBackground', () => {
  // Only Linux gives a thread its own priority (and names it in /proc/thread-self); elsewhere nothing to test.
  it.runIf(linux)(
    'lowers only the calling thread, not the process that answers the studio (Linux only; skipped elsewhere)',
    async () => {
      const before = os.getPriority(process.pid);
      const { result, processNiceness } = await inWorker();
      expect(result).toBe(Math.max(before, BACKGROUND_NICENESS));
      expect(processNiceness).toBe(before);
      expect(os.getPriority(process.pid)).toBe(before);
    },
  );
});
