// Aligns one request (a recording of an hour) in this process's own thread and prints one JSON line:
// peak resident memory, processor time, speed and accuracy. Run by bench/align.bench.ts in a process of
// its own, so the peak memory is the aligner's alone.
import fs from 'node:fs';
import { runAlignment } from '../src/main/forcedAlign/runAlignment';
import type { AlignRequest } from '../src/main/forcedAlign/types';

const { request, truth } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  request: AlignRequest;
  truth: { startSec: number; endSec: number }[];
};
const audioSec = truth.length > 0 ? truth.at(-1)!.endSec : 0;
const c0 = process.cpuUsage();
const w0 = performance.now();
let peakHeapMb = 0;
const r = await runAlignment(request, () => {
  peakHeapMb = Math.max(peakHeapMb, process.memoryUsage().rss / 2 ** 20);
});
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
const deltas: number[] = [];
let unplaced = 0;
truth.forEach((t, k) => {
  const g = r.words[k];
  if (!g) unplaced++;
  else deltas.push(Math.abs(g.startSec - t.startSec) * 1000, Math.abs(g.endSec - t.endSec) * 1000);
});
const r1 = (x: number): number => Math.round(x * 10) / 10;
console.log(
  JSON.stringify({
    audioMin: r1(audioSec / 60),
    maxRssMB: r1(process.resourceUsage().maxRSS / 1024),
    rssAtProgressMaxMB: r1(peakHeapMb),
    cpuSec: r1(cpu),
    wallSec: r1((performance.now() - w0) / 1000),
    xRealTimePerCore: r1(audioSec / cpu),
    words: truth.length,
    unplaced,
    meanMs: deltas.length ? r1(deltas.reduce((a, b) => a + b, 0) / deltas.length) : '—',
    within50pct: r1((100 * deltas.filter((d) => d <= 50).length) / (2 * truth.length)),
  }),
);
