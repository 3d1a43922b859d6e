// Test helpers shared by the tree edit distance tests: random small trees for fast-check, and the
// mapping conditions of Thomae et al. §4 checked directly on postorder numbers.
import fc from 'fast-check';
import { postorder, type TreeNode } from '../../src/core/tree/tree';
import { oracleRename } from '../../src/core/ted/oracle';
import type { TedCosts } from '../../src/core/ted/costModel';
import type { TedOp } from '../../src/core/ted/ted';

/** fast-check arbitrary for ordered trees of 1..maxNodes nodes over a small label and type alphabet. */
export function arbTree(maxNodes = 8, labels = ['a', 'b', 'c'], types = ['t', 'u']): fc.Arbitrary<TreeNode> {
  return fc
    .array(
      fc.record({
        label: fc.constantFrom(...labels),
        type: fc.constantFrom(...types),
        parent: fc.nat(),
        slot: fc.nat(),
      }),
      { minLength: 1, maxLength: maxNodes },
    )
    .map((spec) => {
      const nodes: TreeNode[] = [];
      spec.forEach((s, k) => {
        const n: TreeNode = { label: s.label, type: s.type, children: [] };
        if (k > 0) {
          const p = nodes[s.parent % k]!;
          p.children.splice(s.slot % (p.children.length + 1), 0, n);
        }
        nodes.push(n);
      });
      return nodes[0]!;
    });
}

/**
 * fast-check arbitrary for costs: ins/del in 1..5, sub in 0..9, typed or not; a quarter of the time all
 * three are quarters of those (exact in binary), so that both kinds of distance arrays are exercised
 * (32-bit floats for integer costs, 64-bit otherwise).
 */
export function arbCosts(): fc.Arbitrary<TedCosts> {
  return fc
    .record({
      ins: fc.integer({ min: 1, max: 5 }),
      del: fc.integer({ min: 1, max: 5 }),
      sub: fc.integer({ min: 0, max: 9 }),
      typed: fc.boolean(),
      unit: fc.constantFrom(1, 1, 1, 0.25),
    })
    .map(({ ins, del, sub, typed, unit }) => ({ ins: ins * unit, del: del * unit, sub: sub * unit, typed }));
}

/** Nodes in postorder with the postorder number (0-based) of each one's leftmost leaf. */
function postInfo(tree: TreeNode): { nodes: TreeNode[]; lld: number[] } {
  const nodes = postorder(tree);
  const at = new Map(nodes.map((n, k) => [n, k]));
  const lld = nodes.map((n) => {
    let x = n;
    while (x.children.length > 0) x = x.children[0]!;
    return at.get(x)!;
  });
  return { nodes, lld };
}

/**
 * Problems with a mapping, as messages (empty when fine): every node covered exactly once,
 * conditions (14) one-to-one, (16) ancestor order and (15)/(5) left-to-right order preserved, and
 * the cost of the operations equal to `distance`.
 */
export function mappingProblems(
  t1: TreeNode,
  t2: TreeNode,
  ops: TedOp[],
  costs: TedCosts,
  distance: number,
): string[] {
  const a = postInfo(t1);
  const b = postInfo(t2);
  const problems: string[] = [];
  const seen1 = new Array<number>(a.nodes.length).fill(0);
  const seen2 = new Array<number>(b.nodes.length).fill(0);
  const pairs: [number, number][] = [];
  let cost = 0;
  for (const op of ops) {
    if (op.i !== null) seen1[op.i - 1]!++;
    if (op.j !== null) seen2[op.j - 1]!++;
    if (op.i !== null && op.j !== null) {
      const x = a.nodes[op.i - 1]!;
      const y = b.nodes[op.j - 1]!;
      cost += oracleRename(costs, x, y);
      pairs.push([op.i - 1, op.j - 1]);
      const same = x.label === y.label && (!costs.typed || (x.type ?? '') === (y.type ?? ''));
      if (op.op !== (same ? 'C' : 'S')) problems.push(`pair ${op.i}→${op.j} labelled ${op.op}`);
    } else if (op.i !== null) cost += costs.del;
    else cost += costs.ins;
  }
  if (seen1.some((s) => s !== 1) || seen2.some((s) => s !== 1))
    problems.push('a node is not covered exactly once');
  if (cost !== distance) problems.push(`mapping costs ${cost}, distance is ${distance}`);
  const anc = (lld: number[], x: number, y: number): boolean => lld[x]! <= y && y < x;
  const leftOf = (lld: number[], x: number, y: number): boolean => x < y && !anc(lld, y, x);
  for (const [i1, j1] of pairs) {
    for (const [i2, j2] of pairs) {
      if (i1 === i2 || j1 === j2) {
        if (i1 !== i2 || j1 !== j2)
          problems.push(`(14) one-to-one broken by ${i1 + 1}→${j1 + 1}, ${i2 + 1}→${j2 + 1}`);
        continue;
      }
      if (anc(a.lld, i1, i2) !== anc(b.lld, j1, j2))
        problems.push(`(16) ancestor order: ${i1 + 1}→${j1 + 1}, ${i2 + 1}→${j2 + 1}`);
      if (leftOf(a.lld, i1, i2) !== leftOf(b.lld, j1, j2))
        problems.push(`(15) sibling order: ${i1 + 1}→${j1 + 1}, ${i2 + 1}→${j2 + 1}`);
    }
  }
  return problems;
}
