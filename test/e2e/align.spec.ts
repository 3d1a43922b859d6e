// Re-alignment in the studio end to end: the built renderer in Chromium, the real browser host and its
// aligner worker threads, a fresh project of the demo's recordings. The tests check the project file's
// rows: the words set by hand stay, the others get SIEVE's times and confidence, one history entry,
// undone exactly; and the keys that step through the words the aligner was unsure of.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { startHostProcess, type HostProcess } from './hostProcess';
import { dragBy, makeWorkspaceProject, openUtterance, saved, shot, watchErrors } from './workspacePage';

let host: HostProcess;
let dir: string;
let projectFile: string;
test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-e2e-align-'));
  projectFile = makeWorkspaceProject(dir);
  host = await startHostProcess(['--project', projectFile]);
});
test.afterAll(async () => {
  await host.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface WordRow {
  idx: number;
  text: string;
  start_sec: number;
  end_sec: number;
  source: string;
  confidence: number | null;
}

/** The words and the history entries of one utterance, read straight from the project file. */
function rows(utteranceId: string): { words: WordRow[]; history: { kind: string; label: string }[] } {
  const db = new Database(projectFile, { readonly: true, fileMustExist: true });
  try {
    return {
      words: db
        .prepare(
          'SELECT idx, text, start_sec, end_sec, source, confidence FROM word WHERE utterance_id = ? ORDER BY idx',
        )
        .all(utteranceId) as WordRow[],
      history: db
        .prepare('SELECT kind, label FROM history WHERE utterance_id = ? ORDER BY id')
        .all(utteranceId) as { kind: string; label: string }[],
    };
  } finally {
    db.close();
  }
}

test('an edited utterance re-aligned in one key: hand-set words stay, one history entry, undo restores', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  const id = 'train-02';
  await openUtterance(page, host, id);
  // "When does the next train to Hamburg leave": correct a word's text, and drag the boundary between
  // "next" and "train" by hand.
  await page.locator('[data-word="5"]').click();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').locator('input').fill('towards');
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-word="5"]')).toHaveText('towards');
  await dragBy(page, '[data-boundary="3-end"]', 12);
  await saved(page);
  const edited = rows(id);
  expect(edited.words.map((w) => w.source)).toEqual([
    'espeak-ng',
    'espeak-ng',
    'espeak-ng',
    'manual',
    'manual',
    'edited',
    'espeak-ng',
    'espeak-ng',
  ]);

  // An alignment can be cancelled while it runs, and then changes nothing.
  await page.keyboard.press('Shift+A');
  const progress = page.getByRole('status', { name: 'Alignment progress' });
  await progress.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('message')).toContainText('Alignment cancelled; nothing changed.');
  expect(rows(id)).toEqual(edited);

  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('message')).toContainText('Aligned 6 words', { timeout: 30_000 });
  await expect(progress).toBeHidden();
  await shot(page, testInfo, 'align-01-aligned');
  const aligned = rows(id);
  // The words set by hand are where the annotator put them; the others are SIEVE's, with a confidence.
  expect(aligned.words[3]).toEqual(edited.words[3]);
  expect(aligned.words[4]).toEqual(edited.words[4]);
  for (const i of [0, 1, 2, 5, 6, 7]) {
    const w = aligned.words[i]!;
    expect(w).toMatchObject({ text: edited.words[i]!.text, source: 'sieve-align' });
    expect(w.confidence).toBeGreaterThanOrEqual(0);
    expect(w.confidence).toBeLessThanOrEqual(1);
  }
  // Times changed within the stretch only: no word is outside the recording's utterance, and the words
  // next to the hand-set boundary keep it.
  expect(aligned.words.some((w, i) => w.start_sec !== edited.words[i]!.start_sec)).toBe(true);
  expect(aligned.words[2]!.end_sec).toBeLessThanOrEqual(aligned.words[3]!.start_sec);
  expect(aligned.words[5]!.start_sec).toBeGreaterThanOrEqual(aligned.words[4]!.end_sec);
  expect(aligned.history.length).toBe(edited.history.length + 1);
  expect(aligned.history.at(-1)).toEqual({ kind: 'edit', label: 'Align the utterance' });
  // The word tier shows the new times.
  await expect(page.locator('[data-word="0"]')).toHaveAttribute('title', /confidence \d\.\d\d/);

  // Undo puts back every row as it was (times, sources, no confidence); redo brings the alignment back.
  await page.keyboard.press('Control+z');
  await expect.poll(() => rows(id).words).toEqual(edited.words);
  await page.keyboard.press('Control+Shift+z');
  await expect.poll(() => rows(id).words).toEqual(aligned.words);
  expect(errors).toEqual([]);
});

test('selected words set by hand are moved only when the annotator agrees', async ({ page }, testInfo) => {
  const id = 'airport-01';
  await openUtterance(page, host, id);
  await dragBy(page, '[data-boundary="1-end"]', 10);
  await saved(page);
  const before = rows(id);
  // Select words 2–3 ("does the", whose shared boundary was set by hand) and ask to align them.
  await page.locator('[data-word="1"]').click();
  await page.locator('[data-word="2"]').click({ modifiers: ['Shift'] });
  await page.getByRole('button', { name: 'Align words' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Move words set by hand?' });
  await expect(ask).toContainText('“does”, “the” were set by hand');
  await shot(page, testInfo, 'align-03-ask-first');
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('message')).toContainText('the words set by hand stay where they are');
  expect(rows(id)).toEqual(before);
  // Agreed: they move, with the unconfirmed words up to the utterance's edges.
  await page.keyboard.press('a');
  await ask.getByRole('button', { name: /Align and move/ }).click();
  await expect(page.getByTestId('message')).toContainText('Aligned', { timeout: 30_000 });
  const after = rows(id);
  expect(after.words[1]!.source).toBe('sieve-align');
  expect(after.history.length).toBe(before.history.length + 1);
});

test('words the aligner was unsure of are marked, and U / Shift+U step through them', async ({
  page,
}, testInfo) => {
  const id = 'news-01';
  // As if SIEVE's aligner had placed them: "Angela" and "Obama" with a low confidence.
  const db = new Database(projectFile);
  db.prepare(
    `UPDATE word SET source = 'sieve-align',
       confidence = CASE idx WHEN 3 THEN 0.21 WHEN 6 THEN 0.34 ELSE 0.93 END
     WHERE utterance_id = ?`,
  ).run(id);
  db.close();
  await openUtterance(page, host, id);
  await expect(page.locator('.word-box.unsure')).toHaveCount(2);
  await expect(page.locator('[data-word="3"] .unsure-mark')).toHaveAttribute('title', /confidence 0\.21/);
  await expect(page.locator('[data-word="1"]')).toHaveAttribute('title', /confidence 0\.93/);
  await page.locator('[data-word="0"]').click();
  await page.keyboard.press('u');
  await expect(page.locator('.word-box.selected')).toHaveAttribute('data-word', '3');
  await shot(page, testInfo, 'align-02-unsure-words');
  await page.keyboard.press('u');
  await expect(page.locator('.word-box.selected')).toHaveAttribute('data-word', '6');
  // Past the last one it wraps around to the first.
  await page.keyboard.press('u');
  await expect(page.locator('.word-box.selected')).toHaveAttribute('data-word', '3');
  await page.keyboard.press('Shift+U');
  await expect(page.locator('.word-box.selected')).toHaveAttribute('data-word', '6');
  // The shortcut sheet lists the keys.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toContainText('next word the aligner was unsure of');
  await expect(sheet).toContainText('align the whole utterance again');
});
