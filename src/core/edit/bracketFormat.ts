// The bracket text the workspace writes for a gold tree: Penn Treebank style, words as leaves, a subtree
// on one line when it is short and indented children otherwise (`formatTree`, what is stored), or one
// constituent per line (`prettyTree`, what the text editor shows). Word texts become leaf tokens with the
// Treebank's bracket escapes.
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

/** How long a line of words may grow in `prettyTree` before the words go on in the next line. */
const PRETTY_WIDTH = 80;

/** A node over one word only (a part-of-speech tag, or a one-word phrase): written inline, like a word. */
function isPreterminal(t: TreeNode): boolean {
  return t.children.length === 1 && t.children[0]!.children.length === 0;
}

/**
 * A tree as the text editor shows it: one constituent per line, each indented two spaces deeper than its
 * parent, as in the Penn Treebank's files. Words and nodes over a single word (part-of-speech tags) are
 * written inline: those that open a constituent stay on its line (`(VP (VBD opened)`, `(NP the next
 * train`), later runs of them get a line of their own, and a constituent over nothing else is one line
 * (`(NP (DT an) (NN office))`); lines of words break before PRETTY_WIDTH. Whitespace apart it is
 * `formatTree`'s text: it parses back to the same tree.
 */
export function prettyTree(tree: TreeNode, options: { typed?: boolean } = {}): string {
  const typed = options.typed ?? false;
  if (tree.children.length === 0 || isPreterminal(tree)) return writeBracket(tree, { typed });
  const lines: string[] = [];
  // Adds inline items to `line`, starting new lines at `indent` when it would grow past the width.
  const addInline = (line: string, indent: string, items: string[]): string => {
    for (const w of items) {
      if (line.trim().length > 0 && line.length + 1 + w.length > PRETTY_WIDTH) {
        lines.push(line);
        line = indent + w;
      } else line += (line.trim().length > 0 ? ' ' : '') + w;
    }
    return line;
  };
  const inline = (t: TreeNode): boolean => t.children.length === 0 || isPreterminal(t);
  const write = (t: TreeNode, indent: string, depth: number): void => {
    if (depth > MAX_FORMAT_DEPTH) {
      lines.push(indent + writeBracket(t, { typed }));
      return;
    }
    const inner = indent + '  ';
    let k = 0;
    const run = (): string[] => {
      const items: string[] = [];
      while (k < t.children.length && inline(t.children[k]!)) {
        const c = t.children[k++]!;
        items.push(c.children.length === 0 ? leafText(c, typed) : writeBracket(c, { typed }));
      }
      return items;
    };
    lines.push(addInline(`${indent}(${leafText(t, typed)}`, inner, run()));
    while (k < t.children.length) {
      if (!inline(t.children[k]!)) write(t.children[k++]!, inner, depth + 1);
      else lines.push(addInline(inner, inner, run()));
    }
    lines[lines.length - 1] += ')';
  };
  write(tree, '', 0);
  return lines.join('\n');
}
