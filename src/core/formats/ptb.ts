// Penn Treebank bracket files (`.mrg`, one tree per utterance) and SIEVE's timed variant of them.
// Between trees, a line starting with `#` is a comment, and `# id = utt-001` (CoNLL-U's comment syntax;
// `sent_id` is accepted too) names the utterance of the next tree; trees without one are paired with
// utterances in order. A `#` inside a tree is a token, as in the treebank's `(# #)`.
// Timed files carry each word's times in its leaf: `word@1.23-1.5`, or `word@-` for a word without
// times; the suffix starts at the leaf's last `@`, so words may contain `@` themselves.
import type { TimedWord } from '../model/annotation';
import {
  type Diagnostic,
  LineIndex,
  type ParseResult,
  diagnosticAt,
  valueOrThrow,
} from '../text/diagnostics';
import { type BracketOptions, parseBrackets, writeBracket } from '../tree/bracket';
import { type TreeNode, leaves, postorder } from '../tree/tree';
import { FormatWriteError, formatNumber, parseDecimal, shown } from './common';
import { escapePtb, unescapePtb } from './leafMatch';

/** One tree of a bracket file, with the utterance id given before it (if any) and where it starts. */
export interface PtbTree {
  id: string | null;
  tree: TreeNode;
  line: number;
}

/** How a bracket file is read. */
export interface PtbOptions extends BracketOptions {
  /** Keep the treebank's unlabelled outer bracket `( (S …) )`; by default it is removed. */
  keepWrapper?: boolean;
  /** Turn -LRB- -RRB- -LSB- -RSB- -LCB- -RCB- labels back into brackets. */
  unescape?: boolean;
}

const ID_COMMENT = /^#\s*(?:id|sent_id)\s*[=:]\s*(\S+)\s*$/;

/** Reads every tree of a bracket file. Never throws; each tree's problems are located in the whole file. */
export function parsePtb(text: string, options: PtbOptions = {}): ParseResult<PtbTree[]> {
  const index = new LineIndex(text);
  const diagnostics: Diagnostic[] = [];
  const out: PtbTree[] = [];
  let id: string | null = null;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const lineEnd = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    if (c === '#') {
      const m = ID_COMMENT.exec(text.slice(i, lineEnd).trimEnd());
      if (m) id = m[1]!;
      i = lineEnd;
      continue;
    }
    if (c !== '(') {
      const end = text.slice(i, lineEnd).search(/[\s(]/);
      const token = text.slice(i, end < 0 ? lineEnd : i + end);
      diagnostics.push(
        diagnosticAt(index, i, 'ptb.bare', `expected '(' to start a tree, found ${shown(token)}`),
      );
      i += Math.max(1, token.length);
      continue;
    }
    // One top-level bracket: up to the ')' that closes it (tokens cannot contain brackets).
    let depth = 0;
    let k = i;
    for (; k < text.length; k++) {
      const ch = text.charCodeAt(k);
      if (ch === 40) depth++;
      else if (ch === 41 && --depth === 0) break;
    }
    const end = Math.min(text.length, k + 1);
    const r = parseBrackets(text.slice(i, end), options);
    for (const d of r.diagnostics)
      diagnostics.push(diagnosticAt(index, i + d.offset, d.code, d.message, d.severity));
    for (const t of r.value) {
      let tree = t;
      if (
        !options.keepWrapper &&
        tree.label === '' &&
        tree.type === undefined &&
        tree.children.length === 1
      ) {
        tree = tree.children[0]!;
      }
      if (options.unescape) tree = mapLabels(tree, unescapePtb);
      out.push({ id, tree, line: index.locate(i).line });
      id = null;
    }
    i = end;
  }
  return { value: out, diagnostics };
}

/** `parsePtb`, throwing a `ParseError` (`file:line:col: …`) on the first error. */
export function parsePtbOrThrow(text: string, options: PtbOptions = {}, file?: string): PtbTree[] {
  return valueOrThrow(parsePtb(text, options), file);
}

/** A copy of `tree` with every label passed through `f` (iteratively, so deep trees are fine). */
function mapLabels(tree: TreeNode, f: (label: string) => string): TreeNode {
  const copy = (t: TreeNode): TreeNode => ({ ...t, label: f(t.label), children: [] });
  const root = copy(tree);
  const stack: [TreeNode, TreeNode][] = [[tree, root]];
  while (stack.length > 0) {
    const [src, dst] = stack.pop()!;
    for (const c of src.children) {
      const d = copy(c);
      dst.children.push(d);
      stack.push([c, d]);
    }
  }
  return root;
}

/**
 * The tree without empty elements: preterminals labelled with one of `tags` (the treebank's `-NONE-`
 * traces, which are not spoken) are removed, and so is every constituent left without children.
 * Null when nothing is left.
 */
export function stripEmptyElements(tree: TreeNode, tags: readonly string[] = ['-NONE-']): TreeNode | null {
  // Children before parents (postorder), so each node sees what is left of its children; no recursion.
  const kept = new Map<TreeNode, TreeNode | null>();
  for (const t of postorder(tree)) {
    if (t.children.length === 0) kept.set(t, t);
    else if (tags.includes(t.label) && t.children.every((c) => c.children.length === 0)) kept.set(t, null);
    else {
      const children = t.children.map((c) => kept.get(c)!).filter((c): c is TreeNode => c !== null);
      kept.set(t, children.length === 0 ? null : { ...t, children });
    }
  }
  return kept.get(tree) ?? null;
}

const TIMED = /^(.*)@(?:(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)-(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|-)$/s;

/**
 * Splits the `@start-end` (or `@-`) suffix off every leaf of a timed tree: the tree with plain word
 * leaves, and the words with their times. A leaf without a suffix is a problem (listed, kept untimed).
 */
export function splitTimedLeaves(tree: TreeNode): { tree: TreeNode; words: TimedWord[]; problems: string[] } {
  const words: TimedWord[] = [];
  const problems: string[] = [];
  const plain = mapLabels(tree, (l) => l);
  leaves(plain).forEach((leaf, k) => {
    const m = TIMED.exec(leaf.label);
    if (!m) {
      problems.push(`leaf ${k + 1} ${shown(leaf.label)}: expected word@start-end or word@-`);
      words.push({ text: leaf.label, startSec: null, endSec: null });
      return;
    }
    leaf.label = m[1]!;
    const a = m[2] === undefined ? null : parseDecimal(m[2]);
    const b = m[3] === undefined ? null : parseDecimal(m[3]);
    if (a !== null && b !== null && b < a)
      problems.push(`leaf ${k + 1} ${shown(m[1]!)}: ends (${b}) before it starts (${a})`);
    words.push({ text: m[1]!, startSec: a, endSec: b });
  });
  return { tree: plain, words, problems };
}

/** What `writePtb` writes for one utterance. */
export interface PtbOutput {
  id?: string;
  tree: TreeNode;
  /** With words (one per leaf), leaves are written timed: `word@start-end`, `word@-` without times. */
  words?: readonly TimedWord[];
}

function checkLabel(label: string, where: string): string {
  if (label === '' || /\s/.test(label)) {
    throw new FormatWriteError(
      `${where}: label ${JSON.stringify(label)} is empty or has whitespace; a bracket file cannot hold it`,
    );
  }
  return label;
}

// In typed files every label is TYPE:LABEL, split at the first colon, so a type needs no colon.
function checkTypes(tree: TreeNode, where: string): void {
  const stack = [tree];
  while (stack.length > 0) {
    const t = stack.pop()!;
    if (t.type === undefined || t.type === '' || /[\s:()]/.test(t.type)) {
      throw new FormatWriteError(
        `${where}: node '${t.label}' has type ${JSON.stringify(t.type)}; typed files need TYPE:LABEL`,
      );
    }
    for (const c of t.children) stack.push(c);
  }
}

/**
 * Writes a bracket file: per utterance an optional `# id = …` line and the tree on one line. Brackets in
 * labels become -LRB-/-RRB-; typed trees are written `TYPE:LABEL`.
 */
export function writePtb(items: readonly PtbOutput[], options: BracketOptions = {}): string {
  const out: string[] = [];
  items.forEach((item, n) => {
    const where = item.id ?? `tree ${n + 1}`;
    if (item.id !== undefined) out.push(`# id = ${checkLabel(item.id, 'utterance id')}`);
    const tree = mapLabels(item.tree, (l) => checkLabel(escapePtb(l), where));
    if (item.words) {
      const ls = leaves(tree);
      if (ls.length !== item.words.length) {
        throw new FormatWriteError(`${where}: ${ls.length} leaves but ${item.words.length} words`);
      }
      ls.forEach((leaf, k) => {
        const w = item.words![k]!;
        if (w.startSec === null || w.endSec === null) leaf.label += '@-';
        else if (w.startSec < 0 || w.endSec < w.startSec) {
          throw new FormatWriteError(`${where}: word ${k} '${w.text}' has times ${w.startSec}–${w.endSec}`);
        } else leaf.label += `@${formatNumber(w.startSec)}-${formatNumber(w.endSec)}`;
      });
    }
    if (options.typed) checkTypes(tree, where);
    out.push(writeBracket(tree, options));
  });
  return out.length > 0 ? out.join('\n') + '\n' : '';
}
