// The editors as a user meets them, on a fresh copy of the demo: the bracket text laid out one constituent
// per line and left as typed, its problems in words and a question before they are discarded; ↓ retracing
// ↑ (and W); a system renamed and deleted from the project page.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { GoldState } from '../../src/core/api/contract';
import { formatTree, prettyTree } from '../../src/core/edit/bracketFormat';
import { parseTreeOrThrow } from '../../src/core/tree/bracket';
import { startHostProcess, type HostProcess } from './hostProcess';
import { bracketLines, bracketText, openUtterance, saved, shot, watchErrors } from './workspacePage';

let host: HostProcess;
let projectPath: string;

test.use({ viewport: { width: 1600, height: 1000 } });

test.beforeAll(async () => {
  host = await startHostProcess();
  projectPath = (await host.api<{ projectPath: string }>('app:info', {})).projectPath;
});
test.afterAll(async () => {
  await host.stop();
});

/** The stored text of tree `name` of utterance `id`. */
async function storedTree(id: string, name: string): Promise<string> {
  const state = await host.api<GoldState>('gold:get', { utteranceId: id });
  return state.gold.trees.find((t) => t.name === name)!.bracket;
}

/** How many lines the bracket text has (Monaco numbers each line once, however it wraps). */
async function lineCount(page: Page): Promise<number> {
  return page.locator('[data-testid="bracket-editor"] .line-numbers').count();
}

/** A screenshot with the bracket text in view. */
async function shotOfText(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.getByRole('region', { name: 'Bracket text' }).scrollIntoViewIfNeeded();
  await shot(page, testInfo, name);
}

/** Shows tree `name` (Shift+T steps through the utterance's trees). */
async function showTree(page: Page, name: string): Promise<void> {
  for (let k = 0; k < 4 && (await page.getByLabel('Tree shown').inputValue()) !== name; k++)
    await page.keyboard.press('Shift+T');
  await expect(page.getByLabel('Tree shown')).toHaveValue(name);
}

test('the bracket text is one constituent per line, keeps the layout typed, and is formatted on demand', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await openUtterance(page, host, 'news-04');
  await showTree(page, 'syntax');
  const stored = parseTreeOrThrow(await storedTree('news-04', 'syntax'));
  await expect.poll(() => bracketLines(page)).toBe(prettyTree(stored));
  await expect(page.getByTestId('bracket-problems')).toHaveText('No problems: the text is the tree drawn.');
  await shotOfText(page, testInfo, 'editors-01-pretty-printed');

  // Typed on one line (the inner NP over "London near Heathrow airport" dropped): the drawing follows,
  // the store gets the tree, and the text stays as typed.
  const typed =
    '(S (NP (NNP Microsoft)) (VP (VBD opened) (NP (DT an) (NN office)) (PP (IN in) (NP (NNP London))) (PP (IN near) (NP (NNP Heathrow) (NN airport)))))';
  await page.keyboard.press('b');
  await page.keyboard.press('Control+a');
  await page.keyboard.insertText(typed);
  await expect(page.getByTestId('bracket-status')).toHaveText('valid');
  await saved(page);
  await expect.poll(() => storedTree('news-04', 'syntax')).toBe(formatTree(parseTreeOrThrow(typed)));
  await expect(page.locator('.node-box[data-label="PP"]')).toHaveCount(2);
  expect(await bracketText(page)).toBe(typed);
  expect(await lineCount(page)).toBe(1);

  // A line break typed by hand stays too: the same tree, so nothing is rewritten or saved.
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect.poll(() => lineCount(page)).toBe(2);
  expect(await bracketText(page)).toBe(`${typed.slice(0, -1)} )`);
  await expect(page.getByTestId('bracket-status')).toHaveText('valid');

  // Format lays it out again.
  await page.getByTestId('bracket-format').click();
  await expect.poll(() => bracketLines(page)).toBe(prettyTree(parseTreeOrThrow(typed)));
  await shotOfText(page, testInfo, 'editors-02-formatted');
  expect(await storedTree('news-04', 'syntax')).toBe(formatTree(parseTreeOrThrow(typed)));

  // Ctrl+Z undoes the Format and then the line break as text (neither changed the tree), and only then
  // the saved edit, which brings the stored tree back.
  const original = await storedTree('news-04', 'syntax');
  await page.keyboard.press('b');
  await page.keyboard.press('Control+z');
  await expect.poll(() => lineCount(page)).toBe(2);
  await page.keyboard.press('Control+z');
  await expect.poll(() => lineCount(page)).toBe(1);
  expect(await storedTree('news-04', 'syntax')).toBe(original);
  await page.keyboard.press('Control+z');
  await expect.poll(() => bracketLines(page)).toBe(prettyTree(stored));
  await expect
    .poll(() => storedTree('news-04', 'syntax').then((t) => formatTree(parseTreeOrThrow(t))))
    .toBe(formatTree(stored));
  expect(errors).toEqual([]);
});

test('a problem in the bracket text is listed in words, and leaving with it asks first', async ({
  page,
}, testInfo) => {
  await openUtterance(page, host, 'news-01');
  await showTree(page, 'syntax');
  const before = await storedTree('news-01', 'syntax');
  await page.keyboard.press('b');
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText(')');
  await expect(page.getByTestId('bracket-status')).toHaveText('1 problem: not saved');
  const problems = page.getByTestId('bracket-problems');
  await expect(problems).toContainText(/^line \d+, column \d+: \S.*/);
  await expect(problems.locator('li')).toHaveCount(1);
  await shotOfText(page, testInfo, 'editors-03-problem-in-words');

  // "← Utterances": asked; Esc stays, with the text as it was.
  await page.getByRole('button', { name: '← Utterances' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard the bracket text' });
  await expect(ask).toContainText('The bracket text has 1 problem and is not saved.');
  await shot(page, testInfo, 'editors-04-leave-asks');
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.locator('.utterance-view h1')).toHaveText('news-01');
  await expect(page.getByTestId('bracket-status')).toHaveText('1 problem: not saved');

  // Showing another tree (Shift+T, outside the text) asks the same; Esc keeps this one and the text.
  await page.locator('.utterance-view h1').click();
  await page.keyboard.press('Shift+T');
  await expect(ask).toContainText('Show the tree “semantic” and discard it?');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Tree shown')).toHaveValue('syntax');
  await expect(page.getByTestId('bracket-status')).toHaveText('1 problem: not saved');

  // The next-utterance key asks too (pressed outside the text); Enter discards and goes.
  await page.locator('.utterance-view h1').click();
  await page.keyboard.press(']');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('.utterance-view h1')).not.toHaveText('news-01');
  expect(await storedTree('news-01', 'syntax')).toBe(before);
});

test('↓ goes back down the way ↑ came, and after W to what was wrapped', async ({ page }, testInfo) => {
  await openUtterance(page, host, 'train-01');
  await showTree(page, 'syntax');
  // The key sheet says so.
  await page.keyboard.press('?');
  await expect(page.getByText('go back down the way ↑ came (or to the first child)')).toBeVisible();
  await shot(page, testInfo, 'editors-06-key-sheet');
  await page.keyboard.press('Escape');
  await expect(page.getByText('go back down the way ↑ came (or to the first child)')).toHaveCount(0);
  const selected = page.locator('.node-box.selected');
  // "Bonn" (word 5): ↑ NNP, ↑ NP, ↑ PP; then ↓ NP, ↓ NNP, ↓ "Bonn".
  await page.keyboard.press('Home');
  for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
  await expect(page.locator('.word-box.selected')).toHaveText(['Bonn']);
  for (const label of ['NNP', 'NP', 'PP']) {
    await page.keyboard.press('ArrowUp');
    await expect(selected).toHaveAttribute('data-label', label);
  }
  for (const label of ['NP', 'NNP']) {
    await page.keyboard.press('ArrowDown');
    await expect(selected).toHaveAttribute('data-label', label);
  }
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveCount(0);
  await expect(page.locator('.word-box.selected')).toHaveText(['Bonn']);

  // Both PPs wrapped in a new node: ↓ selects the two of them again, not only the first.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(selected).toHaveAttribute('data-label', 'PP');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(selected).toHaveCount(2);
  await page.keyboard.press('w');
  await page.keyboard.type('XP');
  await page.keyboard.press('Enter');
  await expect.poll(() => bracketText(page)).toContain('(XP (PP (IN from)');
  await expect(selected).toHaveAttribute('data-label', 'XP');
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveCount(2);
  expect(await selected.evaluateAll((els) => els.map((e) => e.getAttribute('data-label')))).toEqual([
    'PP',
    'PP',
  ]);
});

test('a system is renamed and, after asking, deleted from the project page with its cached scores', async ({
  page,
}, testInfo) => {
  await page.goto(host.url);
  await page.getByTestId('manage-systems').click();
  const dialog = page.getByTestId('systems-dialog');
  await expect(dialog.locator('tr')).toHaveCount(3);
  const row = (name: string) => dialog.locator(`tr[data-system="${name}"]`);
  await row('transcript-chunker').getByRole('button', { name: 'Rename…' }).click();
  await dialog.getByLabel('New name of transcript-chunker').fill('chunker-2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByTestId('systems-done')).toHaveText('Renamed “transcript-chunker” to “chunker-2”.');
  const names = async () => (await host.api<{ name: string }[]>('system:list', {})).map((s) => s.name);
  expect(await names()).toContain('chunker-2');
  const id = (await host.api<{ id: number; name: string }[]>('system:list', {})).find(
    (s) => s.name === 'chunker-2',
  )!.id;

  // Delete asks first; "Keep it" keeps it.
  await row('chunker-2').getByRole('button', { name: 'Delete…' }).click();
  const ask = dialog.getByRole('alertdialog', { name: 'Delete chunker-2?' });
  await expect(ask).toContainText('Delete chunker-2 with its 12 outputs and its cached scores?');
  await shot(page, testInfo, 'editors-05-delete-system-asks');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(row('chunker-2')).toContainText('12 outputs');
  expect(await names()).toContain('chunker-2');

  await row('chunker-2').getByRole('button', { name: 'Delete…' }).click();
  await ask.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog.getByTestId('systems-done')).toHaveText(
    /^Deleted “chunker-2” with its 12 outputs and \d+ cached scores\.$/,
  );
  expect(await names()).not.toContain('chunker-2');
  await expect(dialog.locator('tr')).toHaveCount(2);
  const db = new Database(path.resolve(projectPath), { readonly: true, fileMustExist: true });
  try {
    for (const table of ['system', 'system_output', 'score_cache']) {
      const column = table === 'system' ? 'id' : 'system_id';
      expect(db.prepare(`SELECT count(*) FROM ${table} WHERE ${column} = ?`).pluck().get(id)).toBe(0);
    }
  } finally {
    db.close();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('chunker-2')).toHaveCount(0);
  await expect(page.getByText('transcript-chunker')).toHaveCount(0);
});
