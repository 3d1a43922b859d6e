import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import { nodeCount, type TreeNode } from '../tree/tree';
import { EditRefused } from './editRefused';
import { arbTreeOver, writeTree } from '../../../test/helpers/testGold';
import {
  deleteRange,
  labelProblem,
  moveNode,
  rangeForWords,
  relabelNode,
  setNodeType,
  type SiblingRange,
  wrapRange,
} from './treeEdit';
import { indexTree, leafLabels, nodeAt } from './treePaths';

const t = (s: string, typed = false): TreeNode => parseTreeOrThrow(s, { typed });
const w = (tree: TreeNode): string => writeTree(tree);

/** Every run of siblings in the tree with the words it covers: the slow oracle for `rangeForWords`. */
function allRuns(tree: TreeNode): { range: SiblingRange; first: number; last: number; depth: number }[] {
  const info = indexTree(tree);
  const byPath = new Map(info.map((n) => [n.path.join('.'), n]));
  const out: { range: SiblingRange; first: number; last: number; depth: number }[] = [];
  out.push({
    range: { parent: null, from: 0, to: 0 },
    first: info[0]!.first,
    last: info[0]!.last,
    depth: -1,
  });
  for (const n of info) {
    for (let a = 0; a < n.node.children.length; a++)
      for (let b = a; b < n.node.children.length; b++) {
        const fa = byPath.get([...n.path, a].join('.'))!;
        const lb = byPath.get([...n.path, b].join('.'))!;
        out.push({
          range: { parent: n.path, from: a, to: b },
          first: fa.first,
          last: lb.last,
          depth: n.depth,
        });
      }
  }
  return out;
}

describe('wrap, relabel, delete, move', () => {
  const tree = t('(S I want (VP to go) from Bonn)');

  it('wraps a run of words that are siblings', () => {
    const range = rangeForWords(tree, 4, 5)!;
    expect(range).toEqual({ parent: [], from: 3, to: 4 });
    const r = wrapRange(tree, range, 'PP');
    expect(w(r.tree)).toBe('(S I want (VP to go) (PP from Bonn))');
    expect(r.path).toEqual([3]);
  });

  it('selects the leaves inside a node rather than the node, and refuses runs that cross a bracket', () => {
    expect(rangeForWords(tree, 2, 3)).toEqual({ parent: [2], from: 0, to: 1 });
    expect(rangeForWords(tree, 1, 2)).toBeNull();
    expect(rangeForWords(t('(S (NP (N Bonn)))'), 0, 0)).toEqual({ parent: [0, 0], from: 0, to: 0 });
  });

  it('wraps the root in a new root', () => {
    const r = wrapRange(tree, { parent: null, from: 0, to: 0 }, 'TOP');
    expect(w(r.tree)).toBe('(TOP (S I want (VP to go) from Bonn))');
  });

  it('deletes a node, its children moving up in its place', () => {
    const r = deleteRange(tree, { parent: [], from: 2, to: 2 });
    expect(w(r.tree)).toBe('(S I want to go from Bonn)');
    expect(r.range).toEqual({ parent: [], from: 2, to: 3 });
    expect(() => deleteRange(tree, { parent: [], from: 0, to: 0 })).toThrow(EditRefused);
    expect(() => deleteRange(tree, { parent: null, from: 0, to: 0 })).toThrow(/one root/);
    expect(w(deleteRange(t('(TOP (S a b))'), { parent: null, from: 0, to: 0 }).tree)).toBe('(S a b)');
  });

  it('relabels and retypes', () => {
    expect(w(relabelNode(tree, [2], 'VB'))).toBe('(S I want (VB to go) from Bonn)');
    expect(() => relabelNode(tree, [2], 'V B')).toThrow(/spaces/);
    expect(() => relabelNode(tree, [0], 'X')).toThrow(/word/);
    const typed = t('(R:S (C:NP W:a W:b))', true);
    const re = setNodeType(typed, [0], 'K');
    expect(re.children[0]).toMatchObject({ label: 'NP', type: 'K' });
    expect(() => setNodeType(typed, [0], 'K:x')).toThrow(/':'/);
  });

  it('moves a node into its neighbour and out of its parent, keeping the words in order', () => {
    const s = t('(S (NP the train) (VP leaves (PP at noon)))');
    expect(() => moveNode(s, [1, 1], 'left')).toThrow(/is a word/);
    const intoLeft = moveNode(s, [1], 'left');
    expect(w(intoLeft.tree)).toBe('(S (NP the train (VP leaves (PP at noon))))');
    expect(intoLeft.path).toEqual([0, 2]);
    const out = moveNode(s, [1, 1], 'right');
    expect(w(out.tree)).toBe('(S (NP the train) (VP leaves) (PP at noon))');
    expect(out.path).toEqual([2]);
    const into = moveNode(s, [0], 'right');
    expect(w(into.tree)).toBe('(S (VP (NP the train) leaves (PP at noon)))');
    expect(into.path).toEqual([0, 0]);
    expect(() => moveNode(s, [0], 'left')).toThrow(/leftmost/);
    expect(() => moveNode(t('(S (NP a) b)'), [0, 0], 'left')).toThrow(EditRefused);
  });

  it('checks labels', () => {
    expect(labelProblem('')).toMatch(/empty/);
    expect(labelProblem('a(b')).toMatch(/brackets/);
    expect(labelProblem('NP-SBJ')).toBeNull();
    expect(labelProblem('a:b', 'type')).toMatch(/':'/);
  });
});

describe('properties', () => {
  it('rangeForWords finds the deepest run covering exactly the words, or null when there is none', () => {
    fc.assert(
      fc.property(arbTreeOver(7), fc.nat(), fc.nat(), (tree, x, y) => {
        const n = leafLabels(tree).length;
        const first = Math.min(x % n, y % n);
        const last = Math.max(x % n, y % n);
        const matching = allRuns(tree).filter((r) => r.first === first && r.last === last);
        // Runs of one node that is not a leaf are not answers: the run inside it is deeper.
        const answers = matching.filter((r) => {
          if (r.range.from !== r.range.to) return true;
          const node = r.range.parent === null ? tree : nodeAt(tree, [...r.range.parent, r.range.from])!;
          return node.children.length === 0 || tree.children.length === 0;
        });
        const got = rangeForWords(tree, first, last);
        if (answers.length === 0) expect(got).toBeNull();
        else {
          const deepest = answers.reduce((a, b) => (b.depth > a.depth ? b : a));
          expect(got).toEqual(deepest.range);
        }
      }),
    );
  });

  it('wrapping keeps the words and adds one node; deleting the new node gives the tree back', () => {
    fc.assert(
      fc.property(arbTreeOver(7), fc.nat(), fc.nat(), (tree, pick, span) => {
        const runs = allRuns(tree);
        const r = runs[pick % runs.length]!.range;
        const wrapped = wrapRange(tree, r, 'NEW');
        expect(leafLabels(wrapped.tree)).toEqual(leafLabels(tree));
        expect(nodeCount(wrapped.tree)).toBe(nodeCount(tree) + 1);
        expect(nodeAt(wrapped.tree, wrapped.path)!.label).toBe('NEW');
        expect(deleteRange(wrapped.tree, nodeRangeOf(wrapped.path)).tree).toEqual(tree);
        void span;
      }),
    );
  });

  it('moving keeps the words and the number of nodes, and the moved node is where it says', () => {
    fc.assert(
      fc.property(arbTreeOver(7), fc.nat(), fc.boolean(), (tree, pick, left) => {
        const nodes = indexTree(tree).filter((n) => n.path.length > 0);
        fc.pre(nodes.length > 0);
        const n = nodes[pick % nodes.length]!;
        let moved;
        try {
          moved = moveNode(tree, n.path, left ? 'left' : 'right');
        } catch (e) {
          expect(e).toBeInstanceOf(EditRefused);
          return;
        }
        expect(leafLabels(moved.tree)).toEqual(leafLabels(tree));
        expect(nodeCount(moved.tree)).toBe(nodeCount(tree));
        expect(nodeAt(moved.tree, moved.path)).toEqual(n.node);
      }),
    );
  });
});

function nodeRangeOf(path: number[]): SiblingRange {
  return path.length === 0
    ? { parent: null, from: 0, to: 0 }
    : { parent: path.slice(0, -1), from: path[path.length - 1]!, to: path[path.length - 1]! };
}
