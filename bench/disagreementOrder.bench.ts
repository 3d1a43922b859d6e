// "Most disagreement first" at scale: SIEVE_DISAGREEMENT_SIZE (1,000 by default) utterances whose two
// annotators' layers differ (every word of the second moved 50 ms), ordered by the utterance list as the
// studio asks for it: again every 10 ms until the order is ready. Measured in the same run:
// - the reference: counting the same differences on the app's thread (what the first order did before it
//   was counted in a worker), which holds the event loop that long;
// - the list: the time until the order is ready, the longest single `utterance:list` call meanwhile and the
//   event loop's longest delay (`monitorEventLoopDelay`), each also as a share of the reference;
// - after one layer is edited: the time until the order is ready again (one utterance counted again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { utteranceDisagreements } from '../src/main/agreement/disagreements';
import { writeCorpus } from '../src/main/import/writeCorpus';
import { addAnnotator, createLayer, setLayerStatus } from '../src/main/store/annotatorStore';
import { readGold } from '../src/main/store/goldStore';
import { ProjectStore } from '../src/main/store/projectStore';
import type { BenchSuite } from './harness';
import { scaleCorpus, toneWav } from './storeScale.bench';

/** Asks for the first window in disagreement order every 10 ms until it is ready. */
async function untilReady(
  s: ProjectStore,
): Promise<{ readyMs: number; longestCallMs: number; asked: number }> {
  const t0 = performance.now();
  let longestCallMs = 0;
  for (let asked = 1; ; asked++) {
    const c0 = performance.now();
    const w = s.utteranceWindow({ sort: 'disagreement', limit: 100 });
    longestCallMs = Math.max(longestCallMs, performance.now() - c0);
    if (!w.pending) return { readyMs: performance.now() - t0, longestCallMs, asked };
    await sleep(10);
  }
}

/** The first "most disagreement first" order of a project whose every utterance has differing layers. */
export const disagreementOrderBench: BenchSuite = {
  name: 'disagreement-order',
  async run(measure) {
    const n = Number(process.env.SIEVE_DISAGREEMENT_SIZE ?? 1000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const audioSec = 600;
      const c = scaleCorpus(toneWav(dir, audioSec), audioSec, n);
      const file = path.join(dir, 'p.sieve');
      await writeCorpus(file, c, { create: true });
      const s = ProjectStore.open(file);
      try {
        const db = s.db;
        const ann = addAnnotator(db, 'ann').id;
        const bob = addAnnotator(db, 'bob').id;
        const ids = c.utterances.map((u) => u.id);
        db.transaction(() => {
          for (const id of ids) {
            const gold = readGold(db, id);
            createLayer(db, ann, id, gold);
            const words = gold.words.map((w) => ({
              ...w,
              startSec: w.startSec + 0.05,
              endSec: w.endSec + 0.05,
            }));
            createLayer(db, bob, id, { ...gold, words });
          }
        })();
        const params = { utterances: n, annotators: 2 };

        const r0 = performance.now();
        const counted = db.transaction(() => utteranceDisagreements(db, ids))();
        const onThreadMs = performance.now() - r0;
        const differences = counted.reduce((t, u) => t + u.differences, 0);
        measure.record('reference: counted on the app thread (holds the event loop)', params, [onThreadMs], {
          differences,
        });

        const delay = monitorEventLoopDelay({ resolution: 1 });
        delay.enable();
        const first = await untilReady(s);
        delay.disable();
        const loopMaxMs = delay.max / 1e6;
        measure.record('first order, counted in a worker: until ready', params, [first.readyMs], {
          asked: first.asked,
          longestListCallMs: Number(first.longestCallMs.toFixed(2)),
          eventLoopMaxDelayMs: Number(loopMaxMs.toFixed(2)),
          longestListCallShareOfReference: Number((first.longestCallMs / onThreadMs).toFixed(4)),
          eventLoopMaxDelayShareOfReference: Number((loopMaxMs / onThreadMs).toFixed(4)),
          loadAverage1m: Number(os.loadavg()[0]!.toFixed(1)),
        });

        setLayerStatus(db, bob, ids[0]!, 'done');
        const again = await untilReady(s);
        measure.record('after one layer edited: until ready again', params, [again.readyMs], {
          asked: again.asked,
          longestListCallMs: Number(again.longestCallMs.toFixed(2)),
          loadAverage1m: Number(os.loadavg()[0]!.toFixed(1)),
        });
      } finally {
        s.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
