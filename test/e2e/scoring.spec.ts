// Scoring in the studio end to end: a system imported through the upload dialog, the dashboard against the
// command line, the utterance view against the scoring core, plots, the ranking, settings and the report.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Route } from '@playwright/test';
import type { GoldState } from '../../src/core/api/contract';
import type { SystemOutput } from '../../src/core/model/systemOutput';
import { scoreUtterance, type UtteranceScores } from '../../src/core/scoring/scoreUtterance';
import { startHostProcess, type HostProcess } from './hostProcess';
import { jobResult } from './jobs';
import { watchErrors } from './workspacePage';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SHOTS = path.join(ROOT, 'test-results', 'scoring');
const UPLOADED = 'uploaded-copy';

interface Figure {
  metric: string;
  value: number | null;
  lo: number | null;
  hi: number | null;
}
interface Breakdown {
  system: string;
  signature: string | null;
  error: string | null;
  groups: {
    accuracy: string;
    knowledge: string;
    input: string;
    scored: number;
    figures: Record<string, number | null>;
  }[];
}
interface SystemInfo {
  id: number;
  name: string;
}
interface Manifest {
  systems: { name: string; outputs: SystemOutput[] }[];
}

let host: HostProcess;
let projectPath: string;
let outDir: string;
let source: Manifest['systems'][number];

test.beforeAll(async () => {
  host = await startHostProcess();
  projectPath = (await host.api<{ projectPath: string }>('app:info', {})).projectPath;
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-upload-'));
  // The demo's first system's outputs as files a user would upload: words, trees and entities in one JSON
  // Lines file, concepts and N-best lists in another (parts of one utterance may come from several files).
  const manifest = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'resources/demo/demo.manifest.json'), 'utf8'),
  ) as Manifest;
  source = manifest.systems[0]!;
  const line = (o: SystemOutput, keys: (keyof SystemOutput)[]): string =>
    JSON.stringify({
      id: o.id,
      ...Object.fromEntries(
        keys
          .filter((k) => o[k] !== undefined)
          .map((k) =>
            k === 'trees'
              ? [k, o.trees!.map((t) => ({ name: t.name, typed: t.typed, tree: t.bracket }))]
              : [k, o[k]],
          ),
      ),
    });
  fs.writeFileSync(
    path.join(outDir, 'words.jsonl'),
    source.outputs.map((o) => line(o, ['words', 'trees', 'entities'])).join('\n'),
  );
  fs.writeFileSync(
    path.join(outDir, 'meaning.jsonl'),
    source.outputs.map((o) => line(o, ['concepts', 'nbest'])).join('\n'),
  );
  fs.writeFileSync(
    path.join(outDir, 'broken.jsonl'),
    `${line(source.outputs[0]!, ['words'])}\n{"id": "x", "words": [}\n`,
  );
  fs.writeFileSync(path.join(outDir, 'latin1.ctm'), Buffer.from('x 1 0.0 0.5 caf\xe9\n', 'latin1'));
  fs.writeFileSync(path.join(outDir, 'many.ctm'), 'x 1 x 0.5 word\n'.repeat(1_000));
  fs.mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await host?.stop();
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** Every system's corpus figures as the command line prints them (`sieve score PROJECT --format json`). */
function cliFigures(): { name: string; figures: Figure[] }[] {
  const out = execFileSync(
    process.execPath,
    [path.join(ROOT, 'bin/sieve.mjs'), 'score', projectPath, '--format', 'json'],
    { encoding: 'utf8' },
  );
  return (JSON.parse(out) as { systems: { name: string; figures: Figure[] }[] }).systems;
}

const pct = (x: number | null): string => (x === null ? '—' : (x * 100).toFixed(1));

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}

/** Waits for the dashboard to show `count` systems with figures. */
async function dashboardReady(page: Page, count: number): Promise<void> {
  const dashboard = page.getByTestId('dashboard');
  await expect(dashboard.locator('tbody tr[data-system]')).toHaveCount(count, { timeout: 30_000 });
  await expect(dashboard.locator('progress')).toHaveCount(0, { timeout: 30_000 });
}

test.describe.configure({ mode: 'serial' });

/** The bridge's URL of `report:plots` (it encodes the method name in the path: report%3Aplots). */
const PLOTS_API = /\/api\/report(%3A|:)plots$/;

/** Answers `report:plots` with a job that has already ended with `result`. */
const plotsAnswer = (result: unknown) => (route: Route) =>
  route.fulfill({
    contentType: 'application/json',
    body: JSON.stringify({
      ok: true,
      value: { id: 'x', kind: 'report:plots', state: 'done', phase: 'done', done: 0, total: 0, result },
    }),
  });

/** The project's real `report:plots` result with `parts` in its place (the other parts stay valid). */
async function dashboardWith(parts: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...(await jobResult<Record<string, unknown>>(host, 'report:plots', {})), ...parts };
}

test('a system imported through the upload dialog: errors located, progress, then scored like the original', async ({
  page,
}) => {
  const errors = watchErrors(page);
  const before = await host.api<SystemInfo[]>('system:list', {});
  await page.goto(host.url);
  await dashboardReady(page, before.length);

  // A file with a syntax error: nothing is imported and the problem is named with line and column.
  await page.getByTestId('import-system').click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type(UPLOADED);
  await dialog.getByLabel('System output files').setInputFiles(path.join(outDir, 'broken.jsonl'));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-errors')).toContainText(/broken\.jsonl:2:\d+: /);
  expect(await host.api<SystemInfo[]>('system:list', {})).toHaveLength(before.length);
  await shot(page, 'import-error', false);
  // A file that is not UTF-8 is refused at its first bad bytes, as the same file on disk is.
  await dialog.getByLabel('System output files').setInputFiles(path.join(outDir, 'latin1.ctm'));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-errors')).toContainText(
    'latin1.ctm:1:16: invalid UTF-8 (bytes E9 0A)',
  );
  expect(await host.api<SystemInfo[]>('system:list', {})).toHaveLength(before.length);
  // 1,000 bad lines: the first 20 are shown, the others counted (the job lists 100 and counts the rest).
  await dialog.getByLabel('System output files').setInputFiles(path.join(outDir, 'many.ctm'));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByTestId('import-errors')).toContainText('many.ctm:20:5: ');
  await expect(dialog.getByTestId('import-errors')).toContainText('… and 980 more');
  expect(await host.api<SystemInfo[]>('system:list', {})).toHaveLength(before.length);

  // The two good files, chosen together, from the keyboard: Tab to the button, Enter.
  await dialog
    .getByLabel('System output files')
    .setInputFiles([path.join(outDir, 'words.jsonl'), path.join(outDir, 'meaning.jsonl')]);
  await dialog.getByLabel('System output files').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeFocused();
  // The job's progress is polled: with its answers held back until the bar has been seen, the bar is
  // there while it runs.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/job(%3A|:)status$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Import progress')).toBeVisible();
  release();
  await expect(dialog.getByTestId('import-summary')).toContainText(
    `Imported ${UPLOADED}: ${source.outputs.length} utterances`,
  );
  // It counts what the outputs held, summed over the utterances.
  const sum = (f: (o: SystemOutput) => number): string =>
    source.outputs.reduce((n, o) => n + f(o), 0).toLocaleString('en-US');
  await expect(dialog.getByTestId('import-counts')).toHaveText(
    `${sum((o) => o.words?.length ?? 0)} words, ${sum((o) => o.trees?.length ?? 0)} trees, ` +
      `${sum((o) => o.entities?.length ?? 0)} entities, ${sum((o) => o.concepts?.length ?? 0)} concepts, ` +
      `${sum((o) => (o.nbest ? 1 : 0))} N-best lists`,
  );
  await expect(dialog.getByLabel('Import progress')).toHaveCount(0);
  // Other jobs (the plots) are polled meanwhile: let their held answers through before going on.
  await page.unrouteAll({ behavior: 'wait' });
  await shot(page, 'import-done', false);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // The dashboard has rescored with the new system, whose figures equal the original's (same outputs).
  await dashboardReady(page, before.length + 1);
  const row = (name: string) => page.locator(`[data-testid="dashboard"] tr[data-system="${name}"]`);
  const figs = async (name: string) => row(name).locator('td[data-metric]').allTextContents();
  expect(await figs(UPLOADED)).toEqual(await figs(source.name));
  expect(await row(UPLOADED).locator('td[data-metric]').count()).toBeGreaterThan(5);
  expect(errors).toEqual([]);
});

test("the dashboard's figures are the command line's", async ({ page }) => {
  await page.goto(host.url);
  const cli = cliFigures();
  await dashboardReady(page, cli.length);
  for (const s of cli)
    for (const f of s.figures) {
      const cell = page.locator(
        `[data-testid="dashboard"] tr[data-system="${s.name}"] td[data-metric="${f.metric}"]`,
      );
      await expect(cell.locator('.fig')).toHaveText(pct(f.value));
      await expect(cell.locator('.ci')).toHaveText(`[${pct(f.lo)}, ${pct(f.hi)}]`);
    }
  await shot(page, 'dashboard', false);
});

test('plots are shown as SVG, cleaned of scripts, handlers and outside links', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(host.url);
  const plots = page.getByTestId('plots');
  await expect(plots.locator('figure.plot').first()).toBeVisible({ timeout: 30_000 });
  const expected = (
    await jobResult<{ plots: { id: string; title: string; empty: boolean }[] }>(host, 'report:plots', {})
  ).plots;
  // Every plot with data at once, in a grid; the empty ones are only named, never drawn as a frame.
  const drawn = expected.filter((p) => !p.empty);
  expect(drawn.length).toBeGreaterThan(3);
  await expect(plots.locator('figure.plot')).toHaveCount(drawn.length);
  for (const p of drawn) {
    const fig = plots.locator(`figure[data-plot="${p.id}"]`);
    await expect(fig.locator('figcaption strong')).toHaveText(p.title);
    const box = await fig.locator('svg').first().boundingBox();
    expect(box!.width).toBeGreaterThan(300);
  }
  for (const p of expected.filter((q) => q.empty))
    await expect(plots.getByTestId('plots-empty')).toContainText(p.title);
  // Several side by side at 1280 px and more.
  const tops = await plots
    .locator('figure.plot')
    .evaluateAll((els) => els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(tops[0]).toBe(tops[1]);
  // Enlarge shows one plot large in a dialog; Escape closes it.
  const first = plots.locator(`figure[data-plot="${drawn[0]!.id}"]`);
  const small = (await first.locator('.plot-svg svg').boundingBox())!.width;
  await first.getByRole('button', { name: `Enlarge ${drawn[0]!.title}` }).click();
  const dialog = page.getByTestId('plot-dialog');
  await expect(dialog).toBeVisible();
  expect((await dialog.locator('svg').boundingBox())!.width).toBeGreaterThan(small * 1.5);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await plots.scrollIntoViewIfNeeded();
  await shot(page, 'plots', false);
  expect(errors).toEqual([]);

  // A hostile SVG in place of the plots: nothing of it runs or loads.
  const hostile =
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="50" onload="window.__pwned=1">' +
    '<script>window.__pwned=2</script><foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml" onclick="x()">html</div></foreignObject>' +
    '<a href="https://example.com/"><rect id="r" width="10" height="10" onmouseover="window.__pwned=3" style="fill: url(https://example.com/x)"/></a>' +
    '<image href="https://example.com/i.png" x="100" width="5" height="5"/><use xlink:href="#r" x="60"/>' +
    '<set attributeName="href" to="javascript:alert(1)"/><circle cx="150" cy="20" r="5" fill="url(#r)" style="fill: url(#r); stroke: url( \'https://example.com/q\' )"/><style>@import url(https://example.com/s.css);</style><text x="20" y="20" clip-path="url(#r)">kept</text></svg>';
  // The bridge encodes the method name in the path (report%3Aplots); the plots come as a finished job.
  await page.route(
    PLOTS_API,
    plotsAnswer(
      await dashboardWith({
        plots: [{ id: 'x', title: 'Hostile', caption: 'test', svg: hostile, empty: false }],
        nbest: [],
      }),
    ),
  );
  await page.reload();
  const svg = page.locator('figure[data-plot="x"] svg');
  await expect(svg.locator('text')).toHaveText('kept');
  await svg.locator('rect').hover();
  const left = await svg.evaluate((el) => ({
    html: el.outerHTML,
    pwned: (window as unknown as { __pwned?: number }).__pwned ?? 0,
  }));
  expect(left.pwned).toBe(0);
  expect(left.html).not.toMatch(/<script|foreignObject|onload|onmouseover|example\.com|<set|javascript:/i);
  // Local references stay.
  expect(left.html).toContain('href="#r"');
  expect(left.html).toContain('clip-path="url(#r)"');
});

test("the N-best breakdown per system shows the report's figures, its signature on hover", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(host.url);
  const section = page.getByTestId('nbest-breakdown');
  await expect(section.locator('table.nbest-table')).toBeVisible({ timeout: 30_000 });
  // The breakdowns as the command line's report gives them (`sieve report PROJECT --format json`).
  const out = execFileSync(
    process.execPath,
    [path.join(ROOT, 'bin/sieve.mjs'), 'report', projectPath, '--format', 'json'],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(out) as { nbest: Breakdown[] };
  const shown = report.nbest.filter((b) => b.error !== null || b.groups.length > 0);
  expect(shown.filter((b) => b.error === null).length).toBeGreaterThan(1);
  const picker = section.getByLabel('System shown');
  await expect(picker.locator('option')).toHaveText(shown.map((b) => b.system));
  for (const b of shown) {
    await picker.selectOption(b.system);
    const table = section.locator(`table[data-system="${b.system}"]`);
    await expect(table).toHaveAttribute('title', b.signature!);
    const scored = b.groups.filter((g) => g.scored > 0);
    expect(scored.length).toBeGreaterThan(0);
    await expect(table.locator('[data-figure="FRecall@1"]')).toHaveCount(scored.length);
    for (const g of scored) {
      const v = g.figures['FRecall@1'] ?? null;
      await expect(
        table.locator(
          `tbody[data-accuracy="${g.accuracy}"] td[data-knowledge="${g.knowledge}"][data-input="${g.input}"] [data-figure="FRecall@1"]`,
        ),
      ).toHaveText(v === null ? '—' : v.toFixed(2));
    }
  }
  // The picker is reached from the keyboard.
  await picker.focus();
  await expect(picker).toBeFocused();
  await picker.selectOption(shown[0]!.system);
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: path.join(SHOTS, 'nbest-breakdown.png') });
  expect(errors).toEqual([]);

  // Labels that contradict the gold: the breakdown's error is said in a plain note; a system without lists
  // is named, and with none at all, so is that.
  const base = await dashboardWith({ plots: [] });
  const answer = (nbest: unknown[]) => plotsAnswer({ ...base, nbest });
  const none = { ks: [], signature: null, groups: [], error: null };
  await page.route(
    PLOTS_API,
    answer([
      { ...none, system: 'A', error: 'utterance u1 is labelled notFound but its gold is in the list' },
      { ...none, system: 'B' },
    ]),
  );
  await page.reload();
  await expect(section.getByTestId('nbest-note')).toHaveText(
    'The N-best breakdown of A could not be made: utterance u1 is labelled notFound but its gold is in the list',
  );
  await expect(section).toContainText('Without N-best lists: B.');
  await page.unrouteAll({ behavior: 'wait' });
  await page.route(PLOTS_API, answer([{ ...none, system: 'B' }]));
  await page.reload();
  await expect(section.getByTestId('nbest-note')).toHaveText('No system has N-best lists.');
  await expect(section.locator('table')).toHaveCount(0);
});

test('utterances sorted by any metric: worst 20 by Struct-IoU, Enter opens one', async ({ page }) => {
  await page.goto(host.url);
  const ranking = page.getByTestId('ranking');
  await expect(ranking.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
  const systems = await host.api<SystemInfo[]>('system:list', {});
  const sys = systems.find((s) => s.name === source.name)!;
  await ranking.getByRole('combobox').first().selectOption(String(sys.id));
  const metric = 'Struct-IoU (syntax)';
  await ranking.getByLabel('Metric').selectOption(metric);
  await ranking.getByRole('button', { name: 'Worst 20' }).click();
  const rows = await host.api<{ utteranceId: string; metrics: Record<string, number | null> }[]>(
    'score:utterances',
    { systemId: sys.id },
  );
  const expected = rows
    .filter((r) => r.metrics[metric] !== null && r.metrics[metric] !== undefined)
    .sort((a, b) => a.metrics[metric]! - b.metrics[metric]!)
    .slice(0, 20);
  await expect(ranking.getByLabel('Order')).toHaveValue('asc');
  const shownIds = await ranking
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-utterance')));
  expect(
    shownIds.slice(0, expected.length).map((id) => rows.find((r) => r.utteranceId === id)!.metrics[metric]),
  ).toEqual(expected.map((r) => r.metrics[metric]));
  await expect(ranking.locator('tbody tr').first().locator('td.sorted')).toHaveText(
    pct(expected[0]!.metrics[metric]!),
  );
  // Descending by WER: the highest first.
  await ranking.getByLabel('Metric').selectOption('WER');
  await ranking.getByLabel('Order').selectOption('desc');
  const maxWer = Math.max(...rows.map((r) => r.metrics.WER ?? -1));
  await expect(ranking.locator('tbody tr').first().locator('td.sorted')).toHaveText(pct(maxWer));
  await ranking.scrollIntoViewIfNeeded();
  await shot(page, 'ranking', false);
  // Keyboard: focus the first row, move down, Enter opens that utterance in the workspace.
  await ranking.locator('tbody tr').first().focus();
  await page.keyboard.press('ArrowDown');
  const target = await ranking.locator('tbody tr').nth(1).getAttribute('data-utterance');
  await page.keyboard.press('Enter');
  await expect(page.locator('.utterance-view h1')).toHaveText(target!);
});

test('the utterance view against the scoring core: word colours, Struct-IoU pairs, the tree edit mapping', async ({
  page,
}) => {
  const errors = watchErrors(page);
  // A failed request is named by its URL (the console only says that one failed).
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`response ${r.status()}: ${r.url()}`);
  });
  const systems = await host.api<SystemInfo[]>('system:list', {});
  const sys = systems.find((s) => s.name === UPLOADED)!;
  // Ground truth from the core itself, on the gold and the output the project holds; the utterance with
  // the most tree edits makes the clearest picture.
  let best: {
    id: string;
    gold: GoldState;
    output: SystemOutput;
    core: UtteranceScores;
    edits: number;
  } | null = null;
  for (const o of source.outputs) {
    const g = await host.api<GoldState>('gold:get', { utteranceId: o.id });
    const out = (
      await host.api<{ output: SystemOutput }>('score:utterance', { systemId: sys.id, utteranceId: o.id })
    ).output;
    const c = scoreUtterance(g.gold, out);
    const t = c.trees.find((x) => x.name === 'syntax');
    const edits = t?.tna && t.structIou ? t.tna.S + t.tna.D + t.tna.I : -1;
    if (!best || edits > best.edits) best = { id: o.id, gold: g, output: out, core: c, edits };
  }
  const { id, gold, output, core } = best!;
  await page.addInitScript((sid) => sessionStorage.setItem('sieve-system', String(sid)), sys.id);
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${id}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(id);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByLabel('System shown')).toHaveValue(String(sys.id));

  // Words: one box per alignment step, coloured by its operation, as many of each as the core counts.
  const tier = page.getByTestId('system-tier');
  const w = core.words!;
  await expect(tier.locator('.system-box')).toHaveCount(w.C + w.S + w.D + w.I);
  for (const op of ['C', 'S', 'I', 'D'] as const)
    await expect(tier.locator(`.system-box.op-${op}`)).toHaveCount(w[op]);

  // Entities: each mapped pair names the words behind both sides.
  const mapped = (core.entities?.entries ?? []).filter((x) => x.ref >= 0 && x.hyp >= 0);
  const pairBoxes = page.locator(
    '[data-testid="system-entities"] [data-judgement="right"], [data-testid="system-entities"] [data-judgement="wrong"]',
  );
  expect(mapped.length).toBeGreaterThan(0);
  await expect(pairBoxes).toHaveCount(mapped.length);
  for (const [k, x] of mapped.entries()) {
    const g = gold.gold.entities[x.ref]!;
    const h = output.entities![x.hyp]!;
    const words = (ws: { text: string }[], e: { firstWord: number; lastWord: number }) =>
      ws
        .slice(e.firstWord, e.lastWord + 1)
        .map((w) => w.text)
        .join(' ');
    await expect(pairBoxes.nth(k)).toHaveAttribute(
      'title',
      `${h.type} "${words(output.words!, h)}" for gold ${g.type} "${words(gold.gold.words, g)}"\n` +
        `type ${x.type ? '✓' : '✗'} · extent ${x.extent ? '✓' : '✗'} · content ${x.content ? '✓' : '✗'}`,
    );
  }

  // Struct-IoU: as many coloured pairs in each tree as the core's matched pairs; the IoU on hover.
  const syntax = core.trees.find((t) => t.name === 'syntax')!;
  const pairs = syntax.structIou!.pairs;
  await expect(page.locator('[data-testid="system-tree"] .node-box.matched')).toHaveCount(pairs.length);
  const goldColoured = await page
    .locator('[data-testid="tree-tier"] .node-box')
    .evaluateAll((els) => els.filter((e) => (e as HTMLElement).style.background !== '').length);
  expect(goldColoured).toBe(pairs.length);
  const first = page.locator(
    `[data-testid="system-tree"] .node-box[data-path="${pairs[0]!.pred.join('.')}"]`,
  );
  await expect(first).toHaveAttribute('title', new RegExp(`IoU ${pairs[0]!.iou.toFixed(3)}`));
  // Every gold node of a pair shows the same IoU on hover.
  for (const pair of pairs)
    await expect(
      page.locator(`[data-testid="tree-tier"] .node-box[data-path="${pair.gold.join('.')}"]`),
    ).toHaveAttribute('title', new RegExp(`matched, IoU ${pair.iou.toFixed(3)}$`));

  // The tree edit mapping, the score panel's second tab: as many substituted, deleted and inserted nodes as
  // the core's counts.
  await page.getByTestId('score-panel').getByRole('tab', { name: 'Tree edit mapping (syntax)' }).click();
  const ted = page.getByTestId('ted-mapping');
  await expect(ted).toHaveAttribute('data-tree', 'syntax');
  const tna = syntax.tna!;
  await expect(ted.locator('[data-testid="ted-gold"] [data-op="D"]')).toHaveCount(tna.D);
  await expect(ted.locator('[data-testid="ted-system"] [data-op="I"]')).toHaveCount(tna.I);
  await expect(ted.locator('[data-testid="ted-gold"] [data-op="S"]')).toHaveCount(tna.S);
  await expect(ted.locator('[data-testid="ted-system"] [data-op="S"]')).toHaveCount(tna.S);
  await expect(ted.locator('[data-testid="ted-gold"] [data-op="C"]')).toHaveCount(tna.C);
  await expect(ted.getByTestId('ted-accuracy')).toHaveText(
    tna.accuracy === null ? '—' : `${(tna.accuracy * 100).toFixed(1)} %`,
  );
  if (syntax.parseval)
    await expect(ted.getByTestId('ted-parseval')).toContainText(
      `F1 ${syntax.parseval.f1 === null ? '—' : `${(syntax.parseval.f1 * 100).toFixed(1)} %`}`,
    );
  else await expect(ted.getByTestId('ted-parseval')).toHaveCount(0);
  await page.getByTestId('score-panel').scrollIntoViewIfNeeded();
  await shot(page, 'utterance');

  // Clicking an error plays its audio: the playhead moves into the erroneous node's words.
  const error = ted
    .locator('[data-testid="ted-gold"] [data-op="D"], [data-testid="ted-gold"] [data-op="S"]')
    .first();
  expect(await error.count()).toBeGreaterThan(0);
  {
    const pathAttr = (await error.getAttribute('data-path'))!;
    await error.click();
    const node = pathAttr === '' ? [] : pathAttr.split('.').map(Number);
    const words = gold.gold.words;
    const span = leafSpan(gold.gold.trees.find((t) => t.name === 'syntax')!.bracket, node);
    const from = words[span[0]]!.startSec;
    const to = words[span[1]]!.endSec;
    await expect
      .poll(async () => Number(await page.getByTestId('current-time').textContent()), { timeout: 5000 })
      .toBeGreaterThanOrEqual(from - 0.01);
    expect(Number(await page.getByTestId('current-time').textContent())).toBeLessThanOrEqual(to + 0.05);
  }
  // From the keyboard: a word error is a button; Enter on it plays that word (one away from the playhead).
  await expect(page.locator('.transport-bar .playstate')).toHaveText(/paused/, { timeout: 15_000 });
  const now = Number(await page.getByTestId('current-time').textContent());
  const boxes = tier.locator('.system-box[data-op="S"], .system-box[data-op="I"]');
  const spans = (await boxes.evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''))).map(
    (t) => t.match(/\d+\.\d+/g)!.map(Number) as [number, number],
  );
  const k = spans.findIndex(([a, b]) => a > now + 0.05 || b < now - 0.05);
  expect(k).toBeGreaterThanOrEqual(0);
  {
    const [from, to] = spans[k]!;
    await boxes.nth(k).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => {
          const t = Number(await page.getByTestId('current-time').textContent());
          return t >= from - 0.01 && t <= to + 0.05;
        },
        { timeout: 5000 },
      )
      .toBe(true);
  }
  expect(errors).toEqual([]);
});

/** The first and last leaf under the node at `nodePath` of a bracketed tree (a small reader for the test). */
function leafSpan(bracket: string, nodePath: number[]): [number, number] {
  const tokens = bracket.match(/\(|\)|[^\s()]+/g)!;
  let leaf = 0;
  let at = 0;
  const walk = (p: number[], want: boolean): [number, number] | null => {
    // tokens[at] is '('; the label follows.
    at += 2;
    let child = 0;
    const first = leaf;
    let found: [number, number] | null = null;
    while (tokens[at] !== ')') {
      if (tokens[at] === '(') {
        const here = [...p, child];
        const r = walk(here, want && nodePath.length > p.length && nodePath[p.length] === child);
        found ??= r;
      } else {
        leaf++;
        at++;
      }
      child++;
    }
    at++;
    if (want && p.length === nodePath.length) found = [first, leaf - 1];
    return found;
  };
  return walk([], true)!;
}

test('scoring settings: defaults shown, a change rescores the figures', async ({ page }) => {
  await page.goto(host.url);
  await dashboardReady(page, (await host.api<SystemInfo[]>('system:list', {})).length);
  await page.getByTestId('settings-toggle').click();
  const form = page.getByTestId('scoring-settings');
  const state = await host.api<{ defaults: Record<string, unknown> }>('scoring:getSettings', {});
  await expect(form.locator('.default-hint').first()).toHaveText(`default: ${String(state.defaults.costs)}`);
  await form.getByLabel('Word and concept alignment costs').selectOption('equal');
  await shot(page, 'settings', false);
  await form.getByRole('button', { name: 'Save and rescore' }).click();
  const cell = page.locator(
    `[data-testid="dashboard"] tr[data-system="${source.name}"] td[data-metric="WER"]`,
  );
  await expect(cell).toHaveAttribute('title', /^wer\|costs:equal\|/, { timeout: 30_000 });
  // The figures are the command line's under the new settings too.
  await dashboardReady(page, (await host.api<SystemInfo[]>('system:list', {})).length);
  const wer = cliFigures()
    .find((s) => s.name === source.name)!
    .figures.find((f) => f.metric === 'WER')!;
  await expect(cell.locator('.fig')).toHaveText(pct(wer.value));
  // Back to the defaults for the tests that follow.
  await form.getByRole('button', { name: 'Defaults' }).click();
  await form.getByRole('button', { name: 'Save and rescore' }).click();
  await expect(cell).toHaveAttribute('title', /^wer\|costs:sclite\|/, { timeout: 30_000 });
});

test('scoring settings: a GLM file picked in the form is checked, saved and named in the WER signature', async ({
  page,
}) => {
  await page.goto(host.url);
  await dashboardReady(page, (await host.api<SystemInfo[]>('system:list', {})).length);
  await page.getByTestId('settings-toggle').click();
  const form = page.getByTestId('scoring-settings');
  const pick = (name: string, text: string) =>
    form.getByLabel('GLM file').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
  // A line without `=>` is refused on saving, naming the file, line and column.
  await pick('bad.glm', ';;\nno arrow here\n');
  await expect(form.getByTestId('glm-setting')).toHaveText('bad.glm');
  await form.getByRole('button', { name: 'Save and rescore' }).click();
  await expect(form.locator('.error-text')).toHaveText(/^bad\.glm:2:1: /);
  await pick('spell.glm', ';;\nCOLOUR => COLOR / [ ] __ [ ]\n');
  await form.getByRole('button', { name: 'Save and rescore' }).click();
  await expect(form.getByTestId('glm-setting')).toHaveText(/^spell\.glm #[0-9a-f]{12}$/);
  const source = (await host.api<SystemInfo[]>('system:list', {}))[0]!;
  const cell = page.locator(
    `[data-testid="dashboard"] tr[data-system="${source.name}"] td[data-metric="WER"]`,
  );
  await expect(cell).toHaveAttribute('title', /\|trn:sclite\|glm:spell\.glm#[0-9a-f]{12}\|/, {
    timeout: 30_000,
  });
  // The run under the GLM file ends (its figures shown) before the next change.
  await expect(page.getByLabel('Scoring progress')).toHaveCount(0, { timeout: 30_000 });
  // Removed, and saved: the signature of before.
  await form.getByRole('button', { name: 'Remove' }).click();
  await expect(form.getByTestId('glm-setting')).toHaveText('none');
  await form.getByRole('button', { name: 'Save and rescore' }).click();
  await expect(cell).not.toHaveAttribute('title', /glm:/, { timeout: 30_000 });
});

test('the exported HTML report opens in Chromium with the same numbers; CSV and JSON download too', async ({
  page,
}) => {
  await page.goto(host.url);
  const cli = cliFigures();
  await dashboardReady(page, cli.length);
  const exportBar = page.getByTestId('report-export');
  await expect(exportBar.locator('button[data-format="pdf"]')).toHaveCount(0);
  const files: Record<string, string> = {};
  for (const format of ['html', 'csv', 'json']) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exportBar.locator(`button[data-format="${format}"]`).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
    const file = path.join(outDir, download.suggestedFilename());
    await download.saveAs(file);
    files[format] = file;
  }
  const json = JSON.parse(fs.readFileSync(files.json!, 'utf8')) as {
    systems: { name: string; figures: Figure[] }[];
  };
  expect(json.systems.map((s) => s.name).sort()).toEqual(cli.map((s) => s.name).sort());
  const csv = fs.readFileSync(files.csv!, 'utf8');
  expect(csv).toContain(UPLOADED);

  const report = await page.context().newPage();
  await report.goto(`file://${files.html}`);
  const text = (await report.locator('body').innerText()).replace(/\s+/g, ' ');
  // The corpus table: each system's row holds every figure and interval the command line gives.
  for (const s of cli) {
    expect(text).toContain(s.name);
    const row = (
      await report.locator('table').first().locator('tr', { hasText: s.name }).first().innerText()
    ).replace(/\s+/g, ' ');
    for (const f of s.figures) {
      expect(row).toContain(pct(f.value));
      if (f.value !== null) expect(row).toContain(`[${pct(f.lo)}, ${pct(f.hi)}]`);
    }
  }
  await report.screenshot({ path: path.join(SHOTS, 'report.png'), fullPage: false });
  await report.close();
});
