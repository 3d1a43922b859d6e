import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffGold } from '../../core/gold/diff';
import { AppError } from '../../core/errors';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { applyGoldDiff, editState, readGold, undoRedo } from './goldStore';
import { type Db, openDatabase } from './openDatabase';
import path from 'node:path';
import type { ProjectManifestInput } from '../../core/model/projectManifest';
import { createProject } from './createProject';
import { ProjectStore } from './projectStore';
import { pairRevisions, scoreCacheReader, scoreCacheWriter } from './scoreCache';
import { getSystemOutput, importSystemOutputs } from './systemStore';

let db: Db;
let cleanup: () => void;

beforeEach(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  db = openDatabase((await makeProject(t.dir)).file);
});
afterEach(() => {
  db.close();
  cleanup();
});

describe('gold store', () => {
  it('reads the forced-alignment words as gold, with empty trees, entities and labels', async () => {
    const g = readGold(db, 'train-1');
    expect(g.words.map((w) => w.text)).toEqual(['I', 'want', 'to']);
    expect(g.trees).toEqual([]);
    expect(g.labels).toEqual({});
  });

  it('saves an edit with its history, and undo/redo walk it back and forth across reopenings', async () => {
    const before = readGold(db, 'train-1');
    const after = {
      ...before,
      trees: [{ name: 'syntax', typed: false, bracket: '(S I (VP want to))' }],
      entities: [{ type: 'P', firstWord: 0, lastWord: 0 }],
      labels: { cantRepresent: true },
    };
    const saved = applyGoldDiff(db, 'train-1', diffGold(before, after), {
      kind: 'edit',
      label: 'bracket',
      annotator: 'ann',
    });
    expect(saved.gold).toEqual(after);
    expect(readGold(db, 'train-1')).toEqual(after);
    const words2 = { ...after, words: after.words.map((w, i) => (i === 1 ? { ...w, endSec: 0.405 } : w)) };
    expect(
      applyGoldDiff(db, 'train-1', diffGold(after, words2), { kind: 'edit', label: 'drag' }),
    ).toMatchObject({
      goldRev: 2,
      canUndo: true,
      canRedo: false,
    });
    expect(editState(db, 'train-1')).toEqual({ goldRev: 2, canUndo: true, canRedo: false });

    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(after);
    expect(undoRedo(db, 'train-1', 'undo')).toMatchObject({ gold: before, canUndo: false, canRedo: true });
    expect(undoRedo(db, 'train-1', 'undo')).toBeNull();
    expect(undoRedo(db, 'train-1', 'redo')!.gold).toEqual(after);
    // A new edit after an undo clears the redo stack.
    const other = { ...after, concepts: [{ attribute: 'goal', value: 'Berlin' }] };
    applyGoldDiff(db, 'train-1', diffGold(after, other), { kind: 'edit' });
    expect(undoRedo(db, 'train-1', 'redo')).toBeNull();
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(after);
    // The history is append-only: every step is an entry.
    expect(db.prepare('SELECT count(*) FROM history').pluck().get() as number).toBe(7);
  });

  it('names a history entry whose diff does not read as damaged, and undoes every other entry', () => {
    const edit = (id: string, label: string, change: (g: ReturnType<typeof readGold>) => unknown) => {
      const g = readGold(db, id);
      const next = { ...g, ...(change(g) as object) };
      return applyGoldDiff(db, id, diffGold(g, next), { kind: 'edit', label }).historyId;
    };
    const original = readGold(db, 'train-1');
    const first = edit('train-1', 'entity', () => ({ entities: [{ type: 'P', firstWord: 0, lastWord: 0 }] }));
    const afterFirst = readGold(db, 'train-1');
    edit('train-1', 'label', () => ({ labels: { cantRepresent: true } }));
    const other = edit('air-1', 'concept', () => ({ concepts: [{ attribute: 'goal', value: 'Bonn' }] }));
    // The older entry of train-1 is not JSON; the only entry of air-1 is JSON but not a diff.
    const damage = db.prepare('UPDATE history SET diff = ? WHERE id = ?');
    damage.run('[{"field":"entities","before":[],"aft', first);
    damage.run('{"field":"concepts"}', other);

    // The newest entry of train-1 is intact: it is undone as usual.
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(afterFirst);
    const refused = (id: string, which: 'undo' | 'redo'): AppError => {
      try {
        undoRedo(db, id, which);
      } catch (err) {
        if (err instanceof AppError) return err;
        throw err;
      }
      throw new Error(`${which} of ${id} was not refused`);
    };
    const e = refused('train-1', 'undo');
    expect(e.code).toBe('BAD_FILE');
    expect(e.message).toMatch(
      new RegExp(
        `^Utterance "train-1": the edit to undo, "entity" \\(history entry ${first}\\), is damaged in the project file: it is not JSON \\(`,
      ),
    );
    expect(e.details).toMatchObject({ utteranceId: 'train-1', historyId: first });
    const e2 = refused('air-1', 'undo');
    expect(e2.code).toBe('BAD_FILE');
    expect(e2.message).toContain(
      `"concept" (history entry ${other}), is damaged in the project file: it is not a change of the gold`,
    );
    // Nothing was written by the refusals; the gold stays editable, and the intact entries still undo and redo.
    expect(readGold(db, 'train-1')).toEqual(afterFirst);
    expect(undoRedo(db, 'train-1', 'redo')!.gold.labels).toEqual({ cantRepresent: true });
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(afterFirst);
    edit('train-1', 'fix', () => ({ entities: [] }));
    expect(readGold(db, 'train-1')).toEqual(original);
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(afterFirst);
  });

  it('keeps the source of unchanged words, marks retyped ones edited and moved ones manual', async () => {
    const g = readGold(db, 'train-1');
    const next = { ...g, words: g.words.map((w, i) => (i === 2 ? { ...w, text: 'too' } : w)) };
    applyGoldDiff(db, 'train-1', diffGold(g, next), { kind: 'edit' });
    const sources = () =>
      db.prepare("SELECT source FROM word WHERE utterance_id = 'train-1' ORDER BY idx").pluck().all();
    expect(sources()).toEqual(['test', 'test', 'edited']);
    const g2 = readGold(db, 'train-1');
    const moved = {
      ...g2,
      words: g2.words.map((w, i) => (i === 0 ? { ...w, startSec: w.startSec + 0.01 } : w)),
    };
    applyGoldDiff(db, 'train-1', diffGold(g2, moved), { kind: 'edit' });
    expect(sources()).toEqual(['manual', 'test', 'edited']);
    expect(db.prepare("SELECT transcript FROM utterance WHERE id = 'train-1'").pluck().get()).toBe(
      'I want too',
    );
  });

  it('refuses stale and inconsistent edits and changes nothing', async () => {
    const g = readGold(db, 'train-1');
    const stale = diffGold({ ...g, entities: [{ type: 'L', firstWord: 0, lastWord: 0 }] }, g);
    expect(() => applyGoldDiff(db, 'train-1', stale, { kind: 'edit' })).toThrow(/entities changed/);
    const bad = { ...g, entities: [{ type: 'P', firstWord: 1, lastWord: 7 }] };
    try {
      applyGoldDiff(db, 'train-1', diffGold(g, bad), { kind: 'edit' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).message).toMatch(/ends at word 7, but there are 3 words/);
    }
    expect(readGold(db, 'train-1')).toEqual(g);
    expect(db.prepare('SELECT count(*) FROM history').pluck().get()).toBe(0);
    expect(() => readGold(db, 'nope')).toThrow(/No utterance with id "nope"/);
  });
});

describe('systems and the score cache', () => {
  it('imports outputs, skips unknown utterances, replaces on re-import, and invalidates cached scores', async () => {
    const first = importSystemOutputs(
      db,
      'asr-1',
      [
        { id: 'train-1', words: [{ text: 'I', startSec: 0, endSec: 0.1 }] },
        { id: 'ghost', words: [] },
      ],
      ['out.jsonl'],
    );
    expect(first).toMatchObject({ replaced: false, added: 1, skipped: [{ id: 'ghost' }] });
    const systemId = first.system.id;
    const signature = 'utterance|v:1';
    // Scores cached with the pair's current revisions, and the cache's valid entry for it.
    const put = (value: unknown): void =>
      scoreCacheWriter(db, signature).write([
        {
          systemId,
          utteranceId: 'train-1',
          ...pairRevisions(db)(systemId, 'train-1')!,
          value: JSON.stringify(value),
        },
      ]);
    const get = (): unknown => {
      const v = scoreCacheReader(db, signature).pair(systemId, 'train-1');
      return v === undefined ? undefined : JSON.parse(v);
    };
    put({ wer: 0.5 });
    expect(get()).toEqual({ wer: 0.5 });

    // A gold edit invalidates the utterance's cached scores.
    const g = readGold(db, 'train-1');
    applyGoldDiff(db, 'train-1', diffGold(g, { ...g, labels: { inputKind: 'asr' } }), { kind: 'edit' });
    expect(get()).toBeUndefined();
    put({ wer: 0.25 });
    expect(get()).toEqual({ wer: 0.25 });

    // Re-import replaces all outputs atomically and invalidates the system's cache.
    const second = importSystemOutputs(db, 'asr-1', [{ id: 'air-1', words: [] }], ['out2.jsonl']);
    expect(second).toMatchObject({ replaced: true, added: 1, skipped: [] });
    expect(second.system.outputs).toBe(1);
    expect(get()).toBeUndefined();
    expect(() => importSystemOutputs(db, 'asr-2', [{ id: 'ghost' }], ['x'])).toThrow(/None of the 1 outputs/);
    expect(() => importSystemOutputs(db, 'asr-1', [{ id: 'air-1' }, { id: 'air-1' }], ['x'])).toThrow(
      /Two outputs for utterance "air-1"/,
    );
    // The failed re-import changed nothing.
    expect(db.prepare('SELECT count(*) FROM system_output').pluck().get()).toBe(1);
  });
});

describe('a manifest with gold annotation and systems', () => {
  it('creates the project with trees, entities, concepts, labels and system outputs in one go', async () => {
    const t = tempDir();
    try {
      const { manifest } = await makeProject(t.dir);
      const m = structuredClone(manifest) as ProjectManifestInput;
      Object.assign(m.utterances[0]!, {
        trees: [{ name: 'syntax', typed: false, bracket: '(S (PRP I) (VP (VBP want) (TO to)))' }],
        entities: [{ type: 'P', firstWord: 0, lastWord: 0 }],
        concepts: [{ attribute: 'goal', value: 'Berlin' }],
        labels: { inputKind: 'asr' },
      });
      m.systems = [
        {
          name: 'asr',
          description: 'a recognizer',
          outputs: [
            {
              id: 'train-1',
              words: [{ text: 'I', startSec: 0, endSec: 0.1, confidence: 0.9 }, { text: 'won' }],
            },
          ],
        },
      ];
      const file = path.join(t.dir, 'rich.sieve');
      const summary = await createProject(file, m, t.dir);
      expect(summary).toMatchObject({ utterances: 2, trees: 1, entities: 1, systems: 1 });
      const store = ProjectStore.open(file);
      try {
        expect(store.goldState('train-1').gold).toMatchObject({
          trees: [{ name: 'syntax', bracket: '(S (PRP I) (VP (VBP want) (TO to)))' }],
          concepts: [{ attribute: 'goal', value: 'Berlin' }],
          labels: { inputKind: 'asr' },
        });
        const [sys] = store.systems();
        expect(sys).toMatchObject({ name: 'asr', outputs: 1, settings: { description: 'a recognizer' } });
        expect(getSystemOutput(store.db, sys!.id, 'train-1')?.words?.[1]).toEqual({ text: 'won' });
      } finally {
        store.close();
      }
    } finally {
      t.cleanup();
    }
  });
});
