import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NeDocument } from '../document';
import type { ParseResult } from '../../text/diagnostics';
import { detectNeFormat, readNe } from './readNe';
import { parseNeConll } from './conll';
import { parseNeJson } from './json';
import { parseNeSgml } from './sgml';

describe('format detection', () => {
  it('tells JSON, CoNLL and SGML apart; plain text is SGML without entities', () => {
    expect(detectNeFormat('  [{"words": "A"}]')).toBe('json');
    expect(detectNeFormat('{"words": "A"}\n{"words": "B"}')).toBe('json');
    expect(detectNeFormat('Newt B-PER\nGingrich I-PER\n\nsaid O\n')).toBe('conll');
    expect(detectNeFormat('-DOCSTART- O\n\nNewt NNP B-PER\n')).toBe('conll');
    expect(detectNeFormat('<P> NEWT GINGRICH </P>\n')).toBe('sgml');
    expect(detectNeFormat('NEWT GINGRICH SAID\n')).toBe('sgml');
    expect(detectNeFormat('')).toBe('sgml');
    expect(readNe('a B-X\n').format).toBe('conll');
    expect(readNe('a B-X\n', 'sgml').value[0]!.words).toHaveLength(2);
  });

  it('reads columns with an unknown tag as CoNLL, so the bad tag is named by line and column', () => {
    const text = 'Newt NNP B-PER\nGing NNP I-PER\n##rich NNP X\nsaid VBD O\n\nin IN O\nBonn NNP B-LOC\n';
    expect(detectNeFormat(text)).toBe('conll');
    const r = readNe(text);
    expect(r.format).toBe('conll');
    expect(r.diagnostics).toMatchObject([
      {
        code: 'ne.conll.badTag',
        severity: 'error',
        line: 3,
        column: 12,
        message: "tag 'X' is not O or B-/I-/E-/S-/L-/U-TYPE",
      },
    ]);
    // Lines of different lengths whose last words are mostly not tags stay text.
    expect(detectNeFormat('NEWT GINGRICH SAID\nIN BONN\nWHO AM I\n')).toBe('sgml');
    expect(detectNeFormat('HELLO THERE\nGOOD MORNING\n')).toBe('sgml');
  });
});

// Every result must be well formed whatever the input: locations inside the text, entities inside their
// documents' words.
function checkWellFormed(text: string, r: ParseResult<NeDocument[]>): void {
  const lines = text.split('\n').length;
  for (const d of r.diagnostics) {
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.line).toBeLessThanOrEqual(lines);
    expect(d.column).toBeGreaterThanOrEqual(1);
    expect(d.offset).toBeGreaterThanOrEqual(0);
    expect(d.offset).toBeLessThanOrEqual(text.length);
  }
  for (const doc of r.value) {
    for (const e of doc.entities) {
      expect(Number.isInteger(e.firstWord) && e.firstWord >= 0).toBe(true);
      expect(e.firstWord).toBeLessThanOrEqual(e.lastWord);
      expect(e.lastWord).toBeLessThan(doc.words.length);
    }
  }
}

const SAMPLES = {
  sgml: 'AT THE <L> NEW YORK </L> DESK\n<ENAMEX TYPE="PERSON">Newt</ENAMEX> <!-- c --> <NUMEX TYPE=\'MONEY\'>5</NUMEX>\n',
  conll: '-DOCSTART- O\n\nNewt 0.1 0.4 B-PER\nGingrich 0.4 1 I-PER\nsaid O\n\nNew S-LOC\n',
  json: '[{"words": ["A", {"text": "B", "startSec": 1, "endSec": 2}], "entities": [{"type": "P", "firstWord": 0, "lastWord": 1}]}]',
};
const PIECES = [
  '<',
  '>',
  '/',
  '</P>',
  '<P>',
  '<L',
  '"',
  "'",
  '=',
  '\n',
  '\r',
  ' ',
  '\t',
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '-',
  'B-',
  'I-X',
  'O',
  '<!--',
  '-->',
  '&amp;',
  'x',
  '0.5',
  '\\',
  '\u0000',
  '𝄞',
];

/** The sample with random edits: pieces inserted, characters deleted or replaced. */
function mutated(sample: string): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...PIECES));
  return fc.array(edit, { minLength: 1, maxLength: 8 }).map((edits) => {
    let s = sample;
    for (const [at, kind, piece] of edits) {
      const k = s.length === 0 ? 0 : at % (s.length + 1);
      if (kind === 'insert') s = s.slice(0, k) + piece + s.slice(k);
      else if (kind === 'delete') s = s.slice(0, k) + s.slice(k + 1 + (at % 5));
      else s = s.slice(0, k) + piece + s.slice(k + piece.length);
    }
    return s;
  });
}

const randomText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join('')),
);

describe('readers never throw on bad text (fuzzed)', () => {
  const parsers = { sgml: parseNeSgml, conll: parseNeConll, json: parseNeJson };
  for (const [name, parse] of Object.entries(parsers)) {
    it(`${name}: random and mutated inputs give only diagnostics`, () => {
      fc.assert(
        fc.property(fc.oneof(randomText, mutated(SAMPLES[name as keyof typeof SAMPLES])), (text) => {
          checkWellFormed(text, parse(text));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('format detection and reading never throw either', () => {
    fc.assert(
      fc.property(
        fc.oneof(randomText, mutated(SAMPLES.sgml), mutated(SAMPLES.conll), mutated(SAMPLES.json)),
        (text) => {
          checkWellFormed(text, readNe(text));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('readers stay linear on adversarial text', () => {
  it('reads long runs of unclosed tags, comments and deep nesting', () => {
    const n = 20000;
    const many = ['<a '.repeat(n), '<!-- '.repeat(n), `${'<P> x '.repeat(n)}${'</P> '.repeat(n)}`];
    for (const text of many) {
      const r = parseNeSgml(text);
      expect(r.value).toHaveLength(1);
      expect(r.diagnostics.length).toBeGreaterThan(0);
    }
    expect(parseNeSgml(many[2]!).value[0]!.entities).toHaveLength(n);
  });
});
