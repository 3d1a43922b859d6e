import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTextGrid } from '../../../core/formats/textGrid';
import { makeProject, speak, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { annotatorId, assignedUtterances, layersOf, readLayer } from '../../store/annotatorStore';
import { readGold } from '../../store/goldStore';
import { type Db, openDatabase } from '../../store/openDatabase';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

function withDb<T>(file: string, fn: (db: Db) => T): T {
  const db = openDatabase(path.join(dir, file));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('sieve annotators', () => {
  it('adds, lists, assigns by id, by file and by rule, and sets the owner and blind annotation', async () => {
    await makeProject(dir);
    expect(await sieve('annotators', 'test.sieve', 'add', 'ann')).toMatchObject({ code: 0 });
    expect(await sieve('annotators', 'test.sieve', 'add', 'bob')).toMatchObject({ code: 0 });
    const taken = await sieve('annotators', 'test.sieve', 'add', 'ann');
    expect(taken.code).toBe(1);
    expect(taken.err).toMatch(/There is an annotator "ann" already/);
    expect((await sieve('annotators', 'test.sieve', 'add', 'a,b')).err).toMatch(/no commas/);

    const byId = await sieve('annotators', 'test.sieve', 'assign', 'ann', 'train-1');
    expect(byId.err).toBe('');
    expect(byId.out).toMatch(/^1 new assignment/);
    expect(byId.out).toMatch(/^ann +1 +0$/m);
    fs.writeFileSync(path.join(dir, 'ids.txt'), '# to annotate\nair-1\n\ntrain-1\n');
    expect((await sieve('annotators', 'test.sieve', 'assign', 'bob', '--utterances', 'ids.txt')).out).toMatch(
      /^2 new assignment/,
    );
    expect((await sieve('annotators', 'test.sieve', 'assign', 'cy', 'train-1')).err).toMatch(
      /no annotator "cy"/,
    );
    expect((await sieve('annotators', 'test.sieve', 'assign', 'ann', 'ghost')).err).toMatch(
      /No utterance with id "ghost"/,
    );
    // Every utterance by both: ann gets air-1 too.
    const rule = await sieve('annotators', 'test.sieve', 'assign', '--every', '2');
    expect(rule.out).toMatch(/^1 new assignment/);
    expect((await sieve('annotators', 'test.sieve', 'assign', '--every', '3')).code).toBe(1);
    expect((await sieve('annotators', 'test.sieve', 'assign', '--every', '2', '--seed', '1')).code).toBe(2);
    expect(
      (await sieve('annotators', 'test.sieve', 'assign', '--sample', '0.5', '--annotators', 'ann,bob')).code,
    ).toBe(0);
    expect((await sieve('annotators', 'test.sieve', 'owner', 'olga')).out).toMatch(/annotator olga/);
    expect((await sieve('annotators', 'test.sieve', 'blind', 'off')).code).toBe(0);
    expect((await sieve('annotators', 'test.sieve', 'blind', 'maybe')).code).toBe(2);
    expect((await sieve('annotators', 'test.sieve', 'dance')).code).toBe(2);

    const list = await sieve('annotators', 'test.sieve', 'list');
    expect(list.out).toMatch(/^ann +2 +0$/m);
    expect(list.out).toMatch(/^olga +0 +0 +\(owner\)$/m);
    expect(list.out).toMatch(/owner: olga; blind annotation: off/);
    const json = JSON.parse((await sieve('annotators', 'test.sieve', 'list', '--json')).out) as unknown;
    expect(json).toMatchObject({
      owner: 'olga',
      blind: false,
      annotators: [
        { name: 'ann', assigned: 2 },
        { name: 'bob', assigned: 2 },
        { name: 'olga', assigned: 0 },
      ],
    });
    withDb('test.sieve', (db) => {
      expect(assignedUtterances(db, annotatorId(db, 'ann'))).toEqual(['train-1', 'air-1']);
      expect(layersOf(db, 'air-1').map((l) => [l.name, l.gold.words.map((w) => w.text)])).toEqual([
        ['ann', ['Flight']],
        ['bob', ['Flight']],
      ]);
    });
  });
});

/** A TextGrid with a `words` tier over 0.1 s … 0.9 s. */
function grid(words: string[]): string {
  const step = 0.8 / words.length;
  const intervals = [{ xmin: 0, xmax: 0.1, text: '' }];
  words.forEach((w, i) => intervals.push({ xmin: 0.1 + i * step, xmax: 0.1 + (i + 1) * step, text: w }));
  intervals.push({ xmin: 0.9, xmax: 1, text: '' });
  return writeTextGrid({
    xmin: 0,
    xmax: 1,
    tiers: [{ kind: 'interval', name: 'words', xmin: 0, xmax: 1, intervals }],
  });
}

describe('sieve import --annotator', () => {
  it("puts the gold in the annotator's layer, keeps the adjudicated gold, and never overwrites their edits", async () => {
    fs.mkdirSync(path.join(dir, 'audio'));
    fs.mkdirSync(path.join(dir, 'a1'));
    fs.mkdirSync(path.join(dir, 'a2'));
    speak(path.join(dir, 'audio', 'u1.wav'), 'from Bonn to Berlin');
    fs.writeFileSync(path.join(dir, 'a1', 'u1.TextGrid'), grid(['from', 'Bonn', 'to', 'Berlin']));
    fs.writeFileSync(path.join(dir, 'a2', 'u1.TextGrid'), grid(['from', 'Bonn', 'too', 'Berlin']));
    fs.writeFileSync(path.join(dir, 'trees.mrg'), '(S (PP from Bonn) (PP too Berlin))\n');

    // A new project from the second annotator's alignment: the words are the adjudicated starting point.
    const created = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'a2',
      '--trees',
      'trees.mrg',
      '--annotator',
      'bob',
    );
    expect(created.err).toBe('');
    expect(created.out).toMatch(
      /created .*p\.sieve \(annotator bob's layer\): 1 utterances, 4 words, 1 trees/,
    );
    withDb('p.sieve', (db) => {
      const bob = annotatorId(db, 'bob');
      const layer = readLayer(db, bob, 'u1')!;
      expect(layer.gold.words.map((w) => w.text)).toEqual(['from', 'Bonn', 'too', 'Berlin']);
      expect(layer.gold.trees).toEqual([
        { name: 'syntax', typed: false, bracket: '(S (PP from Bonn) (PP too Berlin))' },
      ]);
      expect(layer.gold.words[0]!.source).toBe('textgrid');
      expect(assignedUtterances(db, bob)).toEqual(['u1']);
      const adjudicated = readGold(db, 'u1');
      expect(adjudicated.words.map((w) => w.text)).toEqual(['from', 'Bonn', 'too', 'Berlin']);
      expect(adjudicated.trees).toEqual([]);
    });

    // The first annotator's alignment of the same utterance: only their layer is written.
    const second = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'a1',
      '--annotator',
      'ann',
    );
    expect(second.err).toBe('');
    expect(second.out).toMatch(/updated .*\(annotator ann's layer\): 1 utterances, 4 words/);
    withDb('p.sieve', (db) => {
      expect(layersOf(db, 'u1').map((l) => [l.name, l.gold.words[2]!.text])).toEqual([
        ['ann', 'to'],
        ['bob', 'too'],
      ]);
      expect(readGold(db, 'u1').words[2]!.text).toBe('too');
      // An edit of ann's layer, then the same import again: refused, nothing changed.
      db.prepare('UPDATE annotator_gold SET gold_rev = 1 WHERE annotator_id = ?').run(annotatorId(db, 'ann'));
    });
    const again = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'a2',
      '--annotator',
      'ann',
    );
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/"ann" has edited their layer of utterance "u1"/);
    withDb('p.sieve', (db) =>
      expect(readLayer(db, annotatorId(db, 'ann'), 'u1')!.gold.words[2]!.text).toBe('to'),
    );

    // The layer's words must lie within the utterance as the project has it.
    withDb('p.sieve', (db) => db.prepare("UPDATE utterance SET start_sec = 0.2 WHERE id = 'u1'").run());
    const outside = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'a1',
      '--annotator',
      'cy',
    );
    expect(outside.code).toBe(1);
    expect(outside.err).toMatch(/word "from" starts before the utterance \(0\.2 s\)/);
    withDb('p.sieve', (db) =>
      expect(db.prepare("SELECT count(*) FROM annotator WHERE name = 'cy'").pluck().get()).toBe(0),
    );

    // Without --annotator the utterance is refused as before.
    expect((await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'a1')).err).toMatch(
      /already in the project/,
    );
    expect(
      (
        await sieve(
          'import',
          'p.sieve',
          '--audio',
          'audio',
          '--alignment',
          'a1',
          '--annotator',
          'adjudicated',
        )
      ).code,
    ).toBe(2);
  });
});

describe('sieve create --annotator', () => {
  it("makes the manifest's gold that annotator's layer", async () => {
    const { manifest } = await makeProject(dir);
    const withTree = {
      ...manifest,
      utterances: manifest.utterances.map((u) =>
        u.id === 'train-1'
          ? { ...u, trees: [{ name: 'syntax', typed: false, bracket: '(S I (VP want to))' }] }
          : u,
      ),
    };
    fs.writeFileSync(path.join(dir, 'm.json'), JSON.stringify(withTree));
    const r = await sieve('create', 'q.sieve', 'm.json', '--annotator', 'ann');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/created .*q\.sieve \(annotator ann's layer\)/);
    withDb('q.sieve', (db) => {
      expect(readLayer(db, annotatorId(db, 'ann'), 'train-1')!.gold.trees).toHaveLength(1);
      expect(readGold(db, 'train-1').trees).toEqual([]);
      expect(readGold(db, 'train-1').words.map((w) => w.text)).toEqual(['I', 'want', 'to']);
    });
    expect((await sieve('create', 'r.sieve', 'm.json', '--annotator', 'a,b')).code).toBe(2);
  });
});
