// Word-boundary perturbations of Shi et al. §5.1.3 (Figure 4), for the robustness analysis of Struct-IoU:
// Noise-δ moves every inner boundary towards a neighbour, Insert-δ splits words in two. Both draw from a
// seeded generator, so every perturbed tree is reproducible. (Delete-δ needs a parser to re-predict the
// tree after merging words, so it is not offered here.)
import { MetricInputError } from '../errors';
import type { Random } from '../stats/prng';
import { type TreeNode, leaves } from '../tree/tree';
import type { WordTime } from './segmentTree';

function checkDelta(delta: number): void {
  if (!(delta >= 0 && delta <= 1))
    throw new MetricInputError(`perturbation level δ must lie in [0, 1], got ${delta}`);
}

/**
 * Removes the silences between words (§5.1.3, footnote 4: "if any inter-word silence exists, we remove
 * it"): every word keeps its duration and later words move earlier, so word k + 1 starts exactly where
 * word k ends.
 */
export function closeSilences(words: readonly WordTime[]): WordTime[] {
  let t = words.length > 0 ? words[0]!.startSec : 0;
  return words.map((w) => {
    const startSec = t;
    t += w.endSec - w.startSec;
    return { startSec, endSec: t };
  });
}

/**
 * Noise-δ, exactly as defined: with boundaries b0 … bn (word k spans (b_k−1, b_k)), for i = 1 … n − 1 in
 * turn draw r_i ~ U(−δ, δ) and move b_i by |r_i| of the way to b_(i+sgn r_i), where sgn 0 = 1; the left
 * neighbour is the one already moved at step i − 1 (the paper's B^(i−1)). The outer boundaries stay.
 * Words must be contiguous (use `closeSilences` first).
 */
export function noisePerturb(words: readonly WordTime[], delta: number, random: Random): WordTime[] {
  checkDelta(delta);
  for (let k = 1; k < words.length; k++) {
    if (words[k]!.startSec !== words[k - 1]!.endSec) {
      throw new MetricInputError(
        `Noise-δ needs contiguous words, but word ${k + 1} starts at ${words[k]!.startSec} and word ${k} ends at ${words[k - 1]!.endSec}`,
      );
    }
  }
  if (words.length === 0) return [];
  const b = [words[0]!.startSec, ...words.map((w) => w.endSec)];
  for (let i = 1; i < b.length - 1; i++) {
    const r = (2 * random() - 1) * delta;
    const next = b[i + (r >= 0 ? 1 : -1)]!;
    b[i] = b[i]! + Math.abs(r) * (next - b[i]!);
  }
  return words.map((_, k) => ({ startSec: b[k]!, endSec: b[k + 1]! }));
}

/** A preterminal over exactly one word (the usual POS node). */
function isSingleWordPreterminal(t: TreeNode): boolean {
  return t.children.length === 1 && t.children[0]!.children.length === 0;
}

/**
 * Insert-δ: for each word i draw r_i ~ U(0, 1); when r_i < δ, a boundary drawn from U(start, end) of the
 * word splits it in two. The tree follows the words (a choice of SIEVE, the paper leaves it open): a
 * word alone under its preterminal makes that preterminal two preterminals with the same label under the
 * same parent, each over one half; a word under a root preterminal, under a preterminal of several words
 * or directly under a phrase becomes two words in place. Both halves keep the word's text.
 */
export function insertPerturb(
  tree: TreeNode,
  words: readonly WordTime[],
  delta: number,
  random: Random,
): { tree: TreeNode; words: WordTime[] } {
  checkDelta(delta);
  const n = leaves(tree).length;
  if (n !== words.length) throw new MetricInputError(`tree has ${n} leaves but ${words.length} words`);
  const cut: (number | null)[] = words.map((w) => {
    if (random() >= delta) return null;
    return w.startSec + random() * (w.endSec - w.startSec);
  });
  const outWords: WordTime[] = [];
  words.forEach((w, k) => {
    const c = cut[k] ?? null;
    if (c === null) outWords.push({ startSec: w.startSec, endSec: w.endSec });
    else outWords.push({ startSec: w.startSec, endSec: c }, { startSec: c, endSec: w.endSec });
  });
  // Iterative rebuild (deep trees are fine): each frame collects the new children of one constituent.
  let word = 0;
  const copy = (t: TreeNode, children: TreeNode[]): TreeNode =>
    t.type === undefined ? { label: t.label, children } : { label: t.label, type: t.type, children };
  const root: TreeNode = copy(tree, []);
  const stack: { from: TreeNode; to: TreeNode; i: number }[] = [{ from: tree, to: root, i: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.from.children.length) {
      stack.pop();
      continue;
    }
    const c = top.from.children[top.i++]!;
    if (c.children.length === 0) {
      const split = cut[word++] !== null;
      top.to.children.push(copy(c, []));
      if (split) top.to.children.push(copy(c, []));
    } else if (isSingleWordPreterminal(c) && cut[word] !== null) {
      const w = c.children[0]!;
      word++;
      top.to.children.push(copy(c, [copy(w, [])]), copy(c, [copy(w, [])]));
    } else {
      const to = copy(c, []);
      top.to.children.push(to);
      stack.push({ from: c, to, i: 0 });
    }
  }
  return { tree: root, words: outWords };
}
