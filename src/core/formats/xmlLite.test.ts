import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { badDiagnostic } from '../../../test/helpers/mutate';
import { attribute, escapeXml, parseXml } from './xmlLite';

describe('xmlLite', () => {
  it('reads elements, attributes, text, CDATA and references; skips declarations and comments', () => {
    const r = parseXml(
      '\ufeff<?xml version="1.0"?>\n<!DOCTYPE a [<!ENTITY x "y">]>\n<!-- c -->\n<a k=\'1 &lt; 2\' n:s="&#x41;&#66;"><b/>t&amp;u<![CDATA[<raw>]]></a>\n',
    );
    expect(r.diagnostics).toEqual([]);
    const a = r.value!;
    expect(a.name).toBe('a');
    expect(a.attributes.map((x) => [x.name, x.value])).toEqual([
      ['k', '1 < 2'],
      ['n:s', 'AB'],
    ]);
    expect(a.children.map((c) => c.name)).toEqual(['b']);
    expect(a.text).toBe('t&u<raw>');
  });

  it('reports what it expected, where', () => {
    const codes = (s: string) => parseXml(s).diagnostics.map((d) => [d.code, d.line, d.column, d.message]);
    expect(codes('<a>\n  <b></c>\n</a>')).toEqual([
      ['xml.mismatch', 2, 6, 'found </c> but <b> is open'],
      ['xml.mismatch', 3, 1, 'expected </b> before </a>'],
    ]);
    expect(codes('<a>\n<b>\n</a>')).toEqual([['xml.mismatch', 3, 1, 'expected </b> before </a>']]);
    expect(codes('<a x=1/>')).toEqual([['xml.syntax', 1, 6, 'expected ="value" after attribute x']]);
    expect(codes('<a>&nbsp;</a>')).toEqual([
      ['xml.entity', 1, 4, "expected &lt; &gt; &amp; &quot; &apos; or &#N;, found '&nbsp;'"],
    ]);
    expect(codes('<a><b>')).toEqual([
      ['xml.unclosed', 1, 4, 'expected </b> before the end of the file'],
      ['xml.unclosed', 1, 1, 'expected </a> before the end of the file'],
    ]);
    expect(codes('<a/><b/>')[0]![0]).toBe('xml.roots');
    expect(codes('x<a/>')[0]![0]).toBe('xml.outside');
    expect(codes('<!-- open')[0]![0]).toBe('xml.unclosed');
    expect(codes('')[0]![0]).toBe('xml.empty');
    expect(codes('<a k="1" k="2"/>')[0]![0]).toBe('xml.duplicate');
  });

  it('reads back escaped text and 10,000-deep nesting', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(parseXml(`<a v="${escapeXml(s)}">${escapeXml(s)}</a>`).value).toMatchObject({ text: s });
        expect(attribute(parseXml(`<a v="${escapeXml(s)}"/>`).value!, 'v')!.value).toBe(s);
      }),
    );
    const deep = '<a>'.repeat(10_000) + '</a>'.repeat(10_000);
    expect(parseXml(deep).diagnostics).toEqual([]);
  });

  // Each of these took a time quadratic in the input before (about 80 s for 100,000-deep nesting, and
  // minutes for the declarations); read linearly they take well under a second, far inside the timeout.
  it('reads 100,000-deep nesting and a million declarations in linear time', () => {
    const n = 100_000;
    const deep = parseXml('<a>'.repeat(n) + '<b/>' + '</a>'.repeat(n));
    expect(deep.diagnostics).toEqual([]);
    let e = deep.value!;
    for (let k = 1; k < n; k++) e = e.children[0]!;
    expect(e.children.map((c) => c.name)).toEqual(['b']);
    // An end tag naming an element that is not open does not search the open ones.
    const stray = parseXml('<a>'.repeat(n) + '</z>'.repeat(3) + '</a>'.repeat(n));
    expect(stray.diagnostics.map((d) => d.code)).toEqual(['xml.mismatch', 'xml.mismatch', 'xml.mismatch']);
    expect(parseXml(`<r>${'<!x>'.repeat(1_000_000)}</r>`).diagnostics).toEqual([]);
  });

  it('never throws on random markup, and diagnostics point into the text', () => {
    const piece = fc.constantFrom(
      '<a',
      '>',
      '</a>',
      '<b/>',
      '"',
      "'",
      '=',
      ' x',
      '&',
      ';',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?',
      '?>',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(badDiagnostic(text, parseXml(text).diagnostics)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
