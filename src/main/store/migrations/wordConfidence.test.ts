import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BEFORE_ANNOTATORS_SQL,
  copyDemo,
  takeBackCompactOutputs,
  tempDir,
} from '../../../../test/helpers/tempProject';
import { ProjectStore } from '../projectStore';
import { migrations } from './index';

interface WordRow {
  utterance_id: string;
  idx: number;
  text: string;
  start_sec: number;
  end_sec: number;
  source: string;
}

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

describe('migration 0003: word confidence', () => {
  it('keeps a current project’s gold and history, and an edit made before it still undoes', () => {
    const file = copyDemo(path.join(tmp.dir, 'demo'));
    // The project as version 2 left it, with one edit by hand in its history (a diff whose words carry no
    // marks, as that version wrote them).
    const raw = new Database(file);
    // The bundled demo is kept at the current version: take it back to version 2, the version before the
    // words had a confidence (the columns of later migrations taken out again).
    takeBackCompactOutputs(raw);
    raw.exec(BEFORE_ANNOTATORS_SQL);
    raw.exec(`
      ALTER TABLE word DROP COLUMN confidence;
      ALTER TABLE history DROP COLUMN below;
      ALTER TABLE utterance DROP COLUMN undo_top;
      ALTER TABLE utterance DROP COLUMN redo_top;
      PRAGMA user_version = 2;
    `);
    const uid = raw.prepare('SELECT id FROM utterance ORDER BY ord LIMIT 1').pluck().get() as string;
    const plain = raw
      .prepare(
        'SELECT text, start_sec AS startSec, end_sec AS endSec FROM word WHERE utterance_id = ? ORDER BY idx',
      )
      .all(uid) as { text: string; startSec: number; endSec: number }[];
    const last = plain.length - 1;
    const edited = plain.map((w, i) => (i === last ? { ...w, endSec: w.endSec - 0.01 } : w));
    raw
      .prepare('UPDATE word SET end_sec = ?, source = ? WHERE utterance_id = ? AND idx = ?')
      .run(edited[last]!.endSec, 'manual', uid, last);
    raw
      .prepare(
        `INSERT INTO history (utterance_id, at, kind, label, diff) VALUES (?, '2026-01-01T00:00:00Z', 'edit', 'drag', ?)`,
      )
      .run(uid, JSON.stringify([{ field: 'words', before: plain, after: edited }]));
    const wordsBefore = raw.prepare('SELECT * FROM word ORDER BY utterance_id, idx').all() as WordRow[];
    const historyBefore = raw
      .prepare('SELECT id, utterance_id, at, annotator, kind, label, diff, undoes FROM history ORDER BY id')
      .all();
    const treesBefore = raw.prepare('SELECT * FROM gold_tree ORDER BY utterance_id, ord').all();
    raw.close();

    const store = ProjectStore.open(file);
    try {
      expect(store.summary().schemaVersion).toBe(migrations.length);
      expect(migrations.length).toBeGreaterThanOrEqual(3);
      const wordsAfter = store.db
        .prepare('SELECT * FROM word ORDER BY utterance_id, idx')
        .all() as (WordRow & {
        confidence: number | null;
      })[];
      expect(wordsAfter).toEqual(wordsBefore.map((w) => ({ ...w, confidence: null })));
      expect(
        store.db
          .prepare(
            'SELECT id, utterance_id, at, annotator, kind, label, diff, undoes FROM history ORDER BY id',
          )
          .all(),
      ).toEqual(historyBefore);
      expect(store.db.prepare('SELECT * FROM gold_tree ORDER BY utterance_id, ord').all()).toEqual(
        treesBefore,
      );
      expect(store.getUtterance(uid).words.every((w) => w.confidence === null)).toBe(true);
      // The gold as read carries each word's source; no word has a confidence yet.
      const state = store.goldState(uid);
      expect(state.canUndo).toBe(true);
      expect(state.gold.words.map((w) => [w.text, w.endSec, w.source, w.confidence])).toEqual(
        edited.map((w, i) => [w.text, w.endSec, i === last ? 'manual' : 'espeak-ng', undefined]),
      );
      // Undo applies the old diff to the marked words, and redo brings the edit back.
      const undone = store.undoRedo(uid, 'undo');
      expect(undone.gold.words.map((w) => [w.text, w.startSec, w.endSec])).toEqual(
        plain.map((w) => [w.text, w.startSec, w.endSec]),
      );
      expect(undone.gold.words.slice(0, last).map((w) => w.source)).toEqual(
        plain.slice(0, last).map(() => 'espeak-ng'),
      );
      const redone = store.undoRedo(uid, 'redo');
      expect(redone.gold.words[last]).toEqual({ ...edited[last], source: 'manual' });
      // A confidence outside [0, 1] is refused by the table itself.
      expect(() =>
        store.db.prepare('UPDATE word SET confidence = 1.5 WHERE utterance_id = ? AND idx = 0').run(uid),
      ).toThrow(/CHECK constraint/);
    } finally {
      store.close();
    }
  });
});
