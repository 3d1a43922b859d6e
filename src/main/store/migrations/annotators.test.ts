import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BEFORE_ANNOTATORS_SQL,
  copyDemo,
  takeBackCompactOutputs,
  tempDir,
} from '../../../../test/helpers/tempProject';
import { addAnnotator, assign, layersOf, readLayer } from '../annotatorStore';
import { readGold } from '../goldStore';
import { ProjectStore } from '../projectStore';
import { migrations } from './index';

/** The tables (and utterance columns) that hold the gold; after migration 0005 they are the adjudicated layer. */
const GOLD_QUERIES = [
  'SELECT * FROM word ORDER BY utterance_id, idx',
  'SELECT * FROM gold_tree ORDER BY utterance_id, ord',
  'SELECT * FROM gold_entity ORDER BY utterance_id, idx',
  'SELECT * FROM gold_concept ORDER BY utterance_id, idx',
  'SELECT * FROM gold_interpretation ORDER BY utterance_id, idx',
  `SELECT id, transcript, status, labels, gold_rev, updated_at, annotator, undo_top, redo_top
     FROM utterance ORDER BY ord`,
];

/** Every row of the gold, as SQLite returns it (values compared exactly, texts byte for byte). */
function goldRows(db: Database.Database): unknown[][] {
  return GOLD_QUERIES.map((q) => db.prepare(q).raw().all());
}

const HISTORY =
  'SELECT id, utterance_id, at, annotator, kind, label, diff, undoes, below FROM history ORDER BY id';

let tmp: ReturnType<typeof tempDir>;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.cleanup());

describe('migration 0005: annotators', () => {
  it('keeps a current project’s gold as the adjudicated layer and its history, and an edit still undoes', () => {
    const file = copyDemo(path.join(tmp.dir, 'demo'));
    // The bundled demo is kept at the current version (opening it once makes sure): take it back to version
    // 4, the version before the annotators (the tables and the history column of migration 0005 taken out,
    // and migration 0006's tables as version 5 had them).
    ProjectStore.open(file).close();
    const raw = new Database(file);
    expect(raw.pragma('user_version', { simple: true }), 'take later migrations back here too').toBe(6);
    takeBackCompactOutputs(raw);
    raw.exec(BEFORE_ANNOTATORS_SQL);
    raw.pragma('user_version = 4');
    expect(raw.prepare('SELECT count(*) FROM gold_tree').pluck().get()).toBeGreaterThan(0);

    // One edit by hand in its history, on top of the undo stack as version 4 keeps it.
    const uid = raw.prepare('SELECT id FROM utterance ORDER BY ord LIMIT 1').pluck().get() as string;
    const words = (
      raw
        .prepare(
          `SELECT text, start_sec AS startSec, end_sec AS endSec, source, confidence
             FROM word WHERE utterance_id = ? ORDER BY idx`,
        )
        .all(uid) as {
        text: string;
        startSec: number;
        endSec: number;
        source: string;
        confidence: number | null;
      }[]
    ).map(({ confidence, ...w }) => (confidence === null ? w : { ...w, confidence }));
    const last = words.length - 1;
    const edited = words.map((w, i) =>
      i === last ? { text: w.text, startSec: w.startSec, endSec: w.endSec - 0.01, source: 'manual' } : w,
    );
    raw
      .prepare(
        'UPDATE word SET end_sec = ?, source = ?, confidence = NULL WHERE utterance_id = ? AND idx = ?',
      )
      .run(edited[last]!.endSec, 'manual', uid, last);
    const entry = Number(
      raw
        .prepare(
          `INSERT INTO history (utterance_id, at, annotator, kind, label, diff, below)
           VALUES (?, '2026-01-01T00:00:00Z', 'owner', 'edit', 'drag', ?, NULL)`,
        )
        .run(uid, JSON.stringify([{ field: 'words', before: words, after: edited }])).lastInsertRowid,
    );
    raw
      .prepare('UPDATE utterance SET undo_top = ?, redo_top = NULL, gold_rev = gold_rev + 1 WHERE id = ?')
      .run(entry, uid);
    const goldBefore = goldRows(raw);
    const historyBefore = raw.prepare(HISTORY).all() as Record<string, unknown>[];
    raw.close();

    const store = ProjectStore.open(file);
    try {
      expect(store.summary().schemaVersion).toBe(migrations.length);
      // The gold is where it was, every value as it was: it is the adjudicated layer.
      expect(goldRows(store.db)).toEqual(goldBefore);
      // The history is kept; every entry belongs to the adjudicated layer.
      expect(store.db.prepare(`${HISTORY.replace(' FROM', ', annotator_id FROM')}`).all()).toEqual(
        historyBefore.map((h) => ({ ...h, annotator_id: null })),
      );
      // No annotator, no layer, no assignment yet.
      for (const t of ['annotator', 'assignment', 'annotator_gold'])
        expect(store.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get(), t).toBe(0);
      const ids = store.db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
      for (const id of ids) expect(layersOf(store.db, id)).toEqual([]);

      // The edit made before the migration undoes and redoes.
      expect(store.goldState(uid)).toMatchObject({ canUndo: true, canRedo: false });
      expect(store.undoRedo(uid, 'undo').gold.words).toEqual(words);
      expect(store.undoRedo(uid, 'redo').gold.words).toEqual(edited);

      // An annotator assigned the utterance starts from the adjudicated words, and the adjudicated gold
      // stays as it is.
      const adjudicated = readGold(store.db, uid);
      const ann = addAnnotator(store.db, 'ann').id;
      assign(store.db, ann, [uid]);
      expect(readLayer(store.db, ann, uid)!.gold.words).toEqual(adjudicated.words);
      expect(readGold(store.db, uid)).toEqual(adjudicated);
    } finally {
      store.close();
    }
  });
});
