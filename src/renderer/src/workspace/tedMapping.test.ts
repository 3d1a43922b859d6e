import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { treeEditDistance } from '../../../core/ted/ted';
import { arbTree } from '../../../../test/helpers/testTrees';
import { parseTreeOrThrow } from '../../../core/tree/bracket';
import { nodeCount } from '../../../core/tree/tree';
import { mappedNodes } from './tedMapping';

describe('mappedNodes', () => {
  it('marks the relabelled, deleted and inserted nodes of a hand-worked pair', () => {
    // Gold (S (NP I) (VP want (PP to))) against (S (NP I) (XP want to)): with unit costs the cheapest
    // script (distance 2) relabels VP to XP and deletes PP (its word moves up); every word is kept.
    const gold = parseTreeOrThrow('(S (NP I) (VP want (PP to)))');
    const pred = parseTreeOrThrow('(S (NP I) (XP want to))');
    const r = treeEditDistance(gold, pred, { ins: 1, del: 1, sub: 1 });
    expect(r.distance).toBe(2);
    const m = mappedNodes(gold, pred, r.mapping);
    const show = (ns: typeof m.gold) =>
      ns.map((n) => `${n.label}:${n.op}${n.partner ? `>${n.partner}` : ''}`);
    expect(show(m.gold)).toEqual(['S:C>S', 'NP:C>NP', 'I:C>I', 'VP:S>XP', 'want:C>want', 'PP:D', 'to:C>to']);
    expect(show(m.pred)).toEqual(['S:C>S', 'NP:C>NP', 'I:C>I', 'XP:S>VP', 'want:C>want', 'to:C>to']);
    // Paths and word spans follow the tree: VP covers words 1..2 of the gold.
    expect(m.gold[3]).toMatchObject({ path: [1], first: 1, last: 2, depth: 1, leaf: false });
  });

  it('agrees with the scorer on random trees: every node marked once, counts and labels as mapped', () => {
    fc.assert(
      fc.property(arbTree(9), arbTree(9), (a, b) => {
        const r = treeEditDistance(a, b);
        const m = mappedNodes(a, b, r.mapping);
        expect(m.gold).toHaveLength(nodeCount(a));
        expect(m.pred).toHaveLength(nodeCount(b));
        const count = (op: string) =>
          m.gold.filter((n) => n.op === op).length + m.pred.filter((n) => n.op === op).length;
        expect(count('D')).toBe(r.counts.D);
        expect(count('I')).toBe(r.counts.I);
        expect(count('C')).toBe(2 * r.counts.C);
        expect(count('S')).toBe(2 * r.counts.S);
        for (const n of m.gold) if (n.op === 'C') expect(n.partner).toBe(n.label);
      }),
      { numRuns: 300 },
    );
  });
});
