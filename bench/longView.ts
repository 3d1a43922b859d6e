// `npm run bench -- long-view` (after `npm run build`): a long recording in the studio and in plain
// wavesurfer.js, in the same run, in Debian's Chromium. One utterance of synthetic words over an 8 kHz
// recording of 60 minutes (`SIEVE_LONG_MINUTES=60,180` for more lengths), made with the CLI as the e2e
// tests make it (test/e2e/longProject.ts). For each length and each of the two:
// - open: SIEVE from the double click in the utterance list until the waveform is drawn with its words;
//   plain wavesurfer.js (fetching and decoding the WAV itself, no cached peaks, the zoom plugin) from the
//   page's navigation until its first `redrawcomplete` after `ready`;
// - zoom step: main-thread CPU time (thread time of the renderer main thread's tasks, from a Chromium
//   trace, so a loaded machine slows it less than wall time) from a zoom key until the page is idle
//   again, 14 steps in and 14 out from fit (SIEVE's `=`/`-`; plain: the same 1.5× steps by
//   `ws.zoom`), and the longest single task of each step;
// - scroll step: the same for 10 sideways wheel steps of 400 px at the zoom reached after 10 steps in;
// - no input: the same window with nothing done (5 times), what the page does on its own meanwhile;
// - memory: the largest renderer's resident memory (decoded audio is not on the JavaScript heap), the
//   JavaScript heap after a garbage collection and the DOM's element count.
// Writes bench/results/long-view.json with the machine's load average beside every figure and SIEVE's
// figures as ratios to plain wavesurfer.js measured in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startHostProcess } from '../test/e2e/hostProcess';
import { makeLongProject } from '../test/e2e/longProject';
import type { BenchSuite } from './harness';
import { rendererRssMb } from './listScale';

const root = path.resolve(import.meta.dirname, '..');

/** What one page measured. */
interface ViewRun {
  openMs: number;
  zoomCpuMs: number[];
  zoomLongestTaskMs: number[];
  scrollCpuMs: number[];
  /** The same window with no input: what the page does on its own while a step is measured. */
  idleCpuMs: number[];
  scrollLongestTaskMs: number[];
  jsHeapMb: number;
  /** The largest renderer's resident memory (MB): decoded audio lives outside the JavaScript heap. */
  rendererMb: number;
  domElements: number;
}

/** Main-thread CPU of each step `i` (between marks `step-i` and the next), from a trace's events. */
function stepsCpu(trace: Buffer, steps: number): { cpu: number[]; longest: number[] } {
  type Ev = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    tdur?: number;
    args?: { name?: string };
  };
  const events = (JSON.parse(trace.toString()) as { traceEvents: Ev[] }).traceEvents;
  const marks = events.filter((e) => /^step-/.test(e.name));
  const pid = marks[0]!.pid;
  const main = events.find(
    (e) => e.pid === pid && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )!;
  const at = new Map<string, number>();
  for (const m of marks.sort((a, b) => a.ts - b.ts)) if (!at.has(m.name)) at.set(m.name, m.ts);
  const tasks = events.filter(
    (e) => e.pid === pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask',
  );
  const cpu: number[] = [];
  const longest: number[] = [];
  for (let i = 0; i < steps; i++) {
    const from = at.get(`step-${i}`)!;
    const to = at.get(`step-${i + 1}`)!;
    const mine = tasks.filter((t) => t.ts >= from && t.ts < to).map((t) => (t.tdur ?? 0) / 1000);
    cpu.push(Math.round(mine.reduce((s, x) => s + x, 0) * 10) / 10);
    longest.push(Math.round(Math.max(0, ...mine) * 10) / 10);
  }
  return { cpu, longest };
}

/** Runs `step(i)` for each step inside a trace, marking each and waiting for the page to be idle after it. */
async function tracedSteps(
  browser: Browser,
  page: Page,
  steps: number,
  step: (i: number) => Promise<void>,
): Promise<{ cpu: number[]; longest: number[] }> {
  const idle = (): Promise<unknown> =>
    page.evaluate(
      'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 450))))',
    );
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'toplevel',
    ],
  });
  for (let i = 0; i < steps; i++) {
    await page.evaluate(`performance.mark('step-${i}')`);
    await step(i);
    await idle();
  }
  await page.evaluate(`performance.mark('step-${steps}')`);
  return stepsCpu(await browser.stopTracing(), steps);
}

/**
 * The JavaScript heap after a garbage collection (MB), the largest renderer's resident memory (the page is
 * the only one open) and the DOM's element count.
 */
async function memory(page: Page): Promise<{ jsHeapMb: number; rendererMb: number; domElements: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  const domElements = (await page.evaluate('document.getElementsByTagName("*").length')) as number;
  return {
    jsHeapMb: Math.round(heap / 2 ** 20),
    rendererMb: Math.max(...rendererRssMb(process.pid)),
    domElements,
  };
}

const ZOOM_KEYS = [...Array<string>(14).fill('='), ...Array<string>(14).fill('-')];

/** SIEVE's studio on the project: open, zoom, scroll, memory. */
async function measureSieve(browser: Browser, file: string): Promise<ViewRun> {
  const host = await startHostProcess(['--project', file]);
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  try {
    await page.goto(host.url);
    const row = page.locator('tr[data-utterance-id="long-talk"]');
    await row.waitFor();
    const t0 = performance.now();
    await row.dblclick();
    await page.locator('[data-testid="waveform"][aria-busy="false"]').waitFor({ timeout: 300_000 });
    await page.locator('[data-testid="word-tier"] > .tier-box').first().waitFor({ timeout: 300_000 });
    const openMs = Math.round(performance.now() - t0);
    // The editors below come after the first frame; the steps are measured once they are there.
    await page.locator('[data-testid="bracket-editor"] .monaco-editor').waitFor({ timeout: 300_000 });
    const zoom = await tracedSteps(browser, page, ZOOM_KEYS.length, (i) =>
      page.keyboard.press(ZOOM_KEYS[i]!),
    );
    for (let k = 0; k < 10; k++) await page.keyboard.press('=');
    const tiers = (await page.getByTestId('tiers').boundingBox())!;
    await page.mouse.move(tiers.x + tiers.width / 2, tiers.y + 20);
    const scroll = await tracedSteps(browser, page, 10, () => page.mouse.wheel(400, 0));
    const idle = await tracedSteps(browser, page, 5, () => Promise.resolve());
    return {
      openMs,
      zoomCpuMs: zoom.cpu,
      zoomLongestTaskMs: zoom.longest,
      scrollCpuMs: scroll.cpu,
      scrollLongestTaskMs: scroll.longest,
      idleCpuMs: idle.cpu,
      ...(await memory(page)),
    };
  } finally {
    await page.close();
    await host.stop();
  }
}

/** A page of plain wavesurfer.js decoding `wav` itself, with its zoom plugin, 1.5× zoom steps on = and -. */
const PLAIN_PAGE = `<!doctype html><html><body style="margin:0">
<div id="wave" style="width:1240px;margin:20px"></div>
<script type="module">
import WaveSurfer from '/plain/wavesurfer.esm.js';
import ZoomPlugin from '/plain/zoom.esm.js';
const container = document.getElementById('wave');
const duration = Number(new URLSearchParams(location.search).get('d'));
const fit = container.clientWidth / duration;
const ws = WaveSurfer.create({ container, url: '/plain/audio.wav', height: 120, minPxPerSec: fit,
  normalize: true, autoScroll: true, autoCenter: false, plugins: [ZoomPlugin.create({ scale: 0.25, maxZoom: 4000 })] });
ws.once('ready', () => ws.once('redrawcomplete', () => requestAnimationFrame(() => { window.drawn = performance.now(); })));
addEventListener('keydown', (e) => {
  const pps = ws.options.minPxPerSec;
  if (e.key === '=') ws.zoom(Math.min(4000, pps * 1.5));
  if (e.key === '-') ws.zoom(Math.max(fit, pps / 1.5));
});
</script></body></html>`;

/** Plain wavesurfer.js on the recording: open, zoom, scroll, memory. */
async function measurePlain(browser: Browser, wav: string, durationSec: number): Promise<ViewRun> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
  const dist = path.join(root, 'node_modules/wavesurfer.js/dist');
  await page.route('http://plain.test/**', (route) => {
    const name = new URL(route.request().url()).pathname;
    if (name === '/') return route.fulfill({ contentType: 'text/html', body: PLAIN_PAGE });
    if (name === '/plain/audio.wav') return route.fulfill({ contentType: 'audio/wav', path: wav });
    const file = name === '/plain/zoom.esm.js' ? 'plugins/zoom.esm.js' : 'wavesurfer.esm.js';
    return route.fulfill({ contentType: 'text/javascript', path: path.join(dist, file) });
  });
  try {
    const t0 = performance.now();
    await page.goto(`http://plain.test/?d=${durationSec}`);
    await page.waitForFunction('window.drawn !== undefined', undefined, { timeout: 300_000, polling: 50 });
    const openMs = Math.round(performance.now() - t0);
    const zoom = await tracedSteps(browser, page, ZOOM_KEYS.length, (i) =>
      page.keyboard.press(ZOOM_KEYS[i]!),
    );
    for (let k = 0; k < 10; k++) await page.keyboard.press('=');
    await page.mouse.move(640, 80);
    const scroll = await tracedSteps(browser, page, 10, () => page.mouse.wheel(400, 0));
    const idle = await tracedSteps(browser, page, 5, () => Promise.resolve());
    return {
      openMs,
      zoomCpuMs: zoom.cpu,
      zoomLongestTaskMs: zoom.longest,
      scrollCpuMs: scroll.cpu,
      scrollLongestTaskMs: scroll.longest,
      idleCpuMs: idle.cpu,
      ...(await memory(page)),
    };
  } finally {
    await page.close();
  }
}

/** Ends the Chromium processes this process started that are still running (by their ids, from /proc). */
function endChildBrowsers(): void {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom'))
        process.kill(Number(pid), 'SIGKILL');
    } catch {
      // The process ended while it was read.
    }
  }
}

/** The value at quantile `q` of `xs`. */
function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const load = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** `npm run bench -- long-view`: 60 minutes, or the lengths in `SIEVE_LONG_MINUTES` (e.g. 60,180). */
export const longViewBench: BenchSuite = {
  name: 'long-view',
  async run(measure) {
    const chromiumPath = process.env.SIEVE_CHROMIUM ?? '/usr/bin/chromium';
    if (!fs.existsSync(path.join(root, 'out/main/host.js')) || !fs.existsSync(chromiumPath)) {
      console.log(
        'long-view: skipped, the host is not built (`npm run build`) or there is no Chromium (SIEVE_CHROMIUM)',
      );
      return;
    }
    // Each page in a browser of its own: a tab lost by one leaves nothing behind for the other.
    const inBrowser = async <T>(f: (browser: Browser) => Promise<T>): Promise<T> => {
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      });
      try {
        return await f(browser);
      } finally {
        await browser.close();
        // A browser whose tab was lost (plain wavesurfer.js on 3 hours) can stay running once closed.
        endChildBrowsers();
      }
    };
    for (const minutes of (process.env.SIEVE_LONG_MINUTES ?? '60').split(',').map(Number)) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-long-view-'));
      try {
        // Seven words take 2.3 s (see longProject.ts).
        const words = Math.round((minutes * 60 * 7) / 2.3);
        const project = makeLongProject(dir, words);
        const wav = path.join(dir, 'audio', 'long.wav');
        const loadBefore = load();
        const sieve = await inBrowser((browser) => measureSieve(browser, project.file));
        // Plain wavesurfer.js may lose its tab on a long recording (decoding it whole): that is recorded.
        let plain: ViewRun | { failed: string };
        try {
          plain = await inBrowser((browser) => measurePlain(browser, wav, project.durationSec));
        } catch (err) {
          plain = { failed: (err as Error).message.split('\n')[0]! };
        }
        const loadAfter = load();
        const params = { minutes, words, durationSec: project.durationSec };
        const extra = { loadAverageBefore: loadBefore, loadAverageAfter: loadAfter };
        const runs: [string, ViewRun | { failed: string }][] = [
          ['sieve', sieve],
          ['plain wavesurfer.js', plain],
        ];
        for (const [who, r] of runs) {
          if ('failed' in r) {
            measure.record(`${who} › failed`, params, [0], { ...extra, failed: r.failed });
            continue;
          }
          measure.record(`${who} › open`, params, [r.openMs], {
            ...extra,
            jsHeapMb: r.jsHeapMb,
            rendererMb: r.rendererMb,
            domElements: r.domElements,
          });
          measure.record(`${who} › zoom step, main-thread CPU`, params, r.zoomCpuMs, {
            ...extra,
            p95Ms: quantile(r.zoomCpuMs, 0.95),
            longestTaskP95Ms: quantile(r.zoomLongestTaskMs, 0.95),
          });
          measure.record(`${who} › no input, main-thread CPU in a step's window`, params, r.idleCpuMs, extra);
          measure.record(`${who} › scroll step, main-thread CPU`, params, r.scrollCpuMs, {
            ...extra,
            p95Ms: quantile(r.scrollCpuMs, 0.95),
            longestTaskP95Ms: quantile(r.scrollLongestTaskMs, 0.95),
          });
        }
        const line = (who: string, r: ViewRun | { failed: string }): string =>
          'failed' in r
            ? `${who}: failed (${r.failed})`
            : `${who}: open ${r.openMs} ms, zoom step CPU median ${quantile(r.zoomCpuMs, 0.5)} ms p95 ${quantile(r.zoomCpuMs, 0.95)} ms (longest task p95 ${quantile(r.zoomLongestTaskMs, 0.95)} ms), scroll step median ${quantile(r.scrollCpuMs, 0.5)} ms p95 ${quantile(r.scrollCpuMs, 0.95)} ms, no input ${quantile(r.idleCpuMs, 0.5)} ms, renderer ${r.rendererMb} MB, JS heap ${r.jsHeapMb} MB, ${r.domElements} elements`;
        console.log(
          `long-view › ${minutes} min › ${line('sieve', sieve)}  (load ${loadBefore} → ${loadAfter})`,
        );
        console.log(`long-view › ${minutes} min › ${line('plain wavesurfer.js', plain)}`);
        if ('failed' in plain) continue;
        const ratio = (x: number, y: number): string => (y > 0 ? (x / y).toFixed(2) : '—');
        const ratios = {
          open: ratio(sieve.openMs, plain.openMs),
          rendererMemory: ratio(sieve.rendererMb, plain.rendererMb),
          jsHeap: ratio(sieve.jsHeapMb, plain.jsHeapMb),
          zoomMedian: ratio(quantile(sieve.zoomCpuMs, 0.5), quantile(plain.zoomCpuMs, 0.5)),
          zoomP95: ratio(quantile(sieve.zoomCpuMs, 0.95), quantile(plain.zoomCpuMs, 0.95)),
          scrollMedian: ratio(quantile(sieve.scrollCpuMs, 0.5), quantile(plain.scrollCpuMs, 0.5)),
        };
        measure.record('sieve / plain wavesurfer.js', params, [sieve.openMs], { ...extra, ...ratios });
        console.log(
          `long-view › ${minutes} min › sieve / plain: ${JSON.stringify(ratios)}  goal: zoom and scroll p95 < 16 ms`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  },
};
