// Helpers for the annotation workspace's end-to-end tests: opening an utterance, reading the bracket
// text Monaco shows, reading the project file's rows directly, screenshots, and a 100-word project.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { writeWav } from '../helpers/wavFixture';
import type { HostProcess } from './hostProcess';

/** Opens the project list and then utterance `id` (from the list, as an annotator would). */
export async function openUtterance(page: Page, host: HostProcess, id: string): Promise<void> {
  await page.goto(host.url);
  await page.locator(`tr[data-utterance-id="${id}"]`).dblclick();
  await expect(page.locator('.utterance-view h1')).toHaveText(id);
  await expect(page.getByTestId('waveform')).toHaveAttribute('data-ready', 'yes');
  await expect(page.getByTestId('bracket-editor')).toHaveAttribute('data-ready', 'yes');
}

/** The text the bracket editor shows (Monaco renders non-breaking spaces). */
export async function bracketText(page: Page): Promise<string> {
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
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-saved', 'yes');
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
