// JSON with locations. `JSON.parse` is fast but says little about where a problem is, and a schema error
// only gives a path (`segments.2.words.3.start`). So the fast path stays `JSON.parse` + zod, and only on
// failure do these scanners find the offset: `jsonSyntaxError` re-reads invalid text (RFC 8259 grammar)
// and `locateJsonPath` walks valid text along a path. Both are iterative, so deep nesting cannot overflow.
import type { z } from 'zod';
import type { Reporter } from './common';

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** End of the string starting at `i` (a quote), or a syntax error. */
function scanString(text: string, i: number): { end: number } | { offset: number; message: string } {
  let k = i + 1;
  while (k < text.length) {
    const c = text.charCodeAt(k);
    if (c === 34) return { end: k + 1 };
    if (c < 32) return { offset: k, message: "expected '\"' to close the string before the line break" };
    if (c === 92) {
      const e = text[k + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(k + 2, k + 6))) {
          return { offset: k, message: 'expected four hex digits after \\u' };
        }
        k += 6;
        continue;
      }
      if (e === undefined || !'"\\/bfnrt'.includes(e)) {
        return { offset: k, message: 'expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)' };
      }
      k += 2;
      continue;
    }
    k++;
  }
  return { offset: i, message: "expected '\"' to close this string" };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where `text` stops being valid JSON and what was expected there; null when it is valid. */
export function jsonSyntaxError(text: string): { offset: number; message: string } | null {
  // Stack of open containers; `want` is what may come next.
  const stack: number[] = [];
  let want: 'value' | 'key' | 'keyOrEnd' | 'valueOrEnd' | 'colon' | 'commaOrEnd' = 'value';
  let i = skipWs(text, 0);
  if (i >= text.length) return { offset: i, message: 'expected a JSON value, found nothing' };
  while (true) {
    i = skipWs(text, i);
    const top = stack[stack.length - 1] ?? 0;
    if (i >= text.length) {
      if (stack.length === 0 && want === 'commaOrEnd') return null;
      return { offset: i, message: `expected ${top === 123 ? "'}'" : "']'"} before the end of the text` };
    }
    const c = text.charCodeAt(i);
    if (want === 'commaOrEnd') {
      if (stack.length === 0) return { offset: i, message: 'expected the end of the text after the value' };
      if (c === 44) {
        want = top === 123 ? 'key' : 'value';
        i++;
      } else if (c === top + 2) {
        stack.pop();
        i++;
      } else return { offset: i, message: `expected ',' or '${top === 123 ? '}' : ']'}'` };
      continue;
    }
    if (want === 'colon') {
      if (c !== 58) return { offset: i, message: "expected ':' after the key" };
      want = 'value';
      i++;
      continue;
    }
    if (want === 'key' || want === 'keyOrEnd') {
      if (want === 'keyOrEnd' && c === 125) {
        stack.pop();
        want = 'commaOrEnd';
        i++;
        continue;
      }
      if (c !== 34) return { offset: i, message: 'expected a "quoted" key' };
      const s = scanString(text, i);
      if ('offset' in s) return s;
      i = s.end;
      want = 'colon';
      continue;
    }
    // A value (or, right after '[', the end of the array).
    if (want === 'valueOrEnd' && c === 93) {
      stack.pop();
      want = 'commaOrEnd';
      i++;
      continue;
    }
    if (c === 123 || c === 91) {
      stack.push(c);
      want = c === 123 ? 'keyOrEnd' : 'valueOrEnd';
      i++;
      continue;
    }
    if (c === 34) {
      const s = scanString(text, i);
      if ('offset' in s) return s;
      i = s.end;
    } else {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      const lit = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
      if (m) i += m[0].length;
      else if (lit) i += lit.length;
      else
        return { offset: i, message: 'expected a value (string, number, object, array, true, false, null)' };
    }
    want = 'commaOrEnd';
  }
}

/** End offset of the (valid) JSON value starting at `i`. */
function skipValue(text: string, i: number): number {
  let depth = 0;
  do {
    i = skipWs(text, i);
    const c = text.charCodeAt(i);
    if (c === 34) {
      const s = scanString(text, i);
      i = 'end' in s ? s.end : text.length;
    } else if (c === 123 || c === 91) {
      depth++;
      i++;
    } else if (c === 125 || c === 93) {
      depth--;
      i++;
    } else if (c === 44 || c === 58) i++;
    else {
      while (i < text.length && !/[\s,:\]}]/.test(text[i]!)) i++;
    }
  } while (depth > 0 && i < text.length);
  return i;
}

/**
 * Offset of the value at `path` in valid JSON `text` (of its key, with `atKey`, when the last step is an
 * object member); where the path leaves the text, the offset of the deepest value that exists (so a
 * missing key points at its object).
 */
export function locateJsonPath(text: string, path: readonly PropertyKey[], atKey = false): number {
  let at = skipWs(text, 0);
  for (let step = 0; step < path.length; step++) {
    const key = path[step]!;
    const open = text.charCodeAt(at);
    if (open !== 123 && open !== 91) return at;
    let i = skipWs(text, at + 1);
    let index = 0;
    let found = -1;
    while (i < text.length && text.charCodeAt(i) !== open + 2) {
      let matches: boolean;
      if (open === 123) {
        const s = scanString(text, i);
        const end = 'end' in s ? s.end : text.length;
        matches = JSON.parse(text.slice(i, end)) === String(key);
        if (matches && atKey && step === path.length - 1) return i;
        i = skipWs(text, end) + 1; // the colon
      } else matches = index === Number(key);
      i = skipWs(text, i);
      if (matches) {
        found = i;
        break;
      }
      i = skipWs(text, skipValue(text, i));
      if (text.charCodeAt(i) === 44) i = skipWs(text, i + 1);
      index++;
    }
    if (found < 0) return at;
    at = found;
  }
  return at;
}

/**
 * Parses one JSON text that starts at `base` in the reporter's text and checks it against `schema`.
 * Problems become diagnostics at the offending value; the result is undefined when there were any.
 */
export function parseJsonWith<T>(
  text: string,
  base: number,
  schema: z.ZodType<T>,
  report: Reporter,
  code: string,
): T | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    const err = jsonSyntaxError(text) ?? { offset: 0, message: 'expected valid JSON' };
    report.error(base + err.offset, `${code}.json`, err.message);
    return undefined;
  }
  let result: ReturnType<typeof schema.safeParse>;
  try {
    result = schema.safeParse(raw);
  } catch {
    // Recursive schemas on absurdly deep input exhaust the stack; that is bad input, not a crash.
    report.error(base, `${code}.deep`, 'expected a value nested less deeply');
    return undefined;
  }
  if (result.success) return result.data;
  for (const issue of result.error.issues.slice(0, 20)) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
    const path = keys.length > 0 ? [...issue.path, keys[0]!] : issue.path;
    const where = path.length > 0 ? `${path.map(String).join('.')}: ` : '';
    const at = locateJsonPath(text, path, keys.length > 0);
    report.error(base + at, `${code}.schema`, `${where}${issue.message}`);
  }
  return undefined;
}
