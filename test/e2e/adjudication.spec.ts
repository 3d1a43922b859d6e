// The adjudication view end to end: two annotators' layers of one utterance made through the API, the
// view opened from the utterance list, a word boundary and an entity taken from one annotator with the
// keys, one of them undone, and the adjudicated layer's rows read straight from the project file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { GoldState } from '../../src/core/api/contract';
import type { GoldDiff } from '../../src/core/gold/diff';
import type { GoldRecords } from '../../src/core/gold/records';
import { startHostProcess, type HostProcess } from './hostProcess';
import { dbRows, makeWorkspaceProject, saved, shot, watchErrors } from './workspacePage';

let host: HostProcess;
let dir: string;
let projectFile: string;
const ID = 'train-01'; // I want to go from Bonn to Berlin

/** Replaces `field`s of an annotator's layer through the API, as their own edit. */
async function editLayer(
  annotator: string,
  edit: (g: GoldRecords) => Partial<GoldRecords>,
): Promise<GoldRecords> {
  const layer = { annotator };
  const state = await host.api<GoldState>('gold:get', { utteranceId: ID, layer });
  const next = { ...state.gold, ...edit(state.gold) };
  const diff: GoldDiff = (Object.keys(edit(state.gold)) as (keyof GoldRecords)[]).map((field) => ({
    field,
    before: state.gold[field],
    after: next[field],
  }));
  await host.api('gold:applyDiff', { utteranceId: ID, layer, diff, label: 'annotate' });
  return next;
}

/** An annotator's stored layer, straight from the project file. */
function storedLayer(annotator: string): GoldRecords {
  const db = new Database(projectFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT g.gold FROM annotator_gold g JOIN annotator a ON a.id = g.annotator_id WHERE a.name = ? AND g.utterance_id = ?',
      )
      .get(annotator, ID) as { gold: string };
    return JSON.parse(row.gold) as GoldRecords;
  } finally {
    db.close();
  }
}

let ana: GoldRecords;
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-adjudication-'));
  projectFile = makeWorkspaceProject(dir);
  host = await startHostProcess(['--project', projectFile]);
  for (const name of ['ana', 'bo']) {
    await host.api('annotator:add', { name });
    await host.api('assignment:set', { annotator: name, utteranceIds: [ID] });
  }
  // ana: "go" ends 60 ms later (the boundary it shares with "from" moves too), Bonn and Berlin are places,
  // and the concept to:Berlin.
  ana = await editLayer('ana', (g) => {
    const words = g.words.map((w) => ({ ...w }));
    const t = Math.round((words[3]!.endSec + 0.06) * 1000) / 1000;
    words[3]!.endSec = t;
    words[4]!.startSec = t;
    return {
      words,
      entities: [
        { type: 'LOCATION', firstWord: 5, lastWord: 5 },
        { type: 'LOCATION', firstWord: 7, lastWord: 7 },
      ],
      concepts: [{ attribute: 'to', value: 'Berlin' }],
    };
  });
  // bo: the imported boundaries, Bonn only.
  await editLayer('bo', () => ({ entities: [{ type: 'LOCATION', firstWord: 5, lastWord: 5 }] }));
});
test.afterAll(async () => {
  await host.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('takes a boundary and an entity from one annotator; undo takes back one; the rows say so', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  const before = dbRows(projectFile, ID);
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${ID}"]`).click();
  await page.getByTestId('adjudicate-selected').click();
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${ID}$`));
  await expect(page.getByTestId('adjudication-badge')).toHaveText('Adjudicating: ana and bo');
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');

  // The differences on the time axis: "go"/"from"'s shared boundary (an edge of each) and Berlin, which only
  // ana marked; the concept is listed only.
  const marks = page.locator('.difference-mark');
  await expect(marks).toHaveCount(3);
  await expect(page.locator('.difference-mark[data-kind="entity-only"]')).toHaveAttribute(
    'aria-label',
    "entity LOCATION (word 8) only in A (ana)'s entities",
  );
  await expect(page.locator('.difference-mark[data-kind="boundary"]').first()).toHaveAttribute(
    'aria-label',
    /^word 4's end differs by 60 ms \(A \(ana\) /,
  );
  // The adjudicated layer (the imported words, no entity) against each annotator.
  const remaining = page.getByTestId('adjudication-remaining');
  await expect(remaining).toHaveText('The adjudicated layer differs from A in 5 and from B in 1 places.');
  await shot(page, testInfo, 'adjudication-view');

  // The adjudicated layer's tiers come first: select "go" there and take its boundaries from A.
  const adjudicatedWords = page.getByTestId('word-tier').first();
  await adjudicatedWords.locator('[data-word="3"]').click();
  await page.keyboard.press('j');
  await saved(page);
  // Then "Berlin", and A's entities over it.
  await adjudicatedWords.locator('[data-word="7"]').click();
  await page.keyboard.press('Alt+j');
  await saved(page);
  let rows = dbRows(projectFile, ID);
  expect(rows.words[3]!.end_sec).toBe(ana.words[3]!.endSec);
  expect(rows.words[4]!.start_sec).toBe(ana.words[4]!.startSec);
  expect(rows.words.map((w) => [w.start_sec, w.end_sec]).filter((_, i) => i !== 3 && i !== 4)).toEqual(
    before.words.map((w) => [w.start_sec, w.end_sec]).filter((_, i) => i !== 3 && i !== 4),
  );
  expect(rows.entities).toEqual([{ idx: 0, type: 'LOCATION', first_word: 7, last_word: 7 }]);
  expect(rows.history.slice(before.history.length)).toEqual([
    { kind: 'edit', label: 'take the boundaries of word 4 from ana', undoes: 0 },
    { kind: 'edit', label: 'take the entities over word 8 from ana', undoes: 0 },
  ]);

  // Undo takes back the entity, one history entry, and leaves the boundary taken.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('redo')).toBeEnabled();
  await saved(page);
  rows = dbRows(projectFile, ID);
  expect(rows.entities).toEqual([]);
  expect(rows.words[3]!.end_sec).toBe(ana.words[3]!.endSec);
  // Now A's boundary and neither entity: A has Bonn, Berlin and the concept more, B its boundary and Bonn.
  await expect(remaining).toHaveText('The adjudicated layer differs from A in 3 and from B in 3 places.');
  expect(rows.history.length).toBe(before.history.length + 3);
  expect(rows.history.at(-1)!.undoes).toBe(1);

  // The annotators' own layers are untouched by the adjudication.
  expect(storedLayer('ana').entities).toEqual(ana.entities);
  expect(storedLayer('bo').words.map((w) => w.endSec)).toEqual(before.words.map((w) => w.end_sec));
  expect(errors).toEqual([]);
});

test('opened from the workspace; a take with nothing to take is refused and saves nothing; a concept taken from its button', async ({
  page,
}) => {
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${ID}"]`).waitFor();
  await page.goto(`${host.origin}/#/u/${ID}`);
  await page.reload();
  // From the workspace, Adjudicate opens the view; a reload keeps it.
  await page.getByRole('button', { name: 'Adjudicate', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/adjudicate/${ID}$`));
  await page.reload();
  await expect(page.getByTestId('adjudication-badge')).toBeVisible();
  await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
  const before = dbRows(projectFile, ID);
  await page.keyboard.press('j');
  await expect(page.getByTestId('message')).toHaveText(
    /^Select words, a node or an entity of the adjudicated layer first\./,
  );
  // bo has no entity over "Berlin", and neither has the adjudicated layer since the undo.
  await page.getByTestId('word-tier').first().locator('[data-word="7"]').click();
  await page.keyboard.press('Alt+k');
  await expect(page.getByTestId('message')).toHaveText(
    /^The adjudicated layer already has the entities over word 8 as bo has it\./,
  );
  expect(dbRows(projectFile, ID).history.length).toBe(before.history.length);

  // The concept, listed without a place on the time axis, has its own take buttons.
  await page
    .getByTestId('difference-list')
    .locator('li[data-kind="concept"]')
    .getByRole('button', { name: "Take A's" })
    .click();
  await saved(page);
  const rows = dbRows(projectFile, ID);
  expect(rows.concepts).toEqual([{ idx: 0, attribute: 'to', value: 'Berlin' }]);
  expect(rows.history.at(-1)).toEqual({ kind: 'edit', label: 'take the concepts to from ana', undoes: 0 });
});
