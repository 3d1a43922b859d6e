// The test oracle for Struct-IoU: Problem 11 of Shi et al. (§4.1) solved by enumerating every one-to-one,
// conflict-free matching (Definition 10) of two small trees. Exponential, deliberately naive, and
// independent of align.ts: it shares no code with the dynamic programme (only the tree type), so
// agreement between the two checks the programme's exactness. For trees of up to ~8 constituents each.
//
// Word times are taken as given (overlapping, repeated, zero-length, out of order), as the published
// implementation takes them: a constituent spans from its first word's start to its last word's end,
// and two matched pairs whose constituents are unrelated must keep their left-to-right word order in
// both trees. The paper's Problem 11 states only Definition 10; for words that do not overlap in time,
// a matching of pairs with positive IoU cannot cross anyway (Proposition 9), so the extra rule changes
// nothing there. A word that ends before it starts is read as zero-length.
import type { TreeNode } from '../tree/tree';
import type { WordTime } from './segmentTree';

interface OracleNode {
  label: string;
  start: number;
  end: number;
  preterminal: boolean;
  /** Words firstWord … endWord − 1 lie under the node. */
  firstWord: number;
  endWord: number;
  /** Indices of this node's proper ancestors (Definition 6). */
  ancestors: number[];
}

function flatten(tree: TreeNode, words: readonly WordTime[]): OracleNode[] {
  const out: OracleNode[] = [];
  let word = 0;
  const visit = (t: TreeNode, ancestors: number[]): void => {
    const me = out.length;
    const node: OracleNode = {
      label: t.label,
      start: 0,
      end: 0,
      preterminal: true,
      firstWord: word,
      endWord: word,
      ancestors,
    };
    out.push(node);
    for (const c of t.children) {
      if (c.children.length === 0) word++;
      else {
        node.preterminal = false;
        visit(c, [...ancestors, me]);
      }
    }
    node.endWord = word;
    const last = words[word - 1]!;
    node.start = words[node.firstWord]!.startSec;
    node.end = Math.max(last.startSec, last.endSec);
  };
  visit(tree, []);
  return out;
}

/**
 * Definitions 2–4, with the 1e-6 rule for intersection and union. The union |I1| + |I2| − I is taken as
 * the hull's length, its exact equal for overlapping intervals, so that a threshold tie is decided by
 * the same floating-point value as in the implementation under test.
 */
function iou(a: OracleNode, b: OracleNode): number {
  const inter = Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
  const union = Math.max(a.end, b.end) - Math.min(a.start, b.start);
  return inter < 1e-6 || union < 1e-6 ? 0 : inter / union;
}

/** Optimum of Problem 11 by exhaustive search, and the Struct-IoU it gives (Definition 12). */
export function structIouBruteForce(
  gold: { tree: TreeNode; words: readonly WordTime[] },
  pred: { tree: TreeNode; words: readonly WordTime[] },
  options: { flexible?: boolean; threshold?: number } = {},
): { sum: number; score: number } {
  const flexible = options.flexible ?? true;
  const threshold = options.threshold ?? 0;
  const n1 = flatten(gold.tree, gold.words);
  const n2 = flatten(pred.tree, pred.words);
  const isAnc = (nodes: OracleNode[], p: number, q: number): boolean => nodes[q]!.ancestors.includes(p);
  // Definition 10, all four conditions; checked for both orders of the two matchings.
  const conflicted = (i: number, j: number, k: number, l: number): boolean =>
    (isAnc(n1, i, k) && !isAnc(n2, j, l)) ||
    (!isAnc(n1, i, k) && isAnc(n2, j, l)) ||
    (isAnc(n1, k, i) && !isAnc(n2, l, j)) ||
    (!isAnc(n1, k, i) && isAnc(n2, l, j));
  // Unrelated nodes share no word; the word order of i and k must be that of j and l.
  const before = (nodes: OracleNode[], p: number, q: number): boolean =>
    nodes[p]!.endWord <= nodes[q]!.firstWord;
  const crossed = (i: number, j: number, k: number, l: number): boolean =>
    !isAnc(n1, i, k) && !isAnc(n1, k, i) && before(n1, i, k) !== before(n2, j, l);
  // A pair that may not match, or has IoU 0, adds nothing: leaving it out only relaxes the constraints.
  const w = n1.map((a) =>
    n2.map((b) => {
      const v = iou(a, b);
      const labelsOk = a.label === b.label || (flexible && (a.preterminal || b.preterminal));
      return v > threshold && v >= 1e-6 && labelsOk ? v : 0;
    }),
  );
  const bestRest = w.map((row) => Math.max(0, ...row));
  for (let i = bestRest.length - 2; i >= 0; i--) bestRest[i]! += bestRest[i + 1]!;
  let best = 0;
  const chosen: [number, number][] = [];
  const used = new Set<number>();
  const search = (i: number, sum: number): void => {
    if (sum > best) best = sum;
    if (i === n1.length || sum + bestRest[i]! <= best) return;
    for (let j = 0; j < n2.length; j++) {
      if (w[i]![j]! === 0 || used.has(j)) continue;
      if (chosen.some(([k, l]) => conflicted(i, j, k, l) || conflicted(k, l, i, j) || crossed(i, j, k, l)))
        continue;
      chosen.push([i, j]);
      used.add(j);
      search(i + 1, sum + w[i]![j]!);
      used.delete(j);
      chosen.pop();
    }
    search(i + 1, sum);
  };
  search(0, 0);
  return { sum: best, score: (2 * best) / (n1.length + n2.length) };
}
