// The annotation workspace end to end: the built renderer in Chromium, the real browser host, a fresh
// project of the demo's recordings in SQLite. Every test works on its own utterance and checks the project
// file's rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type JSHandle, type Page } from '@playwright/test';
import { startHostProcess, type HostProcess } from './hostProcess';
import {
  bracketText,
  clickInText,
  dbRows,
  dragBy,
  makeLargeProject,
  mainThreadWork,
  makeWorkspaceProject,
  openUtterance,
  saved,
  shot,
  traced,
  watchErrors,
} from './workspacePage';

let host: HostProcess;
let dir: string;
let projectFile: string;
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-workspace-'));
  projectFile = makeWorkspaceProject(dir);
  host = await startHostProcess(['--project', projectFile]);
});
test.afterAll(async () => {
  await host.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Pixels per second of the time axis, from two word boxes and their times. */
async function pxPerSec(page: Page, i: number): Promise<number> {
  const box = (await page.locator(`[data-word="${i}"]`).boundingBox())!;
  const rows = dbRows(projectFile, (await page.locator('.utterance-view').getAttribute('data-utterance'))!);
  const w = rows.words[i]!;
  return box.width / (w.end_sec - w.start_sec);
}

test('the project list does not load the editor; an utterance loads it from our own origin', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(host.url);
  await page.locator('table.utterances').waitFor();
  expect(requests.filter((u) => /loadMonaco|editor\.worker/.test(u))).toEqual([]);
  await openUtterance(page, host, 'airport-04');
  await page.keyboard.press('b');
  await expect.poll(() => requests.filter((u) => /loadMonaco/.test(u)).length).toBeGreaterThan(0);
  // Nothing is fetched from anywhere but the studio.
  expect(
    requests.filter((u) => !u.startsWith(host.origin) && !u.startsWith('blob:') && !u.startsWith('data:')),
  ).toEqual([]);
});

test('correcting a boundary by dragging moves both neighbours, as one edit', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'train-01');
  const before = dbRows(projectFile, 'train-01');
  const pps = await pxPerSec(page, 1);
  await dragBy(page, '[data-boundary="1-end"]', 30);
  await saved(page);
  const after = dbRows(projectFile, 'train-01');
  const moved = after.words[1]!.end_sec;
  expect(moved).toBeCloseTo(0.773 + 30 / pps, 1);
  expect(moved).toBeGreaterThan(0.773 + 20 / pps);
  // The shared boundary moved for both words; every other word is as it was.
  expect(after.words[2]!.start_sec).toBe(moved);
  expect(after.words.filter((_, i) => i !== 1 && i !== 2)).toEqual(
    before.words.filter((_, i) => i !== 1 && i !== 2),
  );
  expect(after.words[1]!.source).toBe('manual');
  // The whole drag is one entry of the history.
  expect(after.history).toEqual([
    { kind: 'edit', label: 'move the boundary between "want" and "to"', undoes: 0 },
  ]);
  await shot(page, testInfo, '01-boundary-dragged');

  // The same from the keyboard: the selected word's end 10 ms later.
  await page.locator('[data-word="1"]').click();
  await page.keyboard.press('Control+ArrowRight');
  await saved(page);
  const nudged = dbRows(projectFile, 'train-01');
  expect(nudged.words[1]!.end_sec).toBeCloseTo(moved + 0.01, 6);
  expect(nudged.words[2]!.start_sec).toBe(nudged.words[1]!.end_sec);
  expect(nudged.history).toHaveLength(2);
});

test('bracketing a tree from the keyboard updates the drawing and the bracket text', async ({
  page,
}, testInfo) => {
  await openUtterance(page, host, 'train-01');
  // "I want to go from Bonn to Berlin": select "from Bonn" and wrap it in a PP.
  await page.keyboard.press('Home');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.locator('.word-box.selected')).toHaveText(['from', 'Bonn']);
  await page.keyboard.press('w');
  await page.keyboard.type('PP');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toBe('(S I want to go (PP from Bonn) to Berlin)');
  await expect(page.locator('.node-box[data-label="PP"]')).toHaveCount(1);

  // Next sibling, extend, wrap again: the label set now offers PP.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('w');
  await page.keyboard.type('P');
  await expect(page.locator('.prompt-options li').first()).toHaveText('PP');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toBe('(S I want to go (PP from Bonn) (PP to Berlin))');

  // Both PPs into a VP, then "go" and the VP into another node.
  await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('w');
  await page.keyboard.type('VP');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('w');
  await page.keyboard.type('VP');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toBe('(S I want to (VP go (VP (PP from Bonn) (PP to Berlin))))');
  await shot(page, testInfo, '02-tree-bracketed');

  // Relabel, then delete the node (its children move up).
  await page.keyboard.press('Enter');
  await page.keyboard.type('XP');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toBe('(S I want to (XP go (VP (PP from Bonn) (PP to Berlin))))');
  await page.keyboard.press('Delete');
  await expect.poll(() => bracketText(page)).toBe('(S I want to go (VP (PP from Bonn) (PP to Berlin)))');

  // Down into the VP, and move its first PP out of it, to its left.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'PP');
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(() => bracketText(page)).toBe('(S I want to go (PP from Bonn) (VP (PP to Berlin)))');

  // A node cannot move into a word: refused with a message, nothing changes.
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(page.getByTestId('message')).toContainText('is a word');

  // Undo the move.
  await page.keyboard.press('Control+z');
  await expect.poll(() => bracketText(page)).toBe('(S I want to go (VP (PP from Bonn) (PP to Berlin)))');
  await saved(page);
  const rows = dbRows(projectFile, 'train-01');
  expect(rows.trees).toEqual([
    { name: 'syntax', ord: 0, typed: 0, bracket: '(S I want to go (VP (PP from Bonn) (PP to Berlin)))' },
  ]);
  expect(rows.history.slice(-7).map((h) => h.kind + ':' + h.label)).toEqual(
    [
      'edit:start tree "syntax" with PP',
      'edit:wrap in PP',
      'edit:wrap in VP',
      'edit:wrap in VP',
      'edit:relabel VP as XP',
      'edit:delete node(s)',
      'edit:move PP',
    ]
      .slice(-6)
      .concat(['undo:move PP'])
      .slice(-7),
  );
  await shot(page, testInfo, '03-tree-after-undo');
});

test('editing the bracket text redraws the tree; errors are marked and not saved', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await openUtterance(page, host, 'train-02');
  // "When does the next train to Hamburg leave": all words under one root.
  await page.keyboard.press('Home');
  for (let k = 0; k < 7; k++) await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('w');
  await page.keyboard.type('SQ');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toBe('(SQ When does the next train to Hamburg leave)');

  const typed = '(SQ (WH When) does (NP the next train (PP to Hamburg)) (VP leave))';
  await page.keyboard.press('b');
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(typed);
  await expect(page.locator('.node-box')).toHaveCount(5);
  await expect(page.locator('.node-box[data-label="NP"]')).toHaveAttribute(
    'title',
    'NP: the next train to Hamburg',
  );
  await expect(page.getByTestId('bracket-status')).toHaveText('valid');
  await saved(page);
  await expect.poll(() => dbRows(projectFile, 'train-02').trees[0]).toMatchObject({ bracket: typed });

  // An extra bracket: marked, the drawing waits, nothing is saved.
  await page.keyboard.press('End');
  await page.keyboard.insertText(')');
  await expect(page.getByTestId('bracket-status')).toHaveText('1 problem: not saved');
  await expect(page.locator('[data-testid="bracket-editor"] .squiggly-error')).toHaveCount(1);
  await expect(page.locator('.tree-tier.empty')).toContainText('bracket text has problems');
  await shot(page, testInfo, '04-bracket-error');
  await page.keyboard.press('Backspace');
  await expect(page.getByTestId('bracket-status')).toHaveText('valid');
  await expect(page.locator('.node-box')).toHaveCount(5);

  // A leaf that is not the word is marked at the leaf; Ctrl+Z undoes typing that is not saved.
  await clickInText(page, 'Hamburg', 2);
  await page.keyboard.type('Hamborg');
  await expect(page.getByTestId('bracket-status')).toHaveText('1 problem: not saved');
  await expect(page.locator('[data-testid="bracket-editor"] .squiggly-error')).toHaveCount(1);
  // Monaco may keep fast typing as more than one undo step: undo, each time until the text has changed,
  // until it is the saved text again.
  for (let k = 0; k < 8; k++) {
    const text = await bracketText(page);
    if (text === typed) break;
    await page.keyboard.press('Control+z');
    await expect.poll(() => bracketText(page)).not.toBe(text);
  }
  await expect.poll(() => bracketText(page)).toBe(typed);
  await expect(page.getByTestId('bracket-status')).toHaveText('valid');
  // Nothing of it reached the store: the saved text is still the one typed before.
  expect(dbRows(projectFile, 'train-02').trees[0]).toMatchObject({ bracket: typed });

  // The caret in the text selects in the drawing, and Esc goes back to the tiers.
  await clickInText(page, 'next');
  await expect(page.locator('.word-box.selected')).toHaveText(['next']);
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'NP');
  await shot(page, testInfo, '05-text-and-drawing-in-step');
  await saved(page);
  expect(dbRows(projectFile, 'train-02').trees).toEqual([
    { name: 'syntax', ord: 0, typed: 0, bracket: typed },
  ]);
  // Monaco and its worker run under the strict CSP: no violation, no error.
  expect(errors).toEqual([]);
});

test('concepts, interpretations and labels: the form and the JSON form', async ({ page }, testInfo) => {
  const errors = watchErrors(page);
  await openUtterance(page, host, 'airport-02');
  const panel = page.getByRole('region', { name: 'Concepts and interpretations' });
  await panel.getByRole('button', { name: '+ concept' }).click();
  await panel.getByLabel('attribute 1', { exact: true }).fill('destination');
  await panel.getByLabel('value 1', { exact: true }).fill('Boston');
  await panel.getByLabel('value 1', { exact: true }).press('Enter');
  await panel.getByRole('button', { name: '+ interpretation' }).click();
  await panel.getByLabel('interpretation 1', { exact: true }).fill('flight(number:7, to:Boston)');
  await panel.getByLabel('interpretation 1', { exact: true }).press('Enter');
  await panel.locator('select').first().selectOption('asr');
  await saved(page);
  let rows = dbRows(projectFile, 'airport-02');
  expect(rows.concepts).toEqual([{ idx: 0, attribute: 'destination', value: 'Boston' }]);

  // The same fields as JSON in Monaco: a valid edit is saved, an invalid one is marked.
  await panel.getByLabel('JSON').check();
  const json = page.getByTestId('concept-json');
  await expect(json.locator('.view-lines')).toContainText('destination');
  await json.locator('.view-lines').click();
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(
    JSON.stringify({
      concepts: [
        { attribute: 'flight', value: '7' },
        { attribute: 'destination', value: 'Boston' },
      ],
      interpretations: ['flight(number:7, to:Boston)'],
      labels: { inputKind: 'asr' },
    }),
  );
  await expect
    .poll(() => dbRows(projectFile, 'airport-02').concepts)
    .toEqual([
      { idx: 0, attribute: 'flight', value: '7' },
      { idx: 1, attribute: 'destination', value: 'Boston' },
    ]);
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText('{"concepts": [,]}');
  await expect(json.locator('.squiggly-error')).toHaveCount(1);
  await shot(page, testInfo, '11-concepts-json');
  await saved(page);
  rows = dbRows(projectFile, 'airport-02');
  expect(rows.concepts).toHaveLength(2);
  const state = await host.api<{ gold: { interpretations: string[]; labels: object } }>('gold:get', {
    utteranceId: 'airport-02',
  });
  expect(state.gold.interpretations).toEqual(['flight(number:7, to:Boston)']);
  expect(state.gold.labels).toEqual({ inputKind: 'asr' });
  expect(errors).toEqual([]);
});

test('creating and resizing entities; overlaps are refused', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'news-01');
  // "In Berlin Angela Merkel met Barack Obama"
  await page.locator('[data-word="1"]').click();
  await page.keyboard.press('l');
  await page.locator('[data-word="2"]').click();
  await page.locator('[data-word="3"]').click({ modifiers: ['Shift'] });
  await page.keyboard.press('p');
  await page.locator('[data-word="5"]').click();
  await page.keyboard.press('p');
  await expect(page.locator('.entity-box')).toHaveCount(3);
  // Drag the last entity's right edge onto "Obama".
  const obama = (await page.locator('[data-word="6"]').boundingBox())!;
  const edge = (await page.locator('[data-entity-edge="2-last"]').boundingBox())!;
  await dragBy(page, '[data-entity-edge="2-last"]', obama.x + obama.width / 2 - (edge.x + edge.width / 2));
  await expect(page.locator('.entity-box[data-entity="2"]')).toHaveAttribute('data-span', '5-6');
  // Over part of the PERSON "Angela Merkel" with another type: refused.
  await page.locator('[data-word="3"]').click();
  await page.locator('[data-word="4"]').click({ modifiers: ['Shift'] });
  await page.keyboard.press('o');
  await expect(page.getByTestId('message')).toContainText(
    'Entities may not overlap or nest: the selection overlaps PERSON (words 3–4)',
  );
  await shot(page, testInfo, '06-entities');
  await saved(page);
  const rows = dbRows(projectFile, 'news-01');
  expect(rows.entities).toEqual([
    { idx: 0, type: 'LOCATION', first_word: 1, last_word: 1 },
    { idx: 1, type: 'PERSON', first_word: 2, last_word: 3 },
    { idx: 2, type: 'PERSON', first_word: 5, last_word: 6 },
  ]);
  expect(rows.history.map((h) => h.label)).toEqual([
    'LOCATION entity',
    'PERSON entity',
    'PERSON entity',
    'resize the PERSON entity',
  ]);
});

test('undo and redo survive a page reload', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'news-02');
  // "The United Nations held …": an ORGANIZATION over "United Nations".
  await page.locator('[data-word="1"]').click();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('o');
  await saved(page);
  await page.reload();
  await openUtterance(page, host, 'news-02');
  await expect(page.locator('.entity-box[data-type="ORGANIZATION"]')).toHaveAttribute('data-span', '1-2');
  await page.keyboard.press('Control+z');
  await expect(page.locator('.entity-box')).toHaveCount(0);
  await saved(page);
  expect(dbRows(projectFile, 'news-02').entities).toEqual([]);
  await page.reload();
  await openUtterance(page, host, 'news-02');
  await expect(page.locator('.entity-box')).toHaveCount(0);
  await expect(page.getByTestId('redo')).toBeEnabled();
  await page.keyboard.press('Control+Shift+z');
  await expect(page.locator('.entity-box[data-type="ORGANIZATION"]')).toHaveAttribute('data-span', '1-2');
  await saved(page);
  await shot(page, testInfo, '07-redone-after-reload');
  const rows = dbRows(projectFile, 'news-02');
  expect(rows.entities).toEqual([{ idx: 0, type: 'ORGANIZATION', first_word: 1, last_word: 2 }]);
  expect(rows.history).toEqual([
    { kind: 'edit', label: 'ORGANIZATION entity', undoes: 0 },
    { kind: 'undo', label: 'ORGANIZATION entity', undoes: 1 },
    { kind: 'redo', label: 'ORGANIZATION entity', undoes: 1 },
  ]);
});

test('split, merge, insert and delete words; status from the keyboard', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'airport-03');
  // "Is the plane from Paris delayed": put the playhead inside "delayed" and split it.
  const before = dbRows(projectFile, 'airport-03');
  const delayed = before.words[5]!;
  const box = (await page.locator('[data-word="5"]').boundingBox())!;
  const wave = (await page.getByTestId('waveform').boundingBox())!;
  const ruler = (await page.locator('.timeline').boundingBox())!;
  // A click on the time ruler puts the playhead inside the word.
  await page.mouse.click(box.x + box.width * 0.4, ruler.y + ruler.height / 2);
  await page.keyboard.press('s');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByRole('dialog').locator('input').fill('delay ed');
  await page.keyboard.press('Enter');
  await expect(page.locator('.word-box')).toHaveCount(7);
  await expect(page.locator('.word-box.selected')).toHaveText(['delay', 'ed']);
  await saved(page);
  let rows = dbRows(projectFile, 'airport-03');
  expect(rows.words.map((w) => w.text)).toEqual(['Is', 'the', 'plane', 'from', 'Paris', 'delay', 'ed']);
  expect(rows.words[5]!.end_sec).toBe(rows.words[6]!.start_sec);
  expect(rows.words[5]!.start_sec).toBe(delayed.start_sec);
  expect(rows.words[6]!.end_sec).toBe(delayed.end_sec);
  await shot(page, testInfo, '08-word-split');

  // Merge them back.
  await page.keyboard.press('m');
  await expect(page.locator('.word-box')).toHaveCount(6);
  await expect(page.locator('.word-box.selected')).toHaveText(['delayed']);

  // Insert a word in the pause before the first word, then delete it.
  await page.mouse.click(wave.x + 4, ruler.y + ruler.height / 2);
  await page.keyboard.press('i');
  await page.keyboard.type('so');
  await page.keyboard.press('Enter');
  await expect(page.locator('.word-box').first()).toHaveText('so');
  await saved(page);
  rows = dbRows(projectFile, 'airport-03');
  expect(rows.words[0]).toMatchObject({ idx: 0, text: 'so', end_sec: before.words[0]!.start_sec });
  await page.keyboard.press('Delete');
  await expect(page.locator('.word-box')).toHaveCount(6);
  await saved(page);
  rows = dbRows(projectFile, 'airport-03');
  expect(rows.words.map((w) => [w.text, w.start_sec, w.end_sec])).toEqual(
    before.words.map((w) => [w.text, w.start_sec, w.end_sec]),
  );

  // Status: 3 is done; Ctrl+Enter marks done and opens the next utterance.
  await page.keyboard.press('3');
  await expect(page.getByLabel('Annotation status')).toHaveValue('done');
  await page.keyboard.press('2');
  await expect
    .poll(
      async () =>
        (await host.api<{ utterance: { status: string } }>('utterance:get', { utteranceId: 'airport-03' }))
          .utterance.status,
    )
    .toBe('in_progress');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.utterance-view h1')).toHaveText('airport-04');
  await expect
    .poll(
      async () =>
        (await host.api<{ utterance: { status: string } }>('utterance:get', { utteranceId: 'airport-03' }))
          .utterance.status,
    )
    .toBe('done');
});

test('the shortcut sheet lists every key and edits the project’s entity keys', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'news-03');
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('wrap the selection in a new node');
  await expect(sheet).toContainText('LOCATION (location)');
  await shot(page, testInfo, '09-shortcut-sheet');
  const keys = sheet.locator('textarea');
  await keys.fill('p PERSON person\nl LOCATION location\no ORGANIZATION organization\nc COMPANY company');
  await sheet.getByRole('button', { name: 'Save for this project' }).click();
  await expect(sheet).toContainText('the key C (COMPANY) already means');
  await keys.fill('p PERSON person\nl LOCATION location\no ORGANIZATION organization\nx COMPANY company');
  await sheet.getByRole('button', { name: 'Save for this project' }).click();
  await expect(sheet).toContainText('COMPANY (company)');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  // "Siemens announced new jobs in Munich": X makes a COMPANY.
  await page.locator('[data-word="0"]').click();
  await page.keyboard.press('x');
  await expect(page.locator('.entity-box[data-type="COMPANY"]')).toHaveAttribute('data-span', '0-0');
  const state = await host.api<{ settings: { entityTypes: { key: string }[] } }>(
    'annotation:getSettings',
    {},
  );
  expect(state.settings.entityTypes.map((t) => t.key)).toEqual(['p', 'l', 'o', 'x']);
});

test('the spectrogram can be shown, and the loop and speed keys answer', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'airport-01');
  await page.keyboard.press('g');
  await expect(page.locator('.spectrogram-canvas')).toBeVisible();
  await page.keyboard.press('>');
  await expect(page.getByTestId('rate')).toHaveText('1.25×');
  await page.keyboard.press('<');
  await page.keyboard.press('<');
  await expect(page.getByTestId('rate')).toHaveText('0.75×');
  await page.locator('[data-word="5"]').click();
  await page.keyboard.press('r');
  await expect(page.locator('.transport-bar')).toContainText('loop');
  await page.keyboard.press('r');
  await expect(page.locator('.transport-bar')).not.toContainText('loop');
  await shot(page, testInfo, '10-spectrogram');
});

test('a fully annotated utterance: tree, entities, concepts and the spectrogram', async ({
  page,
}, testInfo) => {
  // "Microsoft opened an office in London near Heathrow airport", annotated through the API.
  const id = 'news-04';
  const before = await host.api<{ gold: Record<string, unknown> }>('gold:get', { utteranceId: id });
  const after = {
    trees: [
      {
        name: 'syntax',
        typed: false,
        bracket:
          '(S (NP Microsoft)\n  (VP opened (NP an office) (PP in (NP London)) (PP near (NP Heathrow airport))))',
      },
    ],
    entities: [
      { type: 'ORGANIZATION', firstWord: 0, lastWord: 0 },
      { type: 'LOCATION', firstWord: 5, lastWord: 5 },
      { type: 'LOCATION', firstWord: 7, lastWord: 8 },
    ],
    concepts: [
      { attribute: 'company', value: 'Microsoft' },
      { attribute: 'city', value: 'London' },
    ],
    interpretations: ['open(company:Microsoft, what:office, city:London)'],
  };
  await host.api('gold:applyDiff', {
    utteranceId: id,
    diff: Object.entries(after).map(([field, value]) => ({
      field,
      before: before.gold[field],
      after: value,
    })),
  });
  await openUtterance(page, host, id);
  await page.keyboard.press('g');
  await expect(page.locator('.spectrogram-canvas')).toBeVisible();
  await page.locator('.node-box[data-label="VP"]').click();
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'VP');
  await expect.poll(() => bracketText(page)).toContain('(VP opened');
  // The picture is taken once the fonts are in and two frames have been drawn since the last change.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo, '14-annotated-utterance');
});

/** A tree's bracket text on one line (the formatter may break long trees over lines). */
const flat = (s: string): string => s.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')');

test('more than one tree: add (typed or not), switch, rename and delete from the keyboard', async ({
  page,
}, testInfo) => {
  await openUtterance(page, host, 'train-03');
  // "Is there a connection from Frankfurt to Munich tomorrow morning": no tree yet.
  await page.keyboard.press('Shift+N');
  const add = page.getByRole('dialog', { name: 'New tree' });
  await expect(add).toBeVisible();
  await page.keyboard.type('syntax');
  await page.keyboard.press('Enter');
  await expect(add).toBeHidden();
  await expect
    .poll(() => bracketText(page))
    .toBe('(S Is there a connection from Frankfurt to Munich tomorrow morning)');

  // A second, typed tree: Tab to the root label, Tab to the box, Space ticks it.
  await page.keyboard.press('Shift+N');
  await page.keyboard.type('semantic');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(add.getByRole('checkbox')).toBeChecked();
  await shot(page, testInfo, '15-new-typed-tree');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Tree shown')).toHaveValue('semantic');
  await expect.poll(() => bracketText(page).then(flat)).toContain('(root:S word:Is word:there');

  // Switch back to "syntax" and bracket it there; the typed tree is not touched.
  await page.keyboard.press('Shift+T');
  await expect(page.getByLabel('Tree shown')).toHaveValue('syntax');
  await page.keyboard.press('Home');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('w');
  await page.keyboard.type('PP');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => bracketText(page))
    .toBe('(S Is there a connection (PP from Frankfurt) to Munich tomorrow morning)');
  await shot(page, testInfo, '16-two-trees');

  // Rename it.
  await page.keyboard.press('Shift+R');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('constituents');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Tree shown')).toHaveValue('constituents');

  // Delete the typed tree: asked first; Esc keeps it, Enter deletes it.
  await page.keyboard.press('Shift+T');
  await expect(page.getByLabel('Tree shown')).toHaveValue('semantic');
  await page.keyboard.press('Shift+Delete');
  const confirm = page.getByRole('alertdialog', { name: 'Delete the tree' });
  await expect(confirm).toContainText('Delete the tree “semantic” and its 1 node?');
  await shot(page, testInfo, '17-delete-tree-asks');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.getByLabel('Tree shown')).toHaveValue('semantic');
  await page.keyboard.press('Shift+Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tree-menu')).toContainText('tree: constituents');
  await expect
    .poll(() => bracketText(page))
    .toBe('(S Is there a connection (PP from Frankfurt) to Munich tomorrow morning)');
  // A name already taken is refused with a message.
  await page.getByTestId('tree-buttons').getByRole('button', { name: '+ tree' }).click();
  await page.keyboard.type('constituents');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message')).toContainText('There is already a tree named "constituents".');
  await saved(page);

  const rows = dbRows(projectFile, 'train-03');
  expect(rows.trees).toEqual([
    {
      name: 'constituents',
      ord: 0,
      typed: 0,
      bracket: '(S Is there a connection (PP from Frankfurt) to Munich tomorrow morning)',
    },
  ]);
  expect(rows.history.map((h) => h.label)).toEqual([
    'add tree "syntax"',
    'add tree "semantic"',
    'wrap in PP',
    'rename tree "syntax" to "constituents"',
    'delete tree "semantic"',
  ]);
  // Undo brings the deleted tree back, typed, after the other.
  await page.keyboard.press('Control+z');
  // "Saved" is already shown before the undo goes out: wait for the stored rows themselves.
  const treesNow = () =>
    dbRows(projectFile, 'train-03').trees as { name: string; typed: number; bracket: string }[];
  await expect
    .poll(() => treesNow().map((t) => [t.name, t.typed]))
    .toEqual([
      ['constituents', 0],
      ['semantic', 1],
    ]);
  await saved(page);
  const back = treesNow();
  expect(flat(back[1]!.bracket)).toBe(
    '(root:S word:Is word:there word:a word:connection word:from word:Frankfurt word:to word:Munich word:tomorrow word:morning)',
  );

  // The keys are in the shortcut sheet.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  for (const text of [
    'new tree (name, root, typed or not)',
    'edit the next tree of the utterance',
    'rename the tree being edited',
    'delete the tree being edited (asks first)',
    'move the selected node(s) to a new parent',
  ])
    await expect(sheet).toContainText(text);
  await page.keyboard.press('Escape');
});

test('moving nodes to a new parent in one command; moves that break the word order are refused', async ({
  page,
}, testInfo) => {
  const id = 'train-04';
  const start = '(S I need (NP a return ticket) to Stuttgart (VP leaving on Friday evening))';
  const before = await host.api<{ gold: { trees: unknown } }>('gold:get', { utteranceId: id });
  await host.api('gold:applyDiff', {
    utteranceId: id,
    diff: [
      {
        field: 'trees',
        before: before.gold.trees,
        after: [{ name: 'syntax', typed: false, bracket: start }],
      },
    ],
  });
  await openUtterance(page, host, id);

  // "to Stuttgart" (two words, siblings) under the NP: select them, Shift+M, click the NP, Enter.
  await page.locator('[data-word="5"]').click();
  await page.locator('[data-word="6"]').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Shift+M');
  await expect(page.getByTestId('message')).toContainText('Moving to Stuttgart: select the new parent');
  await page.locator('.node-box[data-label="NP"]').click();
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'NP');
  await shot(page, testInfo, '18-moving-nodes');
  await page.keyboard.press('Enter');
  const moved = '(S I need (NP a return ticket to Stuttgart) (VP leaving on Friday evening))';
  await expect.poll(() => bracketText(page).then(flat)).toBe(moved);
  await expect(page.locator('.word-box.selected')).toHaveCount(0);
  await saved(page);
  expect(flat((dbRows(projectFile, id).trees[0] as { bracket: string }).bracket)).toBe(moved);

  // "I" into the VP would put it after "ticket": refused with a message, nothing changes; Esc cancels.
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+M');
  await page.locator('.node-box[data-label="VP"]').click();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message')).toContainText(
    'Moving it under "VP" would change the order of the words',
  );
  await shot(page, testInfo, '19-move-refused');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('message')).toContainText('Move cancelled.');
  await expect.poll(() => bracketText(page).then(flat)).toBe(moved);

  // Back out of the NP from the keyboard only: select the two words, Shift+M, ↑ ↑ to the root, Enter.
  await page.keyboard.press('Home');
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.locator('.word-box.selected')).toHaveText(['to', 'Stuttgart']);
  await page.keyboard.press('Shift+M');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'NP');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('.node-box.selected')).toHaveAttribute('data-label', 'S');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page).then(flat)).toBe(start);
  await saved(page);
  const rows = dbRows(projectFile, id);
  expect(flat((rows.trees[0] as { bracket: string }).bracket)).toBe(start);
  // Two moves, two entries of the history (the refused one left none); the words are as they were.
  expect(rows.history.map((h) => h.label).slice(-2)).toEqual([
    'move to Stuttgart under NP',
    'move to Stuttgart under S',
  ]);
  expect(rows.words.map((w) => w.text).join(' ')).toBe(
    'I need a return ticket to Stuttgart leaving on Friday evening',
  );
});

test('a save made stale by another tab: the gold is reloaded, the user told, the view and history kept', async ({
  page,
  context,
}, testInfo) => {
  const id = 'news-04';
  // "Microsoft opened an office in London near Heathrow airport" with three entities.
  const before = await host.api<{ gold: { entities: unknown } }>('gold:get', { utteranceId: id });
  const three = [
    { type: 'ORGANIZATION', firstWord: 0, lastWord: 0 },
    { type: 'LOCATION', firstWord: 5, lastWord: 5 },
    { type: 'LOCATION', firstWord: 7, lastWord: 8 },
  ];
  await host.api('gold:applyDiff', {
    utteranceId: id,
    diff: [{ field: 'entities', before: before.gold.entities, after: three }],
  });
  const other = await context.newPage();
  await openUtterance(page, host, id);
  await openUtterance(other, host, id);

  // In the first tab: select "office", zoom in, and move the selection so the view scrolls to it.
  await page.keyboard.press('Home');
  for (let k = 0; k < 4; k++) await page.keyboard.press('ArrowRight');
  for (let k = 0; k < 4; k++) await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('.word-box.selected')).toHaveText(['office']);
  // The scroll offset the tiers are shifted by (their tracks' translateX), in pixels.
  const scroll = async (): Promise<number> => {
    const shift = await page
      .locator('.axis-body .axis-overlay-track')
      .first()
      .evaluate((el) => (el as HTMLElement).style.transform);
    return -Number(/translateX\((-?[\d.]+)px\)/.exec(shift)?.[1] ?? NaN);
  };
  // The zoom and the scroll settle (wavesurfer.js redraws in the next frames).
  let scrolled = NaN;
  await expect
    .poll(async () => {
      const last = scrolled;
      scrolled = await scroll();
      return scrolled > 0 && scrolled === last;
    })
    .toBe(true);
  const historyBefore = dbRows(projectFile, id).history.length;

  // The second tab deletes the LOCATION "London".
  await other.locator('.entity-box[data-entity="1"]').click();
  await other.keyboard.press('Delete');
  await expect.poll(() => dbRows(projectFile, id).entities.length).toBe(2);
  await saved(other);
  await expect(other.locator('.entity-box')).toHaveCount(2);

  // The first tab, still showing three entities, makes "office" an ORGANIZATION: the store refuses it.
  await expect(page.locator('.entity-box')).toHaveCount(3);
  await page.keyboard.press('o');
  await expect(page.getByTestId('message')).toContainText(
    'this utterance was changed in another window or tab, so “ORGANIZATION entity” was not applied',
  );
  await saved(page);
  // It now shows what the other tab saved; the selection and the scroll are as they were.
  await expect(page.locator('.entity-box')).toHaveCount(2);
  await expect(page.locator('.entity-box[data-type="LOCATION"]')).toHaveAttribute('data-span', '7-8');
  await expect(page.locator('.word-box.selected')).toHaveText(['office']);
  expect(await scroll()).toBe(scrolled);
  await expect(page.getByTestId('undo')).toBeEnabled();
  await shot(page, testInfo, '20-stale-save');
  let rows = dbRows(projectFile, id);
  expect(rows.entities).toEqual([
    { idx: 0, type: 'ORGANIZATION', first_word: 0, last_word: 0 },
    { idx: 1, type: 'LOCATION', first_word: 7, last_word: 8 },
  ]);
  expect(rows.history.map((h) => h.label).slice(historyBefore)).toEqual(['delete an entity']);

  // Made again, the edit is saved on top of the other tab's: nothing of either is lost.
  await page.keyboard.press('o');
  // "Saved" may still be showing from before: wait for the stored rows.
  await expect.poll(() => dbRows(projectFile, id).entities.length).toBe(3);
  await saved(page);
  rows = dbRows(projectFile, id);
  expect(rows.entities).toEqual([
    { idx: 0, type: 'ORGANIZATION', first_word: 0, last_word: 0 },
    { idx: 1, type: 'ORGANIZATION', first_word: 3, last_word: 3 },
    { idx: 2, type: 'LOCATION', first_word: 7, last_word: 8 },
  ]);
  expect(rows.history.map((h) => h.label).slice(historyBefore)).toEqual([
    'delete an entity',
    'ORGANIZATION entity',
  ]);
  // Undo in the first tab still works on the shared history.
  await page.keyboard.press('Control+z');
  await expect(page.locator('.entity-box')).toHaveCount(2);
  await expect.poll(() => dbRows(projectFile, id).entities.length).toBe(2);
  await other.close();
});

test.describe('a 100-word utterance with its tree and entities', () => {
  let big: HostProcess;
  let project: { file: string; id: string };
  let bigDir: string;
  test.beforeAll(async () => {
    bigDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-large-'));
    project = makeLargeProject(bigDir);
    big = await startHostProcess(['--project', project.file]);
  });
  test.afterAll(async () => {
    await big.stop();
    fs.rmSync(bigDir, { recursive: true, force: true });
  });

  /** Durations of the workspace's measures so far (see src/renderer/src/workspace/perf.ts). */
  const measures = (page: Page): Promise<Record<string, number[]>> =>
    page.evaluate(() => {
      const out: Record<string, number[]> = {};
      for (const m of performance.getEntriesByType('measure'))
        if (m.name.startsWith('sieve:')) (out[m.name] ??= []).push(Math.round(m.duration * 100) / 100);
      return out;
    });

  /**
   * The props React last gave the workspace's element: React gives it a new props object each time the
   * workspace renders, so the same object before and after means the workspace did not render. Read by
   * React's own key on the element, so that the production markup carries nothing for this test.
   */
  const workspaceProps = (page: Page) =>
    page.locator('.utterance-view').evaluateHandle((el) => {
      const key = Object.keys(el).find((k) => k.startsWith('__reactProps$'));
      if (!key) throw new Error('the workspace element carries no React props');
      return Reflect.get(el, key) as object;
    });
  const sameProps = (page: Page, before: JSHandle<object>): Promise<boolean> =>
    page
      .locator('.utterance-view')
      .evaluate(
        (el, old) => Object.entries(el).some(([k, v]) => k.startsWith('__reactProps$') && v === old),
        before,
      );

  test('draws and edits within a frame: the measured main-thread figures', async ({ page }, testInfo) => {
    await page.goto(big.url);
    // As when an annotator reads the list before opening an utterance: the page has been idle once.
    await page.locator(`tr[data-utterance-id="${project.id}"]`).waitFor();
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null))));
    // The first draw is traced too: the main thread's tasks inside the measure, their CPU time and what
    // they spent it on (script, HTML parsing, style, layout).
    const trace = await traced(page, async () => {
      await page.locator(`tr[data-utterance-id="${project.id}"]`).dblclick();
      await expect(page.locator('.word-box')).toHaveCount(100);
      await expect(page.locator('.node-box')).toHaveCount(1 + 9 + 25);
      await expect(page.locator('.entity-box')).toHaveCount(10);
      // The measure is taken in the task after the frame that shows the utterance.
      await expect.poll(async () => (await measures(page))['sieve:draw']?.length).toBe(1);
    });
    const drawWork = mainThreadWork(trace, 'sieve:draw');
    await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
    await shot(page, testInfo, '12-hundred-words-fit');

    const steps: Record<string, Record<string, number[]>> = {};
    let seen = await measures(page);
    // A step is recorded once its edits are saved and the measures it must leave are taken (each is
    // taken in the task after the frame that shows the work).
    const record = async (name: string, measure: string, count = 1): Promise<void> => {
      await saved(page);
      await expect
        .poll(async () => ((await measures(page))[measure]?.length ?? 0) - (seen[measure]?.length ?? 0))
        .toBeGreaterThanOrEqual(count);
      const now = await measures(page);
      const delta: Record<string, number[]> = {};
      for (const [k, v] of Object.entries(now)) {
        const fresh = v.slice(seen[k]?.length ?? 0);
        if (fresh.length > 0) delta[k] = fresh;
      }
      steps[name] = delta;
      seen = now;
    };
    steps['open'] = seen;

    await page.locator('[data-word="50"]').click();
    for (let k = 0; k < 5; k++) await page.keyboard.press('Control+ArrowRight');
    await record('nudge a boundary ×5', 'sieve:edit', 5);
    await page.locator('[data-word="55"]').click();
    await page.keyboard.press('l');
    await record('create an entity', 'sieve:edit');
    await page.locator('[data-word="40"]').click();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('w');
    await page.keyboard.type('NP');
    await page.keyboard.press('Enter');
    await expect(page.locator('.node-box[data-label="NP"]')).toHaveCount(1);
    await record('wrap two words in a node', 'sieve:edit');
    await page.keyboard.press('Control+z');
    await expect(page.locator('.node-box[data-label="NP"]')).toHaveCount(0);
    await record('undo', 'sieve:edit');
    // The playhead moves over ten words (clicks on the time ruler): each tick that changes the current
    // word marks it in every tier and in the transcript, and the workspace itself does not render.
    const ruler = (await page.locator('.timeline').boundingBox())!;
    // The words clicked before have finished playing (the play state is the workspace's own).
    await expect(page.locator('.playstate')).toHaveText(/paused/);
    const before = await workspaceProps(page);
    for (let i = 20; i < 30; i++) {
      const box = (await page.locator(`[data-word="${i}"]`).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, ruler.y + ruler.height / 2);
      await expect(page.locator('.word-box.current')).toHaveAttribute('data-word', String(i));
      await expect(page.locator('.transcript-words .word.current')).toHaveText(`w${i}`);
      await expect(page.locator('.node-box.current')).toHaveCount(3);
      await expect(page.locator('.entity-box.current')).toHaveCount(i === 22 || i === 23 ? 1 : 0);
    }
    expect(await sameProps(page, before)).toBe(true);
    await record('move the playhead over 10 words', 'sieve:tick', 10);
    await page.locator('[data-word="60"]').click();
    // A new selection does render the workspace: the check above can fail.
    await expect(page.locator('.word-box.selected')).toHaveAttribute('data-word', '60');
    expect(await sameProps(page, before)).toBe(false);
    for (let k = 0; k < 4; k++) await page.keyboard.press('+');
    // Moving the selection scrolls it into view.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await dragBy(page, '[data-boundary="60-end"]', 12);
    await record('drag a boundary (each step is shown)', 'sieve:edit');
    await shot(page, testInfo, '13-hundred-words-zoomed');
    // Drawing it again, as when coming back to it from the list (the code is warm now).
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.locator(`tr[data-utterance-id="${project.id}"]`).dblclick();
    await expect(page.locator('.word-box')).toHaveCount(100);
    await expect(page.getByTestId('waveform')).toHaveAttribute('aria-busy', 'false');
    await record('open again', 'sieve:draw');

    const summary = Object.fromEntries(
      Object.entries(steps).map(([step, ms]) => [
        step,
        Object.fromEntries(
          Object.entries(ms).map(([k, v]) => [
            k,
            { n: v.length, median: v.sort((a, b) => a - b)[v.length >> 1], max: Math.max(...v) },
          ]),
        ),
      ]),
    );
    // The wall-clock measures and, for the first draw, the main thread's work in the trace.
    const report = { ...summary, open: { ...summary['open'], 'trace:sieve:draw': drawWork } };
    console.log(
      `Main-thread work, 100 words, ${1 + 9 + 25} nodes, 10 entities (ms):\n${JSON.stringify(report, null, 1)}`,
    );
    await testInfo.attach('workspace-performance.json', {
      body: JSON.stringify(report, null, 2),
      contentType: 'application/json',
    });
    fs.writeFileSync('test-results/workspace/performance.json', JSON.stringify(report, null, 2));
    // Figures are reported, never asserted; the measures must exist for every step.
    expect(summary['open']!['sieve:draw']).toBeDefined();
    for (const step of Object.keys(steps).slice(1, -1))
      expect(
        summary[step]![step.startsWith('move the playhead') ? 'sieve:tick' : 'sieve:edit'],
      ).toBeDefined();
    // Each of the ten moves changes the current word (a word played earlier may add ticks of its own).
    expect(summary['move the playhead over 10 words']!['sieve:tick']!.n).toBeGreaterThanOrEqual(10);
    expect(summary['open again']!['sieve:draw']).toBeDefined();
  });
});
