// A short JSON rendering of a value for messages. `JSON.stringify` recurses (a value nested 10,000 deep
// overflows the stack) and writes all of a huge value only to have it cut; this walks iteratively and
// stops as soon as the text is long enough.

/**
 * The value as JSON text (keys in their order), cut to `maxChars` with `...` at the end when longer.
 * Values JSON has no text for (undefined, functions, NaN) are written as `String` writes them.
 */
export function jsonPreview(value: unknown, maxChars = 60): string {
  let out = '';
  // Work items: a value to write, or literal text (brackets, commas, keys).
  const stack: (string | { v: unknown })[] = [{ v: value }];
  while (stack.length > 0 && out.length <= maxChars) {
    const top = stack.pop()!;
    if (typeof top === 'string') {
      out += top;
      continue;
    }
    const v = top.v;
    if (Array.isArray(v)) {
      out += '[';
      stack.push(']');
      // Each element takes a character at least: more than `maxChars` of them never show.
      for (let i = Math.min(v.length, maxChars) - 1; i >= 0; i--) {
        stack.push({ v: v[i] as unknown });
        if (i > 0) stack.push(',');
      }
    } else if (typeof v === 'object' && v !== null) {
      out += '{';
      stack.push('}');
      const keys = Object.keys(v);
      for (let i = Math.min(keys.length, maxChars) - 1; i >= 0; i--) {
        stack.push({ v: (v as Record<string, unknown>)[keys[i]!] });
        stack.push(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`);
      }
    } else if (typeof v === 'string') out += JSON.stringify(v.length > maxChars ? v.slice(0, maxChars) : v);
    else if (typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v)))
      out += JSON.stringify(v);
    else out += String(v);
  }
  return out.length > maxChars || stack.length > 0 ? `${out.slice(0, maxChars - 3)}...` : out;
}
