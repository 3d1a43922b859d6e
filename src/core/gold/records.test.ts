import { describe, expect, it } from 'vitest';
import { MAX_TREE_DEPTH } from '../edit/treeCheck';
import { type GoldRecords, MAX_BRACKET_CHARS, emptyGold, goldIssues, goldProblems } from './records';

const words = ['from', 'Bonn', 'to', 'Berlin'].map((text, i) => ({ text, startSec: i, endSec: i + 1 }));
const gold = (over: Partial<GoldRecords>): GoldRecords => ({ ...emptyGold(), words, ...over });
const tree = (bracket: string, typed = false): GoldRecords['trees'][number] => ({
  name: 'S',
  typed,
  bracket,
});

describe('goldIssues', () => {
  it('accepts consistent gold', () => {
    const g = gold({
      trees: [
        tree('(S (PP from Bonn) (PP to Berlin))'),
        { ...tree('(r:S w:from w:Bonn w:to w:Berlin)', true), name: 'T' },
      ],
      entities: [
        { type: 'LOC', firstWord: 1, lastWord: 1 },
        { type: 'LOC', firstWord: 3, lastWord: 3 },
      ],
    });
    expect(goldIssues(g)).toEqual([]);
  });

  it('refuses a tree with an unbalanced bracket, located in its text', () => {
    expect(goldIssues(gold({ trees: [tree('(S (PP from Bonn) (PP to Berlin)')] }))).toEqual([
      { field: 'trees', message: `tree "S" 1:1: '(' never closed (1 open at end of input)` },
    ]);
  });

  it('refuses a tree whose leaves are not the words', () => {
    expect(goldProblems(gold({ trees: [tree('(S from Bonn to Paris)')] }))).toEqual([
      `tree "S" 1:17: leaf 4 is 'Paris', but word 4 is 'Berlin'`,
    ]);
    expect(goldProblems(gold({ trees: [tree('(S from Bonn)')] }))[0]).toMatch(/2 leaves for 4 words/);
  });

  it('refuses a typed tree with an untyped label', () => {
    expect(goldProblems(gold({ trees: [tree('(r:S from w:Bonn w:to w:Berlin)', true)] }))).toEqual([
      `tree "S" 1:6: expected TYPE:LABEL, found 'from'`,
    ]);
  });

  it(`refuses a tree nested deeper than ${MAX_TREE_DEPTH} levels, and takes one at the limit`, () => {
    const nested = (levels: number): string =>
      `${'(X '.repeat(levels - 1)}(S from Bonn to Berlin)${')'.repeat(levels - 1)}`;
    expect(goldIssues(gold({ trees: [tree(nested(MAX_TREE_DEPTH))] }))).toEqual([]);
    expect(goldProblems(gold({ trees: [tree(nested(MAX_TREE_DEPTH + 1))] }))).toEqual([
      `tree "S" 1:${3 * MAX_TREE_DEPTH + 1}: brackets nested more than ${MAX_TREE_DEPTH} levels deep (the limit for a gold tree)`,
    ]);
  });

  it('refuses bracket text over the limit that reading also applies', () => {
    const long = `(S from Bonn to Berlin)${' '.repeat(MAX_BRACKET_CHARS)}`;
    expect(goldProblems(gold({ trees: [tree(long)] }))).toEqual([
      'tree "S" bracket is longer than 1,000,000 characters (the limit)',
    ]);
  });

  it('refuses overlapping and nested entities, as the entity tier does', () => {
    const g = gold({
      entities: [
        { type: 'LOC', firstWord: 0, lastWord: 2 },
        { type: 'PER', firstWord: 1, lastWord: 1 },
      ],
    });
    expect(goldIssues(g)).toEqual([
      {
        field: 'entities',
        message: 'entity 1 (PER) overlaps entity 0 (LOC); entities may not overlap or nest',
      },
    ]);
  });

  it('names a value outside the schema by its place', () => {
    const g = gold({ words: [...words.slice(0, 3), { text: '', startSec: 3, endSec: 4 }] });
    expect(goldIssues(g)[0]).toMatchObject({
      field: 'words',
      message: expect.stringMatching(/^word 3 text /),
    });
  });
});
