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
  let out = '';
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
      if (pending !== null) out += depth === 1 ? `(${pending})` : pending;
      else out += ')';
      pending = null;
      if (--depth === 0) done = true;
      i++;
      continue;
    }
    if (pending !== null) {
      out += `(${pending}`;
      pending = null;
    }
    if (depth > 0) out += ' ';
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
    out += text.slice(start, i);
  }
  return done ? out : null;
}
