import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { AppError } from '../../core/errors';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import { addAnnotator, assign, readLayer } from './annotatorStore';
import { applyGoldDiff, editState, readGold, undoRedo } from './goldStore';
import { type Db, openDatabase } from './openDatabase';
import { pairRevisions, scoreCacheReader, scoreCacheWriter } from './scoreCache';
import { importSystemOutputs } from './systemStore';

let db: Db;
let cleanup: () => void;
let ann: number;
let bob: number;

beforeEach(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  db = openDatabase((await makeProject(t.dir)).file);
  ann = addAnnotator(db, 'ann').id;
  bob = addAnnotator(db, 'bob').id;
  assign(db, ann, ['train-1']);
  assign(db, bob, ['train-1']);
});
afterEach(() => {
  db.close();
  cleanup();
});

function withTree(g: GoldRecords, bracket: string): GoldRecords {
  return { ...g, trees: [{ name: 'syntax', typed: false, bracket }] };
}

function failure(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

interface HistoryRow {
  annotator_id: number | null;
  kind: string;
}

describe("edits of an annotator's layer", () => {
  it('are saved in the layer only, with one history entry naming it, and leave the scores alone', () => {
    const adjudicated = readGold(db, 'train-1');
    const systemId = importSystemOutputs(
      db,
      'asr',
      [{ id: 'train-1', words: [{ text: 'I', startSec: 0, endSec: 0.1 }] }],
      ['out.jsonl'],
    ).system.id;
    const signature = 'sig';
    scoreCacheWriter(db, signature).write([
      { systemId, utteranceId: 'train-1', ...pairRevisions(db)(systemId, 'train-1')!, value: '{"wer":1}' },
    ]);

    const before = readGold(db, 'train-1', ann);
    const after = withTree(before, '(S I (VP want to))');
    const saved = applyGoldDiff(db, 'train-1', diffGold(before, after), {
      kind: 'edit',
      label: 'bracket',
      annotator: 'ann',
      layer: ann,
    });
    expect(saved).toMatchObject({ gold: after, goldRev: 1, canUndo: true, canRedo: false });
    expect(readLayer(db, ann, 'train-1')).toEqual({ gold: after, status: 'todo', goldRev: 1 });
    expect(readGold(db, 'train-1', ann)).toEqual(after);
    // The adjudicated layer, the other annotator's and the cached scores are as they were.
    expect(readGold(db, 'train-1')).toEqual(adjudicated);
    expect(editState(db, 'train-1')).toEqual({ goldRev: 0, canUndo: false, canRedo: false });
    expect(readLayer(db, bob, 'train-1')!.gold.trees).toEqual([]);
    expect(scoreCacheReader(db, signature).pair(systemId, 'train-1')).toBe('{"wer":1}');
    const rows = db.prepare('SELECT annotator_id, kind FROM history').all() as HistoryRow[];
    expect(rows).toEqual([{ annotator_id: ann, kind: 'edit' }]);
  });

  it('are checked like the adjudicated gold: invalid and stale diffs change nothing', () => {
    const before = readGold(db, 'train-1', ann);
    const bad = failure(() =>
      applyGoldDiff(db, 'train-1', diffGold(before, withTree(before, '(S I want)')), {
        kind: 'edit',
        layer: ann,
      }),
    );
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.message).toMatch(/train-1/);
    const first = withTree(before, '(S I (VP want to))');
    applyGoldDiff(db, 'train-1', diffGold(before, first), { kind: 'edit', layer: ann });
    // A diff made against the layer as it was before that edit.
    const stale = failure(() =>
      applyGoldDiff(db, 'train-1', diffGold(before, withTree(before, '(S (NP I) want to)')), {
        kind: 'edit',
        layer: ann,
      }),
    );
    expect(stale.code).toBe('CONFLICT');
    expect(readGold(db, 'train-1', ann)).toEqual(first);
    expect(editState(db, 'train-1', ann).goldRev).toBe(1);
    // The same diff is not stale for the other annotator's layer, which is still as it started.
    applyGoldDiff(db, 'train-1', diffGold(before, withTree(before, '(S (NP I) want to)')), {
      kind: 'edit',
      layer: bob,
    });
    expect(readGold(db, 'train-1', bob).trees[0]!.bracket).toBe('(S (NP I) want to)');
  });

  it('have their own undo and redo stack per layer', () => {
    const adj0 = readGold(db, 'train-1');
    const adj1 = withTree(adj0, '(S I want to)');
    applyGoldDiff(db, 'train-1', diffGold(adj0, adj1), { kind: 'edit' });
    const a0 = readGold(db, 'train-1', ann);
    const a1 = { ...a0, entities: [{ type: 'P', firstWord: 0, lastWord: 0 }] };
    const a2 = { ...a1, labels: { cantRepresent: true } };
    applyGoldDiff(db, 'train-1', diffGold(a0, a1), { kind: 'edit', layer: ann });
    applyGoldDiff(db, 'train-1', diffGold(a1, a2), { kind: 'edit', layer: ann });

    expect(undoRedo(db, 'train-1', 'undo', 'ann', ann)!.gold).toEqual(a1);
    expect(undoRedo(db, 'train-1', 'undo', 'ann', ann)!.gold).toEqual(a0);
    expect(undoRedo(db, 'train-1', 'undo', 'ann', ann)).toBeNull();
    expect(editState(db, 'train-1', ann)).toEqual({ goldRev: 4, canUndo: false, canRedo: true });
    // The adjudicated layer kept its edit and its own stack; bob has nothing to undo.
    expect(readGold(db, 'train-1')).toEqual(adj1);
    expect(editState(db, 'train-1')).toEqual({ goldRev: 1, canUndo: true, canRedo: false });
    expect(undoRedo(db, 'train-1', 'undo', '', bob)).toBeNull();

    expect(undoRedo(db, 'train-1', 'redo', 'ann', ann)!.gold).toEqual(a1);
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(adj0);
    expect(readGold(db, 'train-1', ann)).toEqual(a1);
    const kinds = db
      .prepare('SELECT annotator_id, kind FROM history ORDER BY id')
      .all()
      .map((r) => [(r as HistoryRow).annotator_id, (r as HistoryRow).kind]);
    expect(kinds).toEqual([
      [null, 'edit'],
      [ann, 'edit'],
      [ann, 'edit'],
      [ann, 'undo'],
      [ann, 'undo'],
      [ann, 'redo'],
      [null, 'undo'],
    ]);
  });

  it('are refused for an utterance not assigned to the annotator', () => {
    const g = readGold(db, 'air-1');
    const err = failure(() =>
      applyGoldDiff(db, 'air-1', diffGold(g, { ...g, labels: { cantRepresent: true } }), {
        kind: 'edit',
        layer: ann,
      }),
    );
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toMatch(/"ann" has no layer of utterance "air-1"/);
    expect(failure(() => readGold(db, 'nope', ann)).code).toBe('NOT_FOUND');
    expect(failure(() => editState(db, 'air-1', 999)).code).toBe('NOT_FOUND');
  });
});
