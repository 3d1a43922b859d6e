// The bracket text the workspace writes for a gold tree: Penn Treebank style, words as leaves, a subtree
// on one line when it is short and indented children otherwise, so that a 100-word tree stays readable
// in the text editor. Word texts become leaf tokens with the Treebank's bracket escapes.
import { writeBracket } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';

/** How long a subtree may be to stay on one line. */
const LINE_WIDTH = 72;
/** Deeper trees are written on one line (formatting recurses once per level). */
const MAX_FORMAT_DEPTH = 400;

/** The leaf token of a word: brackets become -LRB-/-RRB- as in the Penn Treebank. */
export function leafToken(wordText: string): string {
  return wordText.replace(/\(/g, '-LRB-').replace(/\)/g, '-RRB-');
}

/** Whether a leaf label stands for a word's text. */
export function leafMatches(label: string, wordText: string): boolean {
  return label === leafToken(wordText);
}

function leafText(t: TreeNode, typed: boolean): string {
  return typed && t.type !== undefined ? `${t.type}:${t.label}` : t.label;
}

/** A tree as indented bracket text (readable back with `parseTree`, to the same tree). */
export function formatTree(tree: TreeNode, options: { typed?: boolean } = {}): string {
  const typed = options.typed ?? false;
  if (tree.children.length === 0) return writeBracket(tree, { typed });
  const lines: string[] = [];
  const write = (t: TreeNode, indent: string, depth: number): void => {
    const flat = writeBracket(t, { typed });
    if (flat.length + indent.length <= LINE_WIDTH || depth > MAX_FORMAT_DEPTH) {
      lines.push(indent + flat);
      return;
    }
    // Leaves that open the node stay on its line ("(NP the"), later runs of leaves share a line.
    let k = 0;
    let line = `(${leafText(t, typed)}`;
    while (k < t.children.length && t.children[k]!.children.length === 0)
      line += ' ' + leafText(t.children[k++]!, typed);
    lines.push(indent + line);
    const inner = indent + '  ';
    while (k < t.children.length) {
      const c = t.children[k]!;
      if (c.children.length > 0) {
        write(c, inner, depth + 1);
        k++;
        continue;
      }
      const run: string[] = [];
      while (k < t.children.length && t.children[k]!.children.length === 0)
        run.push(leafText(t.children[k++]!, typed));
      lines.push(inner + run.join(' '));
    }
    lines[lines.length - 1] += ')';
  };
  write(tree, '', 0);
  return lines.join('\n');
}
