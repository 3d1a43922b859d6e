import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from './projectStore';

let dir: string;
let cleanup: () => void;
let store: ProjectStore | null = null;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => {
  store?.close();
  store = null;
  cleanup();
});

/** The concepts of `utteranceId` in a copy of the project file alone, without its -wal file. */
function conceptsInCopy(file: string, utteranceId: string): string[] {
  const copyDir = fs.mkdtempSync(path.join(dir, 'copy-'));
  const copy = path.join(copyDir, 'copy.sieve');
  fs.copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    return db
      .prepare('SELECT value FROM gold_concept WHERE utterance_id = ? ORDER BY idx')
      .pluck()
      .all(utteranceId) as string[];
  } finally {
    db.close();
  }
}

async function editConcepts(file: string): Promise<ProjectStore> {
  const s = ProjectStore.open(file);
  const before = s.goldState('train-1').gold.concepts;
  s.applyGoldDiff('train-1', [
    { field: 'concepts', before, after: [...before, { attribute: 'to', value: 'Berlin' }] },
  ]);
  return s;
}

it('puts an edit into the project file itself once editing pauses', async () => {
  const { file } = await makeProject(dir);
  store = await editConcepts(file);
  // Wait for the state the idle checkpoint makes (it is due 2 s after the edit).
  await vi.waitFor(() => expect(conceptsInCopy(file, 'train-1')).toContain('Berlin'), {
    timeout: 10_000,
    interval: 50,
  });
}, 15_000);

it('puts an edit into the project file itself when the studio moves to another utterance', async () => {
  const { file } = await makeProject(dir);
  store = await editConcepts(file);
  store.goldState('air-1');
  expect(conceptsInCopy(file, 'train-1')).toContain('Berlin');
});

it('answers READ_ONLY, not an internal error, for an edit of a project opened read-only', async () => {
  const { file } = await makeProject(dir);
  store = ProjectStore.open(file, { readOnly: true });
  expect(store.readOnly).toBe(true);
  expect(() => store!.setStatus('train-1', 'done')).toThrow(
    expect.objectContaining({ code: 'READ_ONLY', message: expect.stringContaining(file) }),
  );
});
