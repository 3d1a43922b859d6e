import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseNbestUtterances as parseForScoring } from './nbestJsonl';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';
import { type NBestRecord, parseNbestJsonl, parseNbestJsonlOrThrow, writeNbestJsonl } from './nbestJsonl';

const sample = [
  '{"id": "d1", "nbest": [{"interp": "(S (A x))", "score": 0.5}, {"interp": "(S (B x))", "score": 0.5}], "gold": ["(S (B x))"], "labels": {"accuracy": "perfect", "knowledge": "known", "input": "asr"}}',
  '',
  '{"id": 2, "nbest": [{"interpretation": {"to": "Bonn"}}, {"interp": "x"}], "labels": {"cantRepresent": true}}',
].join('\n');

describe('N-best JSON lines', () => {
  it('reads entries in rank order, gold as interpretations and labels in the project spelling', () => {
    const r = parseNbestJsonl(sample);
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      {
        id: 'd1',
        nbest: [
          { interpretation: '(S (A x))', score: 0.5 },
          { interpretation: '(S (B x))', score: 0.5 },
        ],
        interpretations: ['(S (B x))'],
        // "perfect" with one gold interpretation is perfect=1 (Kleinbauer et al. §4).
        labels: { accuracyClass: 'perfect-1', knowledgeClass: 'known', inputKind: 'asr' },
      },
      {
        id: '2',
        // No scores: −rank keeps the order without ties; a JSON interpretation is kept as canonical JSON.
        nbest: [
          { interpretation: '{"to":"Bonn"}', score: -1 },
          { interpretation: 'x', score: -2 },
        ],
        labels: { cantRepresent: true },
      },
    ]);
  });

  it('reports the offending value of a bad line and keeps the others', () => {
    const text = [
      '{"id": "a", "nbest": [{"interp": "x", "score": "high"}]}',
      '{"id": "b", "nbest": [{"score": 1}]}',
      '{"id": "c", "nbest": [], "labels": {"accuracy": "great"}}',
      '{"id": "e", "nbest": []}',
      '{"id": "d", "nbest": [}',
      '{"id": "e", "nbest": []}',
    ].join('\n');
    const r = parseNbestJsonl(text);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['nbest.score', 1, 48],
      ['nbest.entry', 2, 23],
      ['nbest.labels', 3, 36],
      ['nbest.json', 5, 23],
      ['nbest.duplicate', 6, 8],
    ]);
    expect(r.diagnostics[0]!.message).toBe('utterance "a", rank 1: "score" must be a number, got "high"');
    expect(r.diagnostics[4]!.message).toBe('utterance "e" already appeared on line 4');
    expect(r.value.map((x) => x.id)).toEqual(['e']);
    expect(() => parseNbestJsonlOrThrow('{"nbest": []}', 'n.jsonl')).toThrow(/^n\.jsonl:1:1: missing "id"/);
  });

  const record: fc.Arbitrary<NBestRecord> = fc.record(
    {
      id: fc.string({ minLength: 1, maxLength: 5 }),
      nbest: fc.array(
        fc.record({
          interpretation: fc.string({ maxLength: 8 }),
          score: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
        }),
        { maxLength: 4 },
      ),
      interpretations: fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
      labels: fc.record(
        {
          inputKind: fc.constantFrom('text' as const, 'asr' as const),
          accuracyClass: fc.constantFrom(
            'perfect-1' as const,
            'perfect-many' as const,
            'imperfect-1' as const,
            'imperfect-many' as const,
          ),
          knowledgeClass: fc.constantFrom(
            'known' as const,
            'unknown-oov' as const,
            'unknown-non-oov' as const,
          ),
          cantRepresent: fc.boolean(),
        },
        { requiredKeys: ['cantRepresent'] },
      ),
    },
    { requiredKeys: ['id', 'nbest'] },
  );

  it('reads interpretations and labels nested 50,000 deep without overflowing the stack', () => {
    const n = 50_000;
    const deep = '['.repeat(n) + ']'.repeat(n);
    const r = parseNbestJsonl(
      `{"id": "u", "nbest": [{"interp": ${deep}, "score": 1}], "gold": [${deep}]}\n` +
        `{"id": "v", "nbest": [], "labels": {"accuracy": ${deep}}}`,
    );
    expect(r.value.map((x) => [x.id, x.nbest![0]!.interpretation.length, x.interpretations])).toEqual([
      ['u', 2 * n, [deep]],
    ]);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'nbest.labels',
        2,
        `utterance "v": labels: accuracy class must be perfect or imperfect (optionally =1 or >1), got ${'['.repeat(57)}...`,
      ],
    ]);
  });

  it('reads back what it writes, and what it writes with gold is input to the N-best scorer', () => {
    fc.assert(
      fc.property(fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 4 }), (records) => {
        const text = writeNbestJsonl(records);
        expect(parseNbestJsonl(text)).toEqual({ value: records, diagnostics: [] });
        const withGold = records.map((r) => ({ ...r, interpretations: r.interpretations ?? [] }));
        const scored = parseForScoring(writeNbestJsonl(withGold));
        expect(scored.diagnostics).toEqual([]);
        expect(scored.value.map((u) => u.nbest.map((e) => e.interp))).toEqual(
          records.map((r) => r.nbest!.map((e) => e.interpretation)),
        );
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const op = fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(20),
      text: fc.oneof(
        fc.string({ maxLength: 4 }),
        fc.constantFrom('{', '}', '[', ']', '"', ',', '\n', 'null'),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.array(op, { minLength: 1, maxLength: 4 }).map((m) => applyMutations(sample, m)),
        ),
        (text) => {
          expect(badDiagnostic(text, parseNbestJsonl(text).diagnostics)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
