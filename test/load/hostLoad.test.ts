// A few seconds of the load benchmark (`npm run bench:load` is the full minute): twenty clients reading
// and editing through the browser host, with imports running, and not one error or lost edit.
import { afterAll, describe, expect, it } from 'vitest';
import { runHostLoad } from '../../bench/hostLoad';
import { makeKillProject, startHost } from '../crash/hostKill';
import { removeHostBundle } from '../helpers/hostBundle';
import { tempDir } from '../helpers/tempProject';

const t = tempDir();
afterAll(() => {
  t.cleanup();
  removeHostBundle();
});

describe('host under load', () => {
  it('answers twenty concurrent clients without an error while imports run', async () => {
    const file = await makeKillProject(t.dir, 200);
    const host = await startHost(file, t.dir);
    try {
      const figures = await runHostLoad({
        host,
        dir: t.dir,
        clients: 20,
        seconds: 4,
        size: 200,
        importers: 1,
        seed: 2,
      });
      console.info(
        `load smoke: ${figures.requests} requests (${figures.requestsPerSec.toFixed(0)}/s), ${figures.imports} imports ` +
          `(${figures.requestsDuringImports} requests answered during them), ` +
          `p99 ${figures.latencyMs.p99.toFixed(1)} ms, host RSS peak ${figures.hostRssMb.peak} MB`,
      );
      expect(figures.firstErrors).toEqual([]);
      expect(figures.errors).toBe(0);
      expect(figures.lostEdits).toBe(0);
      expect(figures.edits).toBeGreaterThan(0);
      // The clients were served while imports ran, not only between them. (That an import never holds up
      // the host is shown without timing in src/main/api/importLock.test.ts.)
      expect(figures.imports).toBeGreaterThan(0);
      expect(figures.requestsDuringImports).toBeGreaterThan(0);
    } finally {
      host.child.kill('SIGTERM');
      await host.exited;
    }
  }, 60_000);
});
