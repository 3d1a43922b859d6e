import { describe, expect, it } from 'vitest';
import { parseNeSgml } from './sgml';

const texts = (ws: { text: string }[]) => ws.map((w) => w.text).join(' ');

describe('inline SGML entity reader', () => {
  it("reads the paper's Example 1, one document per line", () => {
    const r = parseNeSgml(
      "AT THE <L> NEW YORK </L> DESK I'M <P> PHILIP BOROFF </P> <L> MISSISSIPPI </L> REPUBLICAN\n" +
        'AT THE <L> NEWARK </L> BASK ON FILM FORUM MISSES THE REPUBLICAN\n',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toHaveLength(2);
    expect(texts(r.value[0]!.words)).toBe("AT THE NEW YORK DESK I'M PHILIP BOROFF MISSISSIPPI REPUBLICAN");
    expect(r.value[0]!.entities).toEqual([
      { type: 'LOCATION', firstWord: 2, lastWord: 3 },
      { type: 'PERSON', firstWord: 6, lastWord: 7 },
      { type: 'LOCATION', firstWord: 8, lastWord: 8 },
    ]);
    expect(r.value[1]!.entities).toEqual([{ type: 'LOCATION', firstWord: 2, lastWord: 2 }]);
  });

  it('reads MUC ENAMEX, NUMEX and TIMEX with quoted or bare TYPE, tags touching words', () => {
    const r = parseNeSgml(
      '<ENAMEX TYPE="PERSON">Newt Gingrich</ENAMEX> said <TIMEX TYPE=DATE>Monday</TIMEX> that ' +
        "<NUMEX type='MONEY'>$5&amp;6</NUMEX> <b_aside/> <!-- note --> went",
    );
    expect(r.diagnostics).toEqual([]);
    expect(texts(r.value[0]!.words)).toBe('Newt Gingrich said Monday that $5&6 went');
    expect(r.value[0]!.entities).toEqual([
      { type: 'PERSON', firstWord: 0, lastWord: 1 },
      { type: 'DATE', firstWord: 3, lastWord: 3 },
      { type: 'MONEY', firstWord: 5, lastWord: 5 },
    ]);
  });

  it('keeps empty lines as empty documents so lines pair up, and adds none for a final newline', () => {
    const r = parseNeSgml('A <P> B </P>\n\nC\r\n');
    expect(r.value.map((d) => texts(d.words))).toEqual(['A B', '', 'C']);
    expect(parseNeSgml('').value).toEqual([]);
  });

  it('reports a closing tag with nothing open, with line and column', () => {
    const r = parseNeSgml('ok line\nA B </P> C\n');
    expect(r.diagnostics).toMatchObject([
      { code: 'ne.sgml.unopened', line: 2, column: 5, severity: 'error' },
    ]);
    expect(r.value[1]!.entities).toEqual([]);
  });

  it('reports an element left open at the end of its line at its opening tag', () => {
    const r = parseNeSgml('X <P> A B\n<L> C </L>');
    expect(r.diagnostics).toMatchObject([{ code: 'ne.sgml.unclosed', line: 1, column: 3 }]);
    expect(r.value[1]!.entities).toEqual([{ type: 'LOCATION', firstWord: 0, lastWord: 0 }]);
  });

  it('reports crossing tags and still reads both elements', () => {
    const r = parseNeSgml('<P> A <L> B </P> C </L>');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toMatchObject([
      { code: 'ne.sgml.crossing', line: 1, column: 13 },
    ]);
    expect(r.diagnostics.find((d) => d.code === 'ne.sgml.crossing')!.message).toContain('<L> at 1:7');
    expect(r.value[0]!.entities).toEqual([
      { type: 'PERSON', firstWord: 0, lastWord: 1 },
      { type: 'LOCATION', firstWord: 1, lastWord: 2 },
    ]);
  });

  it('warns about nested and empty elements, and reports a tag with no > and ENAMEX without TYPE', () => {
    const r = parseNeSgml('<O> A <L> B </L> </O> <P> </P>\n<ENAMEX>X</ENAMEX> <L Y');
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['ne.sgml.nested', 'warning', 1, 7],
      ['ne.sgml.empty', 'warning', 1, 27],
      ['ne.sgml.noType', 'error', 2, 1],
      ['ne.sgml.unterminatedTag', 'error', 2, 20],
    ]);
    expect(r.value[0]!.entities).toEqual([
      { type: 'ORGANIZATION', firstWord: 0, lastWord: 1 },
      { type: 'LOCATION', firstWord: 1, lastWord: 1 },
    ]);
    expect(texts(r.value[1]!.words)).toBe('X <L Y');
  });

  it('reads 100,000 nested copies of one element as one entity, in linear time', () => {
    const n = 100_000;
    const r = parseNeSgml(`<P>`.repeat(n) + ' Bonn ' + '</P>'.repeat(n) + ' <L><P>x</P></L>');
    expect(r.value[0]!.entities).toEqual([
      { type: 'PERSON', firstWord: 0, lastWord: 0 },
      { type: 'PERSON', firstWord: 1, lastWord: 1 },
      { type: 'LOCATION', firstWord: 1, lastWord: 1 },
    ]);
    // One warning of each kind for the line, where it first happens, counting the rest.
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.message])).toEqual([
      ['ne.sgml.nested', 'warning', 1, 4, '<P> is nested inside <P> at 1:1 (and 99,999 more on this line)'],
      [
        'ne.sgml.duplicate',
        'warning',
        1,
        3 * n + 11,
        'element <P> at 1:299995 spans the same words with the same type as an element inside it; dropped' +
          ' (and 99,998 more on this line)',
      ],
    ]);
  });

  it('reads a lone < as text', () => {
    const r = parseNeSgml('3 < 4 <= 5');
    expect(r.diagnostics).toEqual([]);
    expect(texts(r.value[0]!.words)).toBe('3 < 4 <= 5');
  });
});
