import { describe, expect, it } from 'vitest';
import { parseNeJson } from './json';

describe('JSON entity span reader', () => {
  const doc = {
    words: ['NEWT', { text: 'GINGRICH', startSec: 0.4, endSec: 1 }],
    entities: [{ type: 'PERSON', firstWord: 0, lastWord: 1 }],
  };

  it('reads an array, {"documents": …}, one object, and JSON Lines', () => {
    const expected = [
      {
        words: [
          { text: 'NEWT', startSec: null, endSec: null },
          { text: 'GINGRICH', startSec: 0.4, endSec: 1 },
        ],
        entities: [{ type: 'PERSON', firstWord: 0, lastWord: 1 }],
      },
    ];
    expect(parseNeJson(JSON.stringify([doc]))).toEqual({ value: expected, diagnostics: [] });
    expect(parseNeJson(JSON.stringify({ documents: [doc] })).value).toEqual(expected);
    expect(parseNeJson(JSON.stringify(doc)).value).toEqual(expected);
    const lines = `${JSON.stringify(doc)}\n\n${JSON.stringify({ words: 'A B C' })}\n`;
    const r = parseNeJson(lines);
    expect(r.diagnostics).toEqual([]);
    expect(r.value[1]).toEqual({
      words: ['A', 'B', 'C'].map((text) => ({ text, startSec: null, endSec: null })),
      entities: [],
    });
  });

  it('reports bad spans at the document they are in, with the JSON path', () => {
    const text = `[\n  {"words": "A B", "entities": []},\n  {"words": "A B", "entities": [{"type": "P", "firstWord": 1, "lastWord": 2}]}\n]`;
    const r = parseNeJson(text);
    expect(r.diagnostics).toMatchObject([{ code: 'ne.json.invalid', line: 3, column: 3 }]);
    expect(r.diagnostics[0]!.message).toBe(
      "[1].entities[0]: words 1..2 are not a span of the document's 2 words",
    );
    expect(r.value[1]!.entities).toEqual([]);
  });

  it('reports syntax errors with a location, in a whole file and per JSON line', () => {
    const r = parseNeJson('[{"words": "A"},]');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]!.code).toBe('ne.json.syntax');
    const jl = parseNeJson('{"words": "A"}\n{"words": }\n');
    expect(jl.diagnostics).toMatchObject([{ code: 'ne.json.syntax', line: 2 }]);
    expect(jl.value).toHaveLength(1);
  });

  it('reports a time or span nested 50,000 deep by its start, without overflowing the stack', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const r = parseNeJson(
      `{"words": [{"text": "A", "startSec": ${deep}}], "entities": [{"type": "P", "firstWord": ${deep}, "lastWord": 0}]}`,
    );
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `document.words[0].startSec: must be a number of seconds, got ${'['.repeat(57)}...`,
      `document.entities[0]: words ${'['.repeat(57)}.....0 are not a span of the document's 1 words`,
    ]);
  });

  it('reports words and times of the wrong shape', () => {
    const r = parseNeJson('{"words": [3, {"text": "A", "startSec": "x"}], "entities": {}}');
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'document.words[0]: a word is a string or {"text", "startSec"?, "endSec"?}',
      'document.words[1].startSec: must be a number of seconds, got "x"',
      'document.entities: must be an array of {"type", "firstWord", "lastWord"}',
    ]);
  });
});
