// The studio's layout on a 1600 × 1000 screen, measured: nothing moves under the pointer while the project
// page loads, tables fit or keep their first column in view, the plots are a grid with one colour per
// system, nothing in the workspace covers content, and the open utterance's scores show without scrolling.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startHostProcess, type HostProcess } from './hostProcess';
import { watchErrors } from './workspacePage';

/** Where the page records the utterance rows' positions while it loads (set by the init script below). */
interface RowSample {
  t: number;
  ids: string;
  tops: string;
}
declare global {
  interface Window {
    rowSamples?: RowSample[];
  }
}

let host: HostProcess;
test.beforeAll(async () => {
  host = await startHostProcess();
});
test.afterAll(async () => {
  await host.stop();
});
test.use({ viewport: { width: 1600, height: 1000 } });
test.describe.configure({ mode: 'serial' });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Do two boxes share any area (touching edges do not count)? */
function intersects(a: Box, b: Box): boolean {
  const eps = 0.5;
  return (
    a.x + a.width - eps > b.x &&
    b.x + b.width - eps > a.x &&
    a.y + a.height - eps > b.y &&
    b.y + b.height - eps > a.y
  );
}

/** The page's boxes of every element `locator` matches. */
async function boxes(locator: Locator): Promise<(Box & { text: string })[]> {
  return locator.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height, text: e.textContent ?? '' };
    }),
  );
}

/** Waits until the project page has everything it loads: figures, plots and the N-best breakdown. */
async function projectLoaded(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="dashboard"] tr[data-system]').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('[data-testid="dashboard"] progress')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.locator('[data-testid="plots"] figure.plot svg').first()).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('nbest-breakdown')).toBeVisible({ timeout: 60_000 });
}

test('the utterance rows stay where they are while the project page loads', async ({ page }) => {
  const errors = watchErrors(page);
  // Every frame from the first paint on, the rows' positions are written down in the page itself.
  await page.addInitScript(() => {
    const seen: RowSample[] = [];
    window.rowSamples = seen;
    const tick = (): void => {
      const rows = [...document.querySelectorAll('tr[data-utterance-id]')];
      if (rows.length > 0)
        seen.push({
          t: performance.now(),
          ids: rows.map((r) => r.getAttribute('data-utterance-id')).join(' '),
          tops: rows.map((r) => Math.round(r.getBoundingClientRect().top)).join(' '),
        });
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto(host.url);
  await projectLoaded(page);
  const seen = await page.evaluate(() => window.rowSamples ?? []);
  expect(seen.length).toBeGreaterThan(10);
  const moves = seen.filter((s) => s.tops !== seen[0]!.tops || s.ids !== seen[0]!.ids);
  expect(moves, `first at ${seen[0]!.tops}`).toEqual([]);
  expect(errors).toEqual([]);
});

test('a double-click while the page is still loading opens the utterance under the pointer', async ({
  page,
}) => {
  await page.goto(host.url);
  const row = page.locator('tr[data-utterance-id="train-03"]');
  await expect(row).toBeVisible();
  // The pointer goes to the row as soon as it is drawn; the scores, plots and breakdown load meanwhile.
  const at = (await row.boundingBox())!;
  await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2);
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 });
  await page.mouse.dblclick(at.x + at.width / 2, at.y + at.height / 2);
  await expect(page.locator('.utterance-view h1')).toHaveText('train-03');
});

test('the systems table and the utterances by metric fit at 1600 px, or scroll under their first column', async ({
  page,
}) => {
  await page.goto(host.url);
  await projectLoaded(page);
  for (const scroll of ['.dashboard-scroll', '.ranking-scroll']) {
    const fit = await page
      .locator(scroll)
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(fit.scroll, scroll).toBeLessThanOrEqual(fit.client);
  }
  // Narrower, the table scrolls sideways and the system's name stays in view.
  await page.setViewportSize({ width: 900, height: 1000 });
  const scroller = page.locator('.dashboard-scroll').first();
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const name = page.locator('[data-testid="dashboard"] tbody tr[data-system] th').first();
  const [left, box] = await Promise.all([
    scroller.evaluate((el) => el.getBoundingClientRect().left),
    name.boundingBox(),
  ]);
  expect(Math.abs(box!.x - left)).toBeLessThan(2);
});

test('the plots are a grid; a system has one colour in every plot and in the table; no point is cut by the frame', async ({
  page,
}) => {
  await page.goto(host.url);
  await projectLoaded(page);
  const plots = page.getByTestId('plots');
  const figures = plots.locator('figure.plot');
  expect(await figures.count()).toBeGreaterThan(3);
  // Three small multiples side by side at 1600 px.
  const tops = (await boxes(figures)).slice(0, 3).map((b) => Math.round(b.y));
  expect(new Set(tops).size).toBe(1);
  // Each system's marks, over every plot: their fill, read from the marks' own descriptions.
  const fills = await plots.locator('svg').evaluateAll((svgs) => {
    const out: Record<string, string[]> = {};
    for (const svg of svgs)
      for (const mark of svg.querySelectorAll('[role="graphics-symbol"][aria-label]')) {
        const m = /(?:^|; )system: ([^;]+)/.exec(mark.getAttribute('aria-label') ?? '');
        if (!m) continue;
        // A point or a bar is filled with the colour, a line is stroked with it.
        const fill = mark.getAttribute('fill');
        const colour = !fill || fill === 'none' ? (mark.getAttribute('stroke') ?? '') : fill;
        const list = (out[m[1]!] ??= []);
        if (!list.includes(colour)) list.push(colour);
      }
    return out;
  });
  const systems = await page
    .locator('[data-testid="dashboard"] tr[data-system]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-system')!));
  expect(systems.length).toBeGreaterThanOrEqual(3);
  for (const s of systems) expect(fills[s], s).toHaveLength(1);
  expect(new Set(systems.map((s) => fills[s]![0])).size).toBe(systems.length);
  // The table marks each system with the same colour.
  for (const s of systems) {
    const swatch = page.locator(`[data-testid="dashboard"] tr[data-system="${s}"] .system-swatch`);
    expect((await swatch.getAttribute('data-colour'))!.toLowerCase(), s).toBe(fills[s]![0]!.toLowerCase());
  }
  // Every point lies inside its plot's frame, even at 100 %.
  const outside = await plots.locator('svg').evaluateAll((svgs) =>
    svgs.flatMap((svg) => {
      const frame = svg.querySelector('.role-frame.root > g > path.background');
      if (!frame) return [];
      const f = frame.getBoundingClientRect();
      return [...svg.querySelectorAll('[aria-roledescription="point"]')].flatMap((p) => {
        const r = p.getBoundingClientRect();
        return r.left < f.left - 0.5 ||
          r.right > f.right + 0.5 ||
          r.top < f.top - 0.5 ||
          r.bottom > f.bottom + 0.5
          ? [p.getAttribute('aria-label') ?? '?']
          : [];
      });
    }),
  );
  expect(outside).toEqual([]);
});

test('the N-best breakdown names its levels and says when there are no labels', async ({ page }) => {
  await page.goto(host.url);
  await projectLoaded(page);
  const section = page.getByTestId('nbest-breakdown');
  const table = section.locator('table.nbest-table');
  await expect(table.locator('thead th').first()).toHaveText('Knowledge class →');
  await expect(table.locator('thead tr').nth(1).locator('th').first()).toHaveText('Input kind →');
  await expect(table.locator('tbody th').first()).toContainText('Accuracy class:');
  // The demo's gold has an input kind and no accuracy or knowledge class.
  await expect(section.getByTestId('nbest-unlabelled')).toHaveText(
    'No utterance has an accuracy class or knowledge class label, so those levels have one group, “unlabelled”.',
  );
});

/** Opens utterance `id` with the system `system` chosen, at the top of the page. */
async function openWith(page: Page, id: string, system: string): Promise<void> {
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${id}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(id);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  await page.getByLabel('System shown').selectOption({ label: system });
  await expect(page.getByTestId('system-tier').locator('.system-box').first()).toBeVisible();
  await expect(page.getByTestId('score-panel')).toContainText(`Scores · ${system}`);
  await expect(page.getByTestId('score-panel').locator('table.scores')).toBeVisible();
}

test('in the workspace no tier name, chooser or label covers a box', async ({ page }) => {
  // train-03: pocketsphinx-domain substitutes "at" for "Frankfurt" and deletes a word there.
  await openWith(page, 'train-03', 'pocketsphinx-domain');
  await expect(page.getByTestId('system-tree').locator('.node-box').first()).toBeVisible();
  const rows = page.locator('.tiers .tier-row');
  const n = await rows.count();
  expect(n).toBeGreaterThanOrEqual(6);
  for (let i = 0; i < n; i++) {
    const row = rows.nth(i);
    const [name] = await boxes(row.locator(':scope > .tier-name'));
    const content = await boxes(row.locator('.tier-box'));
    for (const b of content) expect(intersects(name!, b), `"${name!.text}" covers "${b.text}"`).toBe(false);
  }
  // The deleted word's box: its whole label shows, and no recognized word covers it.
  const deleted = page.getByTestId('system-tier').locator('.system-box.op-D');
  await expect(deleted.first()).toBeVisible();
  for (const d of await boxes(deleted)) {
    const others = await boxes(page.getByTestId('system-tier').locator('.system-box:not(.op-D)'));
    for (const o of others) expect(intersects(d, o), `${o.text} covers ${d.text}`).toBe(false);
  }
  const cut = await deleted.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  await expect(deleted.first()).toHaveText('(Frankfurt)');
});

test("the open utterance's scores show beside the editors, without scrolling", async ({ page }) => {
  await openWith(page, 'train-03', 'pocketsphinx-domain');
  await page.evaluate(() => window.scrollTo(0, 0));
  const panel = page.getByTestId('score-panel');
  const rows = panel.locator('table.scores tr');
  const first = (await rows.first().boundingBox())!;
  expect(first.y + first.height).toBeLessThanOrEqual(1000);
  // Beside the bracket text, not under it.
  const bracket = (await page.locator('.bracket-panel').boundingBox())!;
  const box = (await panel.boundingBox())!;
  expect(Math.abs(box.y - bracket.y)).toBeLessThan(2);
  expect(intersects(box, bracket)).toBe(false);
  // The tree edit mapping is the panel's other tab: it shows in the same place, still without scrolling.
  await panel.getByRole('tab', { name: 'Tree edit mapping (syntax)' }).click();
  const ted = (await page.getByTestId('ted-mapping').boundingBox())!;
  expect(ted.y + 120).toBeLessThanOrEqual(1000);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("a typed tree's Struct-IoU pairs are coloured in both trees", async ({ page }) => {
  // transcript-chunker has every semantic node right on train-01: each constituent is matched.
  await openWith(page, 'train-01', 'transcript-chunker');
  await page.getByLabel('Tree shown').selectOption('semantic');
  const system = page.getByTestId('system-tree');
  await expect(system.locator('.node-box').first()).toBeVisible();
  await expect(system.locator('.node-box.unmatched')).toHaveCount(0);
  const matched = await system.locator('.node-box.matched').count();
  expect(matched).toBeGreaterThan(1);
  await expect(page.getByTestId('score-panel')).toContainText('Struct-IoU (semantic)');
});

test("the HTML report's corpus table fits at 1600 px, and narrower keeps the system's name in view", async ({
  page,
}, testInfo) => {
  const { projectPath } = await host.api<{ projectPath: string }>('app:info', {});
  const html = execFileSync(
    process.execPath,
    [
      path.resolve(import.meta.dirname, '..', '..', 'bin/sieve.mjs'),
      'report',
      projectPath,
      '--format',
      'html',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const file = testInfo.outputPath('report.html');
  fs.writeFileSync(file, html);
  await page.goto(`file://${file}`);
  const scroller = page.locator('#corpus .wide');
  const fit = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  await page.setViewportSize({ width: 900, height: 1000 });
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  const left = await scroller.evaluate((el) => el.getBoundingClientRect().left);
  const name = (await page.locator('#corpus tbody th').first().boundingBox())!;
  expect(Math.abs(name.x - left)).toBeLessThan(2);
});
