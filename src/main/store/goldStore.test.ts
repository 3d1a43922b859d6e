import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffGold } from '../../core/gold/diff';
import { AppError } from '../../core/api/errors';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { applyGoldDiff, readGold, undoRedo, undoStacks } from './goldStore';
import { type Db, openDatabase } from './openDatabase';
import path from 'node:path';
import type { ProjectManifestInput } from '../../core/model/projectManifest';
import { createProject } from './createProject';
import { ProjectStore } from './projectStore';
import { getCachedScore, getSystemOutput, importSystemOutputs, putCachedScore } from './systemStore';

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
    applyGoldDiff(db, 'train-1', diffGold(after, words2), { kind: 'edit', label: 'drag' });
    expect(undoStacks(db, 'train-1').undo).toHaveLength(2);

    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(after);
    expect(undoRedo(db, 'train-1', 'undo')!.gold).toEqual(before);
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

  it('keeps the source of unchanged words and marks edited ones manual', async () => {
    const g = readGold(db, 'train-1');
    const next = { ...g, words: g.words.map((w, i) => (i === 2 ? { ...w, text: 'too' } : w)) };
    applyGoldDiff(db, 'train-1', diffGold(g, next), { kind: 'edit' });
    const sources = db
      .prepare("SELECT source FROM word WHERE utterance_id = 'train-1' ORDER BY idx")
      .pluck()
      .all();
    expect(sources).toEqual(['test', 'test', 'manual']);
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
    const key = { systemId: first.system.id, utteranceId: 'train-1', metric: 'wer', signature: 'wer|v:1' };
    putCachedScore(db, key, { wer: 0.5 });
    expect(getCachedScore(db, key)).toEqual({ wer: 0.5 });

    // A gold edit invalidates the utterance's cached scores.
    const g = readGold(db, 'train-1');
    applyGoldDiff(db, 'train-1', diffGold(g, { ...g, labels: { inputKind: 'asr' } }), { kind: 'edit' });
    expect(getCachedScore(db, key)).toBeUndefined();
    putCachedScore(db, key, { wer: 0.25 });

    // Re-import replaces all outputs atomically and invalidates the system's cache.
    const second = importSystemOutputs(db, 'asr-1', [{ id: 'air-1', words: [] }], ['out2.jsonl']);
    expect(second).toMatchObject({ replaced: true, added: 1, skipped: [] });
    expect(second.system.outputs).toBe(1);
    expect(getCachedScore(db, key)).toBeUndefined();
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
