import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { addAnnotator, createLayer, setLayerStatus } from '../store/annotatorStore';
import { readGold } from '../store/goldStore';
import { ProjectStore } from '../store/projectStore';
import { adjudicationProgress } from './adjudicationProgress';

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

describe('adjudication progress', () => {
  it('counts an utterance adjudicated when its adjudicated layer is done or reviewed, or edited after its layers', () => {
    const db = store.db;
    expect(adjudicationProgress(db)).toEqual({ annotators: 0, annotated: 0, multiple: 0, adjudicated: 0 });
    const [ann, bob] = ['ann', 'bob'].map((n) => addAnnotator(db, n).id) as [number, number];
    for (const id of ['train-1', 'air-1']) createLayer(db, ann, id, readGold(db, id));
    createLayer(db, bob, 'train-1', readGold(db, 'train-1'));
    expect(adjudicationProgress(db)).toEqual({ annotators: 2, annotated: 2, multiple: 1, adjudicated: 0 });
    // Only ann's layers counted: no utterance has two.
    expect(adjudicationProgress(db, [ann])).toEqual({
      annotators: 1,
      annotated: 2,
      multiple: 0,
      adjudicated: 0,
    });

    store.setStatus('train-1', 'reviewed');
    expect(adjudicationProgress(db).adjudicated).toBe(1);
    store.setStatus('train-1', 'in_progress');
    expect(adjudicationProgress(db).adjudicated).toBe(0);

    // An edit of the adjudicated layer after the annotators' last change adjudicates it (their layers
    // dated long before, so the edit is later whatever the clock's resolution) …
    db.prepare("UPDATE annotator_gold SET updated_at = '2000-01-01T00:00:00.000Z'").run();
    const words = readGold(db, 'train-1').words;
    store.applyGoldDiff('train-1', [
      { field: 'words', before: words, after: words.map((w, i) => (i === 0 ? { ...w, endSec: 0.09 } : w)) },
    ]);
    expect(adjudicationProgress(db).adjudicated).toBe(1);
    // … until an annotator changes their layer again.
    setLayerStatus(db, bob, 'train-1', 'done');
    expect(adjudicationProgress(db).adjudicated).toBe(0);
  });
});
