import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted cells, escaped quotes, CRLF and blank lines', () => {
    const text =
      '\ufeffdescription,candidate,rating\r\n"the ""red"" dish",mug26, 7\r\n\r\n"a, b",plate16,3\n';
    const { value, diagnostics } = parseCsv(text);
    expect(diagnostics).toEqual([]);
    expect(value.header).toEqual(['description', 'candidate', 'rating']);
    expect(value.records).toEqual([
      { line: 2, offset: text.indexOf('"the'), cells: ['the "red" dish', 'mug26', '7'] },
      { line: 4, offset: text.indexOf('"a,'), cells: ['a, b', 'plate16', '3'] },
    ]);
  });

  it('reports wrong cell counts and unclosed quotes with line and column', () => {
    const { value, diagnostics } = parseCsv('a,b\n1,2,3\n4,5\n6,"7\n');
    expect(value.records.map((r) => r.cells)).toEqual([['4', '5']]);
    expect(diagnostics.map((d) => [d.line, d.column, d.code])).toEqual([
      [4, 3, 'csv.quote'],
      [2, 1, 'csv.cells'],
    ]);
    expect(parseCsv('').diagnostics[0]!.code).toBe('csv.empty');
  });
});
