import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTreeOrThrow } from '../tree/bracket';
import { type TreeNode, leaves, node } from '../tree/tree';
import { structIouBruteForce } from './bruteForce';
import loose from './fixtures/overlappingWords.json';
import published from './fixtures/publishedImplementation.json';
import fixture from './fixtures/workedExamples.json';
import { type WordTime, buildSegmentTree, wordTimeTolerance } from './segmentTree';
import { type TimedTree, structIou, structIouScore, structIouSignature, structIouText } from './structIou';

const times = (ws: (string | number)[][]): WordTime[] =>
  ws.map(([, s, e]) => ({ startSec: s as number, endSec: e as number }));
const words = fixture.words as Record<string, (string | number)[][]>;

describe('Struct-IoU worked examples', () => {
  for (const c of fixture.cases) {
    it(c.name, () => {
      const r = structIou(
        { tree: parseTreeOrThrow(c.gold), words: times(words[c.goldWords]!) },
        { tree: parseTreeOrThrow(c.pred), words: times(words[c.predWords]!) },
        { flexible: c.flexible },
      );
      expect(r.score).toBeCloseTo(c.expected, 6);
      expect(r.pairs).toHaveLength(c.pairs);
      const sum = r.pairs.reduce((s, p) => s + p.iou, 0);
      expect((2 * sum) / r.nodes).toBeCloseTo(r.score, 12);
    });
  }

  it('reports the matched pairs of example 4 with paths, labels and IoU', () => {
    const [, , , c] = fixture.cases;
    const r = structIou(
      { tree: parseTreeOrThrow(c!.gold), words: times(words[c!.goldWords]!) },
      { tree: parseTreeOrThrow(c!.pred), words: times(words[c!.predWords]!) },
      { flexible: false },
    );
    const shown = r.pairs.map((p) => [
      r.goldNodes[p.gold]!.label,
      r.goldNodes[p.gold]!.path.join('.'),
      r.predNodes[p.pred]!.label,
      r.predNodes[p.pred]!.path.join('.'),
      Number(p.iou.toFixed(4)),
    ]);
    // Hand calculation: PRP(I) 1.0–1.5 against PRP(2) 1.2–1.4 is 0.2 / 0.5.
    expect(shown).toContainEqual(['PRP', '0', 'PRP', '0.1', 0.4]);
    expect(shown).toContainEqual(['S', '', 'S', '', 0.9]);
    expect(r.signature).toBe('struct-iou|thr:0|flex:no|v:0.1.0');
  });
});

describe('Struct-IoU agrees with the published implementation', () => {
  it('on 30 random pairs of 6–18 words, to the last digits', () => {
    const timed = (ws: number[][]): WordTime[] => ws.map(([s, e]) => ({ startSec: s!, endSec: e! }));
    for (const c of published.cases) {
      const r = structIou(
        { tree: parseTreeOrThrow(c.gold), words: timed(c.goldWords) },
        { tree: parseTreeOrThrow(c.pred), words: timed(c.predWords) },
        { flexible: c.flexible, threshold: c.threshold },
      );
      expect(r.score).toBeCloseTo(c.expected, 12);
    }
  });
});

// ---- random small trees for the oracle ----

const LABELS = ['A', 'B'];

/**
 * A random tree of `k` constituents: each new constituent is put under a random earlier one, at a random
 * place among its children (so unary chains, flat and deep shapes all occur); constituents left without
 * constituent children get one or two words, and some nonterminals get a word of their own.
 */
const treeArb = (maxNodes: number): fc.Arbitrary<TreeNode> =>
  fc
    .record({
      k: fc.integer({ min: 1, max: maxNodes }),
      under: fc.array(fc.nat(), { minLength: maxNodes, maxLength: maxNodes }),
      at: fc.array(fc.nat(), { minLength: maxNodes, maxLength: maxNodes }),
      labels: fc.array(fc.constantFrom(...LABELS), { minLength: maxNodes, maxLength: maxNodes }),
      words: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: maxNodes, maxLength: maxNodes }),
      ownWord: fc.array(fc.integer({ min: 0, max: 5 }), { minLength: maxNodes, maxLength: maxNodes }),
    })
    .map(({ k, under, at, labels, words, ownWord }) => {
      const nodes: TreeNode[] = [node(labels[0]!)];
      for (let i = 1; i < k; i++) {
        const parent = nodes[under[i]! % i]!;
        const c = node(labels[i]!);
        parent.children.splice(at[i]! % (parent.children.length + 1), 0, c);
        nodes.push(c);
      }
      nodes.forEach((t, i) => {
        if (t.children.length === 0) t.children = Array.from({ length: words[i]! }, () => node('w'));
        else if (ownWord[i] === 0) t.children.splice(at[i]! % (t.children.length + 1), 0, node('w'));
      });
      return nodes[0]!;
    });

type Steps = [number, number][];
const stepsArb = (n: number): fc.Arbitrary<Steps> =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 6 })), {
    minLength: n,
    maxLength: n,
  });

/** Word times on a coarse grid (tenths), so ties, touching words, gaps and zero-length words all occur. */
function fromSteps(steps: Steps): WordTime[] {
  let t = 0;
  return steps.map(([gap, len]) => {
    const startSec = (t += gap) / 10;
    return { startSec, endSec: (t += len) / 10 };
  });
}
const timesArb = (n: number): fc.Arbitrary<WordTime[]> => stepsArb(n).map(fromSteps);

const timedTreeArb = (maxNodes: number): fc.Arbitrary<TimedTree> =>
  treeArb(maxNodes).chain((tree) => timesArb(leaves(tree).length).map((words) => ({ tree, words })));

const relabel = (t: TreeNode, flips: boolean[], k = { i: 0 }): TreeNode =>
  t.children.length === 0
    ? t
    : node(
        flips[k.i++ % flips.length] ? 'B' : t.label,
        t.children.map((c) => relabel(c, flips, k)),
      );

/**
 * Gold and predicted trees: either unrelated, or one shape with some labels changed and its word times
 * jittered by a tenth (which gives rich alignments with many overlapping, competing pairs).
 */
const pairArb = (maxNodes: number): fc.Arbitrary<[TimedTree, TimedTree]> =>
  fc.oneof(
    fc.tuple(timedTreeArb(maxNodes), timedTreeArb(maxNodes)),
    treeArb(maxNodes).chain((tree) =>
      fc
        .tuple(
          stepsArb(leaves(tree).length),
          fc.array(fc.tuple(fc.integer({ min: -1, max: 1 }), fc.integer({ min: -1, max: 1 })), {
            minLength: leaves(tree).length,
            maxLength: leaves(tree).length,
          }),
          fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        )
        .map(([steps, jitter, flips]): [TimedTree, TimedTree] => [
          { tree, words: fromSteps(steps) },
          {
            tree: relabel(tree, flips),
            words: fromSteps(
              steps.map(([g, l], k) => [Math.max(0, g + jitter[k]![0]), Math.max(0, l + jitter[k]![1])]),
            ),
          },
        ]),
    ),
  );

const optionsArb = fc.record({
  flexible: fc.boolean(),
  threshold: fc.constantFrom(0, 0, 0, 0.25, 0.5),
});

/** Checks a returned alignment against Problem 11's constraints, straight from the tree. */
function checkAlignment(gold: TimedTree, pred: TimedTree, options: { flexible: boolean; threshold: number }) {
  const r = structIou(gold, pred, options);
  const g = buildSegmentTree(gold.tree, gold.words);
  const p = buildSegmentTree(pred.tree, pred.words);
  const anc = (t: typeof g, a: number, d: number): boolean => {
    for (let k = t.parent[d]!; k !== -1; k = t.parent[k]!) if (k === a) return true;
    return false;
  };
  const seenG = new Set<number>();
  const seenP = new Set<number>();
  for (const x of r.pairs) {
    expect(seenG.has(x.gold) || seenP.has(x.pred)).toBe(false);
    seenG.add(x.gold);
    seenP.add(x.pred);
    expect(x.iou).toBeGreaterThan(options.threshold);
    const a = r.goldNodes[x.gold]!;
    const b = r.predNodes[x.pred]!;
    if (!(options.flexible && (a.preterminal || b.preterminal))) expect(a.label).toBe(b.label);
    for (const y of r.pairs) {
      expect(anc(g, x.gold, y.gold)).toBe(anc(p, x.pred, y.pred));
    }
  }
  const sum = r.pairs.reduce((s, x) => s + x.iou, 0);
  expect(sum).toBeCloseTo(r.matchedIou, 9);
  return r;
}

describe('Struct-IoU is exact', () => {
  it('equals the brute force over every conflict-free one-to-one matching (Problem 11)', () => {
    fc.assert(
      fc.property(pairArb(7), optionsArb, ([gold, pred], options) => {
        const oracle = structIouBruteForce(gold, pred, options);
        const r = checkAlignment(gold, pred, options);
        expect(r.matchedIou).toBeCloseTo(oracle.sum, 9);
        expect(r.score).toBeCloseTo(oracle.score, 9);
      }),
      { numRuns: 400 },
    );
  });

  it('is symmetric, and identical trees with non-empty words score 1', () => {
    fc.assert(
      fc.property(pairArb(12), optionsArb, ([a, b], options) => {
        expect(structIouScore(a, b, options)).toBeCloseTo(structIouScore(b, a, options), 12);
        const positive = { tree: a.tree, words: a.words.map((w, k) => ({ startSec: k, endSec: k + 0.5 })) };
        expect(structIouScore(positive, positive, options)).toBeCloseTo(1, 12);
      }),
      { numRuns: 200 },
    );
  });
});

describe('Struct-IoU conventions and input errors', () => {
  const w = (...pairs: [number, number][]): WordTime[] => pairs.map(([s, e]) => ({ startSec: s, endSec: e }));

  it('leaves out the Penn Treebank wrapper but reports paths in the tree as given', () => {
    const t = parseTreeOrThrow('( (S (NP (DT a)) (VP (VB b))) )');
    const r = structIou({ tree: t, words: w([0, 1], [1, 2]) }, { tree: t, words: w([0, 1], [1, 2]) });
    expect(r.nodes).toBe(10);
    expect(r.score).toBe(1);
    expect(r.goldNodes.map((n) => n.path.join('.'))).toEqual(['0.0.0', '0.0', '0.1.0', '0.1', '0']);
  });

  it('may match a root with a subtree and leave the other root unmatched', () => {
    // Hand calculation: gold S (0–1) against pred root S (0–4) has IoU 0.25, against the inner S (0–1)
    // IoU 1; with N ↔ N (IoU 1) the best sum is 2, the pred root stays unmatched: 2 × 2 / (2 + 4).
    const gold = { tree: parseTreeOrThrow('(S (N a))'), words: w([0, 1]) };
    const pred = { tree: parseTreeOrThrow('(S (S (N a)) (V b))'), words: w([0, 1], [1, 4]) };
    const r = structIou(gold, pred, { flexible: false });
    expect(r.matchedIou).toBeCloseTo(2, 12);
    expect(r.score).toBeCloseTo(4 / 6, 12);
    const paths = r.pairs.map((p) => [
      r.goldNodes[p.gold]!.path.join('.'),
      r.predNodes[p.pred]!.path.join('.'),
    ]);
    expect(paths).toEqual([
      ['0', '0.0'],
      ['', '0'],
    ]);
  });

  it('scores zero-length words 0 and treats touching intervals as disjoint', () => {
    const t = parseTreeOrThrow('(S (A a) (B b))');
    const r = structIou({ tree: t, words: w([0, 0], [0, 0]) }, { tree: t, words: w([0, 0], [0, 0]) });
    expect(r.score).toBe(0);
    expect(r.pairs).toEqual([]);
  });

  it('scores text parses with unit word intervals (§5.2)', () => {
    // Hand calculation: gold NP(a b) = (0, 2) and pred NP(b c) = (1, 3) overlap by 1 over 3.
    const r = structIouText(parseTreeOrThrow('(S (NP a b) c)'), parseTreeOrThrow('(S a (NP b c))'));
    expect(r.signature).toBe('struct-iou|thr:0|flex:yes|time:unit|v:0.1.0');
    expect(r.matchedIou).toBeCloseTo(1 + 1 / 3, 12);
    expect(r.score).toBeCloseTo((2 * (4 / 3)) / 4, 12);
  });

  it('names the offending values of bad input', () => {
    const t = parseTreeOrThrow('(S (A a) (B b))');
    const ok = { tree: t, words: w([0, 1], [1, 2]) };
    expect(() => structIou({ tree: t, words: w([0, 1]) }, ok)).toThrow('gold tree has 2 leaves but 1 words');
    expect(() => structIou(ok, { tree: t, words: w([0, 1], [0.5, 0.4999]) })).toThrow(
      'pred word 2 ends (0.4999) before it starts (0.5)',
    );
    expect(() => structIou(ok, { tree: t, words: w([0, 1], [2, 1.5]) })).toThrow(
      'pred word 2 ends (1.5) before it starts (2)',
    );
    expect(() => structIou(ok, { tree: t, words: w([0, 1], [1, Number.NaN]) })).toThrow('non-finite');
    expect(() => structIou({ tree: parseTreeOrThrow('(x)'), words: w([0, 1]) }, ok)).toThrow(
      'no constituent',
    );
    expect(() => structIou(ok, ok, { threshold: 1 })).toThrow('threshold must lie in [0, 1), got 1');
    expect(() => structIouSignature({ threshold: -0.1 })).toThrow('got -0.1');
  });
});

describe('Struct-IoU takes word times as given: overlapping, repeated, zero-length, out of order', () => {
  const w = (...pairs: [number, number][]): WordTime[] => pairs.map(([s, e]) => ({ startSec: s, endSec: e }));
  const timed = (ws: number[][]): WordTime[] => ws.map(([s, e]) => ({ startSec: s!, endSec: e! }));
  const abc = parseTreeOrThrow('(S (NP (DT a) (NN b)) (VB c))');

  for (const c of loose.cases) {
    it(`agrees with the published implementation: ${c.name}`, () => {
      const gold = { tree: parseTreeOrThrow(c.gold), words: timed(c.goldWords) };
      const pred = { tree: parseTreeOrThrow(c.pred), words: timed(c.predWords) };
      const options = { flexible: c.flexible, threshold: c.threshold };
      const r = structIou(gold, pred, options);
      expect(r.score).toBeCloseTo(c.expected, 12);
      const sum = r.pairs.reduce((s, p) => s + p.iou, 0);
      expect((2 * sum) / r.nodes).toBeCloseTo(r.score, 12);
    });
  }

  it('scores crossed words by word order: 2 × (1/3 + 1) / 6, where Definition 10 alone would allow 7/9', () => {
    // Gold S = (0, 3), pred S = (1, 2) (first word's start to last word's end): IoU 1/3. Gold P (0, 2)
    // equals pred Q and gold Q (1, 3) equals pred P, but P before Q in one tree and Q before P in the
    // other cross, so only one of the two IoU-1 pairs is matched, as in the published implementation.
    const t = parseTreeOrThrow('(S (P a) (Q b))');
    const r = structIou({ tree: t, words: w([0, 2], [1, 3]) }, { tree: t, words: w([1, 3], [0, 2]) });
    expect(r.matchedIou).toBeCloseTo(4 / 3, 12);
    expect(r.score).toBeCloseTo(4 / 9, 12);
    expect(r.pairs).toHaveLength(2);
  });

  it('scores zero-length constituents 0, also against identical zero-length ones (0/0 is 0)', () => {
    const zero = { tree: abc, words: w([1, 1], [1, 1], [1, 1]) };
    expect(structIou(zero, zero)).toMatchObject({ score: 0, matchedIou: 0, nodes: 10, pairs: [] });
    // Hand calculation: NN(b) lasts 0 s; S, NP, DT and VB match with IoU 1: 2 × 4 / 10.
    const one = { tree: abc, words: w([0, 0.4], [0.4, 0.4], [0.4, 1]) };
    const r = structIou(one, one);
    expect(r.score).toBeCloseTo(0.8, 12);
    expect(r.pairs.map((p) => r.goldNodes[p.gold]!.label)).not.toContain('NN');
  });

  it('scores repeated and reversed constituent intervals by hand calculation', () => {
    // Gold DT and NN share (0, 0.5): S, NP, VB match with IoU 1, DT and NN with 0.25 / 0.5: 2 × 4 / 10.
    const dup = structIou(
      { tree: abc, words: w([0, 0.5], [0, 0.5], [0.5, 1]) },
      { tree: abc, words: w([0, 0.25], [0.25, 0.5], [0.5, 1]) },
    );
    expect(dup.score).toBeCloseTo(0.8, 12);
    // Gold NP runs from a's start (2) to b's end (1): reversed, IoU 0. Best: S (2, 4) ~ (0, 4) 0.5, gold NN
    // (0, 1) ~ pred DT (0, 1) 1, VB (3, 4) ~ (2, 4) 0.5: 2 × 2 / 10.
    const rev = structIou(
      { tree: abc, words: w([2, 3], [0, 1], [3, 4]) },
      { tree: abc, words: w([0, 1], [1, 2], [2, 4]) },
    );
    expect(rev.goldNodes.find((n) => n.label === 'NP')).toMatchObject({ startSec: 2, endSec: 1 });
    expect(rev.score).toBeCloseTo(0.4, 12);
  });

  it('reads a word that ends below its start by floating-point noise as zero-length', () => {
    const noisy = { tree: abc, words: w([0.3, 0.5], [0.5, 0.4999999999999999], [0.5, 0.9]) };
    const clean = { tree: abc, words: w([0.3, 0.5], [0.5, 0.5], [0.5, 0.9]) };
    const r = structIou(noisy, clean);
    expect(r.score).toBe(structIou(clean, clean).score);
    expect(r.goldNodes.map((n) => [n.startSec, n.endSec])).toEqual(
      structIou(clean, clean).goldNodes.map((n) => [n.startSec, n.endSec]),
    );
    // The tolerance: 1e-9 s, or 16 machine epsilons of the magnitude when that is more.
    expect(wordTimeTolerance(0.5, 0.4)).toBe(1e-9);
    expect(wordTimeTolerance(1e8, 1e8)).toBeCloseTo(16 * Number.EPSILON * 1e8, 20);
    const big = 1e8 + 0.5;
    const late = { tree: abc, words: w([big - 1, big - 0.5], [big, big - 2 * 2 ** -26], [big, big + 1]) };
    expect(() => structIou(late, late)).not.toThrow();
    expect(() =>
      structIou(clean, { tree: abc, words: w([0.3, 0.5], [0.5, 0.5 - 2e-9], [0.5, 0.9]) }),
    ).toThrow('pred word 2 ends (0.499999998) before it starts (0.5)');
  });

  /** Word times on a grid of tenths that overlap, repeat, last zero seconds or run out of time order. */
  const looseTimesArb = (n: number): fc.Arbitrary<WordTime[]> => {
    const spans = (max: number) =>
      fc.array(fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max: 6 })), {
        minLength: n,
        maxLength: n,
      });
    // Anywhere in time: out of order, nested, crossed.
    const anywhere = spans(20).map((ws) => ws.map(([s, l]) => ({ startSec: s / 10, endSec: (s + l) / 10 })));
    // Starts and ends both in order, words overlapping the next ones (the alignment's pruned path).
    const ordered = spans(3).map((ws) => {
      let s = 0;
      let e = 0;
      return ws.map(([step, l]) => {
        s += step;
        e = Math.max(e, s + l);
        return { startSec: s / 10, endSec: e / 10 };
      });
    });
    return fc
      .tuple(fc.oneof(anywhere, ordered, timesArb(n)), fc.array(fc.boolean(), { minLength: n, maxLength: n }))
      .map(([ws, repeat]) => ws.map((x, k) => (k > 0 && repeat[k] ? { ...ws[k - 1]! } : x)));
  };

  const looseTreeArb = (maxNodes: number): fc.Arbitrary<TimedTree> =>
    treeArb(maxNodes).chain((tree) => looseTimesArb(leaves(tree).length).map((words) => ({ tree, words })));

  const loosePairArb = (maxNodes: number): fc.Arbitrary<[TimedTree, TimedTree]> =>
    fc.oneof(
      fc.tuple(looseTreeArb(maxNodes), looseTreeArb(maxNodes)),
      treeArb(maxNodes).chain((tree) =>
        fc
          .tuple(
            looseTimesArb(leaves(tree).length),
            looseTimesArb(leaves(tree).length),
            fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
          )
          .map(([a, b, flips]): [TimedTree, TimedTree] => [
            { tree, words: a },
            { tree: relabel(tree, flips), words: b },
          ]),
      ),
    );

  it('equals the brute force (Problem 11, word order kept) on overlapping, repeated and zero-length words', () => {
    fc.assert(
      fc.property(loosePairArb(7), optionsArb, ([gold, pred], options) => {
        const oracle = structIouBruteForce(gold, pred, options);
        const r = checkAlignment(gold, pred, options);
        expect(r.matchedIou).toBeCloseTo(oracle.sum, 9);
        expect(r.score).toBeCloseTo(oracle.score, 9);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(1);
        // Matched constituents that share no word keep their word order in both trees.
        const g = buildSegmentTree(gold.tree, gold.words);
        const p = buildSegmentTree(pred.tree, pred.words);
        for (const x of r.pairs)
          for (const y of r.pairs) {
            if (g.endWord[x.gold]! <= g.firstWord[y.gold]!) {
              expect(p.endWord[x.pred]! <= p.firstWord[y.pred]!).toBe(true);
            }
          }
        expect(structIouScore(pred, gold, options)).toBeCloseTo(r.score, 12);
      }),
      { numRuns: 400 },
    );
  });
});
