import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { type Db, openDatabase } from './openDatabase';
import { ProjectStore } from './projectStore';
import { WalCheckpoints } from './writeTransaction';

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
  await vi.waitFor(() => expect(conceptsInCopy(file, 'train-1')).toContain('Berlin'), {
    timeout: 10_000,
    interval: 20,
  });
}, 15_000);

describe('WalCheckpoints', () => {
  /** A second connection to the project, writing a concept of train-1 as an edit would. */
  function writer(file: string): { db: Db; write: (value: string) => void } {
    const db = openDatabase(file);
    const ins = db.prepare(
      "INSERT INTO gold_concept (utterance_id, idx, attribute, value) VALUES ('train-1', ?, 'to', ?)",
    );
    let idx = 100;
    return { db, write: (value) => void ins.run(idx++, value) };
  }

  it('copies the log into the file, in its own thread, when the studio moves to another utterance', async () => {
    const { file } = await makeProject(dir);
    const { db, write } = writer(file);
    // An hour of idle time: only the change of utterance can make the checkpoint seen here.
    const checkpoints = new WalCheckpoints(file, 3_600_000);
    try {
      checkpoints.visit('train-1');
      write('Berlin');
      checkpoints.written();
      expect(conceptsInCopy(file, 'train-1')).not.toContain('Berlin');
      checkpoints.visit('air-1');
      await vi.waitFor(() => expect(conceptsInCopy(file, 'train-1')).toContain('Berlin'), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      checkpoints.close();
      db.close();
    }
  }, 15_000);

  it('makes a checkpoint asked for while one runs once that one is done', async () => {
    const { file } = await makeProject(dir);
    const { db, write } = writer(file);
    const checkpoints = new WalCheckpoints(file, 3_600_000);
    try {
      checkpoints.visit('train-1');
      write('Berlin');
      checkpoints.written();
      checkpoints.visit('air-1'); // the first checkpoint starts
      write('Paris');
      checkpoints.written();
      checkpoints.visit('train-1'); // asked for while it runs
      await vi.waitFor(
        () => expect(conceptsInCopy(file, 'train-1')).toEqual(expect.arrayContaining(['Berlin', 'Paris'])),
        { timeout: 10_000, interval: 20 },
      );
    } finally {
      checkpoints.close();
      db.close();
    }
  }, 15_000);

  it('copies the log under writes that never pause, once the oldest is maxLagMs old', async () => {
    const { file } = await makeProject(dir);
    const { db, write } = writer(file);
    const checkpoints = new WalCheckpoints(file, 3_600_000, 0);
    try {
      write('Berlin');
      checkpoints.written();
      await vi.waitFor(() => expect(conceptsInCopy(file, 'train-1')).toContain('Berlin'), {
        timeout: 10_000,
        interval: 20,
      });
    } finally {
      checkpoints.close();
      db.close();
    }
  }, 15_000);

  it('stops its thread on close, so that closing the last connection leaves the file whole and no log', async () => {
    const { file } = await makeProject(dir);
    const { db, write } = writer(file);
    const checkpoints = new WalCheckpoints(file, 3_600_000, 0);
    write('Berlin');
    checkpoints.written(); // starts the thread
    write('Paris');
    checkpoints.written(); // a checkpoint running or about to, while the project closes
    checkpoints.close();
    db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(conceptsInCopy(file, 'train-1')).toEqual(expect.arrayContaining(['Berlin', 'Paris']));
  });
});

it('answers READ_ONLY, not an internal error, for an edit of a project opened read-only', async () => {
  const { file } = await makeProject(dir);
  store = ProjectStore.open(file, { readOnly: true });
  expect(store.readOnly).toBe(true);
  expect(() => store!.setStatus('train-1', 'done')).toThrow(
    expect.objectContaining({ code: 'READ_ONLY', message: expect.stringContaining(file) }),
  );
});
