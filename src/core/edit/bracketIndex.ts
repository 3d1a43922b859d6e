// Where each node of a bracket text is: the bridge between the text editor's cursor and the drawn tree.
// The scan follows `parseBrackets` token for token (same tokens, same recovery), so the k-th span in
// preorder is the k-th node of the parsed tree and carries the same path.

/** A node of the first tree in a bracket text, located in that text (UTF-16 offsets). */
export interface BracketSpan {
  path: number[];
  /** Offset of its '(' (or of the token, for a bare leaf). */
  start: number;
  /** Offset just after its ')' (or after the token). */
  end: number;
  /** Offsets of its label token (empty range when the node has no label). */
  labelStart: number;
  labelEnd: number;
  /** Index of the word it stands for when it is a leaf, else -1. */
  leafIndex: number;
}

const OPEN = 40;
const CLOSE = 41;

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11;
}

/** The nodes of the first tree in `text`, in preorder, with their offsets. */
export function indexBracketText(text: string): BracketSpan[] {
  const out: BracketSpan[] = [];
  const n = text.length;
  const stack: { span: BracketSpan; kids: number }[] = [];
  let leaves = 0;
  let i = 0;
  const tokenEnd = (from: number): number => {
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (isSpace(c) || c === OPEN || c === CLOSE) break;
      j++;
    }
    return j;
  };
  const childPath = (): number[] => {
    const top = stack[stack.length - 1];
    return top ? [...top.span.path, top.kids++] : [];
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === OPEN) {
      const open = i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      if (i < n && text.charCodeAt(i) === CLOSE) {
        i++; // '()' is skipped by the parser, with a diagnostic
        continue;
      }
      if (stack.length === 0 && out.length > 0) break; // a second tree: only the first is indexed
      const labelStart = i;
      const labelEnd = i < n && text.charCodeAt(i) !== OPEN ? tokenEnd(i) : i;
      i = labelEnd;
      const span: BracketSpan = {
        path: childPath(),
        start: open,
        end: n,
        labelStart,
        labelEnd,
        leafIndex: -1,
      };
      out.push(span);
      stack.push({ span, kids: 0 });
    } else if (c === CLOSE) {
      i++;
      const top = stack.pop();
      if (!top) continue;
      top.span.end = i;
      if (top.kids === 0) top.span.leafIndex = leaves++;
      if (stack.length === 0) break;
    } else {
      const start = i;
      i = tokenEnd(i);
      if (stack.length === 0) continue; // a bare token outside brackets is skipped by the parser
      out.push({ path: childPath(), start, end: i, labelStart: start, labelEnd: i, leafIndex: leaves++ });
    }
  }
  // Unclosed brackets: the parser closes them at the end of the text.
  for (const s of stack) if (s.kids === 0 && s.span.leafIndex < 0) s.span.leafIndex = leaves++;
  return out;
}

/** The innermost node whose text holds `offset` (a cursor just after a token still counts as on it). */
export function spanAtOffset(spans: BracketSpan[], offset: number): BracketSpan | undefined {
  let best: BracketSpan | undefined;
  for (const s of spans) {
    if (s.start <= offset && offset <= s.end && (!best || s.path.length > best.path.length)) best = s;
  }
  return best;
}

/** The span of the node at `path`. */
export function spanForPath(spans: BracketSpan[], path: readonly number[]): BracketSpan | undefined {
  return spans.find((s) => s.path.length === path.length && s.path.every((v, i) => v === path[i]));
}

/**
 * The text range of a run of sibling nodes (`parent: null` is the root) or, with `words`, of a run of
 * leaves, in the spans of a bracket text; null when the text does not hold them.
 */
export function textRangeOf(
  spans: BracketSpan[],
  target:
    { parent: readonly number[] | null; from: number; to: number } | { words: readonly [number, number] },
): { start: number; end: number } | null {
  let a: BracketSpan | undefined;
  let b: BracketSpan | undefined;
  if ('words' in target) {
    const leaves = spans.filter((s) => s.leafIndex >= 0);
    a = leaves[target.words[0]];
    b = leaves[target.words[1]];
  } else if (target.parent === null) {
    a = b = spanForPath(spans, []);
  } else {
    a = spanForPath(spans, [...target.parent, target.from]);
    b = spanForPath(spans, [...target.parent, target.to]);
  }
  return a && b ? { start: a.start, end: b.end } : null;
}
