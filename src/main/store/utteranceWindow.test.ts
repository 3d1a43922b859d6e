import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UtteranceSummary } from '../../core/model/schemas';
import { contract } from '../../core/api/contract';
import { tempDir } from '../../../test/helpers/tempProject';
import { writeWav } from '../../../test/helpers/wavFixture';
import { type CorpusUtterance, writeCorpus } from '../import/writeCorpus';
import { ProjectStore } from './projectStore';

// Ids, speakers and words with what case folding makes hard: letters whose lower case is ASCII (the
// Kelvin sign, the dotted capital I), a Greek final sigma, accents, no-break spaces, and plain ASCII.
const WORDS = [
  'Bonn',
  'BERLIN',
  'noon',
  'Straße',
  'ΟΔΟΣ',
  'İstanbul',
  '5\u212Aelvin',
  'élan',
  'ÉTÉ',
  'to',
  'go',
];
const SPEAKERS = ['spk1', 'SPK2', 'Zoë', 'ana\u00a0b', ''];
const STATUSES = ['todo', 'in_progress', 'done', 'reviewed'] as const;
const FRAGMENTS = [
  ...WORDS,
  ...SPEAKERS,
  'to do',
  'in progress',
  'progress',
  'do',
  'k',
  'kelvin',
  'i̇stan',
  'ς',
  'σ',
  'e',
  'é',
  'UTT-0',
  '1',
  'ss',
  'ß',
  'zz',
];

/** Today's list as the studio built it: every utterance in project order, filtered in the renderer. */
function oldList(all: UtteranceSummary[], filter: string): UtteranceSummary[] {
  const label = { todo: 'to do', in_progress: 'in progress', done: 'done', reviewed: 'reviewed' };
  const terms = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return all.filter((u) => {
    const hay = `${u.id} ${u.speaker} ${label[u.status]} ${u.transcript}`.toLowerCase();
    return terms.every((t) => hay.includes(t));
  });
}

let cleanup: () => void;
let store: ProjectStore;

beforeAll(async () => {
  const made = tempDir();
  cleanup = made.cleanup;
  const audio = path.join(made.dir, 'a.wav');
  writeWav(audio, 60, 8000, () => 0);
  let seed = 7;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const utterances: CorpusUtterance[] = Array.from({ length: 240 }, (_, i) => {
    const n = 1 + next(5);
    const words = Array.from({ length: n }, (_, k) => ({
      text: WORDS[next(WORDS.length)]!,
      startSec: k * 0.5,
      endSec: k * 0.5 + 0.4,
    }));
    return {
      id: i % 17 === 0 ? `Utt-ÉTÉ-${i}` : `utt-${String(i).padStart(4, '0')}`,
      audio: 'a',
      startSec: 0,
      endSec: n * 0.5,
      speaker: SPEAKERS[next(SPEAKERS.length)]!,
      words,
    };
  });
  const file = path.join(made.dir, 'p.sieve');
  await writeCorpus(file, { audio: [{ key: 'a', file: audio }], utterances }, { create: true });
  // Project order with ties and out of insertion order, and every status.
  const db = new Database(file);
  db.prepare('UPDATE utterance SET ord = (ord * 37) % 50').run();
  const setStatus = db.prepare('UPDATE utterance SET status = ? WHERE id = ?');
  utterances.forEach((u, i) => setStatus.run(STATUSES[(i * 7) % 4], u.id));
  db.close();
  store = ProjectStore.open(file);
});
afterAll(() => {
  store.close();
  cleanup();
});

/** Every window of `limit` rows of a filtered list, concatenated. */
function windows(filter: string, limit: number): { items: UtteranceSummary[]; totals: Set<number> } {
  const items: UtteranceSummary[] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const w = store.utteranceWindow({ offset, limit, filter });
    contract['utterance:list'].output.parse(w);
    expect(w.offset).toBe(offset);
    totals.add(w.total);
    items.push(...w.items);
    if (w.items.length < limit) break;
  }
  return { items, totals };
}

describe('utterance list windows', () => {
  it('list the same utterances in the same order as the whole list filtered in the studio did', () => {
    const all = store.listUtterances();
    expect(all).toHaveLength(240);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 3 }),
        fc.constantFrom(' ', '  ', '\t', '\u00a0'),
        fc.integer({ min: 1, max: 70 }),
        (parts, sep, limit) => {
          const filter = parts.join(sep);
          const expected = oldList(all, filter);
          const { items, totals } = windows(filter, limit);
          expect(items).toEqual(expected);
          expect([...totals]).toEqual([expected.length]);
          // Where an utterance is among those matching, or null when it does not match.
          const probe = all[parts.length * 31 + limit]!;
          const at = expected.findIndex((u) => u.id === probe.id);
          expect(store.utteranceWindow({ limit: 0, filter, locate: probe.id }).position).toBe(
            at < 0 ? null : at,
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers a window past the end with no rows and the total, and an unknown utterance with no position', () => {
    expect(store.utteranceWindow({ offset: 10_000, limit: 5 })).toEqual({
      total: 240,
      offset: 240,
      items: [],
    });
    expect(store.utteranceWindow({ limit: 0, locate: 'nobody' }).position).toBeNull();
  });

  it('follows a change of status made after a window was read', () => {
    const first = store.utteranceWindow({ limit: 1, filter: 'reviewed' }).items[0]!;
    const before = store.utteranceWindow({ filter: 'reviewed', limit: 1000 }).total;
    store.setStatus(first.id, 'todo');
    const after = store.utteranceWindow({ filter: 'reviewed', limit: 1000 });
    expect(after.total).toBe(before - 1);
    expect(after.items.map((u) => u.id)).not.toContain(first.id);
    expect(store.summary().utterances).toBe(240);
  });
});
