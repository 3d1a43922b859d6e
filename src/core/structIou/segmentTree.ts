// Relaxed segment trees (Shi et al. §3.2, Definitions 5 and 8) built from a parse tree and its word
// times, stored in flat typed arrays for the alignment of align.ts.
//
// Conventions (those of the published implementation unless stated):
// - The words are the leaves of the tree, in order; they are not nodes. Every other node is a
//   constituent, and its interval runs from its first word's start to its last word's end
//   (Definition 5.3, as the published implementation reads it: for words out of time order this is not
//   the earliest start and latest end that Definition 5.3 would give, which only coincide when word
//   starts and ends are ordered).
// - A preterminal is a constituent all of whose children are words (normally one word under a POS tag).
// - A root with an empty label and a single constituent child — the Penn Treebank's outer wrapper
//   `( (S …) )` — is not a constituent and is left out.
// - Word times are taken as given, as the published implementation takes them: words may overlap,
//   repeat an interval, last zero seconds or even start before the word ahead of them starts, as in
//   real forced alignments and perturbed boundaries. Only the word order of the tree says which
//   constituents are disjoint (the alignment of align.ts chains constituents by word, not by time), so
//   a constituent's interval may not contain its descendants' and may even be empty or reversed; iou.ts
//   says how such intervals score. Keeping gold words apart is the gold editor's rule (goldProblems).
// - A word must not end before it starts, except by floating-point noise (`wordTimeTolerance`): such
//   a word is read as zero-length (its end is taken to be its start).
import { MetricInputError } from '../errors';
import type { TreeNode } from '../tree/tree';

/** Start and end of one word, in seconds. */
export interface WordTime {
  startSec: number;
  endSec: number;
}

/** A relaxed segment tree: constituents in postorder (descendants before ancestors; the root last). */
export interface SegmentTree {
  /** Number of constituents. */
  size: number;
  wordCount: number;
  labels: string[];
  /** The constituent's node in the tree as given. */
  source: TreeNode[];
  startSec: Float64Array;
  endSec: Float64Array;
  /** Words `firstWord[i] … endWord[i] − 1` (0-based) lie under constituent i. */
  firstWord: Int32Array;
  endWord: Int32Array;
  /** Parent constituent, −1 for the root. */
  parent: Int32Array;
  /** Position among the parent's children in the tree as given (root: 0). */
  childIndex: Int32Array;
  preterminal: Uint8Array;
  /** Word times as scored (a word that ends before its start by noise ends at its start). */
  wordStartSec: Float64Array;
  wordEndSec: Float64Array;
  /**
   * Word starts and word ends both non-decreasing. Then every constituent's interval contains its
   * descendants' (Corollary 6.1), which the alignment uses to skip pairs that cannot overlap.
   */
  monotone: boolean;
  /** The lowest constituent above each word. */
  wordParent: Int32Array;
  /**
   * Constituents grouped by `endWord`, each group bottom-up (they lie on one path): group x is
   * `endNodes[endOffset[x] … endOffset[x + 1])`; `endRank[i]` is i's place in its group.
   */
  endOffset: Int32Array;
  endNodes: Int32Array;
  endRank: Int32Array;
  /** Child indices leading from the tree as given to the root constituent (`[0]` under a PTB wrapper). */
  rootPath: number[];
}

/** Which tree an input error is about, for messages (`gold`, `pred`). */
export type TreeRole = string;

/** Drops Penn Treebank outer wrappers: empty-label roots with exactly one constituent child. */
export function unwrapTree(tree: TreeNode): { tree: TreeNode; rootPath: number[] } {
  const rootPath: number[] = [];
  let t = tree;
  while (t.label === '' && t.children.length === 1 && t.children[0]!.children.length > 0) {
    t = t.children[0]!;
    rootPath.push(0);
  }
  return { tree: t, rootPath };
}

/** Each of `n` words gets the unit interval (k, k + 1): text parses scored as speech (§5.2). */
export function unitWordTimes(n: number): WordTime[] {
  return Array.from({ length: n }, (_, k) => ({ startSec: k, endSec: k + 1 }));
}

/**
 * How far a word's end may lie below its start and still be read as a zero-length word: 1e-9 s, or 16
 * machine epsilons of the times' magnitude when that is more (a few ulps). Arithmetic on times leaves
 * such noise (0.5 computed as 0.4999999999999999); an end further below its start is a reversed word.
 */
export function wordTimeTolerance(startSec: number, endSec: number): number {
  return Math.max(1e-9, 16 * Number.EPSILON * Math.max(Math.abs(startSec), Math.abs(endSec)));
}

/** Refuses non-finite times and reversed words; overlapping, repeated and zero-length words are fine. */
function checkWords(words: readonly WordTime[], role: TreeRole): void {
  for (let k = 0; k < words.length; k++) {
    const { startSec, endSec } = words[k]!;
    if (!Number.isFinite(startSec) || !Number.isFinite(endSec)) {
      throw new MetricInputError(`${role} word ${k + 1} has a non-finite time (${startSec}, ${endSec})`);
    }
    if (startSec - endSec > wordTimeTolerance(startSec, endSec)) {
      throw new MetricInputError(`${role} word ${k + 1} ends (${endSec}) before it starts (${startSec})`);
    }
  }
}

/**
 * Builds the relaxed segment tree of `tree` whose leaves are timed by `words` (one per leaf, in order).
 * Raises `MetricInputError` when the counts differ, the tree has no constituent, or the times are bad.
 */
export function buildSegmentTree(
  given: TreeNode,
  words: readonly WordTime[],
  role: TreeRole = 'tree',
): SegmentTree {
  const { tree, rootPath } = unwrapTree(given);
  if (tree.children.length === 0) {
    throw new MetricInputError(`${role} tree '${tree.label}' is a single word: it has no constituent`);
  }
  checkWords(words, role);
  const labels: string[] = [];
  const source: TreeNode[] = [];
  const first: number[] = [];
  const end: number[] = [];
  const childIdx: number[] = [];
  const pre: number[] = [];
  const parentOf: number[] = [];
  // Iterative postorder over parallel stacks (deep trees are fine). `done` holds the postorder ids of
  // finished constituents whose parent is still open; `mark` says where each open node's children start.
  const nodeStack: TreeNode[] = [tree];
  const nextChild: number[] = [0];
  const firstWordAt: number[] = [0];
  const indexInParent: number[] = [0];
  const mark: number[] = [0];
  const done: number[] = [];
  let doneTop = 0; // a stack pointer: truncating an array's length is a slow runtime call in V8
  let word = 0;
  while (nodeStack.length > 0) {
    const top = nodeStack.length - 1;
    const t = nodeStack[top]!;
    const i = nextChild[top]!;
    if (i < t.children.length) {
      nextChild[top] = i + 1;
      const child = t.children[i]!;
      if (child.children.length === 0) word++;
      else {
        nodeStack.push(child);
        nextChild.push(0);
        firstWordAt.push(word);
        indexInParent.push(i);
        mark.push(doneTop);
      }
      continue;
    }
    const id = labels.length;
    labels.push(t.label);
    source.push(t);
    first.push(firstWordAt[top]!);
    end.push(word);
    childIdx.push(indexInParent[top]!);
    parentOf.push(-1);
    const from = mark[top]!;
    pre.push(doneTop === from ? 1 : 0);
    for (let k = from; k < doneTop; k++) parentOf[done[k]!] = id;
    doneTop = from;
    done[doneTop++] = id;
    nodeStack.pop();
    nextChild.pop();
    firstWordAt.pop();
    indexInParent.pop();
    mark.pop();
  }
  if (word !== words.length) {
    throw new MetricInputError(`${role} tree has ${word} leaves but ${words.length} words`);
  }
  const size = labels.length;
  // The arrays are views into one buffer: a typed array with a buffer of its own costs about a
  // microsecond (V8 keeps buffers over 64 bytes off the heap), a view a few nanoseconds.
  const nFloats = 2 * word + 2 * size;
  const nInts = 6 * size + 3 * word + 3;
  const buffer = new ArrayBuffer(8 * nFloats + 4 * nInts + size);
  const floats = new Float64Array(buffer, 0, nFloats);
  const ints = new Int32Array(buffer, 8 * nFloats, nInts);
  const preterminal = new Uint8Array(buffer, 8 * nFloats + 4 * nInts, size);
  for (let i = 0; i < size; i++) preterminal[i] = pre[i]!;
  let fAt = 0;
  let iAt = 0;
  const takeFloats = (n: number): Float64Array => floats.subarray(fAt, (fAt += n));
  const takeInts = (n: number): Int32Array => ints.subarray(iAt, (iAt += n));
  const wordStartSec = takeFloats(word);
  const wordEndSec = takeFloats(word);
  let monotone = true;
  for (let k = 0; k < word; k++) {
    const { startSec: s, endSec: e } = words[k]!;
    wordStartSec[k] = s;
    // Within the tolerance checked above, an end below the start is noise: the word lasts zero seconds.
    wordEndSec[k] = e < s ? s : e;
    if (k > 0 && (s < wordStartSec[k - 1]! || wordEndSec[k]! < wordEndSec[k - 1]!)) monotone = false;
  }
  const startSec = takeFloats(size);
  const endSec = takeFloats(size);
  const firstWord = takeInts(size);
  const endWord = takeInts(size);
  const parent = takeInts(size);
  const childIndex = takeInts(size);
  for (let i = 0; i < size; i++) {
    firstWord[i] = first[i]!;
    endWord[i] = end[i]!;
    parent[i] = parentOf[i]!;
    childIndex[i] = childIdx[i]!;
  }
  const wordParent = takeInts(word).fill(-1);
  const endOffset = takeInts(word + 2);
  const endNodes = takeInts(size);
  const endRank = takeInts(size);
  for (let i = 0; i < size; i++) {
    // Definition 5.3: a constituent spans from its first word's start to its last word's end.
    startSec[i] = wordStartSec[firstWord[i]!]!;
    endSec[i] = wordEndSec[endWord[i]! - 1]!;
    // Postorder meets the lowest constituent above a word first.
    for (let w = firstWord[i]!; w < endWord[i]!; w++) if (wordParent[w] === -1) wordParent[w] = i;
    endOffset[endWord[i]! + 1]!++;
  }
  for (let x = 1; x < word + 2; x++) endOffset[x]! += endOffset[x - 1]!;
  const fill = takeInts(word + 1);
  fill.set(endOffset.subarray(0, word + 1));
  for (let i = 0; i < size; i++) {
    const x = endWord[i]!;
    endRank[i] = fill[x]! - endOffset[x]!;
    endNodes[fill[x]!++] = i;
  }
  const t: SegmentTree = {
    size,
    wordCount: word,
    labels,
    source,
    startSec,
    endSec,
    firstWord,
    endWord,
    parent,
    childIndex,
    preterminal,
    wordStartSec,
    wordEndSec,
    monotone,
    wordParent,
    endOffset,
    endNodes,
    endRank,
    rootPath,
  };
  return t;
}

/** Child indices from the root of the tree as given (the PTB wrapper included) to constituent `i`. */
export function nodePath(t: SegmentTree, i: number): number[] {
  const path: number[] = [];
  for (let k = i; t.parent[k] !== -1; k = t.parent[k]!) path.push(t.childIndex[k]!);
  return [...t.rootPath, ...path.reverse()];
}
