import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import { node, type TreeNode } from '../tree/tree';
import { parseTedCosts, tedCosts, TedInputError, type TedCosts } from './costModel';
import { runTed } from './distance';
import { recoverMapping } from './mapping';
import { oracleDistance } from './oracle';
import { treeDistance, treeEditDistance } from './ted';
import { arbCosts, arbTree, mappingProblems } from '../../../test/helpers/testTrees';
import { indexTree, LabelKeys } from './treeIndex';

const typed = (s: string): TreeNode => parseTreeOrThrow(s, { typed: true });
const plain = (s: string): TreeNode => parseTreeOrThrow(s);

describe('tree edit distance: paper examples', () => {
  it('Fig. 1/Fig. 2 as a root with leaf children: distance 10 and the mapping of §3', () => {
    // Thomae et al. Fig. 2: distance 10 with costs 3/3/4; M = {(1,ε),(2,1),(ε,2),(3,3),(4,4),(5,5),(6,6)}.
    // The tree code adds the pair of the two roots (7,7), which costs 0.
    const r = treeEditDistance(
      plain('(ROOT d_i drei sieben drei von hamburg)'),
      plain('(ROOT drei zwei sieben drei nach hamburg)'),
    );
    expect(r.distance).toBe(10);
    expect(r.mapping.map((o) => [o.i, o.j, o.op])).toEqual([
      [1, null, 'D'],
      [2, 1, 'C'],
      [null, 2, 'I'],
      [3, 3, 'C'],
      [4, 4, 'C'],
      [5, 5, 'S'],
      [6, 6, 'C'],
      [7, 7, 'C'],
    ]);
    expect(r.counts).toEqual({ C: 5, S: 1, I: 1, D: 1 });
    expect(r.signature).toMatch(/^ted\|costs:3,3,4\|typed:no\|v:/);
  });

  it('typed: a type substitution becomes a deletion plus an insertion (hand-computed)', () => {
    // Untyped, concept:A ↦ word:A has equal labels: distance 0. Typed (Thomae et al. §5) the types
    // differ, so the cheapest is delete A (3) + insert A (3) = 6; root and x stay correct.
    const t1 = typed('(root:S (concept:A word:x))');
    const t2 = typed('(root:S (word:A word:x))');
    expect(treeDistance(t1, t2)).toBe(0);
    const r = treeEditDistance(t1, t2, { typed: true });
    expect(r.distance).toBe(6);
    expect(r.counts).toEqual({ C: 2, S: 0, I: 1, D: 1 });
    expect(r.mapping.map((o) => [o.i, o.j, o.op])).toEqual([
      [1, 1, 'C'],
      [2, null, 'D'],
      [null, 2, 'I'],
      [3, 3, 'C'],
    ]);
    expect(r.signature).toContain('typed:yes');
  });

  it('typed: same-type nodes are substituted, others never (hand-computed)', () => {
    // (root:S (concept:AOrigin word:von word:hamburg)) → (root:S (concept:ADestination word:nach word:hamburg)):
    // AOrigin→ADestination 4 + von→nach 4 = 8, root and hamburg correct.
    const r = treeEditDistance(
      typed('(root:S (concept:AOrigin word:von word:hamburg))'),
      typed('(root:S (concept:ADestination word:nach word:hamburg))'),
      { typed: true },
    );
    expect(r.distance).toBe(8);
    expect(r.counts).toEqual({ C: 2, S: 2, I: 0, D: 0 });
    // A word against a concept: word:x ↦ concept:x is forbidden, so delete 3 + insert 3 = 6 although
    // the labels agree; untyped the same trees are at distance 0.
    const t1 = typed('(root:S word:x)');
    const t2 = typed('(root:S concept:x)');
    expect(treeEditDistance(t1, t2, { typed: true }).distance).toBe(6);
    expect(treeEditDistance(t1, t2).distance).toBe(0);
  });

  it('breaks ties by the documented rule: walking back from the last node, map before delete before insert', () => {
    // (a b) → (a c d): b↦c + insert d and b↦d + insert c both cost 7. From the last cells back, b is
    // first offered d, and mapping wins the tie, so c is the insertion.
    const r = treeEditDistance(plain('(a b)'), plain('(a c d)'));
    expect(r.distance).toBe(7);
    expect(r.mapping.map((o) => [o.i, o.j, o.op])).toEqual([
      [null, 1, 'I'],
      [1, 2, 'S'],
      [2, 3, 'C'],
    ]);
    // (x) → (y) with sub 6 = del + ins: the substitution wins the tie.
    expect(treeEditDistance(plain('(x)'), plain('(y)'), { sub: 6 }).counts).toEqual({
      C: 0,
      S: 1,
      I: 0,
      D: 0,
    });
  });

  it('single nodes and costs', () => {
    expect(treeDistance(node('a'), node('b'))).toBe(4);
    expect(treeDistance(node('a'), node('b'), { sub: 7 })).toBe(6); // delete + insert is cheaper
    expect(treeDistance(node('a'), plain('(b a c)'))).toBe(6);
    expect(treeDistance(plain('(b a c)'), node('z'), { ins: 1, del: 2, sub: 5 })).toBe(7); // 3 deletions + 1 insertion
  });

  it('rejects bad costs with a typed error naming the value', () => {
    expect(() => tedCosts({ ins: -1 })).toThrow(TedInputError);
    expect(() => tedCosts({ sub: Number.NaN })).toThrow(/sub must be a finite number ≥ 0, got NaN/);
    expect(() => parseTedCosts('3,3')).toThrow(/got '3,3'/);
    expect(parseTedCosts('1, 2,3.5', true)).toEqual({ ins: 1, del: 2, sub: 3.5, typed: true });
  });

  it('scales with the costs: integer costs (32-bit distances) and quarters of them (64-bit) give the same mapping', () => {
    fc.assert(
      fc.property(arbTree(10), arbTree(10), arbCosts(), (t1, t2, costs) => {
        const whole = { ...costs, ins: costs.ins * 4, del: costs.del * 4, sub: costs.sub * 4 };
        const a = treeEditDistance(t1, t2, whole);
        const b = treeEditDistance(t1, t2, {
          ...whole,
          ins: whole.ins / 4,
          del: whole.del / 4,
          sub: whole.sub / 4,
        });
        expect(b.distance * 4).toBe(a.distance);
        expect(b.mapping).toEqual(a.mapping);
      }),
      { numRuns: 300 },
    );
    // Past 2^24 not every integer is a 32-bit float (2^24 + 3 is not); 64-bit distances are taken.
    const big = { ins: 2 ** 24 + 1, del: 2 ** 24 + 1, sub: 2, typed: false };
    expect(treeDistance(node('a', [node('b'), node('c')]), node('x', [node('b')]), big)).toBe(2 ** 24 + 3);
  });

  it('handles deep trees without recursion (a 3,000-node chain and comb)', () => {
    const chain = (n: number, label = 'a'): TreeNode => {
      let t = node(label);
      for (let k = 1; k < n; k++) t = node(label, [t]);
      return t;
    };
    expect(treeDistance(chain(3000), chain(2999))).toBe(3);
    let comb = node('x');
    for (let k = 0; k < 1500; k++) comb = node('a', [node('b'), comb]);
    expect(treeDistance(comb, comb)).toBe(0);
  });
});

describe('tree edit distance: properties against the brute-force oracle', () => {
  it('equals the recursive forest distance, and the mapping is valid and costs the distance', () => {
    fc.assert(
      fc.property(arbTree(8), arbTree(8), arbCosts(), (t1, t2, costs) => {
        const r = treeEditDistance(t1, t2, costs);
        expect(r.distance).toBe(oracleDistance(t1, t2, costs));
        expect(mappingProblems(t1, t2, r.mapping, costs, r.distance)).toEqual([]);
        const n1 = r.counts.C + r.counts.S + r.counts.D;
        const n2 = r.counts.C + r.counts.S + r.counts.I;
        expect([n1, n2]).toEqual([
          r.mapping.filter((o) => o.i !== null).length,
          r.mapping.filter((o) => o.j !== null).length,
        ]);
      }),
      { numRuns: 400 },
    );
  });

  it('every path type (left, right, inner, in either tree) gives the oracle distance', () => {
    // Random strategies instead of the optimal one: each subtree pair gets a random root-leaf path in a
    // random tree, so ΔL, ΔR and ΔA run in both orientations on all kinds of shapes.
    fc.assert(
      fc.property(arbTree(9), arbTree(9), arbCosts(), fc.integer(), (t1, t2, costs, seed) => {
        const keys = new LabelKeys();
        const a = indexTree(t1, keys, costs.typed);
        const b = indexTree(t2, keys, costs.typed);
        let s = seed >>> 0;
        const rnd = (k: number): number => {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          return s % k;
        };
        const strategy = new Int32Array(a.n * b.n);
        for (let v = 0; v < a.n; v++) {
          for (let w = 0; w < b.n; w++) {
            const inF = rnd(2) === 0;
            const tr = inF ? a : b;
            const root = inF ? v : w;
            const leaves: number[] = [];
            for (let x = root; x < root + tr.size[root]!; x++) if (tr.size[x] === 1) leaves.push(x);
            const leaf = leaves[rnd(leaves.length)]!;
            strategy[v * b.n + w] = inF ? leaf + 1 : -(leaf + 1);
          }
        }
        expect(runTed(a, b, tedCosts(costs), strategy).distance).toBe(oracleDistance(t1, t2, costs));
      }),
      { numRuns: 400 },
    );
  });

  it('fills the same subtree distances and finds the same mapping whatever the strategy', () => {
    // The strategy only decides which single-path functions fill delta; every subtree pair is filled
    // with its exact distance either way, so the mapping read from delta cannot depend on it.
    fc.assert(
      fc.property(arbTree(10), arbTree(10), arbCosts(), fc.integer(), (t1, t2, costs, seed) => {
        const keys = new LabelKeys();
        const a = indexTree(t1, keys, costs.typed);
        const b = indexTree(t2, keys, costs.typed);
        fc.pre(a.n > 1 && b.n > 1);
        let s = seed >>> 0;
        const rnd = (k: number): number => {
          s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
          return s % k;
        };
        const strategy = new Int32Array(a.n * b.n);
        for (let v = 0; v < a.n; v++) {
          for (let w = 0; w < b.n; w++) {
            const inF = rnd(2) === 0;
            const tr = inF ? a : b;
            const root = inF ? v : w;
            const leaves: number[] = [];
            for (let x = root; x < root + tr.size[root]!; x++) if (tr.size[x] === 1) leaves.push(x);
            const leaf = leaves[rnd(leaves.length)]!;
            strategy[v * b.n + w] = inF ? leaf + 1 : -(leaf + 1);
          }
        }
        const c = tedCosts(costs);
        const optimal = runTed(a, b, c);
        const random = runTed(a, b, c, strategy);
        expect(Array.from(random.ws.delta)).toEqual(Array.from(optimal.ws.delta));
        expect(recoverMapping(random.ws)).toEqual(recoverMapping(optimal.ws));
      }),
      { numRuns: 400 },
    );
  });

  it('is a metric for untyped costs with ins = del and sub ≤ ins + del (Thomae et al. (6)–(9))', () => {
    const metricCosts = fc
      .record({ indel: fc.integer({ min: 1, max: 5 }), sub: fc.integer({ min: 1, max: 10 }) })
      .map(({ indel, sub }): TedCosts => ({
        ins: indel,
        del: indel,
        sub: Math.min(sub, 2 * indel),
        typed: false,
      }));
    fc.assert(
      fc.property(arbTree(7), arbTree(7), arbTree(7), metricCosts, (x, y, z, costs) => {
        const d = (p: TreeNode, q: TreeNode): number => treeDistance(p, q, costs);
        expect(d(x, x)).toBe(0);
        expect(d(x, y)).toBe(d(y, x));
        expect(d(x, z)).toBeLessThanOrEqual(d(x, y) + d(y, z));
        if (d(x, y) === 0) expect(JSON.stringify(stripTypes(x))).toBe(JSON.stringify(stripTypes(y)));
      }),
      { numRuns: 300 },
    );
  });
});

function stripTypes(t: TreeNode): unknown {
  return { l: t.label, c: t.children.map(stripTypes) };
}
