import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';
import { applyGoldDiff, readGold } from './goldStore';
import { ProjectStore } from './projectStore';
import { importSystemOutputs } from './systemStore';
import { contract } from '../../core/api/contract';
import { type Db, openDatabase } from './openDatabase';

let db: Db;
let dir: string;
let file: string;
let cleanup: () => void;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir());
  file = (await makeProject(dir)).file;
  db = openDatabase(file);
});
afterEach(() => {
  db.close();
  cleanup();
});

/** The error an edit of train-1 (words: I want to) from `from` to `to` is refused with. */
function refusal(from: GoldRecords, to: GoldRecords): AppError {
  try {
    applyGoldDiff(db, 'train-1', diffGold(from, to), { kind: 'edit' });
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('the edit was accepted');
}

const withTree = (g: GoldRecords, bracket: string): GoldRecords => ({
  ...g,
  trees: [{ name: 'syntax', typed: false, bracket }],
});

describe('every gold write is checked as the studio checks it', () => {
  it('refuses an unbalanced tree, leaves that are not the words, and a tree nested too deep', () => {
    const g = readGold(db, 'train-1');
    expect(refusal(g, withTree(g, '(S I (VP want to)')).message).toBe(
      `Utterance "train-1": tree "syntax" 1:1: '(' never closed (1 open at end of input).`,
    );
    expect(refusal(g, withTree(g, '(S I (VP want too))')).message).toBe(
      `Utterance "train-1": tree "syntax" 1:15: leaf 3 is 'too', but word 3 is 'to'.`,
    );
    const deep = `${'(X '.repeat(100_000)}I want to${')'.repeat(100_000)}`;
    expect(refusal(g, withTree(g, deep)).message).toMatch(/nested more than 200 levels deep/);
    expect(
      refusal(g, {
        ...g,
        entities: [
          { type: 'P', firstWord: 0, lastWord: 1 },
          { type: 'O', firstWord: 1, lastWord: 1 },
        ],
      }).code,
    ).toBe('INVALID_INPUT');
    expect(readGold(db, 'train-1')).toEqual(g);
    expect(db.prepare('SELECT count(*) FROM history').pluck().get()).toBe(0);
  });

  it('checks the whole utterance after a diff: two windows editing words and tree cannot both win', () => {
    const seen = readGold(db, 'train-1'); // both windows opened this
    const tree = withTree(seen, '(S I (VP want to))');
    applyGoldDiff(db, 'train-1', diffGold(seen, tree), { kind: 'edit' }); // window B adds a tree
    // Window A splits "want" in a diff of the words alone, made before it saw B's tree.
    const split: GoldRecords = {
      ...seen,
      words: [
        seen.words[0]!,
        { ...seen.words[1]!, text: 'wa' },
        { ...seen.words[1]!, text: 'nt' },
        seen.words[2]!,
      ],
    };
    split.words[1] = { ...split.words[1]!, endSec: (seen.words[1]!.startSec + seen.words[1]!.endSec) / 2 };
    split.words[2] = { ...split.words[2]!, startSec: split.words[1]!.endSec };
    const err = refusal(seen, split);
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toMatch(
      /^Utterance "train-1": this edit of the words does not fit the trees as stored/,
    );
    expect(err.message).toMatch(/leaf 2 is 'want', but word 2 is 'wa' \(and 2 more\); reload it\.$/);
    expect(readGold(db, 'train-1')).toEqual(tree);
  });

  it('refuses a bad tree in an import at its file and line, and writes nothing', async () => {
    expect((await runSieve(dir, 'export', file, '--format', 'jsonl', 'gold.jsonl')).code).toBe(0);
    const lines = fs.readFileSync(path.join(dir, 'gold.jsonl'), 'utf8').split('\n');
    const first = JSON.parse(lines[0]!) as { trees?: unknown };
    first.trees = [{ name: 'syntax', typed: false, bracket: '(S I (VP want to)' }];
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), [JSON.stringify(first), ...lines.slice(1)].join('\n'));
    const bad = await runSieve(dir, 'import', 'a.sieve', '--audio', 'audio', '--alignment', 'bad.jsonl');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/bad\.jsonl:1:1: utterance "train-1": tree "syntax" 1:1: '\(' never closed/);
    expect(fs.existsSync(path.join(dir, 'a.sieve'))).toBe(false);

    const deep = `${'(X '.repeat(100_000)}I want to${')'.repeat(100_000)}`;
    fs.writeFileSync(path.join(dir, 'deep.mrg'), `# id = train-1\n${deep}\n`);
    const r = await runSieve(
      dir,
      'import',
      'b.sieve',
      '--audio',
      'audio',
      '--alignment',
      'gold.jsonl',
      '--trees',
      'deep.mrg',
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      /deep\.mrg:2(:\d+)?: utterance "train-1": tree "syntax" 1:601: brackets nested more than 200/,
    );
    expect(fs.existsSync(path.join(dir, 'b.sieve'))).toBe(false);
  });
});

/** Writes bad rows straight into the project, as an older version could have stored them. */
function oldRows(): void {
  const deep = `${'(X '.repeat(100_000)}I want to${')'.repeat(100_000)}`;
  const tree = db.prepare(
    'INSERT INTO gold_tree (utterance_id, name, ord, typed, bracket) VALUES (?, ?, ?, ?, ?)',
  );
  tree.run('train-1', 'syntax', 0, 0, '(S I (VP want to)');
  tree.run('train-1', 'deep', 1, 0, deep);
  tree.run('train-1', 'good', 2, 0, '(S I (VP want to))');
  const air = readGold(db, 'air-1').words.map((w) => w.text);
  tree.run('air-1', 'big', 0, 0, `(S ${air.join(' ')})${' '.repeat(1_000_001)}`);
  const entity = db.prepare(
    'INSERT INTO gold_entity (utterance_id, idx, type, first_word, last_word) VALUES (?, ?, ?, ?, ?)',
  );
  entity.run('train-1', 0, 'P', 0, 1);
  entity.run('train-1', 1, 'O', 1, 2);
  entity.run('air-1', 0, 'L', 0, 99);
  db.prepare("UPDATE utterance SET labels = 'not json' WHERE id = 'air-1'").run();
  importSystemOutputs(
    db,
    'asr',
    ['train-1', 'air-1'].map((id) => ({
      id,
      words: readGold(db, id).words,
      trees: [
        {
          name: 'syntax',
          typed: false,
          bracket: `(S ${readGold(db, id)
            .words.map((w) => w.text)
            .join(' ')})`,
        },
      ],
    })),
    ['asr.jsonl'],
  );
}

describe('readers of stored gold survive a bad row and say what they left out', () => {
  it('gold:get opens the utterance with its problems, and a fixed tree can be saved', () => {
    oldRows();
    db.close();
    const store = ProjectStore.open(file);
    try {
      // What the gold:get handler returns, checked against the contract as the transports check it.
      const get = (id: string) => contract['gold:get'].output.parse(store.goldState(id));
      const state = get('train-1');
      expect(state.gold.trees.map((t) => t.name)).toEqual(['syntax', 'deep', 'good']);
      expect(state.problems).toEqual([
        `entity 1 (O) overlaps entity 0 (P); entities may not overlap or nest`,
        `tree "syntax" 1:1: '(' never closed (1 open at end of input)`,
        expect.stringMatching(/^tree "deep" 1:601: brackets nested more than 200 levels deep/),
      ]);
      expect(get('air-1').problems).toEqual([
        'labels left out: not JSON',
        'tree 0 left out: bracket: Too big: expected string to have <=1000000 characters',
        expect.stringMatching(/^entity 0 \(L\) ends at word 99/),
      ]);
      // The utterance list is not held up by them.
      expect(
        contract['utterance:list'].output.parse(store.utteranceWindow({ limit: 10, filter: 'want' })).total,
      ).toBe(1);
      // The annotator fixes the trees in the bracket text: the problem that edit does not touch stays.
      const g = state.gold;
      const fixed = { ...g, trees: [{ ...g.trees[0]!, bracket: '(S I (VP want to))' }, g.trees[2]!] };
      const saved = contract['gold:applyDiff'].output.parse(
        store.applyGoldDiff('train-1', diffGold(g, fixed)),
      );
      expect(saved).toEqual({
        utteranceId: 'train-1',
        goldRev: state.goldRev + 1,
        canUndo: true,
        canRedo: false,
      });
      expect(get('train-1').problems).toEqual([
        'entity 1 (O) overlaps entity 0 (P); entities may not overlap or nest',
      ]);
    } finally {
      store.close();
    }
  });

  it('scoring, the report and every export skip the bad parts, name them and go on', async () => {
    oldRows();
    db.close();
    const score = await runSieve(dir, 'score', file, '--format', 'json', '--jobs', '1');
    expect(score.code).toBe(0);
    expect(score.err).toMatch(/utterance "train-1": tree "syntax" left out: 1:1: '\(' never closed/);
    const rep = await runSieve(dir, 'report', file, '--out', 'r.html', '--jobs', '1');
    expect(rep.code).toBe(0);
    expect(rep.err).toMatch(
      /sieve report: utterance "air-1": entity 0 \(L\) left out: it is not within the \d+ words/,
    );
    expect(fs.readFileSync(path.join(dir, 'r.html'), 'utf8')).toMatch(/good: 1 sentences/);
    for (const format of ['ptb', 'textgrid', 'conll', 'jsonl']) {
      const r = await runSieve(dir, 'export', file, '--format', format, `out.${format}`);
      expect(r.code).toBe(0);
      expect(r.err).toMatch(
        /utterance "train-1": tree "deep" left out: 1:601: brackets nested more than 200/,
      );
      expect(r.err).toMatch(/utterance "train-1": entity 1 \(O\) left out: it overlaps another entity/);
    }
    // What was exported imports back.
    const back = await runSieve(dir, 'import', 'back.sieve', '--audio', 'audio', '--alignment', 'out.jsonl');
    expect(back.code).toBe(0);
    const list = await runSieve(dir, 'info', file);
    expect(list.code).toBe(0);
  });
});
