// Aligns one request (a recording of an hour) in a worker thread of this process and prints one JSON line:
// peak resident memory of the process, processor time, speed and accuracy. Run by bench/align.bench.ts in
// a process of its own, so the peak memory is the aligner's alone. On a loaded machine an hour of audio
// can take longer than a benchmark should: after SIEVE_ALIGN_HOUR_BUDGET_SEC seconds (default 1200) the
// alignment is cancelled and the figures are those of the audio aligned so far (`finished: false`).
import fs from 'node:fs';
import { AlignerThread } from '../src/main/forcedAlign/alignSpeech';
import type { AlignRequest, AlignResult } from '../src/main/forcedAlign/types';

const { request, truth } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as {
  request: AlignRequest;
  truth: { startSec: number; endSec: number }[];
};
const budgetSec = Number(process.env.SIEVE_ALIGN_HOUR_BUDGET_SEC ?? 1200);
const audioSec = truth.length > 0 ? truth.at(-1)!.endSec : 0;
const c0 = process.cpuUsage();
const w0 = performance.now();
let done = 0;
let rssMax = 0;
const sample = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 1000);
const thread = new AlignerThread({ background: false });
let r: AlignResult | null = null;
try {
  r = await thread.align(request, {
    signal: AbortSignal.timeout(budgetSec * 1000),
    onProgress: (d) => (done = d),
  });
} catch (err) {
  if ((err as Error).name !== 'AbortError' && (err as Error).name !== 'TimeoutError') throw err;
}
clearInterval(sample);
await thread.close();
const c = process.cpuUsage(c0);
const cpu = (c.user + c.system) / 1e6;
const r1 = (x: number): number => Math.round(x * 10) / 10;
const aligned = r ? audioSec : done;
const figures: Record<string, number | string | boolean> = {
  audioMin: r1(audioSec / 60),
  alignedMin: r1(aligned / 60),
  finished: r !== null,
  maxRssMB: r1(process.resourceUsage().maxRSS / 1024),
  rssSampledMaxMB: r1(rssMax / 2 ** 20),
  cpuSec: r1(cpu),
  wallSec: r1((performance.now() - w0) / 1000),
  xRealTimePerCore: r1(aligned / cpu),
};
if (r) {
  const deltas: number[] = [];
  let unplaced = 0;
  truth.forEach((t, k) => {
    const g = r.words[k];
    if (!g) unplaced++;
    else deltas.push(Math.abs(g.startSec - t.startSec) * 1000, Math.abs(g.endSec - t.endSec) * 1000);
  });
  Object.assign(figures, {
    words: truth.length,
    unplaced,
    meanMs: deltas.length ? r1(deltas.reduce((a, b) => a + b, 0) / deltas.length) : '—',
    within50pct: r1((100 * deltas.filter((d) => d <= 50).length) / (2 * truth.length)),
  });
}
console.log(JSON.stringify(figures));
