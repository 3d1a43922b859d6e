import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../core/api/errors';
import { diffGold } from '../../core/gold/diff';
import type { GoldRecords } from '../../core/gold/records';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';
import { applyGoldDiff, readGold } from './goldStore';
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
    expect(refusal(g, withTree(g, deep)).message).toMatch(/nested more than 1000 levels deep/);
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
      /deep\.mrg:2(:\d+)?: utterance "train-1": tree "syntax" 1:3001: brackets nested more than 1000/,
    );
    expect(fs.existsSync(path.join(dir, 'b.sieve'))).toBe(false);
  });
});
