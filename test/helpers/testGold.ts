// Test helpers for the editing functions: small random gold standards (timed words, a bracketed tree
// over them, non-overlapping entities) and random trees, built from a seed by a plain generator that
// shares no code with the functions under test.
import fc from 'fast-check';
import type { GoldEntity, GoldRecords, GoldWord } from '../../src/core/gold/records';
import type { TreeNode } from '../../src/core/tree/tree';
import { seededRandom } from '../../src/core/stats/prng';

const LABELS = ['S', 'NP', 'VP', 'PP', 'X'];
const WORDS = ['I', 'want', 'to', 'go', 'Bonn', 'Berlin', 'from', 'the', 'train', '(x)'];

/** A random tree whose leaves are `leafLabels` in order: each node splits its run into random parts. */
export function randomTreeOver(leafLabels: readonly string[], next: () => number, label = 'S'): TreeNode {
  const build = (from: number, to: number, lab: string, depth: number): TreeNode => {
    const n = to - from + 1;
    const children: TreeNode[] = [];
    let i = from;
    while (i <= to) {
      const len = depth > 4 || n === 1 ? 1 : 1 + Math.floor(next() * Math.min(n - 1, 3));
      const j = Math.min(to, i + len - 1);
      const leafRun = j === i && (depth > 6 || next() < 0.7);
      if (leafRun) children.push({ label: leafLabels[i]!, children: [] });
      else children.push(build(i, j, LABELS[Math.floor(next() * LABELS.length)]!, depth + 1));
      i = j + 1;
    }
    return { label: lab, children };
  };
  return build(0, leafLabels.length - 1, label, 0);
}

/** A random gold standard of 1..maxWords words from a seed: shared and gapped boundaries, a tree, entities. */
export function randomGold(seed: number, maxWords = 8): GoldRecords {
  const next = seededRandom(seed);
  const n = 1 + Math.floor(next() * maxWords);
  const words: GoldWord[] = [];
  let t = 0.1;
  for (let i = 0; i < n; i++) {
    if (next() < 0.3) t += 0.05 + Math.round(next() * 100) / 1000;
    const len = 0.05 + Math.round(next() * 300) / 1000;
    words.push({
      text: WORDS[Math.floor(next() * WORDS.length)]!,
      startSec: round(t),
      endSec: round(t + len),
    });
    t = round(t + len);
  }
  const leafLabels = words.map((w) => w.text.replace(/\(/g, '-LRB-').replace(/\)/g, '-RRB-'));
  const tree = randomTreeOver(leafLabels, next);
  const entities: GoldEntity[] = [];
  for (let i = 0; i < n; i++) {
    if (next() < 0.3) {
      const last = Math.min(n - 1, i + Math.floor(next() * 3));
      entities.push({ type: ['PERSON', 'LOCATION'][Math.floor(next() * 2)]!, firstWord: i, lastWord: last });
      i = last;
    }
  }
  return {
    words,
    trees: [{ name: 'syntax', typed: false, bracket: writeTree(tree) }],
    entities,
    concepts: [],
    interpretations: [],
    labels: {},
  };
}

/** Bracket text written the plainest way (every node on one line), independently of the formatter. */
export function writeTree(t: TreeNode): string {
  if (t.children.length === 0) return t.label;
  return `(${t.label} ${t.children.map(writeTree).join(' ')})`;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** fast-check arbitrary of random gold standards. */
export const arbGold = (maxWords = 8): fc.Arbitrary<GoldRecords> =>
  fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) => randomGold(seed, maxWords));

/** fast-check arbitrary of random trees with 1..maxLeaves leaves (labels without spaces or brackets). */
export const arbTreeOver = (maxLeaves = 8): fc.Arbitrary<TreeNode> =>
  fc
    .tuple(fc.integer({ min: 1, max: maxLeaves }), fc.integer({ min: 1, max: 2 ** 31 - 1 }))
    .map(([n, seed]) => {
      const next = seededRandom(seed);
      return randomTreeOver(
        Array.from({ length: n }, (_, i) => `w${i}`),
        next,
      );
    });
