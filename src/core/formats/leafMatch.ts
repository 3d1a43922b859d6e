// Matching a tree's leaves to an utterance's word tier. A tree file and a word tier made by different
// tools disagree now and then (a dropped filler, a split contraction); reporting every later position as
// wrong would bury the one real difference, so leaves and words are aligned first (Levenshtein 1966,
// unit costs) and only the edits are reported.
import type { TimedWord } from '../model/annotation';
import { type TreeNode, leaves } from '../tree/tree';

/** One difference between the word tier and the leaves, positions 0-based. */
export type LeafMismatch =
  | { kind: 'substituted'; word: number; leaf: number; expected: string; found: string }
  | { kind: 'missing'; word: number; expected: string }
  | { kind: 'extra'; leaf: number; found: string };

/** The outcome of matching: `ok` when every leaf equals its word, otherwise the edits in order. */
export interface LeafMatch {
  ok: boolean;
  leafCount: number;
  wordCount: number;
  mismatches: LeafMismatch[];
}

/** How leaves and words are compared. */
export interface LeafMatchOptions {
  /** Compare case-insensitively. */
  foldCase?: boolean;
  /** Read Penn Treebank bracket escapes in leaves (-LRB- is "(" …) before comparing; default true. */
  unescape?: boolean;
}

const PTB_ESCAPES: Record<string, string> = {
  '-LRB-': '(',
  '-RRB-': ')',
  '-LSB-': '[',
  '-RSB-': ']',
  '-LCB-': '{',
  '-RCB-': '}',
};

/** The text a Penn Treebank token stands for (`-LRB-` → `(`); other tokens unchanged. */
export function unescapePtb(token: string): string {
  return PTB_ESCAPES[token] ?? token;
}

/** A word as a Penn Treebank token: brackets as -LRB-/-RRB- (round brackets only, as the treebank does). */
export function escapePtb(word: string): string {
  return word.replaceAll('(', '-LRB-').replaceAll(')', '-RRB-');
}

// Above this many DP cells (a 2,000 × 2,000 tree and tier) positions are compared one to one instead.
const MAX_CELLS = 4_000_000;

/** Aligns the leaves of `tree` with `words` and lists the differences. */
export function matchLeaves(
  tree: TreeNode,
  words: readonly (TimedWord | string)[],
  options: LeafMatchOptions = {},
): LeafMatch {
  const norm = (s: string): string => (options.foldCase ? s.toLowerCase() : s);
  const unesc = options.unescape ?? true;
  const found = leaves(tree).map((l) => (unesc ? unescapePtb(l.label) : l.label));
  const expected = words.map((w) => (typeof w === 'string' ? w : w.text));
  const a = expected.map(norm);
  const b = found.map(norm);
  const n = a.length;
  const m = b.length;
  const mismatches: LeafMismatch[] = [];
  const sub = (i: number, j: number): void => {
    if (a[i] !== b[j])
      mismatches.push({ kind: 'substituted', word: i, leaf: j, expected: expected[i]!, found: found[j]! });
  };
  if ((n + 1) * (m + 1) > MAX_CELLS) {
    for (let k = 0; k < Math.max(n, m); k++) {
      if (k >= m) mismatches.push({ kind: 'missing', word: k, expected: expected[k]! });
      else if (k >= n) mismatches.push({ kind: 'extra', leaf: k, found: found[k]! });
      else sub(k, k);
    }
    return { ok: mismatches.length === 0, leafCount: m, wordCount: n, mismatches };
  }
  // d[i][j]: edits between the first i words and the first j leaves, row-major in one typed array.
  const w = m + 1;
  const d = new Int32Array((n + 1) * w);
  for (let j = 0; j <= m; j++) d[j] = j;
  for (let i = 1; i <= n; i++) {
    d[i * w] = i;
    for (let j = 1; j <= m; j++) {
      const diag = d[(i - 1) * w + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      d[i * w + j] = Math.min(diag, d[(i - 1) * w + j]! + 1, d[i * w + j - 1]! + 1);
    }
  }
  // Backtrace from the end, preferring a match or substitution, then a missing word, then an extra leaf.
  const edits: LeafMismatch[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = d[i * w + j]!;
    if (i > 0 && j > 0 && here === d[(i - 1) * w + j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      if (a[i - 1] !== b[j - 1]) {
        edits.push({
          kind: 'substituted',
          word: i - 1,
          leaf: j - 1,
          expected: expected[i - 1]!,
          found: found[j - 1]!,
        });
      }
      i--;
      j--;
    } else if (i > 0 && here === d[(i - 1) * w + j]! + 1) {
      edits.push({ kind: 'missing', word: i - 1, expected: expected[i - 1]! });
      i--;
    } else {
      edits.push({ kind: 'extra', leaf: j - 1, found: found[j - 1]! });
      j--;
    }
  }
  edits.reverse();
  return { ok: edits.length === 0, leafCount: m, wordCount: n, mismatches: edits };
}

/** One sentence per difference, 1-based positions as people count them. */
export function describeLeafMatch(match: LeafMatch, limit = 5): string {
  if (match.ok) return `the ${match.leafCount} leaves match the ${match.wordCount} words`;
  const parts = match.mismatches.slice(0, limit).map((x) => {
    if (x.kind === 'substituted')
      return `leaf ${x.leaf + 1} is '${x.found}' where word ${x.word + 1} is '${x.expected}'`;
    if (x.kind === 'missing') return `word ${x.word + 1} '${x.expected}' has no leaf`;
    return `leaf ${x.leaf + 1} '${x.found}' matches no word`;
  });
  const more = match.mismatches.length > limit ? `; and ${match.mismatches.length - limit} more` : '';
  return `${match.leafCount} leaves for ${match.wordCount} words: ${parts.join('; ')}${more}`;
}
