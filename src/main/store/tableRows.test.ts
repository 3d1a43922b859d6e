import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from './projectStore';

let cleanup: () => void;
let file: string;
let store: ProjectStore;

beforeEach(() => {
  const made = tempDir();
  cleanup = made.cleanup;
  file = copyDemo(made.dir);
  store = ProjectStore.open(file);
});
afterEach(() => {
  store.close();
  cleanup();
});

/** The summary's counts as a fresh connection counts the tables. */
function counted(): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const n = (t: string) => db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number;
    return {
      utterances: n('utterance'),
      words: n('word'),
      trees: n('gold_tree'),
      entities: n('gold_entity'),
      concepts: n('gold_concept'),
    };
  } finally {
    db.close();
  }
}

function shown(): Record<string, number> {
  const s = store.summary();
  return {
    utterances: s.utterances,
    words: s.words,
    trees: s.trees,
    entities: s.entities,
    concepts: s.concepts,
  };
}

describe('the summary’s kept counts', () => {
  it('follow this connection’s writes, a rollback, cascades and another connection’s commits', () => {
    expect(shown()).toEqual(counted());
    const [first, second] = store.db
      .prepare('SELECT id FROM utterance ORDER BY ord LIMIT 2')
      .pluck()
      .all() as string[];
    // Rows taken away and added by this connection.
    store.db.prepare('DELETE FROM word WHERE utterance_id = ? AND idx = 0').run(first);
    store.db.prepare('DELETE FROM gold_entity WHERE utterance_id = ?').run(first);
    expect(shown()).toEqual(counted());
    // A transaction rolled back leaves them as they were.
    const before = shown();
    expect(() =>
      store.db.transaction(() => {
        store.db.prepare('DELETE FROM word WHERE utterance_id = ?').run(second);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(shown()).toEqual(before);
    // An utterance deleted takes its words, trees, entities and concepts with it (foreign keys).
    store.db.prepare('DELETE FROM utterance WHERE id = ?').run(second);
    expect(shown()).toEqual(counted());
    // Another connection's commit.
    const other = new Database(file);
    other.prepare('DELETE FROM word WHERE utterance_id = ? AND idx = 1').run(first);
    other.close();
    expect(shown()).toEqual(counted());
  });

  it('a filter sees a transcript another connection changed', () => {
    const id = store.utteranceWindow({ limit: 1 }).items[0]!.id;
    expect(store.utteranceWindow({ filter: 'qqzzy' }).total).toBe(0);
    const other = new Database(file);
    other.prepare(`UPDATE utterance SET transcript = transcript || ' QQZZY' WHERE id = ?`).run(id);
    other.close();
    expect(store.utteranceWindow({ filter: 'qqzzy' }).items.map((u) => u.id)).toEqual([id]);
    // And one this connection changed, while a filter it narrows is kept.
    store.db.prepare(`UPDATE utterance SET transcript = transcript || ' qqzzyx' WHERE id <> ?`).run(id);
    expect(store.utteranceWindow({ filter: 'qqzzyx' }).total).toBe(store.summary().utterances - 1);
  });
});
