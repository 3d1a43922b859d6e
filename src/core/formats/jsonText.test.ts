import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { Reporter } from './common';
import { jsonSyntaxError, locateJsonPath, parseJsonWith } from './jsonText';

const isValid = (s: string): boolean => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

describe('JSON locations', () => {
  it('finds where invalid JSON goes wrong and says what it expected', () => {
    expect(jsonSyntaxError('{"a": 1,}')).toEqual({ offset: 8, message: 'expected a "quoted" key' });
    expect(jsonSyntaxError('[1 2]')).toEqual({ offset: 3, message: "expected ',' or ']'" });
    expect(jsonSyntaxError('{"a" 1}')).toEqual({ offset: 5, message: "expected ':' after the key" });
    expect(jsonSyntaxError('"abc')).toEqual({ offset: 0, message: "expected '\"' to close this string" });
    expect(jsonSyntaxError('[1] x')!.message).toBe('expected the end of the text after the value');
    expect(jsonSyntaxError('{"a": [1, 2}')!.offset).toBe(11);
    expect(jsonSyntaxError('  ')!.message).toBe('expected a JSON value, found nothing');
    expect(jsonSyntaxError('[01]')!.offset).toBe(2);
    expect(jsonSyntaxError('{"a": tru}')!.offset).toBe(6);
    expect(jsonSyntaxError(' {"a": [true, false, null, -1.5e3, "\\u00e9\\n"], "b": {}} ')).toBeNull();
  });

  it('agrees with JSON.parse on what is valid', () => {
    const jsonish = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 20 }),
      fc
        .tuple(fc.json(), fc.nat(30), fc.constantFrom('', ',', '}', ']', '"', ':', ' ', '0', '\\', '\n'))
        .map(([j, k, c]) => j.slice(0, k) + c + j.slice(k)),
    );
    fc.assert(
      fc.property(jsonish, (s) => {
        expect(jsonSyntaxError(s) === null).toBe(isValid(s));
      }),
      { numRuns: 1000 },
    );
    const deep = '['.repeat(100_000) + ']'.repeat(99_999);
    expect(jsonSyntaxError(deep)!.message).toBe("expected ']' before the end of the text");
  });

  it('locates a path in valid JSON', () => {
    const text =
      '{ "segments": [ {"words": []}, {"x": "a,]}", "words": [ {"start": 1}, {"start": "no"} ]} ] }';
    expect(text.slice(locateJsonPath(text, ['segments', 1, 'words', 1, 'start']))).toMatch(/^"no"/);
    expect(text.slice(locateJsonPath(text, ['segments', 1, 'missing']))).toMatch(/^\{"x"/);
    expect(locateJsonPath(text, [])).toBe(0);
  });

  it('turns schema problems into diagnostics at the offending value', () => {
    const schema = z.strictObject({ id: z.string(), n: z.array(z.number()) });
    const line = '{"id": "u1", "n": [1, "two"], "extra": 0}';
    const text = `\n${line}`;
    const r = new Reporter(text);
    expect(parseJsonWith(line, 1, schema, r, 'x')).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.line, d.column, d.message])).toEqual([
      [2, 23, 'n.1: Invalid input: expected number, received string'],
      [2, 31, 'extra: Unrecognized key: "extra"'],
    ]);
    const ok = new Reporter('{"id":"a","n":[]}');
    expect(parseJsonWith('{"id":"a","n":[]}', 0, schema, ok, 'x')).toEqual({ id: 'a', n: [] });
    expect(ok.diagnostics).toEqual([]);
  });
});
