// Validation of a gold tree's bracket text against the word tier: the parser's own diagnostics
// (unbalanced brackets, untyped labels …) plus leaves that are not the utterance's words, each located so
// the text editor can underline it.
import { parseTree } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import { type Diagnostic, LineIndex, diagnosticAt } from '../text/diagnostics';
import { leafMatches, leafToken } from './bracketFormat';
import { indexBracketText } from './bracketIndex';

/** A tree text checked against the words: the tree when it is usable, and every problem found. */
export interface TreeCheck {
  /** The parsed tree, or null when the text has errors (the drawing keeps the last good tree). */
  tree: TreeNode | null;
  diagnostics: Diagnostic[];
}

/**
 * How deep a gold tree may nest its brackets. Real parses stay far below it (the Penn Treebank's deepest
 * are a few dozen levels). Deeper trees make the drawings run out of memory and Struct-IoU's exact
 * alignment slow (it grows with about the fourth power of the depth: a 200-deep chain against itself
 * takes about a second, a 1,000-deep one did not finish in minutes).
 */
export const MAX_TREE_DEPTH = 200;

/** Offset of the first '(' nested deeper than `MAX_TREE_DEPTH`, or -1. */
function tooDeepAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 && ++depth > MAX_TREE_DEPTH) return i;
    if (c === 41 && depth > 0) depth--;
  }
  return -1;
}

/** Checks `text` as the tree over `words` (their texts, in order). */
export function checkTreeText(text: string, typed: boolean, words: readonly string[]): TreeCheck {
  // Where the leaves are in the text, and its lines, are only needed to place a problem: found lazily.
  let lines: LineIndex | null = null;
  const index = (): LineIndex => (lines ??= new LineIndex(text));
  const deep = tooDeepAt(text);
  if (deep >= 0)
    return {
      tree: null,
      diagnostics: [
        diagnosticAt(
          index(),
          deep,
          'tree.deep',
          `brackets nested more than ${MAX_TREE_DEPTH} levels deep (the limit for a gold tree)`,
        ),
      ],
    };
  const parsed = parseTree(text, { typed });
  const diagnostics = [...parsed.diagnostics];
  let leaves: { labelStart: number }[] | null = null;
  const leafStart = (k: number): number =>
    (leaves ??= indexBracketText(text).filter((s) => s.leafIndex >= 0))[k]?.labelStart ?? text.length;
  const tree = parsed.value;
  if (tree) {
    const labels: string[] = [];
    const stack: TreeNode[] = [tree];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (t.children.length === 0) labels.push(t.label);
      for (let k = t.children.length - 1; k >= 0; k--) stack.push(t.children[k]!);
    }
    labels.forEach((label, k) => {
      const word = words[k];
      if (word === undefined) {
        diagnostics.push(
          diagnosticAt(
            index(),
            leafStart(k),
            'tree.extraLeaf',
            `'${label}' is leaf ${k + 1}, but there are ${words.length} words`,
          ),
        );
      } else if (!leafMatches(label, word)) {
        diagnostics.push(
          diagnosticAt(
            index(),
            leafStart(k),
            'tree.leaf',
            `leaf ${k + 1} is '${label}', but word ${k + 1} is '${leafToken(word)}'`,
          ),
        );
      }
    });
    if (labels.length < words.length) {
      const missing = words.slice(labels.length).map(leafToken);
      diagnostics.push(
        diagnosticAt(
          index(),
          Math.max(0, text.trimEnd().length - 1),
          'tree.missingLeaves',
          `the tree has ${labels.length} leaves for ${words.length} words; missing: ${missing.slice(0, 5).join(' ')}${missing.length > 5 ? ' …' : ''}`,
        ),
      );
    }
  }
  const ok = tree !== null && diagnostics.every((d) => d.severity !== 'error');
  return { tree: ok ? tree : null, diagnostics };
}
