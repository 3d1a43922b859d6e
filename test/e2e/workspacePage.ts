// Helpers for the annotation workspace's end-to-end tests: opening an utterance, reading the bracket
// text Monaco shows, reading the project file's rows directly, screenshots, and a 100-word project.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { writeWav } from '../helpers/wavFixture';
import type { HostProcess } from './hostProcess';

/** Drags the handle `selector` by `dx` pixels from its centre, in `steps` moves of the pointer. */
export async function dragBy(page: Page, selector: string, dx: number, steps = 6): Promise<void> {
  const b = (await page.locator(selector).boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.y + b.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let k = 1; k <= steps; k++) await page.mouse.move(x + (dx * k) / steps, y);
  await page.mouse.up();
}

/** Opens the project list and then utterance `id` (from the list, as an annotator would). */
export async function openUtterance(page: Page, host: HostProcess, id: string): Promise<void> {
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${id}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(id);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('[data-testid="bracket-editor"] .monaco-editor')).toBeVisible();
}

/** The lines the bracket editor shows, as they are laid out (Monaco renders non-breaking spaces). */
export async function bracketLines(page: Page): Promise<string> {
  const lines = await page.locator('[data-testid="bracket-editor"] .view-line').evaluateAll((els) =>
    els
      .map((e) => ({ top: parseFloat((e as HTMLElement).style.top || '0'), text: e.textContent ?? '' }))
      .sort((a, b) => a.top - b.top)
      .map((l) => l.text),
  );
  return lines
    .join('\n')
    .replace(/\u00a0/g, ' ')
    .trimEnd();
}

/** The bracket text the editor shows, on one line (its line breaks and indentation as single spaces). */
export async function bracketText(page: Page): Promise<string> {
  return (await bracketLines(page)).replace(/\s+/g, ' ').trim();
}

/** Clicks in the bracket editor on the first occurrence of `word` (a double click selects it). */
export async function clickInText(page: Page, word: string, clickCount = 1): Promise<void> {
  const point = await page.locator('[data-testid="bracket-editor"] .view-lines').evaluate((root, w) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent ?? '';
      const re = new RegExp(`(^|[\\s\u00a0()])${w}($|[\\s\u00a0()])`);
      const m = re.exec(text);
      if (!m) continue;
      const at = m.index + m[1]!.length;
      const range = document.createRange();
      range.setStart(n, at + 1);
      range.setEnd(n, at + 2);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }
    return null;
  }, word);
  if (!point) throw new Error(`"${word}" is not in the bracket editor`);
  await page.mouse.click(point.x, point.y, { clickCount });
}

/** Collects the page's errors and Content-Security-Policy violations (a clean page leaves it empty). */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy/i.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/** Waits until every edit has been saved. */
export async function saved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveText('all saved');
}

/** Saves a screenshot as a test attachment and under test-results/workspace/ for reading. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  fs.mkdirSync('test-results/workspace', { recursive: true });
  fs.copyFileSync(file, path.join('test-results/workspace', `${name}.png`));
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The rows of one utterance's gold standard and history, read straight from the project file. */
export function dbRows(file: string, utteranceId: string) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const q = (sql: string): unknown[] => db.prepare(sql).all(utteranceId);
    return {
      words: q(
        'SELECT idx, text, start_sec, end_sec, source FROM word WHERE utterance_id = ? ORDER BY idx',
      ) as {
        idx: number;
        text: string;
        start_sec: number;
        end_sec: number;
        source: string;
      }[],
      trees: q('SELECT name, ord, typed, bracket FROM gold_tree WHERE utterance_id = ? ORDER BY ord'),
      entities: q(
        'SELECT idx, type, first_word, last_word FROM gold_entity WHERE utterance_id = ? ORDER BY idx',
      ),
      concepts: q('SELECT idx, attribute, value FROM gold_concept WHERE utterance_id = ? ORDER BY idx'),
      history: q(
        'SELECT kind, label, undoes IS NOT NULL AS undoes FROM history WHERE utterance_id = ? ORDER BY id',
      ) as {
        kind: string;
        label: string;
        undoes: number;
      }[],
    };
  } finally {
    db.close();
  }
}

/**
 * A project of the demo's recordings and word alignments without any gold annotation (from
 * fixtures/workspace.manifest.json), so the tests do not depend on what the demo's gold standard holds.
 */
export function makeWorkspaceProject(dir: string): string {
  const root = path.resolve(import.meta.dirname, '..', '..');
  fs.cpSync(path.join(root, 'resources/demo/audio'), path.join(dir, 'audio'), { recursive: true });
  const manifest = path.join(dir, 'manifest.json');
  fs.copyFileSync(path.join(import.meta.dirname, 'fixtures/workspace.manifest.json'), manifest);
  const file = path.join(dir, 'workspace.sieve');
  execFileSync(process.execPath, [path.join(root, 'out/main/cli.js'), 'create', file, manifest]);
  return file;
}

/**
 * A project with one utterance of 100 words (40 s of synthetic syllables), a bracketed tree over them
 * (phrases of 4 words, clauses of 3 phrases) and an entity every 10 words: the size the workspace must
 * draw and edit within a frame.
 */
export function makeLargeProject(dir: string): { file: string; id: string } {
  const root = path.resolve(import.meta.dirname, '..', '..');
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  const words: { text: string; startSec: number; endSec: number }[] = [];
  let t = 0.3;
  for (let i = 0; i < 100; i++) {
    words.push({ text: `w${i}`, startSec: +t.toFixed(3), endSec: +(t + 0.3).toFixed(3) });
    t += i % 5 === 4 ? 0.42 : 0.3;
  }
  const sr = 16000;
  writeWav(path.join(dir, 'audio', 'long.wav'), t + 0.5, sr, (x) => {
    const w = words.find((v) => x >= v.startSec && x < v.endSec);
    if (!w) return 0.01 * Math.sin(x * 9000);
    const p = (x - w.startSec) / (w.endSec - w.startSec);
    const env = Math.sin(Math.PI * p) ** 2;
    const f0 = 110 + 40 * Math.sin(w.startSec);
    return (
      0.5 *
      env *
      (Math.sin(2 * Math.PI * f0 * x) +
        0.5 * Math.sin(4 * Math.PI * f0 * x) +
        0.3 * Math.sin(10 * Math.PI * f0 * x))
    );
  });
  const phrases: string[] = [];
  for (let i = 0; i < 100; i += 4)
    phrases.push(
      `(XP ${words
        .slice(i, i + 4)
        .map((w) => w.text)
        .join(' ')})`,
    );
  const clauses: string[] = [];
  for (let i = 0; i < phrases.length; i += 3) clauses.push(`(CL ${phrases.slice(i, i + 3).join(' ')})`);
  const entities = Array.from({ length: 10 }, (_, k) => ({
    type: ['PERSON', 'LOCATION', 'ORGANIZATION'][k % 3]!,
    firstWord: k * 10 + 2,
    lastWord: k * 10 + 3,
  }));
  const manifest = {
    name: 'Large utterance',
    audio: [{ id: 'long', path: 'audio/long.wav' }],
    utterances: [
      {
        id: 'long-100',
        audio: 'long',
        speaker: 'synth',
        words,
        trees: [{ name: 'syntax', typed: false, bracket: `(S ${clauses.join(' ')})` }],
        entities,
      },
    ],
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const file = path.join(dir, 'large.sieve');
  execFileSync(process.execPath, [
    path.join(root, 'out/main/cli.js'),
    'create',
    file,
    path.join(dir, 'manifest.json'),
  ]);
  return { file, id: 'long-100' };
}

/** One event of a Chrome trace (the fields read here). */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

/** Records a Chrome trace of the page (the DevTools timeline and user timing) while `during` runs. */
export async function traced(page: Page, during: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        '__metadata',
      ],
    },
  });
  try {
    await during();
  } finally {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await complete;
    await cdp.detach();
  }
  return events;
}

/** Main-thread work inside a measure, from a trace: wall and thread (CPU) time, and self time by event. */
export interface MainThreadWork {
  /** The measure's duration in the trace (ms). */
  measureMs: number;
  /** Time the main thread spent in tasks inside the measure (ms). */
  busyMs: number;
  /** The main thread's CPU time in those tasks (thread time, prorated for tasks cut by the measure; ms). */
  cpuMs: number;
  /** Self wall time of each kind of event inside the measure (ms), largest first. */
  selfMs: Record<string, number>;
}

/**
 * The main thread's work inside the last `measure` (a `performance.measure` name) of a trace: its tasks
 * (RunTask) cut to the measure, and the self time of the events in them (script, HTML parsing, style,
 * layout, paint...), each event's time less that of the events nested in it.
 */
export function mainThreadWork(events: readonly TraceEvent[], measure: string): MainThreadWork {
  const begin = events.filter((e) => e.name === measure && (e.ph === 'b' || e.ph === 'B')).at(-1);
  const end = events.filter((e) => e.name === measure && (e.ph === 'e' || e.ph === 'E')).at(-1);
  if (!begin || !end) throw new Error(`the trace has no measure ${measure}`);
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.pid === begin.pid && e.args?.name === 'CrRendererMain',
  );
  if (!main) throw new Error('the trace names no renderer main thread');
  const [a, b] = [begin.ts, end.ts];
  const overlap = (e: TraceEvent): number => Math.max(0, Math.min(b, e.ts + e.dur!) - Math.max(a, e.ts));
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((x, y) => x.ts - y.ts || y.dur! - x.dur!);
  let busy = 0;
  let cpu = 0;
  const self: Record<string, number> = {};
  const stack: { e: TraceEvent; self: number }[] = [];
  const close = (upTo: number): void => {
    while (stack.length > 0 && stack.at(-1)!.e.ts + stack.at(-1)!.e.dur! <= upTo) {
      const top = stack.pop()!;
      if (top.self > 0) self[top.e.name] = (self[top.e.name] ?? 0) + top.self;
    }
  };
  for (const e of slices) {
    close(e.ts);
    const o = overlap(e);
    if (stack.length > 0) stack.at(-1)!.self -= o;
    else if (o > 0) {
      busy += o;
      cpu += e.tdur !== undefined && e.dur! > 0 ? (e.tdur * o) / e.dur! : o;
    }
    stack.push({ e, self: o });
  }
  close(Infinity);
  const ms = (us: number): number => Math.round(us / 10) / 100;
  return {
    measureMs: ms(b - a),
    busyMs: ms(busy),
    cpuMs: ms(cpu),
    selfMs: Object.fromEntries(
      Object.entries(self)
        .filter(([, v]) => v >= 50)
        .sort((x, y) => y[1] - x[1])
        .map(([k, v]) => [k, ms(v)]),
    ),
  };
}
