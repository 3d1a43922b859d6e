import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { layerDifferences } from '../../core/agreement/differences';
import type { GoldRecords } from '../../core/gold/records';
import { addAnnotator, createLayer, layersOf, setLayerStatus } from '../store/annotatorStore';
import { applyGoldDiff, readGold } from '../store/goldStore';
import { ProjectStore } from '../store/projectStore';
import { DisagreementIndex, differencesAmong } from './disagreementIndex';

let store: ProjectStore;
let cleanup: () => void;
beforeEach(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  store = ProjectStore.open((await makeProject(t.dir)).file);
});
afterEach(() => {
  store.close();
  cleanup();
});

/** The gold with word `i`'s times replaced. */
const moved = (g: GoldRecords, i: number, startSec: number, endSec: number): GoldRecords => ({
  ...g,
  words: g.words.map((w, k) => (k === i ? { ...w, startSec, endSec } : w)),
});

const order = (sort: 'project' | 'disagreement', filter = ''): string[] =>
  store.utteranceWindow({ sort, filter }).items.map((u) => u.id);

describe('most disagreement first', () => {
  it('orders the utterances by the differences between their layers, the others after in project order', () => {
    const db = store.db;
    const ann = addAnnotator(db, 'ann').id;
    const bob = addAnnotator(db, 'bob').id;
    expect(order('disagreement')).toEqual(['train-1', 'air-1']); // no layers: project order
    const train = readGold(db, 'train-1');
    const air = readGold(db, 'air-1');
    createLayer(db, ann, 'train-1', train);
    createLayer(db, bob, 'train-1', train);
    createLayer(db, ann, 'air-1', air);
    // Both boundaries of the one word 50 ms apart: two differences.
    createLayer(db, bob, 'air-1', moved(air, 0, 0.1, 0.35));
    const index = new DisagreementIndex(db);
    const rid = (id: string): number =>
      db.prepare('SELECT rowid FROM utterance WHERE id = ?').pluck().get(id) as number;
    expect(index.byRowid()).toEqual(
      new Map([
        [rid('train-1'), 0],
        [rid('air-1'), 2],
      ]),
    );
    expect(order('project')).toEqual(['train-1', 'air-1']);
    expect(order('disagreement')).toEqual(['air-1', 'train-1']);
    expect(store.utteranceWindow({ sort: 'disagreement', locate: 'train-1' }).position).toBe(1);
    expect(order('disagreement', 'flight')).toEqual(['air-1']);

    // A change of a layer (here its status) is seen at the next window.
    setLayerStatus(db, bob, 'train-1', 'done');
    expect(index.byRowid().get(rid('train-1'))).toBe(1);
    setLayerStatus(db, bob, 'air-1', 'done');
    expect(index.byRowid().get(rid('air-1'))).toBe(3);
    expect(order('disagreement')).toEqual(['air-1', 'train-1']);
    // Bob's edit of his air-1 words back to ann's leaves one difference there (the status), fewer than
    // train-1's two: the order the list keeps follows the edit.
    setLayerStatus(db, bob, 'train-1', 'in_progress');
    setLayerStatus(db, ann, 'train-1', 'done');
    const bobs = readGold(db, 'air-1', bob).words;
    applyGoldDiff(db, 'air-1', [{ field: 'words', before: bobs, after: air.words }], {
      kind: 'edit',
      layer: bob,
    });
    expect(index.byRowid().get(rid('air-1'))).toBe(1);
    expect(index.byRowid().get(rid('train-1'))).toBe(1);
    setLayerStatus(db, ann, 'air-1', 'done');
    expect(order('disagreement')).toEqual(['train-1', 'air-1']);
    expect(index.byRowid().get(rid('air-1'))).toBe(0);
  });

  it('sums the differences over every pair of an utterance’s layers', () => {
    const db = store.db;
    const gold = readGold(db, 'air-1');
    const names = ['ann', 'bob', 'cy'];
    const ids = names.map((n) => addAnnotator(db, n).id);
    createLayer(db, ids[0]!, 'air-1', gold);
    createLayer(db, ids[1]!, 'air-1', moved(gold, 0, 0.1, 0.4));
    createLayer(db, ids[2]!, 'air-1', moved(gold, 0, 0.1, 0.35));
    const layers = layersOf(db, 'air-1');
    const pairs = [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const;
    const slow = pairs.reduce((s, [i, j]) => s + layerDifferences(layers[i]!, layers[j]!).length, 0);
    expect(differencesAmong(layers)).toBe(slow);
    expect(slow).toBe(1 + 2 + 1);
  });
});
