// `npm run bench -- list-scale` (20,000 utterances; `SIEVE_LIST_SIZES=20000,100000` for more sizes) or
// `npx tsx bench/listScale.ts [-- --sizes 1000,20000,100000]` (after `npm run build`): the utterance list as
// a user meets it, in Debian's Chromium through the built browser host, on store-scale projects (the
// generator of bench/storeScale.bench.ts: ~20 words, a tree, an entity and a concept per utterance, no
// systems, so no scoring job competes with the list). For each size: the first row drawn after the page is
// opened, each keystroke of a filter until its rows are drawn, clearing it, scrolling to the middle, opening
// an utterance there and coming back to the list (the row and scroll position restored), the page's DOM
// nodes, its JavaScript heap and the renderer's resident memory. Writes bench/results/list-scale.json with
// the machine's load average, which matters: the figures are wall-clock times. Through `npm run bench` each
// figure is printed beside its goal.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { writeCorpus } from '../src/main/import/writeCorpus';
import type { BenchSuite } from './harness';
import { scaleCorpus, toneWav } from './storeScale.bench';

const root = path.resolve(import.meta.dirname, '..');

/** Starts the built host on `project`; resolves with its URL (token included) and a stop function. */
async function startHost(project: string, dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'out/main/host.js'), '--project', project], {
    env: { ...process.env, SIEVE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /Open (http:\/\/\S+)/.exec(output);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`host exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    },
  };
}

/**
 * Resident memory (MB, shared pages included) of each renderer process of the browsers this process
 * started, from /proc; the page's renderer is one of them (headless Chromium runs another for its own UI).
 */
export function rendererRssMb(ancestor: number): number[] {
  const mb: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer')) continue;
      // Only our browser's renderers: walk up their parents to this process.
      let p = Number(pid);
      let ours = false;
      for (let hops = 0; hops < 8 && p > 1; hops++) {
        const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
        p = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (p === ancestor) ours = true;
      }
      if (!ours) continue;
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) mb.push(Math.round(Number(m[1]) / 1024));
    } catch {
      // The process ended while it was read.
    }
  }
  return mb;
}

/**
 * Installed before the page loads (plain JavaScript: this file is type-checked without the DOM's types).
 * `probe.until(selector, from)`: resolves at the frame after `selector` first matches, with the time since
 * `from`; `probe.arm()` then a key, then `probe.afterKey(selector)`: waits for that keydown, then for the
 * list to be idle again with `selector` matching, and resolves with the time since that keydown. Times are `performance.now()`, from
 * the navigation's start.
 */
const PROBES = `
window.probe = (() => {
  let keyAt = -1;
  window.addEventListener('keydown', () => { keyAt = performance.now(); }, { capture: true });
  const until = (selector, from) => new Promise((resolve) => {
    const check = () => {
      if (!document.querySelector(selector)) return false;
      requestAnimationFrame(() => resolve(performance.now() - from));
      return true;
    };
    if (check()) return;
    const o = new MutationObserver(() => { if (check()) o.disconnect(); });
    o.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const busy = () => document.querySelector('.utterances-scroll[aria-busy="true"]') !== null;
  let armed = 0;
  const arm = () => { armed = performance.now(); };
  const afterKey = (selector) => new Promise((resolve) => {
    const asked = armed;
    const wait = () => {
      if (keyAt < asked) return void requestAnimationFrame(wait);
      const at = keyAt;
      // The key's render marks the list busy (a new filter asked) or not (nothing to ask): idle, then drawn.
      requestAnimationFrame(() => {
        const idle = () => (busy() ? requestAnimationFrame(idle) : void until(selector, at).then(resolve));
        idle();
      });
    };
    wait();
  });
  return { until, arm, afterKey };
})();
`;

/** The list answered and drawn: its rows, or the row saying that none matches. */
const IDLE_LIST = '.utterances-scroll[aria-busy="false"] tbody tr:not(.pending):not(.spacer)';

/** Presses each key in turn; the time from each keydown until the list is drawn idle after it. */
async function keysTimed(page: Page, keys: string[], selector = IDLE_LIST): Promise<number[]> {
  const times: number[] = [];
  for (const key of keys) {
    // Armed before the key is sent: the page's answer to an evaluation may come after a key sent later.
    await page.evaluate('window.probe.arm()');
    await page.keyboard.press(key);
    times.push(
      Math.round((await page.evaluate(`window.probe.afterKey(${JSON.stringify(selector)})`)) as number),
    );
  }
  return times;
}

/** What one size's run measured (see the head of this file). */
export interface ListScaleRun {
  utterances: number;
  loadAverage: number[];
  projectMadeMs: number;
  firstRowMs: number;
  filterKeystrokesMs: number[];
  filteredCount: string | null;
  clearFilterMs: number;
  scrollToMiddleMs: number;
  backToListMs: number;
  scrollRestored: { left: number; back: number };
  domNodes: { atStart: number; scrolled: number; back: number };
  jsHeapUsedMb: number;
  rendererRssMb: number[];
  loadAverageAfter: number[];
}

/** Measures the list on a project of `n` utterances made for the purpose (removed after). */
export async function measureListSize(n: number): Promise<ListScaleRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-list-'));
  try {
    const file = path.join(dir, 'list.sieve');
    const made = performance.now();
    await writeCorpus(file, scaleCorpus(toneWav(dir, 1800), 1800, n), { create: true });
    const madeMs = Math.round(performance.now() - made);
    const host = await startHost(file, path.join(dir, 'data'));
    const browser = await chromium.launch({
      executablePath: process.env.SIEVE_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
      await page.addInitScript({ content: PROBES });
      const loadAverage = os.loadavg().map((x) => Math.round(x * 100) / 100);
      await page.goto(host.url);
      const firstRowMs = Math.round(
        (await page.evaluate(`window.probe.until('tr[data-utterance-id]', 0)`)) as number,
      );
      const countNodes = async (): Promise<number> =>
        (await page.evaluate(`document.getElementsByTagName('*').length`)) as number;
      const domAtStart = await countNodes();
      await page.keyboard.press('/');
      const keystrokesMs = await keysTimed(page, ['w', '4', '2', ' ', 's', 'p', 'k', '7']);
      const filteredCount = await page.getByTestId('list-count').textContent();
      // Escape empties the filter: the whole list again.
      const [clearMs] = await keysTimed(page, ['Escape']);
      // To the middle of the list, a row there selected and opened, then back.
      const middle = Math.floor(n / 2);
      const scrollMs = Math.round(
        (await page.evaluate(`(() => {
          const el = document.querySelector('.utterances-scroll');
          const rowH = document.querySelector('tbody tr[data-utterance-id]').getBoundingClientRect().height;
          const start = performance.now();
          el.scrollTop = ${middle} * rowH;
          return window.probe.until('tr[aria-rowindex="${middle + 4}"][data-utterance-id]', start);
        })()`)) as number,
      );
      const row = page.locator(`tr[aria-rowindex="${middle + 4}"][data-utterance-id]`);
      const id = (await row.getAttribute('data-utterance-id'))!;
      await row.click();
      const scrollTop = await page.locator('.utterances-scroll').evaluate((el) => el.scrollTop);
      const domScrolled = await countNodes();
      await page.keyboard.press('Enter');
      await page.locator('.utterance-view h1').filter({ hasText: id }).waitFor();
      await page.getByTestId('waveform').and(page.locator('[aria-busy="false"]')).waitFor();
      const [backMs] = await keysTimed(page, ['Escape'], `tr.selected[data-utterance-id="${id}"]`);
      const domBack = await countNodes();
      const restored = await page.locator('.utterances-scroll').evaluate((el) => el.scrollTop);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('Performance.enable');
      const metrics = (await cdp.send('Performance.getMetrics')).metrics;
      const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
      const shot = path.join(root, 'test-results', `list-scale-${n}.png`);
      await page.screenshot({ path: shot });
      return {
        utterances: n,
        loadAverage,
        projectMadeMs: madeMs,
        firstRowMs,
        filterKeystrokesMs: keystrokesMs,
        filteredCount,
        clearFilterMs: clearMs!,
        scrollToMiddleMs: scrollMs,
        backToListMs: backMs!,
        scrollRestored: { left: scrollTop, back: restored },
        domNodes: { atStart: domAtStart, scrolled: domScrolled, back: domBack },
        jsHeapUsedMb: Math.round(metric('JSHeapUsedSize') / 2 ** 20),
        rendererRssMb: rendererRssMb(process.pid),
        loadAverageAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
      };
    } finally {
      await browser.close();
      await host.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The goals, which `npm run bench` prints each figure beside. */
const GOALS = { firstRowMs: 500, keystrokeMs: 50, backMs: 300, rendererMb: 200 };

/** `npm run bench -- list-scale`: 20,000 utterances, or the sizes in `SIEVE_LIST_SIZES` (e.g. 20000,100000). */
export const listScaleBench: BenchSuite = {
  name: 'list-scale',
  async run(measure) {
    if (!fs.existsSync(path.join(root, 'out/main/host.js'))) {
      console.log('list-scale: skipped, the host is not built (run `npm run build` first)');
      return;
    }
    const chromiumPath = process.env.SIEVE_CHROMIUM ?? '/usr/bin/chromium';
    if (!fs.existsSync(chromiumPath)) {
      console.log(`list-scale: skipped, no Chromium at ${chromiumPath} (set SIEVE_CHROMIUM)`);
      return;
    }
    const sizes = (process.env.SIEVE_LIST_SIZES ?? '20000').split(',').map(Number);
    for (const n of sizes) {
      const r = await measureListSize(n);
      const load = r.loadAverage.join(' ');
      const extra = { loadAverage: load, loadAverageAfter: r.loadAverageAfter.join(' ') };
      const rendererMb = Math.max(...r.rendererRssMb);
      const rows: [string, number[], number, string][] = [
        ['first row', [r.firstRowMs], GOALS.firstRowMs, 'ms'],
        ['filter keystroke', r.filterKeystrokesMs, GOALS.keystrokeMs, 'ms'],
        ['back to the list', [r.backToListMs], GOALS.backMs, 'ms'],
      ];
      for (const [name, times, goal] of rows) {
        const res = measure.record(name, { utterances: n, goalMs: goal }, times, extra);
        const shown =
          times.length === 1 ? `${times[0]} ms` : `${res.minMs}–${res.maxMs} ms (median ${res.medianMs})`;
        console.log(`list-scale › ${n} utterances › ${name}: ${shown}  goal < ${goal} ms  (load ${load})`);
      }
      measure.record('clear the filter', { utterances: n }, [r.clearFilterMs], extra);
      measure.record('scroll to the middle', { utterances: n }, [r.scrollToMiddleMs], extra);
      measure.record('page', { utterances: n }, [r.firstRowMs], {
        ...extra,
        rendererRssMb: r.rendererRssMb.join(' '),
        jsHeapUsedMb: r.jsHeapUsedMb,
        domNodesAtStart: r.domNodes.atStart,
        domNodesScrolled: r.domNodes.scrolled,
        projectMadeMs: r.projectMadeMs,
      });
      console.log(
        `list-scale › ${n} utterances › renderer memory: largest renderer ${rendererMb} MB (all: ${r.rendererRssMb.join(', ')} MB)  goal < ${GOALS.rendererMb} MB; DOM ${r.domNodes.atStart}/${r.domNodes.scrolled} elements, JS heap ${r.jsHeapUsedMb} MB`,
      );
    }
  },
};

// Run directly: the sizes asked for, every figure of each in bench/results/list-scale-runs.json.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,20000' } } });
  const runs = [];
  for (const n of values.sizes.split(',').map(Number)) {
    const r = await measureListSize(n);
    console.log(JSON.stringify(r));
    runs.push(r);
  }
  const machine = { node: process.version, cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '' };
  const out = path.join(root, 'bench', 'results', 'list-scale-runs.json');
  fs.writeFileSync(
    out,
    `${JSON.stringify({ suite: 'list-scale', date: new Date().toISOString(), machine, runs }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
