import { describe, expect, it } from 'vitest';
import { conceptJson, jsonErrorOffset, readConceptJson } from './conceptJson';

describe('the concepts JSON form', () => {
  const fields = {
    concepts: [{ attribute: 'destination', value: 'Berlin' }],
    interpretations: ['travel(from:Bonn, to:Berlin)'],
    labels: { inputKind: 'asr' as const },
  };

  it('reads back what it writes', () => {
    expect(readConceptJson(conceptJson(fields))).toEqual({ value: fields, diagnostics: [] });
  });

  it('locates a syntax error', () => {
    const text = '{\n  "concepts": [,]\n}';
    const r = readConceptJson(text);
    expect(r.value).toBeNull();
    expect(r.diagnostics[0]).toMatchObject({ code: 'json.syntax', line: 2, column: 16 });
  });

  it('finds the first syntax error where JSON.parse fails, and none where it succeeds', () => {
    const cases = [
      '{}',
      '[1, 2',
      '{"a" 1}',
      '{"a": tru}',
      '[1,]',
      '"x',
      '{"a": [1, {"b": null}]}',
      '12 13',
      ' -0.5e3 ',
    ];
    for (const c of cases) {
      let ok = true;
      try {
        JSON.parse(c);
      } catch {
        ok = false;
      }
      expect(jsonErrorOffset(c) === -1).toBe(ok);
    }
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('[1,]')).toBe(3);
  });

  it('names and locates a value that is not valid gold', () => {
    const text =
      '{\n  "concepts": [{ "attribute": "", "value": "x" }],\n  "interpretations": [],\n  "labels": {}\n}';
    const r = readConceptJson(text);
    expect(r.value).toBeNull();
    expect(r.diagnostics[0]!.message).toMatch(/^concepts\.0\.attribute: /);
    expect(r.diagnostics[0]!.line).toBe(2);
  });
});
