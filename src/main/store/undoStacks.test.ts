import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import { AppError } from '../../core/errors';
import {
  BEFORE_ANNOTATORS_SQL,
  copyDemo,
  makeProject,
  takeBackCompactOutputs,
  tempDir,
} from '../../../test/helpers/tempProject';
import { applyGoldDiff, editState, readGold, undoRedo } from './goldStore';
import { migrations } from './migrations';
import { type StackStep, migrateUndoStacks, replayStacks } from './migrations/0004-undo-stacks';
import { type Db, openDatabase } from './openDatabase';
import { ProjectStore } from './projectStore';

/** The schema version migration 0004 brings a project to. */
const UNDO_STACKS_VERSION = migrations.indexOf(migrateUndoStacks) + 1;

/** The stack columns of one utterance and of its history entries, as stored. */
function storedChains(db: Db, utteranceId: string) {
  const tops = db
    .prepare('SELECT undo_top AS undo, redo_top AS redo FROM utterance WHERE id = ?')
    .get(utteranceId) as { undo: number | null; redo: number | null };
  const rows = db
    .prepare('SELECT id, kind, below FROM history WHERE utterance_id = ? ORDER BY id')
    .all(utteranceId) as (StackStep & { below: number | null })[];
  return { tops, below: new Map(rows.map((r) => [r.id, r.below])), steps: rows };
}

/** A stack read from the file by following `below` from `top`, bottom first. */
function walk(db: Db, top: number | null): number[] {
  const out: number[] = [];
  const below = db.prepare('SELECT below FROM history WHERE id = ?').pluck();
  for (let id = top; id !== null; id = below.get(id) as number | null) out.unshift(id);
  return out;
}

/** The stored chains equal the stacks replayed from the whole history (the slow, obvious definition). */
function expectChainsReplayed(db: Db, utteranceId: string): void {
  const stored = storedChains(db, utteranceId);
  const replayed = replayStacks(stored.steps);
  expect(stored.below).toEqual(replayed.below);
  expect(walk(db, stored.tops.undo)).toEqual(replayed.undo);
  expect(walk(db, stored.tops.redo)).toEqual(replayed.redo);
}

/** What undo and redo do, kept as whole records: the states to go back to and forward to. */
class UndoModel {
  done: GoldRecords[] = [];
  undone: GoldRecords[] = [];
  constructor(public current: GoldRecords) {}
  edit(next: GoldRecords): void {
    this.done.push(this.current);
    this.undone = [];
    this.current = next;
  }
  step(which: 'undo' | 'redo'): boolean {
    const [from, to] = which === 'undo' ? [this.done, this.undone] : [this.undone, this.done];
    const back = from.pop();
    if (!back) return false;
    to.push(this.current);
    this.current = back;
    return true;
  }
}

const Op = fc.oneof(
  fc.record({ op: fc.constant('edit' as const), u: fc.nat(1), field: fc.constantFrom('labels', 'concepts') }),
  fc.record({ op: fc.constantFrom('undo' as const, 'redo' as const), u: fc.nat(1) }),
);

describe('undo and redo stacks kept as chains in the history', () => {
  let db: Db;
  let cleanup: () => void;
  beforeAll(async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    db = openDatabase((await makeProject(t.dir)).file);
  });
  afterAll(() => {
    db.close();
    cleanup();
  });

  it('every edit, undo and redo leaves the stacks the whole history replays to, and the gold undo/redo define', () => {
    const ids = ['train-1', 'air-1'];
    const models = ids.map((id) => new UndoModel(readGold(db, id)));
    let made = 0;
    fc.assert(
      fc.property(fc.array(Op, { maxLength: 30 }), (ops) => {
        for (const o of ops) {
          const id = ids[o.u]!;
          const model = models[o.u]!;
          const revBefore = editState(db, id).goldRev;
          if (o.op === 'edit') {
            const g = model.current;
            const next =
              o.field === 'labels'
                ? { ...g, labels: { ...g.labels, cantRepresent: !g.labels.cantRepresent } }
                : { ...g, concepts: [{ attribute: 'goal', value: `v${made++}` }] };
            const saved = applyGoldDiff(db, id, diffGold(g, next), { kind: 'edit', label: `e${made}` });
            model.edit(next);
            expect(saved).toMatchObject({ goldRev: revBefore + 1, canUndo: true, canRedo: false });
          } else {
            const saved = undoRedo(db, id, o.op);
            const moved = model.step(o.op);
            expect(saved !== null).toBe(moved);
            if (saved) expect(saved.gold).toEqual(model.current);
            expect(editState(db, id).goldRev).toBe(revBefore + (moved ? 1 : 0));
          }
          expect(readGold(db, id)).toEqual(model.current);
          expect(editState(db, id)).toMatchObject({
            canUndo: model.done.length > 0,
            canRedo: model.undone.length > 0,
          });
          expectChainsReplayed(db, id);
        }
      }),
      { numRuns: 40, seed: 16 },
    );
  });

  it('a damaged link of the stacks is named as damage to the file, and the utterance can still be edited', () => {
    const id = 'train-1';
    const g = readGold(db, id);
    const edit = (value: string) => {
      const now = readGold(db, id);
      return applyGoldDiff(db, id, diffGold(now, { ...now, concepts: [{ attribute: 'goal', value }] }), {
        kind: 'edit',
        label: value,
      }).historyId;
    };
    const first = edit('a');
    const second = edit('b');
    const refusal = (which: 'undo' | 'redo'): AppError => {
      try {
        undoRedo(db, id, which);
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
      throw new Error(`${which} was not refused`);
    };
    // The newest entry lies over itself (a loop that would never end).
    db.prepare('UPDATE history SET below = ? WHERE id = ?').run(second, second);
    expect(refusal('undo').message).toContain(`history entry ${second} lies over a newer entry (${second})`);
    db.prepare('UPDATE history SET below = ? WHERE id = ?').run(first, second);
    expect(undoRedo(db, id, 'undo')!.gold.concepts).toEqual([{ attribute: 'goal', value: 'a' }]);
    // The top of the undo stack names an entry that is not there, or one of another utterance.
    db.prepare('UPDATE utterance SET undo_top = ? WHERE id = ?').run(999_999, id);
    let e = refusal('undo');
    expect(e.code).toBe('BAD_FILE');
    expect(e.message).toBe(
      'Utterance "train-1": the undo history is damaged in the project file: its history has no entry 999999. ' +
        'Nothing can be undone; the utterance can still be edited.',
    );
    const air = readGold(db, 'air-1');
    const other = applyGoldDiff(db, 'air-1', diffGold(air, { ...air, concepts: [] }), {
      kind: 'edit',
    }).historyId;
    db.prepare('UPDATE utterance SET undo_top = ? WHERE id = ?').run(other, id);
    expect(refusal('undo').message).toContain(`history entry ${other} is an edit of utterance "air-1"`);
    // An edit where an undo belongs.
    db.prepare('UPDATE utterance SET undo_top = NULL, redo_top = ? WHERE id = ?').run(first, id);
    e = refusal('redo');
    expect(e.message).toContain(`history entry ${first} is an edit, which is not on the redo stack`);
    expect(e.details).toMatchObject({ utteranceId: id, historyId: first });
    // Nothing was written by the refusals, and the utterance can still be edited.
    expect(readGold(db, id).concepts).toEqual([{ attribute: 'goal', value: 'a' }]);
    edit('c');
    expect(editState(db, id)).toMatchObject({ canUndo: true, canRedo: false });
    expect(undoRedo(db, id, 'undo')!.gold.concepts).toEqual([{ attribute: 'goal', value: 'a' }]);
    expect(g.words).toEqual(readGold(db, id).words);
  });
});

describe('the migration that adds the stacks', () => {
  it('rebuilds, in a project of the previous version, the chains that the edits would have kept', () => {
    const t = tempDir();
    try {
      // The same edits, undos and redos made in an up-to-date copy of the demo project ...
      const current = copyDemo(path.join(t.dir, 'current'));
      const store = ProjectStore.open(current);
      const ids = ['train-01', 'train-02', 'train-03'];
      const original = ids.map((id) => store.goldState(id).gold);
      const rnd = fc.sample(fc.array(fc.tuple(fc.nat(2), fc.nat(5)), { minLength: 200, maxLength: 200 }), {
        numRuns: 1,
        seed: 4,
      })[0]!;
      rnd.forEach(([u, op], k) => {
        const id = ids[u]!;
        if (op < 3) {
          const g = store.goldState(id).gold;
          store.applyGoldDiff(id, diffGold(g, { ...g, concepts: [{ attribute: 'goal', value: `v${k}` }] }));
        } else store.undoRedo(id, op < 5 ? 'undo' : 'redo');
      });
      store.close();

      // ... and their history put into a copy of the demo as the previous schema version held it (the
      // columns this migration adds taken out again).
      const previous = copyDemo(path.join(t.dir, 'previous'));
      expect(UNDO_STACKS_VERSION).toBe(4);
      const raw = new Database(previous);
      takeBackCompactOutputs(raw);
      raw.exec(BEFORE_ANNOTATORS_SQL);
      raw.exec(`
        ALTER TABLE history DROP COLUMN below;
        ALTER TABLE utterance DROP COLUMN undo_top;
        ALTER TABLE utterance DROP COLUMN redo_top;
        PRAGMA user_version = ${UNDO_STACKS_VERSION - 1};
      `);
      raw.exec(`ATTACH DATABASE '${current.replaceAll("'", "''")}' AS cur`);
      raw.exec(`
        DELETE FROM gold_concept;
        INSERT INTO gold_concept SELECT * FROM cur.gold_concept;
        INSERT INTO history (id, utterance_id, at, annotator, kind, label, diff, undoes)
          SELECT id, utterance_id, at, annotator, kind, label, diff, undoes FROM cur.history;
        UPDATE utterance SET gold_rev = (SELECT gold_rev FROM cur.utterance c WHERE c.id = utterance.id);
      `);
      raw.exec('DETACH DATABASE cur');
      raw.close();

      const a = openDatabase(current, { readOnly: true });
      const b = openDatabase(previous);
      try {
        expect(b.pragma('user_version', { simple: true })).toBe(migrations.length);
        expect(b.prepare('SELECT count(*) FROM history').pluck().get()).toBe(
          a.prepare('SELECT count(*) FROM history').pluck().get(),
        );
        const chains = (db: Db) =>
          db
            .prepare('SELECT id, undo_top, redo_top FROM utterance ORDER BY id')
            .all()
            .concat(db.prepare('SELECT id, below FROM history ORDER BY id').all());
        expect(chains(b)).toEqual(chains(a));
        for (const id of ids) expectChainsReplayed(b, id);
        // Undoing everything walks back through the same states in both, to the demo's own gold.
        ids.forEach((id, k) => {
          expect(editState(b, id)).toEqual(editState(a, id));
          expect(readGold(b, id)).toEqual(readGold(a, id));
          while (undoRedo(b, id, 'undo')) expectChainsReplayed(b, id);
          expect(readGold(b, id).concepts).toEqual(original[k]!.concepts);
        });
      } finally {
        a.close();
        b.close();
      }
    } finally {
      t.cleanup();
    }
  });
});
