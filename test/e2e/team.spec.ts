// The project page's team section end to end on a fresh copy of the demo (maria and tom, five utterances
// each): an annotator is added from the keyboard (a refused name is explained under the field), utterances
// are assigned by a rule and from the list's filter with the preview shown first, blind annotation is
// turned off and the owner chosen. After each step the rows are read from the project file.
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { AssignmentPreview } from '../../src/core/api/annotators';
import { startHostProcess, type HostProcess } from './hostProcess';
import { watchErrors } from './workspacePage';

const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'test-results', 'team');

let host: HostProcess;
let projectFile: string;
test.beforeAll(async () => {
  host = await startHostProcess();
  projectFile = (await host.api<{ path: string }>('project:summary', {})).path;
});
test.afterAll(async () => {
  await host.stop();
});

/** Reads the project file (read-only, beside the host's connection). */
function read<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(projectFile, { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const annotatorRows = () =>
  read((db) => db.prepare('SELECT name FROM annotator ORDER BY name').pluck().all() as string[]);
/** Every assignment as `annotator utterance`, sorted. */
const assignmentRows = () =>
  read(
    (db) =>
      db
        .prepare(
          `SELECT a.name || ' ' || s.utterance_id FROM assignment s JOIN annotator a ON a.id = s.annotator_id
            ORDER BY 1`,
        )
        .pluck()
        .all() as string[],
  );
interface LayerRow {
  key: string;
  status: string;
  gold_rev: number;
  gold: string;
}
const layerRows = () =>
  read(
    (db) =>
      db
        .prepare(
          `SELECT a.name || ' ' || g.utterance_id AS key, g.status, g.gold_rev, g.gold
             FROM annotator_gold g JOIN annotator a ON a.id = g.annotator_id ORDER BY 1`,
        )
        .all() as LayerRow[],
  );
/** The settings rows of the team: the owner's annotator and blind annotation. */
const settingRows = () =>
  read((db) =>
    Object.fromEntries(
      (
        db.prepare("SELECT key, value FROM project_meta WHERE key IN ('owner', 'team.blind')").all() as {
          key: string;
          value: string;
        }[]
      ).map((r) => [r.key, r.value]),
    ),
  );
const utteranceIds = () =>
  read((db) => db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[]);
const adjudicatedWords = (utteranceId: string) =>
  read(
    (db) =>
      db
        .prepare('SELECT text FROM word WHERE utterance_id = ? ORDER BY idx')
        .pluck()
        .all(utteranceId) as string[],
  );

test('the team section adds an annotator, assigns with a preview, turns blind annotation off and sets the owner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto(host.url);
  const team = page.getByRole('region', { name: 'Team' });
  const annotators = team.getByRole('table', { name: 'Annotators' });
  await expect(annotators.locator('tbody tr')).toHaveCount(2);
  await expect(annotators.locator('tr[data-annotator="maria"] [data-figure="assigned"]')).toHaveText(
    '5 of 12 utt.',
  );
  await expect(team.getByTestId('team-summary')).toContainText('blind annotation on');
  await expect(page.getByTestId('adjudication-progress')).toContainText(
    '5 with any annotator layer, 2 annotators',
    { timeout: 60_000 },
  );

  // A name the API refuses is explained under the field, and nothing is stored.
  const name = team.getByRole('textbox', { name: 'New annotator' });
  await name.focus();
  await page.keyboard.type('ana,bob');
  await page.keyboard.press('Enter');
  await expect(team.getByRole('alert')).toHaveText('An annotator name has no commas or control characters.');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('maria');
  await page.keyboard.press('Enter');
  await expect(team.getByRole('alert')).toHaveText('There is an annotator "maria" already.');
  expect(annotatorRows()).toEqual(['maria', 'tom']);

  // Added from the keyboard: the row in the table and in the project file.
  await name.fill('ana');
  await page.keyboard.press('Enter');
  await expect(annotators.locator('tbody tr')).toHaveCount(3);
  await expect(name).toHaveValue('');
  await expect(team.getByTestId('team-said')).toHaveText('Added ana.');
  expect(annotatorRows()).toEqual(['ana', 'maria', 'tom']);
  await expect(annotators.locator('tr[data-annotator="ana"] [data-figure="done"]')).toHaveText('—');

  // A rule: every utterance by one of the three, in turn. The preview first, as the API counts it.
  const assign = team.getByRole('group', { name: 'Assign utterances' });
  await assign.getByRole('combobox', { name: 'Which utterances' }).selectOption('every');
  await assign.getByRole('spinbutton', { name: 'Annotators per utterance (k)' }).fill('1');
  const request = { rule: { kind: 'every', k: 1 }, annotators: ['ana', 'maria', 'tom'] };
  const truth = await host.api<AssignmentPreview>('assignment:preview', request);
  const preview = assign.getByTestId('assign-preview');
  await expect(preview).toContainText(
    `Covers ${truth.utterances} of 12 utterances: ${truth.assignments} assignments, ${truth.added} of them new, ` +
      `making ${truth.newLayers} new layers`,
  );
  for (const a of truth.annotators)
    await expect(preview.locator(`li[data-annotator="${a.name}"]`)).toHaveText(
      `${a.name}: ${a.utterances} utt., +${a.added} new, ${a.newLayers} new layer${a.newLayers === 1 ? '' : 's'}`,
    );
  await team.screenshot({ path: path.join(SHOTS, 'team-preview.png') });
  const before = assignmentRows();
  const layersBefore = new Set(layerRows().map((l) => l.key));
  expect(before).toHaveLength(10);
  await assign.getByRole('button', { name: `Assign ${truth.added} new` }).click();
  await expect(assign.getByRole('status')).toContainText(`Assigned: ${truth.added} new assignments.`);
  // The keyboard's place is kept: the result takes the focus from the button, now disabled.
  await expect(assign.getByRole('status')).toBeFocused();
  // Utterance i goes to annotator i mod 3 (ana, maria, tom): the rule's definition for k = 1.
  const names = ['ana', 'maria', 'tom'];
  const expected = new Set(before);
  utteranceIds().forEach((id, i) => expected.add(`${names[i % 3]} ${id}`));
  expect(assignmentRows()).toEqual([...expected].sort());
  expect(assignmentRows().length - before.length).toBe(truth.added);
  // Every new assignment has a new layer to do, made from the adjudicated words.
  const layers = layerRows();
  const made = layers.filter((l) => !layersBefore.has(l.key));
  expect(made).toHaveLength(truth.newLayers);
  for (const l of made) {
    expect(l).toMatchObject({ status: 'todo', gold_rev: 0 });
    const gold = JSON.parse(l.gold) as { words: { text: string }[]; trees: unknown[]; entities: unknown[] };
    expect(gold.words.map((w) => w.text)).toEqual(adjudicatedWords(l.key.split(' ')[1]!));
    expect(gold.trees).toEqual([]);
    expect(gold.entities).toEqual([]);
  }
  expect(new Set(layers.map((l) => l.key))).toEqual(new Set(assignmentRows()));
  await expect(annotators.locator('tr[data-annotator="ana"] [data-figure="assigned"]')).toHaveText(
    '4 of 12 utt.',
  );
  // The agreement section is computed again: every utterance now has a layer, of three annotators.
  await expect(page.getByTestId('adjudication-progress')).toContainText(
    '12 with any annotator layer, 3 annotators',
    { timeout: 60_000 },
  );
  // Nothing is left to assign by the same rule.
  await expect(preview).toContainText(', 0 of them new, making 0 new layers');
  await expect(assign.getByRole('button', { name: 'Assign', exact: true })).toBeDisabled();

  // The utterances the list shows: filtered to the news, to ana.
  await page.getByRole('searchbox', { name: 'Filter utterances' }).fill('news');
  await expect(page.locator('tbody tr[data-utterance-id]')).toHaveCount(4);
  await assign.getByRole('combobox', { name: 'Which utterances' }).selectOption('list');
  await assign.getByRole('combobox', { name: 'To' }).selectOption('ana');
  await expect(preview).toContainText(
    'Covers 4 of 12 utterances: 4 assignments, 3 of them new, making 3 new layers',
  );
  await assign.getByRole('button', { name: 'Assign 3 new' }).click();
  await expect(assign.getByRole('status')).toHaveText('Assigned: 3 new assignments. ana 4 → 7');
  expect(assignmentRows().filter((r) => r.startsWith('ana news-'))).toEqual([
    'ana news-01',
    'ana news-02',
    'ana news-03',
    'ana news-04',
  ]);
  expect(layerRows().filter((l) => l.key.startsWith('ana news-'))).toHaveLength(4);

  // The selected utterance of the list, to ana.
  await page.getByRole('searchbox', { name: 'Filter utterances' }).fill('');
  await page.locator('tr[data-utterance-id="train-02"]').click();
  await assign.getByRole('combobox', { name: 'Which utterances' }).selectOption('selected');
  await expect(assign.getByRole('combobox', { name: 'Which utterances' })).toContainText(
    'The selected utterance (train-02)',
  );
  await expect(preview).toContainText(
    'Covers 1 of 12 utterances: 1 assignment, 1 of them new, making 1 new layer',
  );
  await assign.getByRole('button', { name: 'Assign 1 new' }).click();
  await expect(assign.getByRole('status')).toHaveText('Assigned: 1 new assignment. ana 7 → 8');
  expect(assignmentRows()).toContain('ana train-02');
  expect(layerRows().find((l) => l.key === 'ana train-02')).toMatchObject({ status: 'todo', gold_rev: 0 });

  // Blind annotation off, with the keyboard.
  expect(settingRows()['team.blind'] ?? '1').toBe('1');
  const blind = team.getByRole('checkbox', { name: 'Blind annotation' });
  await blind.focus();
  await page.keyboard.press('Space');
  await expect(blind).not.toBeChecked();
  await expect(blind).toBeFocused();
  await expect(team.getByTestId('team-summary')).toContainText('blind annotation off');
  await expect.poll(() => settingRows()['team.blind']).toBe('0');

  // The owner works as maria; the studio still acts as the adjudicator.
  expect(settingRows()['owner'] ?? '').toBe('');
  await team.getByRole('combobox', { name: 'The owner works as' }).selectOption('maria');
  await expect(team.getByTestId('team-summary')).toContainText('owner works as maria');
  await expect(annotators.locator('tr[data-annotator="maria"] th')).toContainText('owner');
  await expect.poll(() => settingRows()['owner']).toBe('maria');
  await expect(page.getByTestId('acting-as')).toHaveValue('');
  await expect(page.getByTestId('acting-as').locator('option[value="maria"]')).toHaveText(/maria \(owner\)/);
  expect(annotatorRows()).toEqual(['ana', 'maria', 'tom']);
  await team.screenshot({ path: path.join(SHOTS, 'team-after.png') });

  // Acting as ana, her list is her utterances, and an assignment made on the page shows in it at once.
  await page.getByTestId('acting-as').selectOption('ana');
  await expect(page.locator('tbody tr[data-utterance-id]')).toHaveCount(8);
  await assign.getByRole('combobox', { name: 'Which utterances' }).selectOption('every');
  await assign.getByRole('spinbutton', { name: 'Annotators per utterance (k)' }).fill('3');
  await assign.getByRole('button', { name: /^Assign \d+ new$/ }).click();
  await expect(assign.getByRole('status')).toContainText('ana 8 → 12');
  await expect(page.locator('tbody tr[data-utterance-id]')).toHaveCount(12);
  expect(assignmentRows().filter((r) => r.startsWith('ana '))).toHaveLength(12);
  expect(errors).toEqual([]);
});
