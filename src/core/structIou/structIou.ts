// Struct-IoU (Shi et al. §4.1, Definition 12): the similarity of two parse trees over time, from the
// maximally IoU-weighted structured alignment of their constituents. The engine returns the alignment
// (matched pairs with their IoU) with the score; `structIouScore` is the thin wrapper.
import { MetricInputError } from '../errors';
import { makeSignature } from '../stats/signature';
import type { TreeNode } from '../tree/tree';
import { leaves } from '../tree/tree';
import { alignSegmentTrees } from './align';
import { type SegmentTree, type WordTime, buildSegmentTree, nodePath, unitWordTimes } from './segmentTree';

/** Which constituents may be matched. */
export interface StructIouOptions {
  /**
   * Flexible terminal alignment (default true, as in the published implementation): a pair in which
   * either node is a preterminal may match whatever the labels. When false, labels must always agree.
   */
  flexible?: boolean;
  /** Only pairs with IoU strictly above this value may match; default 0, allowed range [0, 1). */
  threshold?: number;
}

/** One side of a comparison: a tree whose leaves, in order, are timed by `words`. */
export interface TimedTree {
  tree: TreeNode;
  words: readonly WordTime[];
}

/** A constituent as reported with an alignment. */
export interface StructIouNode {
  /** Child indices from the root of the tree as given (the studio finds the node by it). */
  path: number[];
  label: string;
  startSec: number;
  endSec: number;
  preterminal: boolean;
}

/** A matched pair: indices into `goldNodes` and `predNodes`, and the pair's IoU. */
export interface StructIouPair {
  gold: number;
  pred: number;
  iou: number;
}

/** A scored tree pair: the score, the sufficient statistics, the alignment and the settings signature. */
export interface StructIouResult {
  /** 2 × matchedIou / nodes (Definition 12). */
  score: number;
  /** Maximal sum of IoU over matched pairs (Problem 11). */
  matchedIou: number;
  /** |N1| + |N2|: the constituents of both trees. */
  nodes: number;
  /** Constituents in postorder (children before parents); pairs index into these. */
  goldNodes: StructIouNode[];
  predNodes: StructIouNode[];
  pairs: StructIouPair[];
  signature: string;
}

/** How the words are timed: seconds from the input, or unit intervals (text mode, §5.2). */
export type StructIouTiming = 'sec' | 'unit';

function settings(options: StructIouOptions): { flexible: boolean; threshold: number } {
  const flexible = options.flexible ?? true;
  const threshold = options.threshold ?? 0;
  if (!Number.isFinite(threshold) || threshold < 0 || threshold >= 1) {
    throw new MetricInputError(`Struct-IoU threshold must lie in [0, 1), got ${threshold}`);
  }
  return { flexible, threshold };
}

/** The signature fields of Struct-IoU's settings (`thr`, `flex`, and `time:unit` in text mode). */
export function structIouFields(
  options: StructIouOptions = {},
  timing: StructIouTiming = 'sec',
): [string, string | number][] {
  const s = settings(options);
  const fields: [string, string | number][] = [
    ['thr', s.threshold],
    ['flex', s.flexible ? 'yes' : 'no'],
  ];
  if (timing === 'unit') fields.push(['time', 'unit']);
  return fields;
}

/** Settings signature, e.g. `struct-iou|thr:0|flex:yes|v:0.1.0`; text mode adds `time:unit`. */
export function structIouSignature(options: StructIouOptions = {}, timing: StructIouTiming = 'sec'): string {
  return makeSignature('struct-iou', structIouFields(options, timing));
}

function describe(t: SegmentTree): StructIouNode[] {
  return Array.from({ length: t.size }, (_, i) => ({
    path: nodePath(t, i),
    label: t.labels[i]!,
    startSec: t.startSec[i]!,
    endSec: t.endSec[i]!,
    preterminal: t.preterminal[i] === 1,
  }));
}

function score(matchedIou: number, nodes: number): number {
  return (2 * matchedIou) / nodes;
}

/** Struct-IoU of two segment trees already built (the corpus and benchmark path). */
export function structIouOfSegmentTrees(
  gold: SegmentTree,
  pred: SegmentTree,
  options: StructIouOptions = {},
  withPairs = true,
): { matchedIou: number; nodes: number; score: number; pairs: StructIouPair[] } {
  const a = alignSegmentTrees(gold, pred, settings(options), withPairs);
  const nodes = gold.size + pred.size;
  return {
    matchedIou: a.sum,
    nodes,
    score: score(a.sum, nodes),
    pairs: a.pairs.map((p) => ({ gold: p.a, pred: p.b, iou: p.iou })),
  };
}

/**
 * Struct-IoU of a predicted tree against a gold tree, each over its own word times, with one optimal
 * alignment. Identical trees score 1 when every constituent lasts at least 1e-6 s. Words may overlap,
 * repeat or last zero seconds (segmentTree.ts, iou.ts). Bad input (word counts that differ from the
 * leaves, non-finite times, a word that ends before it starts by more than floating-point noise, a bad
 * threshold) raises `MetricInputError`.
 */
export function structIou(
  gold: TimedTree,
  pred: TimedTree,
  options: StructIouOptions = {},
  timing: StructIouTiming = 'sec',
): StructIouResult {
  const signature = structIouSignature(options, timing);
  const g = buildSegmentTree(gold.tree, gold.words, 'gold');
  const p = buildSegmentTree(pred.tree, pred.words, 'pred');
  const r = structIouOfSegmentTrees(g, p, options, true);
  return {
    score: r.score,
    matchedIou: r.matchedIou,
    nodes: r.nodes,
    goldNodes: describe(g),
    predNodes: describe(p),
    pairs: r.pairs,
    signature,
  };
}

/** The Struct-IoU score alone (no alignment is reconstructed). */
export function structIouScore(gold: TimedTree, pred: TimedTree, options: StructIouOptions = {}): number {
  settings(options);
  const g = buildSegmentTree(gold.tree, gold.words, 'gold');
  const p = buildSegmentTree(pred.tree, pred.words, 'pred');
  return structIouOfSegmentTrees(g, p, options, false).score;
}

/** Text mode (§5.2): every word of either tree gets a unit interval, so text parses score the same way. */
export function structIouText(
  gold: TreeNode,
  pred: TreeNode,
  options: StructIouOptions = {},
): StructIouResult {
  const timed = (t: TreeNode): TimedTree => ({ tree: t, words: unitWordTimes(leaves(t).length) });
  return structIou(timed(gold), timed(pred), options, 'unit');
}
