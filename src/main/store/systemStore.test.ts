// Renaming, deleting and listing systems on a copy of the demo project file: the name changes and nothing
// else, a deleted system's outputs and cached scores go with it (and stay gone after reopening the file),
// and the list counts outputs as they are, whichever connection imported them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { scoreProject } from '../scoring/scoreProject';
import { ProjectStore } from './projectStore';
import { getSystemOutput, getSystemProfile, importSystemOutputs } from './systemStore';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-systemstore-')));
afterEach(() => cleanup());

const count = (store: ProjectStore, table: string, systemId: number): number =>
  store.db.prepare(`SELECT count(*) FROM ${table} WHERE system_id = ?`).pluck().get(systemId) as number;

/** A copy of the demo whose every system has its scores cached. */
async function scoredDemo(): Promise<string> {
  const file = copyDemo(dir);
  await scoreProject(file);
  return file;
}

describe('renaming a system', () => {
  it('changes its name only: its outputs and cached scores stay valid', async () => {
    const file = await scoredDemo();
    const store = ProjectStore.open(file);
    try {
      const [sys] = store.systems();
      const cached = count(store, 'score_cache', sys!.id);
      expect(cached).toBeGreaterThan(0);
      const renamed = store.renameSystem(sys!.name, 'renamed-system');
      expect(renamed).toMatchObject({ id: sys!.id, name: 'renamed-system', outputs: sys!.outputs });
      expect(count(store, 'score_cache', sys!.id)).toBe(cached);
      // Scoring again scores nothing anew: every pair comes from the cache.
      let toScore: number | null = null;
      await scoreProject(store, {
        systemIds: [sys!.id],
        onProgress: (done, total) => (toScore ??= total - done),
      });
      expect(toScore).toBe(0);
      expect(store.systems().map((s) => s.name)).toContain('renamed-system');
      expect(store.systems().map((s) => s.name)).not.toContain(sys!.name);
    } finally {
      store.close();
    }
  });

  it('refuses a name another system has, a blank name and a system that does not exist', () => {
    const store = ProjectStore.open(copyDemo(dir));
    try {
      const names = store.systems().map((s) => s.name);
      const [a, b] = store.systems();
      expect(b).toBeDefined();
      expect(() => store.renameSystem(a!.id, b!.name)).toThrow(
        expect.objectContaining({
          code: 'CONFLICT',
          message: `There is already a system named "${b!.name}".`,
        }),
      );
      expect(() => store.renameSystem(a!.id, '  ')).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT' }),
      );
      expect(() => store.renameSystem(a!.id, ' x')).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT' }),
      );
      expect(() => store.renameSystem('no-such-system', 'x')).toThrow(
        expect.objectContaining({ code: 'NOT_FOUND' }),
      );
      expect(store.systems().map((s) => s.name)).toEqual(names);
    } finally {
      store.close();
    }
  });
});

describe('deleting a system', () => {
  it('removes the system, its outputs and its cached scores, and leaves the others alone', async () => {
    const file = await scoredDemo();
    let store = ProjectStore.open(file);
    const [gone, ...kept] = store.systems();
    const keptRows = kept.map((s) => [
      count(store, 'system_output', s.id),
      count(store, 'score_cache', s.id),
    ]);
    const outputs = count(store, 'system_output', gone!.id);
    const cached = count(store, 'score_cache', gone!.id);
    expect(outputs).toBeGreaterThan(0);
    expect(cached).toBeGreaterThan(0);
    expect(store.deleteSystem(gone!.name)).toEqual({ name: gone!.name, outputs, cachedScores: cached });
    store.close();

    store = ProjectStore.open(file);
    try {
      expect(store.systems().map((s) => s.id)).toEqual(kept.map((s) => s.id));
      expect(count(store, 'system_output', gone!.id)).toBe(0);
      expect(count(store, 'score_cache', gone!.id)).toBe(0);
      expect(
        kept.map((s) => [count(store, 'system_output', s.id), count(store, 'score_cache', s.id)]),
      ).toEqual(keptRows);
      expect(store.db.pragma('foreign_key_check')).toEqual([]);
      expect(() => store.deleteSystem(gone!.name)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    } finally {
      store.close();
    }
  });

  it('does not let a system imported later under the same id inherit anything of the deleted one', () => {
    const store = ProjectStore.open(copyDemo(dir));
    try {
      const systems = store.systems();
      const last = systems.reduce((a, b) => (a.id > b.id ? a : b));
      const before = getSystemProfile(store.db, last.id);
      const [utt] = store.listUtterances();
      store.deleteSystem(last.id);
      // Only concepts this time: SQLite gives the new system the deleted one's id.
      const s = importSystemOutputs(store.db, 'concepts-only', [{ id: utt!.id, concepts: [] }], ['c.jsonl']);
      expect(s.system.id).toBe(last.id);
      const after = getSystemProfile(store.db, last.id);
      expect(after).toEqual({ words: false, concepts: true, entities: false, nbest: false, trees: [] });
      expect(after).not.toEqual(before);
      expect(getSystemOutput(store.db, last.id, utt!.id)).toEqual({ id: utt!.id, concepts: [] });
      expect(store.systems().find((x) => x.id === last.id)?.outputs).toBe(1);
    } finally {
      store.close();
    }
  });
});

describe('listing systems', () => {
  it("counts a system's outputs again once another connection has imported it again", () => {
    const file = copyDemo(dir);
    const store = ProjectStore.open(file);
    const other = ProjectStore.open(file);
    try {
      const [sys] = store.systems();
      const ids = store.listUtterances().map((u) => u.id);
      expect(sys!.outputs).toBeGreaterThan(1);
      expect(store.systems()[0]!.outputs).toBe(count(store, 'system_output', sys!.id));
      importSystemOutputs(other.db, sys!.name, [{ id: ids[0]!, concepts: [] }], ['one.jsonl']);
      expect(store.systems().find((x) => x.id === sys!.id)?.outputs).toBe(1);
      importSystemOutputs(
        other.db,
        sys!.name,
        ids.slice(0, 2).map((id) => ({ id, concepts: [] })),
        ['two.jsonl'],
      );
      expect(store.systems().find((x) => x.id === sys!.id)?.outputs).toBe(2);
    } finally {
      other.close();
      store.close();
    }
  });
});
