// One canonical JSON text per value, so that equal data compare equal whatever their key order: the gold
// standard's diffs compare records with it, and N-best scoring compares JSON interpretations with it.
import { MetricInputError } from '../errors';

function isJsonScalar(v: unknown): v is string | number | boolean | null {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no whitespace, numbers in JavaScript's
 * shortest round-trip form (the rules of RFC 8785 for the values JSON.parse produces). As with
 * `JSON.stringify`, an object member whose value is `undefined` is left out and an `undefined` array item
 * is written `null`; any other value JSON has no text for (a top-level `undefined`, NaN, a function)
 * raises a `MetricInputError` naming it. Iterative, so a value nested 100,000 deep is written like any
 * other.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Work items: a value to write, or literal text (brackets, commas, keys), popped in writing order.
  const stack: (string | { v: unknown })[] = [{ v: value }];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (typeof top === 'string') {
      out.push(top);
      continue;
    }
    const v = top.v;
    if (isJsonScalar(v)) out.push(JSON.stringify(v));
    else if (Array.isArray(v)) {
      out.push('[');
      stack.push(']');
      for (let i = v.length - 1; i >= 0; i--) {
        const item = v[i] as unknown;
        stack.push(item === undefined ? 'null' : { v: item });
        if (i > 0) stack.push(',');
      }
    } else if (typeof v === 'object' && v !== null) {
      const record = v as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out.push('{');
      stack.push('}');
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push({ v: record[keys[i]!] });
        stack.push(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`);
      }
    } else throw new MetricInputError(`not a JSON value: ${String(v)}`);
  }
  return out.join('');
}
