// Tree edit distance on the shapes of the speed goals (APTED, warmed up, 3/3/4 costs, on this
// kind of machine: random 1,000 ≈ 0.43 s, random 2,000 ≈ 3 s, deep random 1,000 ≈ 2.2 s, left comb
// against right comb 1,000 ≈ 3.9 s, zigzag 1,000 ≈ 4.2 s). Distance only and distance + mapping.
// Measured here before the 32-bit tables and the split left-path rows (2 shared cores, Node 22, medians;
// bench/tedVsApted.bench.ts compares today's whole process with APTED's): 0.14 s, 0.76 s, 2.45 s, 2.37 s (1.6 s CPU) and
// 3.98 s (1.8 s CPU; the machine was shared) for distance; the mapping adds little (< 10 %).
//
// Shapes (seeded, labels drawn from 26 letters):
//   random     — each new node becomes the last child of a uniformly chosen earlier node;
//   deep       — the same, but the parent is one of the 8 most recent nodes (depth ≈ n/4);
//   left comb  — a path down the first children, each path node with a leaf as its second child;
//   right comb — the mirror image (leaf first, path second);
//   zigzag     — a path whose continuing child is alternately the first and the second child.
import { performance } from 'node:perf_hooks';
import { runTed } from '../src/core/ted/distance';
import { tedCosts } from '../src/core/ted/costModel';
import { treeEditDistance } from '../src/core/ted/ted';
import { indexTree, LabelKeys } from '../src/core/ted/treeIndex';
import type { TreeNode } from '../src/core/tree/tree';
import { seededRandom, type BenchSuite } from './harness';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function label(rnd: () => number): string {
  return LETTERS[Math.floor(rnd() * LETTERS.length)]!;
}

/** Random tree of n nodes; `window` > 0 picks parents among the last `window` nodes (deep trees). */
export function randomTree(n: number, seed: number, window = 0): TreeNode {
  const rnd = seededRandom(seed);
  const nodes: TreeNode[] = [];
  for (let i = 0; i < n; i++) {
    const t: TreeNode = { label: label(rnd), children: [] };
    if (i > 0) {
      const lo = window > 0 ? Math.max(0, i - window) : 0;
      nodes[lo + Math.floor(rnd() * (i - lo))]!.children.push(t);
    }
    nodes.push(t);
  }
  return nodes[0]!;
}

/** A comb of about n nodes: `pathFirst` puts the path in the first child (left comb), else the second. */
export function comb(n: number, seed: number, pathFirst: (level: number) => boolean): TreeNode {
  const rnd = seededRandom(seed);
  let t: TreeNode = { label: label(rnd), children: [] };
  for (let count = 1, level = 0; count + 2 <= n; count += 2, level++) {
    const leaf: TreeNode = { label: label(rnd), children: [] };
    t = { label: label(rnd), children: pathFirst(level) ? [t, leaf] : [leaf, t] };
  }
  return t;
}

const SHAPES: { name: string; n: number; make: () => [TreeNode, TreeNode]; apted: number; runs: number }[] = [
  { name: 'random', n: 1000, make: () => [randomTree(1000, 1), randomTree(1000, 2)], apted: 0.43, runs: 5 },
  { name: 'random', n: 2000, make: () => [randomTree(2000, 3), randomTree(2000, 4)], apted: 3, runs: 3 },
  {
    name: 'deep random',
    n: 1000,
    make: () => [randomTree(1000, 5, 8), randomTree(1000, 6, 8)],
    apted: 2.2,
    runs: 3,
  },
  {
    name: 'left comb vs right comb',
    n: 1000,
    make: () => [comb(1000, 7, () => true), comb(1000, 8, () => false)],
    apted: 3.9,
    runs: 3,
  },
  {
    name: 'zigzag',
    n: 1000,
    make: () => [comb(1000, 9, (l) => l % 2 === 0), comb(1000, 10, (l) => l % 2 === 0)],
    apted: 4.2,
    runs: 3,
  },
];

/** Distance only and distance + mapping on every shape, with subproblem counts and CPU time. */
export const tedBench: BenchSuite = {
  name: 'ted',
  async run(measure) {
    const costs = tedCosts();
    for (const shape of SHAPES) {
      const [a, b] = shape.make();
      const keys = new LabelKeys();
      const ia = indexTree(a, keys, false);
      const ib = indexTree(b, keys, false);
      let cells = 0;
      let cpuMs = 0;
      const params = { shape: shape.name, nodes: shape.n };
      const r = await measure(
        'distance',
        params,
        () => {
          const c0 = process.cpuUsage();
          cells = runTed(ia, ib, costs).ws.cells;
          cpuMs = process.cpuUsage(c0).user / 1000;
        },
        { runs: shape.runs },
      );
      // Index + strategy + GTED, as one call of the library would do; the CPU time of the last run
      // shows how much of the wall time the (shared) machine actually gave us.
      r.extra = {
        cells,
        lastRunCpuMs: Math.round(cpuMs),
        aptedSec: shape.apted,
        ratioToApted: r.medianMs / 1000 / shape.apted,
      };
      const t0 = performance.now();
      const full = treeEditDistance(a, b, costs);
      const once = performance.now() - t0;
      const m = await measure('distance+mapping', params, () => treeEditDistance(a, b, costs), {
        runs: shape.runs,
      });
      m.extra = {
        distance: full.distance,
        mappingOps: full.mapping.length,
        firstRunMs: Math.round(once),
        aptedSec: shape.apted,
        ratioToApted: m.medianMs / 1000 / shape.apted,
      };
    }
  },
};
