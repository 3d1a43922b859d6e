import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseConcepts, parseConceptsOrThrow, writeConcepts } from './concepts';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';

// The train-timetable example of attribute–value concepts, written by hand.
const sample = `utt-001 sourcecity:Bonn goalcity:Berlin
utt-002 goalcity:"New York" time:10:30 note:"say \\"hi\\""

utt-004
`;

describe('attribute–value lists', () => {
  it('reads ids, pairs, quoted values and blank lines as empty utterances', () => {
    const r = parseConcepts(sample);
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      {
        id: 'utt-001',
        line: 1,
        concepts: [
          { attribute: 'sourcecity', value: 'Bonn' },
          { attribute: 'goalcity', value: 'Berlin' },
        ],
      },
      {
        id: 'utt-002',
        line: 2,
        concepts: [
          { attribute: 'goalcity', value: 'New York' },
          { attribute: 'time', value: '10:30' },
          { attribute: 'note', value: 'say "hi"' },
        ],
      },
      { id: null, line: 3, concepts: [] },
      { id: 'utt-004', line: 4, concepts: [] },
    ]);
  });

  it('reads files without ids, and ids with colons when told', () => {
    expect(parseConceptsOrThrow('a:1 b:2\nc:3\n').map((l) => [l.id, l.concepts.length])).toEqual([
      [null, 2],
      [null, 1],
    ]);
    expect(parseConceptsOrThrow('sw02001:A:0001 a:1', { ids: 'always' })[0]!.id).toBe('sw02001:A:0001');
    expect(parseConcepts('u1 a:1', { ids: 'never' }).value[0]!.concepts).toEqual([
      { attribute: 'a', value: '1' },
    ]);
    expect(parseConcepts('u1 a:1', { ids: 'never' }).diagnostics[0]!.message).toBe(
      "expected attribute:value, found 'u1'",
    );
  });

  it('reports bad tokens with line and column and keeps the rest of the line', () => {
    const r = parseConcepts('u1 a:1 oops b:2\nu2 :x c:"open\nu3 d:"x"y e:5\n');
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['concepts.pair', 1, 8, "expected attribute:value, found 'oops'"],
      ['concepts.pair', 2, 4, "expected attribute:value, found ':x'"],
      ['concepts.quote', 2, 9, `expected '"' to close the value of 'c' on this line`],
      ['concepts.quote', 3, 9, `expected a space after the closing '"' of 'd'`],
    ]);
    expect(r.value.map((l) => l.concepts.map((c) => c.attribute))).toEqual([['a', 'b'], [], ['e']]);
    expect(() => parseConceptsOrThrow('u1 x', {}, 'c.txt')).toThrow(/^c\.txt:1:4: expected attribute:value/);
  });

  it('refuses to write what the format cannot hold', () => {
    expect(() => writeConcepts([{ id: 'a b', concepts: [] }])).toThrow(/whitespace/);
    expect(() => writeConcepts([{ concepts: [{ attribute: 'a:b', value: '1' }] }])).toThrow(/colon/);
    expect(() => writeConcepts([{ concepts: [{ attribute: 'a', value: '1\n2' }] }])).toThrow(/line break/);
  });

  it('reads back what it writes', () => {
    const concept = fc.record({
      attribute: fc.stringMatching(/^[^\s:"]{1,6}$/),
      value: fc.string({ maxLength: 8 }).filter((v) => !/[\n\r]/.test(v)),
    });
    const line = fc.record({
      id: fc.option(fc.stringMatching(/^[^\s:]{1,6}$/), { nil: null }),
      concepts: fc.array(concept, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
        const back = parseConcepts(writeConcepts(lines));
        expect(back.diagnostics).toEqual([]);
        expect(back.value.map(({ id, concepts }) => ({ id, concepts }))).toEqual(lines);
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const op = fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(10),
      text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('"', ':', '\\', ' ', '\n')),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.array(op, { minLength: 1, maxLength: 4 }).map((m) => applyMutations(sample, m)),
        ),
        (text) => {
          expect(badDiagnostic(text, parseConcepts(text).diagnostics)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
