import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { EditRefused } from './editRefused';
import { moveNodes } from './moveNodes';
import { arbTreeOver, writeTree } from '../../../test/helpers/testGold';
import type { SiblingRange } from './treeEdit';
import { indexTree, isWithin, leafLabels } from './treePaths';

const t = (s: string): TreeNode => parseTreeOrThrow(s);
const move = (s: string, range: SiblingRange, target: number[]): string =>
  writeTree(moveNodes(t(s), range, target).tree);
const one = (path: number[]): SiblingRange => ({
  parent: path.slice(0, -1),
  from: path[path.length - 1]!,
  to: path[path.length - 1]!,
});

describe('moveNodes', () => {
  it('moves a word or a node into the node next to it, where the word order puts it', () => {
    expect(move('(S (NP a b) c (VP d e))', one([1]), [2])).toBe('(S (NP a b) (VP c d e))');
    expect(move('(S (NP a b) c (VP d e))', one([1]), [0])).toBe('(S (NP a b c) (VP d e))');
    expect(move('(S a (X b) (VP (PP c d) e))', one([1]), [2])).toBe('(S a (VP (X b) (PP c d) e))');
  });

  it('moves a node out, up to an ancestor, at the edge it leaves from', () => {
    expect(move('(S a (VP (PP b c) d))', one([1, 0]), [])).toBe('(S a (PP b c) (VP d))');
    expect(move('(S a (VP d (PP b c)))', one([1, 1]), [])).toBe('(S a (VP d) (PP b c))');
    // Two levels up at once.
    expect(move('(S a (VP (NP (PP b c) x) d))', one([1, 0, 0]), [])).toBe('(S a (PP b c) (VP (NP x) d))');
  });

  it('moves a run of siblings in one command, and returns where they and their former parent are', () => {
    const r = moveNodes(t('(S (NP a b) c d (VP e f))'), { parent: [], from: 1, to: 2 }, [3]);
    expect(writeTree(r.tree)).toBe('(S (NP a b) (VP c d e f))');
    expect(r.range).toEqual({ parent: [1], from: 0, to: 1 });
    expect(r.formerParent).toEqual([]);
    expect(writeTree(moveNodes(r.tree, r.range, r.formerParent).tree)).toBe('(S (NP a b) c d (VP e f))');
  });

  it('refuses moves that would change the word order, or cannot be made', () => {
    const refused = (s: string, range: SiblingRange, target: number[]): string => {
      try {
        moveNodes(t(s), range, target);
      } catch (err) {
        expect(err).toBeInstanceOf(EditRefused);
        return (err as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refused('(S (NP a b) c (VP d e))', one([0]), [2])).toContain(
      'would change the order of the words',
    );
    expect(refused('(S a (VP b (PP c) d))', one([1, 1]), [])).toContain('would change the order');
    expect(refused('(S (NP a b) c)', one([1]), [0, 0])).toContain('is a word');
    expect(refused('(S (NP a (X b)) c)', one([0]), [0, 1])).toContain('under itself');
    expect(refused('(S (NP a b) c)', one([0, 0]), [0])).toContain('already under');
    expect(refused('(S (NP a b) (VP c))', one([1, 0]), [0])).toContain('would leave "VP" empty');
    expect(refused('(S a b)', { parent: null, from: 0, to: 0 }, [])).toContain('root cannot move');
  });

  it('tells two words that read the same apart', () => {
    expect(move('(S (NP the) the (VP x))', one([1]), [2])).toBe('(S (NP the) (VP the x))');
    expect(() => move('(S (NP the) x the)', one([2]), [0])).toThrow(EditRefused);
  });
});

/** Every internal node's runs of children (the root's own range aside). */
function runs(tree: TreeNode): SiblingRange[] {
  const out: SiblingRange[] = [];
  for (const n of indexTree(tree))
    for (let a = 0; a < n.node.children.length; a++)
      for (let b = a; b < n.node.children.length; b++) out.push({ parent: n.path, from: a, to: b });
  return out;
}

/**
 * The slow oracle: every place among the target's children where the run could go, tried one by one on a
 * deep copy; the ones that keep the leaves in order (leaves are w0, w1, … so their labels tell them apart).
 */
function oracle(tree: TreeNode, range: SiblingRange, target: number[]): string[] {
  const copies = new Map<TreeNode, TreeNode>();
  const clone = (n: TreeNode): TreeNode => {
    const c: TreeNode = { ...n, children: n.children.map(clone) };
    copies.set(n, c);
    return c;
  };
  const words = leafLabels(tree).join(' ');
  const at = (root: TreeNode, path: number[]): TreeNode => path.reduce((n, i) => n.children[i]!, root);
  const dest = at(tree, target);
  const out: string[] = [];
  for (let k = 0; k <= dest.children.length; k++) {
    const root = clone(tree);
    const parent = copies.get(at(tree, range.parent!))!;
    const moved = parent.children.splice(range.from, range.to - range.from + 1);
    const d = copies.get(dest)!;
    if (k > d.children.length) continue;
    d.children.splice(k, 0, ...moved);
    if (leafLabels(root).join(' ') === words) out.push(writeTree(root));
  }
  return [...new Set(out)];
}

describe('moveNodes, against the oracle', () => {
  it('moves exactly where the oracle finds the one place that keeps the words, and refuses otherwise', () => {
    fc.assert(
      fc.property(arbTreeOver(9), fc.nat(), fc.nat(), (tree, r, g) => {
        const all = runs(tree);
        const range = all[r % all.length]!;
        const internals = indexTree(tree).filter((n) => n.node.children.length > 0);
        const target = internals[g % internals.length]!.path;
        const parent = range.parent!;
        const parentNode = indexTree(tree).find((n) => n.path.join('.') === parent.join('.'))!;
        const possible =
          !Array.from({ length: range.to - range.from + 1 }, (_, i) => [...parent, range.from + i]).some(
            (p) => isWithin(target, p),
          ) &&
          !(target.length === parent.length && isWithin(target, parent)) &&
          range.to - range.from + 1 < parentNode.node.children.length;
        const expected = possible ? oracle(tree, range, target) : [];
        expect(expected.length).toBeLessThanOrEqual(1);
        let got: string | null = null;
        try {
          got = writeTree(moveNodes(tree, range, target).tree);
        } catch (err) {
          if (!(err instanceof EditRefused)) throw err;
        }
        expect(got === null ? [] : [got]).toEqual(expected);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps the leaves, the same words in order, and moving back restores the tree', () => {
    fc.assert(
      fc.property(arbTreeOver(10), fc.nat(), fc.nat(), (tree, r, g) => {
        const all = runs(tree);
        const internals = indexTree(tree).filter((n) => n.node.children.length > 0);
        const original = writeTree(tree);
        let moved;
        try {
          moved = moveNodes(tree, all[r % all.length]!, internals[g % internals.length]!.path);
        } catch (err) {
          if (err instanceof EditRefused) return;
          throw err;
        }
        const leaves = (x: TreeNode): TreeNode[] =>
          indexTree(x)
            .filter((n) => n.node.children.length === 0)
            .map((n) => n.node);
        expect(leaves(moved.tree)).toEqual(leaves(tree));
        leaves(moved.tree).forEach((l, i) => expect(l).toBe(leaves(tree)[i]));
        // The input is not changed.
        expect(writeTree(tree)).toBe(original);
        const back = moveNodes(moved.tree, moved.range, moved.formerParent);
        expect(writeTree(back.tree)).toBe(original);
      }),
      { numRuns: 600 },
    );
  });
});
