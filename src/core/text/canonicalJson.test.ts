import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { canonicalJson } from './canonicalJson';

/** Obviously correct (and recursive): each object's defined members in sorted key order. */
function slowCanonical(v: unknown): string {
  if (Array.isArray(v))
    return `[${v.map((x: unknown) => (x === undefined ? 'null' : slowCanonical(x))).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${slowCanonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: [1, { d: null, c: true }], a: 'x' })).toBe(
      '{"a":"x","b":[1,{"c":true,"d":null}]}',
    );
  });

  it('leaves out undefined members and writes undefined array items as null, as JSON.stringify does', () => {
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
  });

  it('refuses values JSON has no text for, by name', () => {
    expect(() => canonicalJson(undefined)).toThrow(MetricInputError);
    expect(() => canonicalJson({ x: Number.NaN })).toThrow('not a JSON value: NaN');
  });

  it('agrees with a plain recursive writer on JSON values with undefined members', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { maxDepth: 4 },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 3 }), fc.option(tie('node'), { nil: undefined }), {
          maxKeys: 4,
        }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalJson(v)).toBe(slowCanonical(v));
      }),
    );
  });
});
