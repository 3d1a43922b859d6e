// Struct-IoU speed: tree pairs of 5 … 100 words (realistic labelled, all-NT unlabelled, deep right-branching)
// and a 10,000-sentence corpus. The published Python implementation, on this kind of machine, takes about
// 0.1 s / 1.1 s / 5 s / 31 s for a realistic labelled pair of 20 / 40 / 60 / 100 words, about 3× that for
// all-NT trees, and 144 s for a deep right-branching 40-word pair; the goal is at least 1,000× faster.
import { buildSegmentTree, type SegmentTree, type WordTime } from '../src/core/structIou/segmentTree';
import { structIouOfSegmentTrees } from '../src/core/structIou/structIou';
import { type TreeNode, node } from '../src/core/tree/tree';
import { seededRandom, type BenchSuite } from './harness';

type Rng = () => number;
const PHRASES = ['NP', 'NP', 'NP', 'VP', 'VP', 'PP', 'S', 'SBAR', 'ADJP', 'ADVP'];
const TAGS = ['NN', 'NN', 'DT', 'JJ', 'IN', 'VB', 'VBD', 'PRP', 'RB', 'NNS', 'CC'];
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

/** Split points of words lo … hi−1 into 2 (70 %) or 3 parts. */
function splits(rng: Rng, lo: number, hi: number): number[] {
  const k = hi - lo >= 3 && rng() < 0.3 ? 3 : 2;
  const cuts = new Set<number>();
  while (cuts.size < k - 1) cuts.add(lo + 1 + Math.floor(rng() * (hi - lo - 1)));
  return [lo, ...[...cuts].sort((a, b) => a - b), hi];
}

/**
 * A random constituency tree over words lo … hi−1 with preterminals; `like`, when given, is a gold tree
 * over the same words whose brackets and labels are kept with probability `keep` at each node (a system
 * parse that is mostly right).
 */
function parse(rng: Rng, lo: number, hi: number, labelled: boolean, like?: TreeNode, keep = 0.85): TreeNode {
  const label = (xs: readonly string[]): string => (labelled ? pick(rng, xs) : 'NT');
  if (hi - lo === 1) return node(like && rng() < keep ? like.label : label(TAGS), [node(`w${lo}`)]);
  if (like && like.children.length > 1 && rng() < keep) {
    let at = lo;
    const kids = like.children.map((c) => {
      const n = c.children.length === 0 ? 1 : countWords(c);
      const t = parse(rng, at, at + n, labelled, c, keep);
      at += n;
      return t;
    });
    return node(like.label, kids);
  }
  const cut = splits(rng, lo, hi);
  return node(
    label(PHRASES),
    cut.slice(1).map((e, i) => parse(rng, cut[i]!, e, labelled)),
  );
}

function countWords(t: TreeNode): number {
  return t.children.length === 0 ? 1 : t.children.reduce((s, c) => s + countWords(c), 0);
}

function rightBranching(lo: number, hi: number): TreeNode {
  const pre = node('NT', [node(`w${lo}`)]);
  return hi - lo === 1 ? pre : node('NT', [pre, rightBranching(lo + 1, hi)]);
}

/** Forced-alignment-like times: words of 0.1–0.5 s, short pauses now and then. */
function wordTimes(rng: Rng, n: number): WordTime[] {
  let t = 0;
  return Array.from({ length: n }, () => {
    if (rng() < 0.2) t += 0.05 + rng() * 0.2;
    const startSec = t;
    t += 0.1 + rng() * 0.4;
    return { startSec, endSec: t };
  });
}

/** The same words with every inner boundary moved by up to 30 % towards a neighbour (Noise-0.3, §5.1.3). */
function jitter(rng: Rng, words: WordTime[]): WordTime[] {
  const b = [words[0]!.startSec, ...words.map((w) => w.endSec)];
  for (let i = 1; i < b.length - 1; i++) {
    const r = (rng() * 2 - 1) * 0.3;
    b[i] = b[i]! + Math.abs(r) * (b[i + (r >= 0 ? 1 : -1)]! - b[i]!);
  }
  return words.map((_, k) => ({ startSec: b[k]!, endSec: b[k + 1]! }));
}

type Kind = 'labelled' | 'unlabelled' | 'right-branching';

/** The published implementation's times (ms) on this kind of machine, from the issue, for the speed-up. */
const PUBLISHED_MS: Record<Kind, Record<number, number>> = {
  labelled: { 20: 100, 40: 1100, 60: 5000, 100: 31000 },
  unlabelled: { 20: 300, 40: 3300, 60: 15000, 100: 93000 },
  'right-branching': { 40: 144000 },
};

interface TreePair {
  gold: TreeNode;
  goldWords: WordTime[];
  pred: TreeNode;
  predWords: WordTime[];
}

function treePair(kind: Kind, n: number, seed: number): TreePair {
  const rng = seededRandom(seed);
  const words = wordTimes(rng, n);
  let gold: TreeNode;
  let pred: TreeNode;
  if (kind === 'right-branching') {
    gold = rightBranching(0, n);
    pred = rightBranching(0, n);
  } else {
    gold = parse(rng, 0, n, kind === 'labelled');
    pred = parse(rng, 0, n, kind === 'labelled', gold);
  }
  return { gold, goldWords: words, pred, predWords: jitter(rng, words) };
}

function segmentPair(t: TreePair): [SegmentTree, SegmentTree] {
  return [buildSegmentTree(t.gold, t.goldWords, 'gold'), buildSegmentTree(t.pred, t.predWords, 'pred')];
}

/** Struct-IoU pairs of 5 … 100 words and a 10,000-sentence corpus (sentences of 1 … 40 words). */
export const structIouBench: BenchSuite = {
  name: 'struct-iou',
  async run(measure) {
    for (const kind of ['labelled', 'unlabelled', 'right-branching'] as const) {
      for (const n of [5, 10, 20, 40, 60, 100]) {
        const [g, p] = segmentPair(treePair(kind, n, 1000 + n));
        const r = structIouOfSegmentTrees(g, p, {}, true);
        const runs = n <= 20 ? 200 : n <= 60 ? 50 : 10;
        const extra: Record<string, number> = { score: Number(r.score.toFixed(6)), pairs: r.pairs.length };
        const result = await measure(
          `pair:${kind}`,
          { words: n, goldNodes: g.size, predNodes: p.size },
          () => structIouOfSegmentTrees(g, p, {}, true),
          { runs, extra },
        );
        const published = PUBLISHED_MS[kind][n];
        if (published !== undefined) {
          extra.publishedMs = published;
          extra.speedup = Math.round(published / result.medianMs);
          console.log(`  published implementation ≈ ${published} ms: ${extra.speedup}× faster`);
        }
      }
    }
    const rng = seededRandom(99);
    const corpus = Array.from({ length: 10_000 }, (_, k) =>
      treePair('labelled', 1 + Math.floor(rng() * 40), 5000 + k),
    );
    let words = 0;
    for (const c of corpus) words += c.goldWords.length;
    await measure(
      'corpus:labelled (build + score)',
      { sentences: corpus.length, words },
      () => {
        let sum = 0;
        for (const c of corpus) {
          const [g, p] = segmentPair(c);
          sum += structIouOfSegmentTrees(g, p, {}, false).score;
        }
        return sum;
      },
      { runs: 3 },
    );
  },
};
