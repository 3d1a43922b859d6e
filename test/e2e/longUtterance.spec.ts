// A long utterance in the studio (thousands of words): the first edit of a fresh project is stored when
// the studio says so, fit shows the whole utterance, and a reload returns to the utterance that was open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { GoldState } from '../../src/core/api/contract';
import { startHostProcess } from './hostProcess';
import { type LongProject, makeLongProject } from './longProject';
import { dragBy, saved, shot, watchErrors } from './workspacePage';

let dir: string;
let project: LongProject;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-long-'));
  project = makeLongProject(path.join(dir, 'made'), 3000);
});
test.afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A copy of the long project, never opened before. */
function freshCopy(name: string): string {
  const copy = path.join(dir, name);
  fs.cpSync(path.join(dir, 'made'), copy, { recursive: true });
  return path.join(copy, 'long.sieve');
}

/** Opens the long utterance from the project list, as an annotator would. */
async function openLong(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator(`tr[data-utterance-id="${project.id}"]`).dblclick();
  // Opening thousands of words takes seconds on a loaded machine.
  await expect(page.locator('.utterance-view h1')).toHaveText(project.id, { timeout: 30_000 });
}

test('the first boundary drag of a fresh project is stored once the studio says "all saved"', async ({
  browser,
}) => {
  // Each round is a fresh copy of the project, a fresh host and a fresh tab: the first drag of a session.
  test.setTimeout(600_000);
  const errors: string[] = [];
  const rounds = Number(process.env.SIEVE_DRAG_ROUNDS ?? 10);
  for (let round = 0; round < rounds; round++) {
    const host = await startHostProcess(['--project', freshCopy(`round-${round}`)]);
    const page = await browser.newPage();
    const pageErrors = watchErrors(page);
    // What the store answered, named when a round fails.
    const answers: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/gold'))
        void r.text().then((t) => answers.push(`${r.url().replace(/.*\/api\//, '')} ${t.slice(0, 200)}`));
    });
    try {
      await openLong(page, host.url);
      const i = round % 3;
      const handle = page.locator(`[data-boundary="${i}-end"]`);
      const box = page.locator(`[data-word="${i}"]`);
      await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
      // Close enough to see the word's boundary move (fit shows the whole utterance, ~1.25 px/s; each key
      // zooms in 1.5 times); the words come one by one with their handles only when they are that wide.
      for (let k = 0; k < 13; k++) await page.keyboard.press('=');
      await expect(page.locator('.transport-bar')).toContainText(/zoom (\d{3,}) px\/s/);
      await expect(handle, `round ${round}`).toBeAttached({ timeout: 30_000 });
      // The handle stays where it is (the zoom and scroll have settled) before it is taken.
      let last = '';
      await expect
        .poll(async () => {
          const b = JSON.stringify(await handle.boundingBox());
          const still = b === last;
          last = b;
          return still;
        })
        .toBe(true);
      await saved(page);
      // The box's place on the tier, in percentages of the recording: a zoom does not change it, a drag does.
      const before = await box.getAttribute('style');
      await dragBy(page, `[data-boundary="${i}-end"]`, 8, 4);
      await expect(box, `round ${round}: the drag is drawn`).not.toHaveAttribute('style', before!);
      // Then stored: only then does the studio say so.
      await saved(page);
      const stored = await host.api<GoldState>('gold:get', { utteranceId: project.id });
      const why = `round ${round}: ${JSON.stringify(answers)} shown: ${await box.getAttribute('style')}`;
      expect(stored.gold.words[i]!.endSec, why).toBeGreaterThan(project.words[i]!.endSec + 0.01);
      expect(stored.canUndo, why).toBe(true);
    } finally {
      errors.push(...pageErrors);
      await page.close();
      await host.stop();
    }
  }
  expect(errors).toEqual([]);
});

test('fit shows the whole long utterance; the transcript scrolls in its box and the editors stay on screen', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const host = await startHostProcess(['--project', freshCopy('fit')]);
  try {
    await openLong(page, host.url);
    await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
    await page.keyboard.press('=');
    await page.keyboard.press('0');
    // The whole utterance fits the waveform's width: the box of its last word (at this zoom, of a run of
    // words too narrow to draw one by one) ends within the view.
    const last = page.locator('[data-testid="word-tier"] > .tier-box').last();
    await expect
      .poll(() => last.evaluate((e) => (e as HTMLElement).dataset.last ?? (e as HTMLElement).dataset.word))
      .toBe(String(project.words.length - 1));
    const panel = (await page.locator('.axis-panel').boundingBox())!;
    await expect(page.locator('.transport-bar')).toContainText(/zoom \d px\/s/);
    await expect
      .poll(async () => {
        const b = await last.boundingBox();
        return b ? b.x + b.width : Infinity;
      })
      .toBeLessThanOrEqual(panel.x + panel.width);
    await expect(page.locator('.transport-bar')).toContainText(/zoom \d px\/s/);
    // The transcript has its own scroll; the bracket editor below it is on screen.
    const transcript = page.getByLabel('Transcript');
    const t = (await transcript.boundingBox())!;
    expect(t.height).toBeLessThan(200);
    expect(await transcript.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
    const editor = (await page.locator('.side-panels').boundingBox())!;
    expect(editor.y).toBeLessThan(page.viewportSize()!.height);
    await shot(page, testInfo, 'long-utterance-fit');
  } finally {
    // Closed first, so that the audio it may still be reading is not cut off by the host's stop.
    await page.close();
    await host.stop();
  }
  expect(errors).toEqual([]);
});

test('a reload returns to the open utterance; back and forward move between it and the list', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const host = await startHostProcess(['--project', freshCopy('reload')]);
  try {
    await openLong(page, host.url);
    await expect(page).toHaveURL(new RegExp(`#/u/${project.id}(\\?|$)`));
    await page.reload();
    await expect(page.locator('.utterance-view h1')).toHaveText(project.id, { timeout: 30_000 });
    await expect(page.locator('[data-testid="word-tier"] > .tier-box').first()).toBeAttached();
    await page.goBack();
    await expect(page.locator(`tr[data-utterance-id="${project.id}"]`)).toBeVisible();
    await page.goForward();
    await expect(page.locator('.utterance-view h1')).toHaveText(project.id, { timeout: 30_000 });
    // Leaving by the studio's own button is a step back can undo too.
    await page.getByRole('button', { name: '← Utterances' }).click();
    await expect(page.locator(`tr[data-utterance-id="${project.id}"]`)).toBeVisible();
    await page.goBack();
    await expect(page.locator('.utterance-view h1')).toHaveText(project.id, { timeout: 30_000 });
  } finally {
    // Closed first, so that the audio it may still be reading is not cut off by the host's stop.
    await page.close();
    await host.stop();
  }
  expect(errors).toEqual([]);
});

/** The view shown: the zoom the transport bar names and the word of the first box in the word tier. */
interface Shown {
  zoom: string;
  first: string;
  /** The time at the left edge, as the address names it. */
  t: number;
}

/** The time at the view's left edge named by the address, or null. */
const leftEdge = (page: Page): number | null => {
  const m = /[?&]t=([\d.]+)/.exec(page.url());
  return m ? Number(m[1]) : null;
};

/** Zooms in (13 keys) and scrolls right (4 wheel steps), then waits for the address to name that view. */
async function zoomAndScroll(page: Page): Promise<Shown> {
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  for (let k = 0; k < 13; k++) await page.keyboard.press('=');
  await expect(page.locator('.transport-bar')).toContainText(/zoom \d{3,} px\/s/);
  const tiers = (await page.getByTestId('tiers').boundingBox())!;
  await page.mouse.move(tiers.x + tiers.width / 2, tiers.y + 20);
  for (let k = 0; k < 4; k++) await page.mouse.wheel(5000, 0);
  // The address names the view once it is still.
  await expect.poll(() => leftEdge(page) ?? 0).toBeGreaterThan(10);
  await expect(page).toHaveURL(/&z=\d{3}/);
  // Still: the address no longer changes.
  let last = '';
  await expect
    .poll(() => {
      const same = page.url() === last;
      last = page.url();
      return same;
    })
    .toBe(true);
  return shown(page);
}

/** The view shown now. */
async function shown(page: Page): Promise<Shown> {
  const zoom = /zoom \d+ px\/s/.exec((await page.locator('.transport-bar').textContent())!)![0];
  const first = (await page
    .locator('[data-testid="word-tier"] > .tier-box')
    .first()
    .getAttribute('data-word'))!;
  return { zoom, first, t: leftEdge(page)! };
}

/** Waits for the utterance to be open again in `view`: the same zoom, words at the left edge and address. */
async function expectView(page: Page, view: Shown): Promise<void> {
  await expect(page.locator('.utterance-view h1')).toHaveText(project.id, { timeout: 30_000 });
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(page.locator('.transport-bar')).toContainText(view.zoom, { timeout: 30_000 });
  await expect(page.locator('[data-testid="word-tier"] > .tier-box').first()).toHaveAttribute(
    'data-word',
    view.first,
  );
  await expect.poll(() => leftEdge(page)).toBeCloseTo(view.t, 1);
}

test('a reload returns to the same view of the utterance: the time at the left edge and the zoom', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const host = await startHostProcess(['--project', freshCopy('view')]);
  try {
    await openLong(page, host.url);
    const view = await zoomAndScroll(page);
    await page.reload();
    await expectView(page, view);
  } finally {
    await page.close();
    await host.stop();
  }
  expect(errors).toEqual([]);
});

test('back and forward return to the view each entry names', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  const host = await startHostProcess(['--project', freshCopy('history')]);
  try {
    await openLong(page, host.url);
    const view = await zoomAndScroll(page);
    // To the list by the studio's button, then back: the view that was left.
    await page.getByRole('button', { name: '← Utterances' }).click();
    await expect(page.locator(`tr[data-utterance-id="${project.id}"]`)).toBeVisible();
    await page.goBack();
    await expectView(page, view);
    await shot(page, testInfo, 'long-utterance-back');
    // Forward to the list and back again: the same view once more.
    await page.goForward();
    await expect(page.locator(`tr[data-utterance-id="${project.id}"]`)).toBeVisible();
    await page.goBack();
    await expectView(page, view);
    // Within the open utterance, an entry naming another view of it (as a link or a typed address would
    // add one) and back: each entry's view in turn, without leaving the utterance.
    const other = { ...view, t: Math.round(view.t / 2) };
    await page.evaluate((t) => {
      location.hash = location.hash.replace(/([?&]t=)[\d.]+/, `$1${t}`);
    }, other.t);
    await expect.poll(() => leftEdge(page)).toBeCloseTo(other.t, 1);
    await expect(page.locator('[data-testid="word-tier"] > .tier-box').first()).not.toHaveAttribute(
      'data-word',
      view.first,
    );
    const there = await shown(page);
    expect(there.zoom).toBe(view.zoom);
    await page.goBack();
    await expectView(page, view);
    await page.goForward();
    await expectView(page, there);
  } finally {
    await page.close();
    await host.stop();
  }
  expect(errors).toEqual([]);
});

/**
 * The tiers whose boxes are drawn only in view: the gold words, entities and tree, and a system's words
 * and entities (a system's tree is drawn by the same rule, see tierWindow.test.ts; it is not on this
 * recording, whose tree would take minutes to score against it).
 */
const TIERS = ['word-tier', 'entity-tier', 'tree-tier', 'system-tier', 'system-entities'];

test('on a 60-minute utterance the page holds only what is on screen: its nodes do not grow with the words', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  // 11,400 words over about an hour, with 1,629 entities, a tree of 1,792 constituents and a system's
  // words and entities.
  const hour = makeLongProject(path.join(dir, 'hour'), 11_400, true);
  expect(hour.durationSec).toBeGreaterThan(3600);
  const host = await startHostProcess(['--project', hour.file]);
  const nodes = (): Promise<number> => page.evaluate(() => document.getElementsByTagName('*').length);
  const boxes = page.locator('[data-testid="word-tier"] > .tier-box');
  /** The number of boxes each tier draws. */
  const drawn = (): Promise<Record<string, number>> =>
    page.evaluate(
      (ids) =>
        Object.fromEntries(
          ids.map((id) => [id, document.querySelector(`[data-testid="${id}"]`)?.children.length ?? -1]),
        ),
      TIERS,
    );
  try {
    await page.goto(host.url);
    await page.locator(`tr[data-utterance-id="${hour.id}"]`).dblclick();
    await expect(page.locator('.utterance-view h1')).toHaveText(hour.id, { timeout: 60_000 });
    await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    await expect(page.locator('[data-testid="bracket-editor"] .monaco-editor')).toBeVisible({
      timeout: 60_000,
    });
    // The system's tiers come once its scores are computed.
    await expect(page.getByTestId('system-entities')).toBeAttached({ timeout: 60_000 });
    // Fit: the whole hour is in view, drawn as runs of words a few pixels apart.
    await expect(page.locator('.transport-bar')).toContainText(/zoom 0 px\/s/);
    const atFit = await nodes();
    const fitBoxes = await drawn();
    testInfo.annotations.push({
      type: 'nodes at fit',
      description: `${atFit} (boxes per tier: ${JSON.stringify(fitBoxes)})`,
    });
    // Every tier draws something, and no tier more boxes than a quarter of its pixels per lane.
    for (const id of TIERS) expect(fitBoxes[id], id).toBeGreaterThan(0);
    for (const id of ['word-tier', 'entity-tier', 'system-tier', 'system-entities'])
      expect(fitBoxes[id], id).toBeLessThan(1000);
    expect(fitBoxes['tree-tier']).toBeLessThan(1500);
    expect(atFit).toBeLessThan(6000);
    // Zoomed in until each word has its own box with its label and handles.
    for (let k = 0; k < 16; k++) await page.keyboard.press('=');
    await expect(page.locator('.transport-bar')).toContainText(/zoom \d{3,} px\/s/);
    await expect(page.locator('[data-boundary="0-end"]')).toBeAttached();
    await expect(page.locator('[data-entity="0"]')).toBeAttached();
    await expect(page.locator('[data-testid="tree-tier"] [data-path="0.0"]')).toBeAttached();
    const zoomed = await drawn();
    for (const id of TIERS) expect(zoomed[id], id).toBeLessThan(200);
    expect(await nodes()).toBeLessThan(atFit);
    // Far into the recording, by the tiers' sideways wheel: the boxes there are drawn, still as few.
    const tiers = (await page.getByTestId('tiers').boundingBox())!;
    await page.mouse.move(tiers.x + tiers.width / 2, tiers.y + 20);
    for (let k = 0; k < 5; k++) await page.mouse.wheel(4000, 0);
    await expect(page.locator('[data-word="0"]')).toHaveCount(0);
    await expect(boxes.first()).toHaveAttribute('data-word', /\d{2,}/);
    await expect(page.locator('[data-entity="0"]')).toHaveCount(0);
    await expect(page.locator('[data-testid="entity-tier"] > [data-entity]').first()).toHaveAttribute(
      'data-entity',
      /\d{2,}/,
    );
    const far = await drawn();
    for (const id of TIERS) {
      expect(far[id], id).toBeGreaterThan(0);
      expect(far[id], id).toBeLessThan(200);
    }
    expect(await nodes()).toBeLessThan(atFit);
    testInfo.annotations.push({
      type: 'nodes zoomed in, far into the hour',
      description: `${await nodes()} (boxes per tier: ${JSON.stringify(far)})`,
    });
    await shot(page, testInfo, 'long-utterance-hour-zoomed');
    await page.keyboard.press('0');
    await expect(page.locator('.transport-bar')).toContainText(/zoom 0 px\/s/);
    await shot(page, testInfo, 'long-utterance-hour-fit');
  } finally {
    // Closed first, so that the audio it may still be reading is not cut off by the host's stop.
    await page.close();
    await host.stop();
  }
  expect(errors).toEqual([]);
});
