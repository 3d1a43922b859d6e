import {
  type Diagnostic,
  type ParseResult,
  LineIndex,
  diagnosticAt,
  valueOrThrow,
} from '../text/diagnostics';
import type { TreeNode } from './tree';

/** How bracket text is read. */
export interface BracketOptions {
  /** Every label is written `TYPE:LABEL` (split at the first colon); a label without a colon is an error. */
  typed?: boolean;
  /**
   * A token outside any bracket is a tree of one node (`a`, which APTED writes `{a}`), not an error; a
   * bracketed tree reads as before.
   */
  bareTree?: boolean;
}

const OPEN = 40; // (
const CLOSE = 41; // )

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/**
 * Reads every tree in `text`, written in bracket notation: `(LABEL child child …)`, where a leaf is a
 * bare token or `(LABEL)`. A node whose label is empty (`( (S …) )`, the Penn Treebank's outer wrapper)
 * keeps the empty label. Never throws: problems come back as diagnostics, with the trees read so far.
 */
export function parseBrackets(text: string, options: BracketOptions = {}): ParseResult<TreeNode[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const trees: TreeNode[] = [];
  const n = text.length;
  let i = 0;

  const report = (offset: number, code: string, message: string): void => {
    diagnostics.push(diagnosticAt(index, offset, code, message));
  };

  const readToken = (): { token: string; start: number } => {
    const start = i;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (isSpace(c) || c === OPEN || c === CLOSE) break;
      i++;
    }
    return { token: text.slice(start, i), start };
  };

  const makeNode = (raw: string, start: number): TreeNode => {
    if (!options.typed) return { label: raw, children: [] };
    const colon = raw.indexOf(':');
    if (colon <= 0) {
      report(start, 'tree.untyped', `expected TYPE:LABEL, found '${raw}'`);
      return { label: raw, children: [] };
    }
    return { label: raw.slice(colon + 1), type: raw.slice(0, colon), children: [] };
  };

  const skipSpace = (): void => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };

  // An explicit stack, so that trees thousands of levels deep are read without recursion.
  const stack: { node: TreeNode; open: number }[] = [];
  while (true) {
    skipSpace();
    if (i >= n) break;
    const c = text.charCodeAt(i);
    if (c === OPEN) {
      const open = i++;
      skipSpace();
      let label: TreeNode;
      if (i < n && text.charCodeAt(i) !== OPEN && text.charCodeAt(i) !== CLOSE) {
        const { token, start } = readToken();
        label = makeNode(token, start);
      } else if (i < n && text.charCodeAt(i) === CLOSE) {
        report(open, 'tree.empty', 'empty brackets: a node needs a label');
        i++;
        continue;
      } else {
        label = { label: '', children: [] };
        if (options.typed) report(open, 'tree.untyped', 'expected TYPE:LABEL after "("');
      }
      stack.push({ node: label, open });
    } else if (c === CLOSE) {
      const top = stack.pop();
      if (!top) {
        report(i, 'tree.unbalanced', "unexpected ')' with no open bracket");
        i++;
        continue;
      }
      i++;
      const parent = stack[stack.length - 1];
      if (parent) parent.node.children.push(top.node);
      else trees.push(top.node);
    } else {
      const { token, start } = readToken();
      const leaf = makeNode(token, start);
      const parent = stack[stack.length - 1];
      if (parent) parent.node.children.push(leaf);
      else if (options.bareTree) trees.push(leaf);
      else report(start, 'tree.bare', `'${token}' outside any bracket`);
    }
  }
  if (stack.length > 0) {
    report(stack[0]!.open, 'tree.unbalanced', `'(' never closed (${stack.length} open at end of input)`);
    // Keep what was read: close the open brackets so callers can still show a partial tree.
    while (stack.length > 1) {
      const top = stack.pop()!;
      stack[stack.length - 1]!.node.children.push(top.node);
    }
    trees.push(stack.pop()!.node);
  }
  return { value: trees, diagnostics };
}

/** Reads exactly one tree; none or several is a diagnostic. */
export function parseTree(text: string, options: BracketOptions = {}): ParseResult<TreeNode | null> {
  const { value, diagnostics } = parseBrackets(text, options);
  if (value.length === 0 && diagnostics.length === 0) {
    diagnostics.push(diagnosticAt(new LineIndex(text), text.length, 'tree.none', 'expected a tree'));
  } else if (value.length > 1) {
    const second = text.indexOf('(', text.indexOf(')'));
    diagnostics.push(
      diagnosticAt(
        new LineIndex(text),
        Math.max(0, second),
        'tree.several',
        `expected one tree, found ${value.length}`,
      ),
    );
  }
  return { value: value[0] ?? null, diagnostics };
}

/** `parseTree`, throwing a `ParseError` (`file:line:col: …`) on the first problem. */
export function parseTreeOrThrow(text: string, options: BracketOptions = {}, file?: string): TreeNode {
  const tree = valueOrThrow(parseTree(text, options), file);
  if (!tree) throw new Error('unreachable: parseTree returned no tree without a diagnostic');
  return tree;
}

function labelText(t: TreeNode, typed: boolean): string {
  return typed && t.type !== undefined ? `${t.type}:${t.label}` : t.label;
}

/**
 * Writes a tree on one line. Leaves are bare tokens, except in `leafBrackets` mode, where every leaf is
 * written `(LABEL)` (a tree that is a single leaf is always bracketed). Labels are written as they are: a label containing whitespace or brackets cannot be
 * read back (use Penn Treebank escapes such as -LRB-).
 */
export function writeBracket(
  tree: TreeNode,
  options: BracketOptions & { leafBrackets?: boolean } = {},
): string {
  const typed = options.typed ?? false;
  const parts: string[] = [];
  const stack: (TreeNode | ')')[] = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t === ')') {
      parts.push(')');
      continue;
    }
    const prefix = parts.length > 0 && parts[parts.length - 1] !== '(' ? ' ' : '';
    if (t.children.length === 0 && !options.leafBrackets && t !== tree) {
      parts.push(prefix + labelText(t, typed));
      continue;
    }
    parts.push(`${prefix}(${labelText(t, typed)}`);
    stack.push(')');
    for (let k = t.children.length - 1; k >= 0; k--) stack.push(t.children[k]!);
  }
  return parts.join('');
}
