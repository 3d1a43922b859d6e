// The canonical text of a bracket tree in one pass, for the hot path of N-best scoring (millions of
// entries): the same string as writeBracket(parseTree(text)) without building the tree.

/** Bracket notation's whitespace (as in tree/bracket.ts). */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

function isTokenChar(c: number): boolean {
  return !isSpace(c) && c !== 40 && c !== 41;
}

/**
 * Writes well-formed bracket text as `writeBracket(parseTree(text))` would: single spaces, leaves as
 * bare tokens (`(N (mug))` → `(N mug)`), a one-leaf tree as `(X)`. Returns null for anything unusual (an
 * empty label, a bare or a second top-level tree, unbalanced brackets): the full parser then handles
 * it or reports it. Property-tested equal to the parser on random trees and random strings.
 */
export function fastTreeForm(text: string): string | null {
  const n = text.length;
  const out: string[] = [];
  let depth = 0;
  let done = false;
  // A label just read after '(' whose node may still turn out to be a leaf.
  let pending: string | null = null;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (done) return null;
    if (c === 41) {
      if (depth === 0) return null;
      // A label closed at once is a leaf: bare, unless it is the whole tree.
      if (pending !== null) out.push(depth === 1 ? `(${pending})` : pending);
      else out.push(')');
      pending = null;
      if (--depth === 0) done = true;
      i++;
      continue;
    }
    if (pending !== null) {
      out.push('(', pending);
      pending = null;
    }
    if (depth > 0) out.push(' ');
    if (c === 40) {
      i++;
      while (i < n && isSpace(text.charCodeAt(i))) i++;
      const start = i;
      while (i < n && isTokenChar(text.charCodeAt(i))) i++;
      if (i === start) return null;
      pending = text.slice(start, i);
      depth++;
      continue;
    }
    if (depth === 0) return null;
    const start = i;
    while (i < n && isTokenChar(text.charCodeAt(i))) i++;
    out.push(text.slice(start, i));
  }
  return done ? out.join('') : null;
}

let open = new Uint8Array(64);

/**
 * Whether `text` is already exactly what `writeBracket(parseTree(text))` writes: one tree starting at
 * offset 0, single spaces only between a label and its children and between siblings, no spaces
 * inside brackets' edges, and no bracketed leaf below the root. Then the canonical form is the text
 * itself and nothing needs building (systems usually write trees this way).
 */
export function isCanonicalTree(text: string): boolean {
  const n = text.length;
  if (n < 3 || text.charCodeAt(0) !== 40 || text.charCodeAt(n - 1) !== 41) return false;
  // open[d] = 1 once the node at depth d has a child (a space after its label).
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) {
      if (i > 0 && text.charCodeAt(i - 1) !== 32) return false;
      if (i + 1 >= n || !isTokenChar(text.charCodeAt(i + 1))) return false;
      depth++;
      if (depth >= open.length) {
        const grown = new Uint8Array(open.length * 2);
        grown.set(open);
        open = grown;
      }
      open[depth] = 0;
    } else if (c === 41) {
      if (depth === 0 || isSpace(text.charCodeAt(i - 1))) return false;
      // A bracketed leaf is written bare, except when it is the whole tree.
      if (open[depth] === 0 && depth > 1) return false;
      depth--;
      if (depth === 0 && i !== n - 1) return false;
    } else if (isSpace(c)) {
      if (c !== 32 || depth === 0 || text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 41)
        return false;
      if (text.charCodeAt(i - 1) === 40) return false;
      open[depth] = 1;
    } else if (depth === 0) return false;
  }
  return depth === 0;
}
