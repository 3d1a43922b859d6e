// "Most disagreement first" on a project file: the differences are counted in an agreement worker thread;
// until they are, the list says how far the count is and shows no rows in another order. Once ready, the
// same utterances come most differences first, equal counts in project order, the utterances with fewer
// than two annotator layers last in project order; an edit has only the edited utterance counted again.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { untilJobEnds } from '../../../test/helpers/jobs';
import { tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import { layerDifferences } from '../../core/agreement/differences';
import { contract } from '../../core/api/contract';
import type { GoldRecords } from '../../core/gold/records';
import { type CorpusUtterance, writeCorpus } from '../import/writeCorpus';
import { addAnnotator, assign, createLayer, layersOf, setLayerStatus } from '../store/annotatorStore';
import { applyGoldDiff, readGold } from '../store/goldStore';
import { ProjectStore } from '../store/projectStore';
import type { UtteranceWindow, UtteranceWindowRequest } from '../store/utteranceWindow';
import { differencesAmong } from './disagreements';

let store: ProjectStore;
let cleanup: () => void;
/** The utterances in project order (`u7` first, `u0` last: not the ids' order). */
const IDS = ['u7', 'u6', 'u5', 'u4', 'u3', 'u2', 'u1', 'u0'];

beforeEach(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  const audio = path.join(t.dir, 'a.wav');
  writeWav(audio, 5, 8000, () => 0);
  const utterances: CorpusUtterance[] = IDS.map((id) => ({
    id,
    audio: 'a',
    startSec: 0,
    endSec: 1,
    speaker: 'spk',
    words: [
      { text: 'to', startSec: 0.1, endSec: 0.3 },
      { text: 'Bonn', startSec: 0.3, endSec: 0.8 },
    ],
  }));
  const file = path.join(t.dir, 'p.sieve');
  await writeCorpus(file, { audio: [{ key: 'a', file: audio }], utterances }, { create: true });
  store = ProjectStore.open(file);
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

/** A window asked for until its order is ready; every answer seen on the way (checked against the contract). */
async function whenReady(request: UtteranceWindowRequest): Promise<UtteranceWindow[]> {
  const seen: UtteranceWindow[] = [];
  await untilJobEnds(
    () => {
      const w = store.utteranceWindow(request);
      contract['utterance:list'].output.parse(w);
      seen.push(w);
      return w;
    },
    (w) => (w.pending ? 'running' : 'ready'),
  );
  return seen;
}

const ids = (w: UtteranceWindow): string[] => w.items.map((u) => u.id);

/**
 * The layers of the test: ann and bob on u1, u2, u3, u5, u6, u7 (alike on u1 and u7; the status apart on
 * u2 and u5: one difference; both boundaries of a word 50 ms apart on u3 and u6: two), ann alone on u4.
 */
function annotate(): { ann: number; bob: number } {
  const db = store.db;
  const ann = addAnnotator(db, 'ann').id;
  const bob = addAnnotator(db, 'bob').id;
  for (const id of ['u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7']) createLayer(db, ann, id, readGold(db, id));
  for (const id of ['u1', 'u2', 'u5', 'u7']) createLayer(db, bob, id, readGold(db, id));
  for (const id of ['u3', 'u6']) createLayer(db, bob, id, moved(readGold(db, id), 1, 0.35, 0.85));
  setLayerStatus(db, bob, 'u2', 'done');
  setLayerStatus(db, bob, 'u5', 'done');
  return { ann, bob };
}

/** The order computed the slow way: each utterance's differences counted here, sorted stably. */
function slowOrder(among: readonly string[] = IDS): string[] {
  const count = (id: string): number => {
    const layers = layersOf(store.db, id);
    return layers.length < 2 ? -1 : differencesAmong(layers);
  };
  return among
    .map((id, at) => ({ id, at, n: count(id) }))
    .sort((x, y) => y.n - x.n || x.at - y.at)
    .map((x) => x.id);
}

describe('most disagreement first', { timeout: 60_000 }, () => {
  it('is counted in a worker: not ready at first, then most differences first, ties in project order', async () => {
    expect(ids(store.utteranceWindow({}))).toEqual(IDS);
    annotate();
    // Six utterances have two layers: those are counted, away from this thread.
    const first = store.utteranceWindow({ sort: 'disagreement', limit: 3 });
    expect(first).toEqual({ total: 8, offset: 0, items: [], pending: { done: 0, total: 6 } });
    const seen = await whenReady({ sort: 'disagreement' });
    // While not ready, no answer had rows in another order.
    for (const w of seen.slice(0, -1)) expect(w.items).toEqual([]);
    const ready = seen.at(-1)!;
    expect(ready.total).toBe(8);
    expect(ids(ready)).toEqual(['u6', 'u3', 'u5', 'u2', 'u7', 'u1', 'u4', 'u0']);
    expect(ids(ready)).toEqual(slowOrder());
    // The same utterances as project order, every window of it the same order.
    expect([...ids(ready)].sort()).toEqual([...IDS].sort());
    const paged = [0, 3, 6].flatMap((offset) =>
      ids(store.utteranceWindow({ sort: 'disagreement', offset, limit: 3 })),
    );
    expect(paged).toEqual(ids(ready));
    expect(store.utteranceWindow({ sort: 'disagreement', limit: 0, locate: 'u2' }).position).toBe(3);
    // A filter keeps the order among the utterances matching it.
    expect(ids(store.utteranceWindow({ sort: 'disagreement', filter: 'u1' }))).toEqual(['u1']);
  });

  it('counts again only the utterance an edit changed, and the order follows it', async () => {
    const { bob } = annotate();
    await whenReady({ sort: 'disagreement' });
    // Bob's words of u6 back to ann's: no difference left there.
    const db = store.db;
    const bobs = readGold(db, 'u6', bob).words;
    applyGoldDiff(db, 'u6', [{ field: 'words', before: bobs, after: readGold(db, 'u6').words }], {
      kind: 'edit',
      layer: bob,
    });
    const after = store.utteranceWindow({ sort: 'disagreement' });
    expect(after.pending).toEqual({ done: 0, total: 1 });
    expect(after.items).toEqual([]);
    const ready = (await whenReady({ sort: 'disagreement' })).at(-1)!;
    expect(ids(ready)).toEqual(['u3', 'u5', 'u2', 'u7', 'u6', 'u1', 'u4', 'u0']);
    expect(ids(ready)).toEqual(slowOrder());
    // A status set back to the other's makes the layers alike: that one utterance is counted again.
    setLayerStatus(db, bob, 'u5', 'todo');
    expect(store.utteranceWindow({ sort: 'disagreement' }).pending).toEqual({ done: 0, total: 1 });
    const alike = (await whenReady({ sort: 'disagreement' })).at(-1)!;
    expect(ids(alike)).toEqual(['u3', 'u2', 'u7', 'u6', 'u5', 'u1', 'u4', 'u0']);
  });

  it('orders an annotator’s list by the same counts, among their assigned utterances', async () => {
    const { bob } = annotate();
    assign(store.db, bob, ['u0', 'u2', 'u3', 'u7']);
    const ready = (await whenReady({ sort: 'disagreement', annotator: 'bob' })).at(-1)!;
    expect(ids(ready)).toEqual(['u3', 'u2', 'u7', 'u0']);
    expect(ids(ready)).toEqual(slowOrder(['u7', 'u3', 'u2', 'u0']));
    expect(ready.total).toBe(4);
  });

  it('tells a count that failed once, as an error of the list, and counts again when asked after', async () => {
    annotate();
    // The worker reads the project file by its name: moved away, the count cannot open it.
    const file = store.db.name;
    fs.renameSync(file, `${file}.away`);
    expect(store.utteranceWindow({ sort: 'disagreement' }).pending).toEqual({ done: 0, total: 6 });
    let failure: unknown = null;
    await untilJobEnds(
      () => {
        try {
          return store.utteranceWindow({ sort: 'disagreement' }).pending ? 'running' : 'ready';
        } catch (err) {
          failure = err;
          return 'failed';
        }
      },
      (state) => state,
    );
    expect(String(failure)).toMatch(/unable to open|no such file/i);
    fs.renameSync(`${file}.away`, file);
    const ready = (await whenReady({ sort: 'disagreement' })).at(-1)!;
    expect(ids(ready)).toEqual(slowOrder());
  });

  it('sums the differences over every pair of an utterance’s layers', () => {
    const db = store.db;
    const gold = readGold(db, 'u1');
    const names = ['ann', 'bob', 'cy'];
    const ids3 = names.map((n) => addAnnotator(db, n).id);
    createLayer(db, ids3[0]!, 'u1', gold);
    createLayer(db, ids3[1]!, 'u1', moved(gold, 1, 0.3, 0.9));
    createLayer(db, ids3[2]!, 'u1', moved(gold, 1, 0.3, 0.85));
    const layers = layersOf(db, 'u1');
    const pairs = [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const;
    const slow = pairs.reduce((s, [i, j]) => s + layerDifferences(layers[i]!, layers[j]!).length, 0);
    expect(differencesAmong(layers)).toBe(slow);
    expect(slow).toBe(1 + 1 + 1);
  });
});
