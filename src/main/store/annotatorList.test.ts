// An annotator's utterance list on a project file: their assigned utterances only, each with the status of
// their own layer, which the filter's status terms and the count read as well; compared with the list
// built the slow way (every utterance, the layer's status put in, filtered as the studio once did).
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../core/api/contract';
import type { UtteranceSummary } from '../../core/model/schemas';
import { tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import { type CorpusUtterance, writeCorpus } from '../import/writeCorpus';
import { addAnnotator, assign, setLayerStatus } from './annotatorStore';
import { ProjectStore } from './projectStore';

const STATUSES = ['todo', 'in_progress', 'done', 'reviewed'] as const;
const LABEL = { todo: 'to do', in_progress: 'in progress', done: 'done', reviewed: 'reviewed' };
const FRAGMENTS = [
  'to do',
  'do',
  'in progress',
  'progress',
  'done',
  'reviewed',
  're',
  'spk1',
  'bonn',
  '1',
  'u-00',
];

let cleanup: () => void;
let store: ProjectStore;
let ann: number;
/** Ann's assigned utterances in project order, with the status of her layer. */
let annsList: UtteranceSummary[];

beforeAll(async () => {
  const made = tempDir();
  cleanup = made.cleanup;
  const audio = path.join(made.dir, 'a.wav');
  writeWav(audio, 10, 8000, () => 0);
  const utterances: CorpusUtterance[] = Array.from({ length: 60 }, (_, i) => ({
    id: `u-${String(i).padStart(3, '0')}`,
    audio: 'a',
    startSec: 0,
    endSec: 1,
    speaker: i % 2 ? 'spk1' : 'spk2',
    words: [{ text: i % 3 ? 'Bonn' : 'Berlin', startSec: 0.1, endSec: 0.5 }],
  }));
  const file = path.join(made.dir, 'p.sieve');
  await writeCorpus(file, { audio: [{ key: 'a', file: audio }], utterances }, { create: true });
  // Project order unlike the ids' order, and every adjudicated status.
  const db = new Database(file);
  db.prepare('UPDATE utterance SET ord = (ord * 13) % 60').run();
  const setStatus = db.prepare('UPDATE utterance SET status = ? WHERE id = ?');
  utterances.forEach((u, i) => setStatus.run(STATUSES[i % 4], u.id));
  db.close();
  store = ProjectStore.open(file);
  ann = addAnnotator(store.db, 'ann').id;
  const bob = addAnnotator(store.db, 'bob').id;
  // Ann has two utterances in three; her layers' statuses differ from the adjudicated ones.
  const hers = utterances.filter((_, i) => i % 3 !== 0).map((u) => u.id);
  assign(store.db, ann, hers);
  assign(store.db, bob, utterances.map((u) => u.id).slice(0, 30));
  hers.forEach((id, i) => {
    const status = STATUSES[(i * 3 + 1) % 4]!;
    if (status !== 'todo') setLayerStatus(store.db, ann, id, status);
  });
  setLayerStatus(store.db, bob, 'u-001', 'reviewed');
  const layerStatus = new Map(
    (
      store.db
        .prepare('SELECT utterance_id, status FROM annotator_gold WHERE annotator_id = ?')
        .raw()
        .all(ann) as [string, UtteranceSummary['status']][]
    ).map(([id, status]) => [id, status]),
  );
  annsList = store
    .listUtterances()
    .filter((u) => layerStatus.has(u.id))
    .map((u) => ({ ...u, status: layerStatus.get(u.id)! }));
});
afterAll(() => {
  store.close();
  cleanup();
});

/** The slow list: `all` filtered as the studio filtered it in the renderer. */
function slowList(all: UtteranceSummary[], filter: string): UtteranceSummary[] {
  const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return all.filter((u) => {
    const hay = `${u.id} ${u.speaker} ${LABEL[u.status]} ${u.transcript}`.toLowerCase();
    return terms.every((t) => hay.includes(t));
  });
}

/** Every window of `limit` rows of ann's filtered list, concatenated, and the totals they gave. */
function annsWindows(filter: string, limit: number): { items: UtteranceSummary[]; totals: Set<number> } {
  const items: UtteranceSummary[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const w = store.utteranceWindow({ offset, limit, filter, annotator: 'ann' });
    contract['utterance:list'].output.parse(w);
    totals.add(w.total);
    items.push(...w.items);
    if (w.items.length < limit) break;
  }
  return { items, totals };
}

describe('an annotator’s utterance list', () => {
  it('filters, counts and shows by the status of the annotator’s own layer', () => {
    expect(annsList).toHaveLength(40);
    // The layers' statuses are not the adjudicated ones, so a status term tells the two apart.
    const adjudicated = new Map(store.listUtterances().map((u) => [u.id, u.status]));
    expect(annsList.filter((u) => u.status !== adjudicated.get(u.id)).length).toBeGreaterThan(20);
    const done = annsWindows('done', 100);
    expect(done.items).toEqual(slowList(annsList, 'done'));
    expect([...done.totals]).toEqual([annsList.filter((u) => u.status === 'done').length]);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 3 }),
        fc.integer({ min: 1, max: 45 }),
        (parts, limit) => {
          const filter = parts.join(' ');
          const expected = slowList(annsList, filter);
          const { items, totals } = annsWindows(filter, limit);
          expect(items).toEqual(expected);
          expect([...totals]).toEqual([expected.length]);
          const probe = annsList[(parts.length * 7 + limit) % annsList.length]!;
          const at = expected.findIndex((u) => u.id === probe.id);
          expect(
            store.utteranceWindow({ limit: 0, filter, locate: probe.id, annotator: 'ann' }).position,
          ).toBe(at < 0 ? null : at);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('follows a change of the layer’s status, and leaves the adjudicated list as it was', () => {
    const adjudicatedBefore = store.utteranceWindow({ filter: 'reviewed', limit: 1000 });
    const first = store.utteranceWindow({ filter: 'reviewed', limit: 1, annotator: 'ann' }).items[0]!;
    const before = store.utteranceWindow({ filter: 'reviewed', limit: 1000, annotator: 'ann' }).total;
    setLayerStatus(store.db, ann, first.id, 'in_progress');
    const after = store.utteranceWindow({ filter: 'reviewed', limit: 1000, annotator: 'ann' });
    expect(after.total).toBe(before - 1);
    expect(after.items.map((u) => u.id)).not.toContain(first.id);
    const progress = store.utteranceWindow({ filter: 'in progress', limit: 1000, annotator: 'ann' });
    expect(progress.items.find((u) => u.id === first.id)?.status).toBe('in_progress');
    expect(store.utteranceWindow({ filter: 'reviewed', limit: 1000 })).toEqual(adjudicatedBefore);
  });
});
