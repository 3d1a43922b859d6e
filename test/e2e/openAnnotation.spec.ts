// Annotation that is not blind, end to end: in a project with blind annotation off, the studio acting as one
// annotator shows the other annotator's layer of the utterance read-only under the edited layer (their
// words, entities and tree, named by the annotator), edits only its own layer, and leaves the other layer
// and the adjudicated gold as they were. The rows are read from the project file. The adjudicator's
// workspace shows none of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './hostProcess';
import { makeLongProject } from './longProject';
import { dbRows, dragBy, makeWorkspaceProject, saved, shot, watchErrors } from './workspacePage';

let host: HostProcess;
let dir: string;
let projectFile: string;

const ID = 'train-01';
/** Labels only bob's layer has: his third word's text, his tree's root and his entity's type. */
const BOB_WORD = 'bobword';
const BOB_TREE = 'BOBTREE';
const BOB_ENTITY = 'BOBENTITY';

interface LayerRow {
  name: string;
  status: string;
  gold: string;
  gold_rev: number;
}

/** The adjudicated gold of the utterance as stored (its history entries are read with the layers'). */
function adjudicatedRows() {
  const { words, trees, entities, concepts } = dbRows(projectFile, ID);
  return { words, trees, entities, concepts };
}

/** The annotator layers of the utterance as stored, and which layer each history entry belongs to. */
function layerRows() {
  const db = new Database(projectFile, { readonly: true, fileMustExist: true });
  try {
    const layers = db
      .prepare(
        `SELECT a.name, g.status, g.gold, g.gold_rev FROM annotator_gold g JOIN annotator a ON a.id = g.annotator_id
          WHERE g.utterance_id = ? ORDER BY a.name`,
      )
      .all(ID) as LayerRow[];
    const history = db
      .prepare(
        `SELECT coalesce(a.name, '') AS layer FROM history h LEFT JOIN annotator a ON a.id = h.annotator_id
          WHERE h.utterance_id = ? ORDER BY h.id`,
      )
      .all(ID) as { layer: string }[];
    const layer = (name: string) => {
      const l = layers.find((x) => x.name === name)!;
      return { ...l, gold: JSON.parse(l.gold) as { words: { text: string; endSec: number }[] } };
    };
    return { ann: layer('ann'), bob: layer('bob'), bobRaw: layers.find((x) => x.name === 'bob'), history };
  } finally {
    db.close();
  }
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-open-'));
  projectFile = makeWorkspaceProject(dir);
  host = await startHostProcess(['--project', projectFile]);
  await host.api('annotator:add', { name: 'ann' });
  await host.api('annotator:add', { name: 'bob' });
  await host.api('assignment:set', { annotator: 'ann', utteranceIds: [ID] });
  await host.api('assignment:set', { annotator: 'bob', utteranceIds: [ID] });
  // Bob's work: one word written otherwise, an entity over the first word and a tree of his own.
  const bob = await host.api<{ gold: { words: { text: string }[] } }>('gold:get', {
    utteranceId: ID,
    layer: { annotator: 'bob' },
  });
  const words = bob.gold.words.map((w, i) => (i === 2 ? { ...w, text: BOB_WORD } : w));
  const bracket = `(${BOB_TREE} ${words.map((w) => w.text).join(' ')})`;
  await host.api('gold:applyDiff', {
    utteranceId: ID,
    layer: { annotator: 'bob' },
    diff: [
      { field: 'words', before: bob.gold.words, after: words },
      { field: 'trees', before: [], after: [{ name: 'syntax', typed: false, bracket }] },
      { field: 'entities', before: [], after: [{ type: BOB_ENTITY, firstWord: 0, lastWord: 0 }] },
    ],
  });
  const team = await host.api<{ blind: boolean }>('annotator:setSettings', { blind: false });
  expect(team.blind).toBe(false);
});
test.afterAll(async () => {
  await host.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("with blind annotation off, an annotator sees the other annotator's layer read-only and edits only their own", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const adjudicatedBefore = adjudicatedRows();
  const bobBefore = layerRows().bobRaw;
  expect(layerRows().history).toEqual([{ layer: 'bob' }]);

  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  await page.getByTestId('acting-as').selectOption('ann');
  await expect(page.getByTestId('acting-as')).toHaveValue('ann');
  await page.locator(`tr[data-utterance-id="${ID}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(ID);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');

  // Which layer is edited is said, and bob's tiers are under it, named by him.
  await expect(page.getByTestId('layer-badge')).toHaveText("ann's layer");
  await expect(page.getByTestId('other-layers-heading')).toContainText("ann's layer, edited here");
  await expect(page.getByTestId('other-layers-heading')).toContainText('below: bob, read-only');
  const bob = page.getByTestId('other-layer');
  await expect(bob).toHaveCount(1);
  await expect(bob).toHaveAttribute('data-annotator', 'bob');
  await expect(bob.locator('.tier-name').first()).toHaveText('bob · words');
  await expect(bob.getByTestId('word-tier').locator('[data-word="2"]')).toHaveText(BOB_WORD);
  await expect(bob.getByTestId('entity-tier')).toContainText(BOB_ENTITY);
  await expect(bob.locator('.tree-tier')).toContainText(BOB_TREE);
  // ann's own tiers hold none of it.
  const own = page.locator('[data-testid="tiers"] > .tier-row');
  await expect(own.getByTestId('word-tier').locator('[data-word="2"]')).not.toHaveText(BOB_WORD);
  await expect(own.getByTestId('entity-tier')).not.toContainText(BOB_ENTITY);

  // A click on bob's word selects the same word in ann's layer; a drag on his tier is refused.
  await bob.getByTestId('word-tier').locator('[data-word="2"]').click();
  await expect(own.getByTestId('word-tier').locator('[data-word="2"]')).toHaveClass(/selected/);
  await dragBy(page, '[data-testid="other-layer"] [data-boundary="1-end"]', 30);
  await expect(page.getByTestId('message')).toHaveText(/^The other annotators' layers are read-only/);

  // ann's edit: a boundary of her own word tier, saved to her layer.
  await dragBy(page, '[data-testid="tiers"] > .tier-row [data-boundary="1-end"]', 30);
  await saved(page);
  await expect.poll(() => layerRows().ann.gold_rev).toBe(1);
  const after = layerRows();
  const moved = after.ann.gold.words[1]!.endSec;
  expect(moved).toBeGreaterThan(adjudicatedBefore.words[1]!.end_sec + 0.01);
  expect(after.ann.gold.words[2]!.text).not.toBe(BOB_WORD);
  expect(after.history).toEqual([{ layer: 'bob' }, { layer: 'ann' }]);
  // bob's row and the adjudicated tables are untouched (no history entry is the adjudicated layer's).
  expect(after.bobRaw).toEqual(bobBefore);
  expect(adjudicatedRows()).toEqual(adjudicatedBefore);
  // bob's tier still shows his words.
  await expect(bob.getByTestId('word-tier').locator('[data-word="2"]')).toHaveText(BOB_WORD);

  // The adjudicator's workspace is the plain one: no other layer under it, no badge.
  await page.getByRole('button', { name: /Utterances/ }).click();
  await page.locator('table.utterances').waitFor();
  await page.getByTestId('acting-as').selectOption('');
  await expect(page.getByTestId('acting-as')).toHaveValue('');
  await page.locator(`tr[data-utterance-id="${ID}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(ID);
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('other-layer')).toHaveCount(0);
  await expect(page.getByTestId('layer-badge')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("on a 60-minute utterance the other annotator's tiers draw only what is in view", async ({
  page,
}, testInfo) => {
  // A ceiling for a loaded machine (the project alone is an hour of audio); every step waits for state.
  test.setTimeout(600_000);
  const errors = watchErrors(page);
  // 11,400 words over about an hour; bob's layer has the words, 1,629 entities and a tree of 1,792
  // constituents (the adjudicated ones), ann's only the words.
  const hour = makeLongProject(path.join(dir, 'hour'), 11_400, true);
  const long = await startHostProcess(['--project', hour.file]);
  try {
    await long.api('annotator:add', { name: 'ann' });
    await long.api('annotator:add', { name: 'bob' });
    for (const name of ['ann', 'bob'])
      await long.api('assignment:set', { annotator: name, utteranceIds: [hour.id] });
    const gold = await long.api<{ gold: { trees: unknown[]; entities: unknown[] } }>('gold:get', {
      utteranceId: hour.id,
    });
    await long.api('gold:applyDiff', {
      utteranceId: hour.id,
      layer: { annotator: 'bob' },
      diff: [
        { field: 'trees', before: [], after: gold.gold.trees },
        { field: 'entities', before: [], after: gold.gold.entities },
      ],
    });
    await long.api('annotator:setSettings', { blind: false });

    const nodes = (): Promise<number> => page.evaluate(() => document.getElementsByTagName('*').length);
    /** The number of boxes each of bob's tiers draws. */
    const drawn = (): Promise<Record<string, number>> =>
      page.evaluate(() =>
        Object.fromEntries(
          ['word-tier', 'entity-tier', 'tree-tier'].map((id) => [
            id,
            document.querySelector(`[data-testid="other-layer"] [data-testid="${id}"]`)?.children.length ??
              -1,
          ]),
        ),
      );
    await page.goto(long.url);
    await page.locator('table.utterances').waitFor();
    await page.getByTestId('acting-as').selectOption('ann');
    await page.locator(`tr[data-utterance-id="${hour.id}"]`).dblclick();
    await expect(page.locator('.utterance-view h1')).toHaveText(hour.id, { timeout: 60_000 });
    await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
    await expect(page.getByTestId('other-layer')).toHaveAttribute('data-annotator', 'bob', {
      timeout: 60_000,
    });
    await expect(page.locator('.transport-bar')).toContainText(/zoom 0 px\/s/, { timeout: 60_000 });
    // Fit: the whole hour in view, bob's tiers drawn as runs a few pixels apart, never box by box.
    await expect(
      page.locator('[data-testid="other-layer"] [data-testid="tree-tier"] .tier-box').first(),
    ).toBeAttached({ timeout: 60_000 });
    const atFit = await drawn();
    const nodesAtFit = await nodes();
    testInfo.annotations.push({
      type: "nodes at fit with bob's layer",
      description: `${nodesAtFit} (bob's boxes per tier: ${JSON.stringify(atFit)})`,
    });
    for (const [id, n] of Object.entries(atFit)) {
      expect(n, id).toBeGreaterThan(0);
      expect(n, id).toBeLessThan(id === 'tree-tier' ? 1500 : 1000);
    }
    // Zoomed in until each word has its own box: a screen's worth of bob's boxes, and fewer nodes.
    for (let k = 0; k < 16; k++) await page.keyboard.press('=');
    await expect(page.locator('.transport-bar')).toContainText(/zoom \d{3,} px\/s/, { timeout: 60_000 });
    await expect(page.locator('[data-testid="other-layer"] [data-word="0"]')).toHaveText('w0', {
      timeout: 60_000,
    });
    const zoomed = await drawn();
    for (const [id, n] of Object.entries(zoomed)) {
      expect(n, id).toBeGreaterThan(0);
      expect(n, id).toBeLessThan(200);
    }
    expect(await nodes()).toBeLessThan(nodesAtFit);
    testInfo.annotations.push({
      type: 'nodes zoomed in',
      description: `${await nodes()} (bob's boxes per tier: ${JSON.stringify(zoomed)})`,
    });
    await shot(page, testInfo, 'open-annotation-hour-zoomed');
  } finally {
    // Closed first, so that the audio it may still be reading is not cut off by the host's stop.
    await page.close();
    await long.stop();
  }
  expect(errors).toEqual([]);
});
