import { describe, expect, it } from 'vitest';
import type { GoldRecords } from '../gold/records';
import {
  addTree,
  deleteTree,
  labelsInBrackets,
  loadTree,
  renameTree,
  treeNameProblem,
  withTree,
} from './goldTrees';
import { spliceLeaves } from './leafEdit';
import { parseTreeOrThrow } from '../tree/bracket';
import { writeTree } from '../../../test/helpers/testGold';

const gold: GoldRecords = {
  words: [
    { text: 'to', startSec: 0, endSec: 0.2 },
    { text: 'Bonn', startSec: 0.2, endSec: 0.5 },
  ],
  trees: [],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
};

describe('gold trees', () => {
  it('starts a flat tree over the words and loads it back', () => {
    const g = addTree(gold, 'syntax', 'S');
    expect(g.trees).toEqual([{ name: 'syntax', typed: false, bracket: '(S to Bonn)' }]);
    const loaded = loadTree(g, g.trees[0]!);
    expect(loaded.problems).toEqual([]);
    const next = withTree(g, 'syntax', parseTreeOrThrow('(S (PP to Bonn))'));
    expect(next.trees[0]!.bracket).toBe('(S (PP to Bonn))');
    expect(() => addTree(g, 'syntax', 'S')).toThrow(/already/);
  });

  it('reports a tree whose leaves are not the words', () => {
    const loaded = loadTree(gold, { name: 't', typed: false, bracket: '(S to Berlin)' });
    expect(loaded.tree).toBeNull();
    expect(loaded.problems).toEqual(["1:7: leaf 2 is 'Berlin', but word 2 is 'Bonn'"]);
  });

  it('collects the labels used, not bracketed leaves', () => {
    expect(labelsInBrackets(['(S (NP a) (VP (b)))', '( (PP x))'])).toEqual(['NP', 'PP', 'S', 'VP']);
  });

  it('gives a one-word tree a root when a word joins it', () => {
    const t = spliceLeaves(parseTreeOrThrow('(a)'), { at: 1, remove: 0, texts: ['b'] });
    expect(writeTree(t!)).toBe('(S a b)');
  });

  it('adds a typed tree, renames and deletes trees, keeping the others and their order', () => {
    const g = addTree(addTree(gold, 'syntax', 'S'), 'semantic', 'S', { typed: true });
    expect(g.trees.map((t) => [t.name, t.typed, t.bracket])).toEqual([
      ['syntax', false, '(S to Bonn)'],
      ['semantic', true, '(root:S word:to word:Bonn)'],
    ]);
    expect(loadTree(g, g.trees[1]!).problems).toEqual([]);
    const r = renameTree(g, 'syntax', 'constituents');
    expect(r.trees.map((t) => t.name)).toEqual(['constituents', 'semantic']);
    expect(r.trees[0]!.bracket).toBe('(S to Bonn)');
    expect(() => renameTree(g, 'syntax', 'semantic')).toThrow('There is already a tree named "semantic".');
    expect(renameTree(g, 'syntax', 'syntax')).toEqual(g);
    expect(deleteTree(g, 'syntax').trees.map((t) => t.name)).toEqual(['semantic']);
    expect(() => deleteTree(g, 'nope')).toThrow('There is no tree named "nope".');
  });

  it('checks tree names', () => {
    expect(treeNameProblem(gold, '')).toBe('A tree needs a name.');
    expect(treeNameProblem(gold, ' x')).toBe('A tree name cannot start or end with a space.');
    expect(treeNameProblem(gold, 'x'.repeat(101))).toBe('A tree name has at most 100 characters.');
    expect(treeNameProblem(gold, 'dependency parse')).toBeNull();
  });
});
