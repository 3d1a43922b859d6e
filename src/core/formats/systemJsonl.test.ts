import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { UtteranceAnnotation } from '../model/annotation';
import type { TreeNode } from '../tree/tree';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';
import { parseSystemJsonl, parseSystemJsonlOrThrow, writeSystemJsonl } from './systemJsonl';

const line1 = JSON.stringify({
  id: 'utt-001',
  words: [
    { text: 'fly', startSec: 0.1, endSec: 0.4, confidence: 0.9 },
    { text: 'to', startSec: 0.4, endSec: 0.5 },
    { text: 'bonn', startSec: null, endSec: null },
  ],
  trees: [
    { name: 'syntax', typed: false, tree: '(S (V fly) (PP (P to) (NP bonn)))' },
    {
      name: 'semantic',
      typed: true,
      tree: {
        label: 'S',
        type: 'root',
        children: [
          { label: 'fly', type: 'word', children: [] },
          { label: 'to', type: 'word', children: [] },
          { label: 'bonn', type: 'word', children: [] },
        ],
      },
    },
  ],
  entities: [{ type: 'LOC', firstWord: 2, lastWord: 2 }],
  concepts: [{ attribute: 'goalcity', value: 'Bonn' }],
  nbest: [{ interpretation: 'goalcity:Bonn', score: -1.5 }],
  interpretations: ['goalcity:Bonn'],
  labels: { inputKind: 'asr', cantRepresent: false },
});

describe('annotation JSON lines', () => {
  it('reads every part of an utterance; trees as bracket text or objects', () => {
    const r = parseSystemJsonl(`${line1}\n\n{"id": "utt-002"}\n`);
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toHaveLength(2);
    const u = r.value[0]!;
    expect(u.trees!.map((t) => [t.name, t.typed, t.tree.label, t.tree.children.length])).toEqual([
      ['syntax', false, 'S', 2],
      ['semantic', true, 'S', 3],
    ]);
    expect(u.words![2]).toEqual({ text: 'bonn', startSec: null, endSec: null });
    expect(r.value[1]).toEqual({ id: 'utt-002' });
  });

  it('reports what it expected at the offending value, per line, and keeps the good lines', () => {
    const lines = [
      '{"id": "a", "words": [{"text": "x", "startSec": 1, "endSec": 0.5}]}',
      '{"id": "b", "words": [{"text": "x", "startSec": 0, "endSec": 1}], "entities": [{"type": "P", "firstWord": 0, "lastWord": 3}]}',
      '{"id": "c", "words": [{"text": "x", "startSec": 0, "endSec": 1}], "trees": [{"name": "t", "typed": false, "tree": "(S y)"}]}',
      '{"id": "d", "trees": [{"name": "t", "typed": false, "tree": "(S (x)"}]}',
      '{"id": "e", "colour": "red"}',
      '{"id": "f", "labels": {"inputKind": "speech"}}',
      '{"id": "g"}',
      '{"id": "g"}',
      '{"id": "h", "trees": [{"name": "t", "typed": true, "tree": "(root:S word:x)"}, {"name": "t", "typed": false, "tree": "(S x)"}]}',
    ];
    const r = parseSystemJsonl(lines.join('\n'));
    expect(r.diagnostics.map((d) => [d.line, d.column, d.code, d.message])).toEqual([
      [1, 62, 'annotations.times', 'words.0.endSec: expected endSec ≥ startSec (1)'],
      [2, 122, 'annotations.span', 'entities.0.lastWord: word 3 is past the 1 words'],
      [3, 115, 'annotations.leaves', "trees.0.tree: 1 leaves for 1 words: leaf 1 is 'y' where word 1 is 'x'"],
      [
        4,
        61,
        'annotations.tree',
        "trees.0.tree: column 1 of the tree: '(' never closed (1 open at end of input)",
      ],
      [5, 13, 'annotations.schema', 'colour: Unrecognized key: "colour"'],
      [
        6,
        37,
        'annotations.schema',
        expect.stringMatching(/^labels\.inputKind: Invalid option: expected one of "text"\|"asr"/),
      ],
      [8, 8, 'annotations.duplicate', 'id: utterance "g" already appeared on line 7'],
      [9, 89, 'annotations.duplicate', 'trees.1.name: a tree named "t" is already given'],
    ]);
    expect(r.value.map((u) => u.id)).toEqual(['g']);
    expect(() => parseSystemJsonlOrThrow('{"id": ""}', 'sys.jsonl')).toThrow(/^sys\.jsonl:1:8: id: /);
  });

  it('says a too deeply nested tree object is too deep instead of crashing', () => {
    let tree = '{"label": "x", "children": []}';
    for (let k = 0; k < 20_000; k++) tree = `{"label": "x", "children": [${tree}]}`;
    const r = parseSystemJsonl(`{"id": "a", "trees": [{"name": "t", "typed": false, "tree": ${tree}}]}`);
    expect(r.value).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
  });
});

const label = fc.oneof(fc.stringMatching(/^[A-Za-z]{1,3}$/), fc.string({ maxLength: 3 }));
const treeOver = (words: string[], typed: boolean): fc.Arbitrary<TreeNode> => {
  // A random bracketing of the words: split the sequence recursively.
  const build = (ws: string[], depth: number): fc.Arbitrary<TreeNode> => {
    const typ = typed ? fc.constantFrom('root', 'c', 'w:x', 'a b') : fc.constant(undefined);
    const leafNodes = ws.map((w) =>
      typ.map((type) => (type === undefined ? { label: w, children: [] } : { label: w, type, children: [] })),
    );
    const cut = depth > 2 || ws.length < 2 ? fc.constant(-1) : fc.integer({ min: 1, max: ws.length - 1 });
    return fc.tuple(label, typ, cut).chain(([l, type, k]) => {
      const kids =
        k < 0
          ? fc.tuple(...leafNodes)
          : fc.tuple(build(ws.slice(0, k), depth + 1), build(ws.slice(k), depth + 1));
      return kids.map((children) =>
        type === undefined ? { label: l, children } : { label: l, type, children },
      );
    });
  };
  return build(words, 0);
};
const ms = fc.integer({ min: 0, max: 100_000 }).map((k) => k / 1000);
const word = fc
  .record(
    {
      text: fc.string({ minLength: 1, maxLength: 4 }),
      times: fc.option(fc.tuple(ms, ms), { nil: null }),
      confidence: fc.double({ min: 0, max: 1, noNaN: true }),
    },
    { requiredKeys: ['text', 'times'] },
  )
  .map(({ text, times, confidence }) => ({
    text,
    startSec: times ? Math.min(...times) : null,
    endSec: times ? Math.max(...times) : null,
    ...(confidence === undefined ? {} : { confidence: Object.is(confidence, -0) ? 0 : confidence }),
  }));
const utterance: fc.Arbitrary<UtteranceAnnotation> = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 5 }),
    words: fc.array(word, { minLength: 1, maxLength: 5 }),
    typed: fc.boolean(),
    parts: fc.uniqueArray(
      fc.constantFrom('words', 'trees', 'entities', 'concepts', 'nbest', 'interpretations', 'labels'),
      {},
    ),
  })
  .chain(({ id, words, typed, parts }) =>
    fc
      .record({
        tree: treeOver(
          words.map((w) => w.text),
          typed,
        ),
        first: fc.nat(words.length - 1),
        concepts: fc.array(
          fc.record({
            attribute: fc.string({ minLength: 1, maxLength: 3 }),
            value: fc.string({ maxLength: 3 }),
          }),
          { maxLength: 2 },
        ),
        nbest: fc.array(
          fc.record({
            interpretation: fc.string({ maxLength: 4 }),
            score: fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => (Object.is(x, -0) ? 0 : x)),
          }),
          { maxLength: 3 },
        ),
        interpretations: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
        labels: fc.record(
          { inputKind: fc.constantFrom('text' as const, 'asr' as const), cantRepresent: fc.boolean() },
          { requiredKeys: [] },
        ),
      })
      .map(({ tree, first, concepts, nbest, interpretations, labels }) => {
        const u: UtteranceAnnotation = { id };
        if (parts.includes('words') || parts.includes('trees') || parts.includes('entities')) u.words = words;
        if (parts.includes('trees')) u.trees = [{ name: 'syntax', tree, typed }];
        if (parts.includes('entities'))
          u.entities = [{ type: 'X', firstWord: first, lastWord: words.length - 1 }];
        if (parts.includes('concepts')) u.concepts = concepts;
        if (parts.includes('nbest')) u.nbest = nbest;
        if (parts.includes('interpretations')) u.interpretations = interpretations;
        if (parts.includes('labels')) u.labels = labels;
        return u;
      }),
  );

describe('annotation JSON lines round trips and fuzzing', () => {
  it('reads back what it writes (trees as bracket text or as objects)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(utterance, { selector: (u) => u.id, maxLength: 4 }), (us) => {
        expect(parseSystemJsonl(writeSystemJsonl(us))).toEqual({ value: us, diagnostics: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const op = fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(20),
      text: fc.oneof(
        fc.string({ maxLength: 4 }),
        fc.constantFrom('{', '}', '[', ']', '"', ',', '\n', '(', ')', '-1', 'null'),
      ),
    });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 100 }),
          fc.array(op, { minLength: 1, maxLength: 4 }).map((m) => applyMutations(line1, m)),
        ),
        (text) => {
          expect(badDiagnostic(text, parseSystemJsonl(text).diagnostics)).toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
