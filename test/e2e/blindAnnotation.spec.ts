// Blind annotation end to end: the studio acting as one annotator opens and edits that annotator's own
// layer, lists only their utterances, and loads nothing of another annotator's work on the utterance; the
// adjudicated gold and the other layer stay as they were. The rows are read from the project file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './hostProcess';
import { dbRows, dragBy, makeWorkspaceProject, saved, watchErrors } from './workspacePage';

let host: HostProcess;
let dir: string;
let projectFile: string;

/** A tree label only bob's layer has: it must appear nowhere while the studio acts as ann. */
const BOB_ONLY = 'BOBONLY';

interface LayerRow {
  name: string;
  status: string;
  gold: string;
  gold_rev: number;
}

/** Every annotator layer of an utterance and the history entries of its layers, from the project file. */
function layerRows(utteranceId: string) {
  const db = new Database(projectFile, { readonly: true, fileMustExist: true });
  try {
    const layers = db
      .prepare(
        `SELECT a.name, g.status, g.gold, g.gold_rev FROM annotator_gold g JOIN annotator a ON a.id = g.annotator_id
          WHERE g.utterance_id = ? ORDER BY a.name`,
      )
      .all(utteranceId) as LayerRow[];
    const history = db
      .prepare(
        `SELECT coalesce(a.name, '') AS layer, h.kind FROM history h LEFT JOIN annotator a ON a.id = h.annotator_id
          WHERE h.utterance_id = ? ORDER BY h.id`,
      )
      .all(utteranceId) as { layer: string; kind: string }[];
    return {
      layers: layers.map((l) => ({
        ...l,
        gold: JSON.parse(l.gold) as {
          words: { text: string; startSec: number; endSec: number; source?: string }[];
        },
      })),
      history,
    };
  } finally {
    db.close();
  }
}

/** The adjudicated gold of an utterance as stored (its history entries are read with the layers'). */
function adjudicatedRows(utteranceId: string) {
  const { words, trees, entities, concepts } = dbRows(projectFile, utteranceId);
  return { words, trees, entities, concepts };
}

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-blind-'));
  projectFile = makeWorkspaceProject(dir);
  host = await startHostProcess(['--project', projectFile]);
  await host.api('annotator:add', { name: 'ann' });
  await host.api('annotator:add', { name: 'bob' });
  await host.api('assignment:set', { annotator: 'ann', utteranceIds: ['train-01', 'news-02'] });
  await host.api('assignment:set', { annotator: 'bob', utteranceIds: ['train-01'] });
  // Bob's work on train-01: a tree of his own.
  const bob = await host.api<{ gold: { words: { text: string }[]; trees: unknown[] } }>('gold:get', {
    utteranceId: 'train-01',
    layer: { annotator: 'bob' },
  });
  const bracket = `(${BOB_ONLY} ${bob.gold.words.map((w) => w.text).join(' ')})`;
  await host.api('gold:applyDiff', {
    utteranceId: 'train-01',
    layer: { annotator: 'bob' },
    diff: [{ field: 'trees', before: [], after: [{ name: 'syntax', typed: false, bracket }] }],
  });
});
test.afterAll(async () => {
  await host.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("acting as an annotator edits only their own layer and shows nothing of another annotator's", async ({
  page,
}) => {
  const errors = watchErrors(page);
  const layerCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/gold:layers/.test(r.url())) layerCalls.push(r.url());
  });
  const adjudicatedBefore = adjudicatedRows('train-01');
  const bobBefore = layerRows('train-01').layers.find((l) => l.name === 'bob')!;

  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  await page.getByTestId('acting-as').selectOption('ann');
  // The list is ann's: her two utterances, with her layer's status.
  await expect(page.locator('tbody tr[data-utterance-id]')).toHaveCount(2);
  await expect(page.locator('tbody tr[data-utterance-id="train-01"] .status')).toHaveText(/to do/i);

  await page.locator('tr[data-utterance-id="train-01"]').dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText('train-01');
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  await dragBy(page, '[data-boundary="1-end"]', 30);
  await saved(page);
  await page.getByLabel('Annotation status').selectOption('in_progress');

  // Blind: bob's layer was never asked for, and nothing of it is on the page.
  expect(layerCalls).toEqual([]);
  await expect(page.locator('body')).not.toContainText(BOB_ONLY);
  await expect(page.getByRole('button', { name: /adjudicat/i })).toHaveCount(0);

  // The stored rows: ann's layer has the moved boundary, as one history entry of her layer.
  await expect
    .poll(() => layerRows('train-01').layers.find((l) => l.name === 'ann')!.status)
    .toBe('in_progress');
  const after = layerRows('train-01');
  const ann = after.layers.find((l) => l.name === 'ann')!;
  expect(ann.gold_rev).toBe(1);
  const moved = ann.gold.words[1]!.endSec;
  expect(moved).toBeGreaterThan(adjudicatedBefore.words[1]!.end_sec + 0.01);
  expect(ann.gold.words[2]!.startSec).toBe(moved);
  expect(ann.gold.words[1]!.source).toBe('manual');
  expect(after.history).toEqual([
    { layer: 'bob', kind: 'edit' },
    { layer: 'ann', kind: 'edit' },
  ]);
  // The adjudicated layer and bob's are untouched.
  expect(adjudicatedRows('train-01')).toEqual(adjudicatedBefore);
  expect(after.layers.find((l) => l.name === 'bob')).toEqual(bobBefore);

  // The choice is kept for the project: after a reload the studio still acts as ann, and undo is hers.
  await page.reload();
  await expect(page.locator('.utterance-view h1')).toHaveText('train-01');
  await expect(page.getByTestId('acting-as')).toHaveValue('ann');
  await page.getByTestId('undo').click();
  await saved(page);
  await expect.poll(() => layerRows('train-01').layers.find((l) => l.name === 'ann')!.gold_rev).toBe(2);
  expect(layerRows('train-01').layers.find((l) => l.name === 'ann')!.gold.words[1]!.endSec).toBe(
    adjudicatedBefore.words[1]!.end_sec,
  );
  expect(adjudicatedRows('train-01')).toEqual(adjudicatedBefore);
  expect(layerCalls).toEqual([]);
  await expect(page.locator('body')).not.toContainText(BOB_ONLY);

  // Acting as someone else closes the utterance: the list is shown, the address names no utterance, and
  // the utterance the address named before is not opened again.
  await page.getByTestId('acting-as').selectOption('');
  await expect(page.locator('tbody tr[data-utterance-id]').first()).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe('');
  await expect(page.locator('tbody tr[data-utterance-id]')).not.toHaveCount(2);
  await expect(page.locator('.utterance-view')).toHaveCount(0);
  expect(errors).toEqual([]);
});
