import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { AppError } from '../../core/errors';
import {
  addAnnotator,
  annotatorId,
  assign,
  assignByRule,
  assignedUtterances,
  eachUtteranceLayers,
  ensureAnnotator,
  layersOf,
  listAnnotators,
  readLayer,
  ruleAssignments,
  setLayerStatus,
  unassign,
} from './annotatorStore';
import { seededRandom } from '../../core/stats/prng';
import { readGold } from './goldStore';
import { type Db, openDatabase } from './openDatabase';

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

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return undefined;
}

describe('annotator store', () => {
  it('adds annotators, refuses taken and reserved names, and finds them by name', () => {
    expect(listAnnotators(db)).toEqual([]);
    const ann = addAnnotator(db, 'ann');
    expect(ann).toMatchObject({ name: 'ann', assigned: 0, done: 0 });
    expect(code(() => addAnnotator(db, 'ann'))).toBe('CONFLICT');
    expect(code(() => addAnnotator(db, 'adjudicated'))).toBe('INVALID_INPUT');
    expect(code(() => addAnnotator(db, 'a,b'))).toBe('INVALID_INPUT');
    expect(code(() => addAnnotator(db, ' bob'))).toBe('INVALID_INPUT');
    expect(code(() => addAnnotator(db, ''))).toBe('INVALID_INPUT');
    expect(annotatorId(db, 'ann')).toBe(ann.id);
    expect(code(() => annotatorId(db, 'nobody'))).toBe('NOT_FOUND');
    expect(ensureAnnotator(db, 'ann')).toBe(ann.id);
    const bob = ensureAnnotator(db, 'bob');
    expect(listAnnotators(db).map((a) => [a.id, a.name])).toEqual([
      [ann.id, 'ann'],
      [bob, 'bob'],
    ]);
  });

  it('assigning creates a layer from the adjudicated words with nothing else, once', () => {
    const ann = addAnnotator(db, 'ann').id;
    expect(readLayer(db, ann, 'train-1')).toBeNull();
    expect(assign(db, ann, ['train-1'])).toBe(1);
    expect(assign(db, ann, ['train-1'])).toBe(0);
    const layer = readLayer(db, ann, 'train-1')!;
    expect(layer.status).toBe('todo');
    expect(layer.goldRev).toBe(0);
    expect(layer.gold).toEqual({
      ...readGold(db, 'train-1'),
      trees: [],
      entities: [],
      concepts: [],
      labels: {},
    });
    expect(layer.gold.words.map((w) => w.text)).toEqual(['I', 'want', 'to']);
    expect(code(() => assign(db, ann, ['air-1', 'nope']))).toBe('NOT_FOUND');
    // The refused call assigned nothing.
    expect(assignedUtterances(db, ann)).toEqual(['train-1']);
    expect(listAnnotators(db)[0]).toMatchObject({ assigned: 1, done: 0 });
    setLayerStatus(db, ann, 'train-1', 'done');
    expect(listAnnotators(db)[0]).toMatchObject({ assigned: 1, done: 1 });
    expect(code(() => setLayerStatus(db, ann, 'air-1', 'done'))).toBe('NOT_FOUND');
    // Unassigning keeps the work.
    expect(unassign(db, ann, ['train-1'])).toBe(1);
    expect(readLayer(db, ann, 'train-1')!.status).toBe('done');
  });

  it('lists every layer of an utterance and iterates layers in utterance order', () => {
    const ann = addAnnotator(db, 'ann').id;
    const bob = addAnnotator(db, 'bob').id;
    assign(db, bob, ['air-1', 'train-1']);
    assign(db, ann, ['train-1']);
    expect(layersOf(db, 'train-1').map((l) => l.name)).toEqual(['ann', 'bob']);
    expect(layersOf(db, 'air-1').map((l) => l.annotatorId)).toEqual([bob]);
    const all = [...eachUtteranceLayers(db)].map((u) => [u.utteranceId, u.layers.map((l) => l.name)]);
    expect(all).toEqual([
      ['train-1', ['ann', 'bob']],
      ['air-1', ['bob']],
    ]);
    expect([...eachUtteranceLayers(db, { annotators: [ann] })].map((u) => u.utteranceId)).toEqual([
      'train-1',
    ]);
  });

  it('names a damaged layer', () => {
    const ann = addAnnotator(db, 'ann').id;
    assign(db, ann, ['train-1']);
    db.prepare('UPDATE annotator_gold SET gold = ? WHERE annotator_id = ?').run('{"words": 3}', ann);
    expect(() => readLayer(db, ann, 'train-1')).toThrow(/train-1.*damaged.*words/);
  });

  it('assigns by rule: every utterance by two', () => {
    const ids = ['ann', 'bob', 'cy'].map((n) => addAnnotator(db, n).id);
    expect(assignByRule(db, ids, { kind: 'every', k: 2 })).toBe(4);
    expect(ids.map((a) => assignedUtterances(db, a))).toEqual([['train-1'], ['train-1', 'air-1'], ['air-1']]);
    expect(code(() => assignByRule(db, ids, { kind: 'every', k: 4 }))).toBe('INVALID_INPUT');
  });
});

describe('assignment rules', () => {
  it('every: each utterance exactly k times, to k different annotators, evenly', () => {
    const plan = ruleAssignments(10, 4, { kind: 'every', k: 3 });
    const count = new Map<number, number>();
    plan.forEach((ps) => {
      expect(new Set(ps).size).toBe(ps.length);
      for (const p of ps) count.set(p, (count.get(p) ?? 0) + 1);
    });
    expect([...count.values()]).toEqual(Array(10).fill(3));
    expect(plan.map((p) => p.length).sort()).toEqual([7, 7, 8, 8]);
  });

  it('sample: everything once, round(p·n) twice by two different annotators, the same for the same seed', () => {
    const plan = ruleAssignments(1000, 3, { kind: 'sample', fraction: 0.1, seed: 7 });
    const count = new Map<number, number>();
    for (const ps of plan) for (const p of ps) count.set(p, (count.get(p) ?? 0) + 1);
    expect(count.size).toBe(1000);
    expect([...count.values()].filter((c) => c === 2)).toHaveLength(100);
    expect([...count.values()].every((c) => c === 1 || c === 2)).toBe(true);
    expect(plan.every((ps) => new Set(ps).size === ps.length)).toBe(true);
    expect(ruleAssignments(1000, 3, { kind: 'sample', fraction: 0.1, seed: 7 })).toEqual(plan);
    expect(ruleAssignments(1000, 3, { kind: 'sample', fraction: 0.1, seed: 8 })).not.toEqual(plan);
    expect(ruleAssignments(5, 2, { kind: 'sample', fraction: 1, seed: 1 }).map((p) => p.length)).toEqual([
      5, 5,
    ]);
    expect(() => ruleAssignments(5, 1, { kind: 'sample', fraction: 0.5, seed: 1 })).toThrow(/two annotators/);
    expect(() => ruleAssignments(5, 2, { kind: 'sample', fraction: 1.5, seed: 1 })).toThrow(/\[0, 1\]/);
  });
});

/** The assignments of a rule, straight from its definition: a set of "annotator:utterance" pairs. */
function slowAssignments(
  utterances: number,
  annotators: number,
  rule: { kind: 'every'; k: number } | { kind: 'sample'; fraction: number; seed: number },
): Set<string> {
  const pairs = new Set<string>();
  if (rule.kind === 'every') {
    for (let i = 0; i < utterances; i++)
      for (let j = 0; j < rule.k; j++) pairs.add(`${(i + j) % annotators}:${i}`);
    return pairs;
  }
  const pool = [...Array(utterances).keys()];
  const random = seededRandom(rule.seed);
  const doubled: number[] = [];
  for (let k = 0; k < Math.round(rule.fraction * utterances); k++) {
    const j = k + Math.floor(random() * (utterances - k));
    [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    doubled.push(pool[k]!);
  }
  for (let i = 0; i < utterances; i++) pairs.add(`${i % annotators}:${i}`);
  for (const i of doubled) pairs.add(`${(i + 1) % annotators}:${i}`);
  return pairs;
}

describe('assignment rules, against their definition', () => {
  it('every and sample give exactly the pairs the definitions give, each utterance once per annotator', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 1, max: 7 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (utterances, annotators, k, fraction, seed) => {
          const rules = [
            { kind: 'every' as const, k: Math.min(k, annotators) },
            { kind: 'sample' as const, fraction, seed },
          ];
          for (const rule of rules) {
            const plan = ruleAssignments(utterances, annotators, rule);
            const pairs = plan.flatMap((ps, a) => ps.map((i) => `${a}:${i}`));
            expect(new Set(pairs).size).toBe(pairs.length);
            expect(new Set(pairs)).toEqual(slowAssignments(utterances, annotators, rule));
            // Each annotator's utterances in project order.
            for (const ps of plan) expect(ps).toEqual([...ps].sort((x, y) => x - y));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
