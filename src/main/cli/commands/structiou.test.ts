import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import loose from '../../../core/structIou/fixtures/overlappingWords.json';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

const write = (name: string, lines: unknown[]): string => {
  fs.writeFileSync(
    path.join(dir, name),
    lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'),
  );
  return name;
};
const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// The published implementation's examples (fixtures/workedExamples.json of the core): 0.607292, 0.557292.
const GOLD_WORDS = [
  ['I', 1.0, 1.5],
  ['am', 1.8, 2.0],
  ['a', 2.0, 2.2],
  ['cat', 2.2, 3.0],
];
const PRED_WORDS = [
  ['1', 1.0, 1.2],
  ['2', 1.2, 1.4],
  ['3', 1.8, 2.1],
  ['4', 2.1, 2.3],
  ['5', 2.3, 2.8],
];
const example3 = {
  id: 'ex3',
  gold: { tree: '(S (PRP I) (VP (VBP am) (NP (DT a) (NN cat))))', words: GOLD_WORDS },
  pred: { tree: '(S (PRP (X 1) (PRP 2)) (VP (VBP 3) (NP (DT 4) (NN 5))))', words: PRED_WORDS },
};
const example4 = {
  id: 'ex4',
  gold: example3.gold,
  pred: { tree: '(S (X (X 1) (PRP 2)) (VP (VBP 3) (NP (DT 4) (NN 5))))', words: PRED_WORDS },
};

describe('sieve structiou', () => {
  it('prints one line per pair and a summary with sentence- and corpus-level scores', async () => {
    write('pairs.jsonl', [example3, '', { ...example4, flexible: false }]);
    const r = await sieve('structiou', '--jsonl', 'pairs.jsonl');
    expect(r).toMatchObject({ code: 0, err: '' });
    const [a, b, s] = jsonLines(r.out);
    expect(a).toMatchObject({ id: 'ex3', nodes: 16 });
    expect(a!.struct_iou).toBeCloseTo(0.607292, 6);
    expect(b).toMatchObject({ id: 'ex4', flexible: false });
    expect(b!.struct_iou).toBeCloseTo(0.557292, 6);
    const summary = s!.summary as Record<string, number | string>;
    // Both pairs have 16 nodes, so the two levels agree: (0.607292 + 0.557292) / 2.
    expect(summary.sentences).toBe(2);
    expect(summary.sentence_level).toBeCloseTo(0.582292, 6);
    expect(summary.corpus_level).toBeCloseTo(0.582292, 6);
    expect(summary.signature).toBe('struct-iou|thr:0|flex:mixed|v:0.1.0');
  });

  it('adds the matched pairs with --pairs and prints only the summary with --corpus', async () => {
    write('one.jsonl', [example4]);
    const r = await sieve('structiou', '--jsonl', 'one.jsonl', '--no-flexible', '--pairs');
    const [line] = jsonLines(r.out);
    expect(line!.struct_iou).toBeCloseTo(0.557292, 6);
    const pairs = line!.pairs as Record<string, unknown>[];
    expect(pairs).toHaveLength(7);
    // Hand calculation: PRP(I) 1.0–1.5 against PRP(2) 1.2–1.4, IoU 0.2 / 0.5.
    expect(pairs).toContainEqual({
      gold: [0],
      pred: [0, 1],
      gold_label: 'PRP',
      pred_label: 'PRP',
      gold_span: [1.0, 1.5],
      pred_span: [1.2, 1.4],
      iou: expect.closeTo(0.4, 12),
    });
    const c = await sieve('structiou', '--jsonl', 'one.jsonl', '--corpus', '--threshold', '0.5');
    const lines = jsonLines(c.out);
    expect(lines).toHaveLength(1);
    expect((lines[0]!.summary as Record<string, unknown>).signature).toBe(
      'struct-iou|thr:0.5|flex:yes|v:0.1.0',
    );
  });

  it('scores text parses with unit intervals under --text', async () => {
    write('text.jsonl', [{ id: 1, gold: { tree: '(S (NP a b) c)' }, pred: { tree: '(S a (NP b c))' } }]);
    const r = await sieve('structiou', '--jsonl', 'text.jsonl', '--text');
    const [line, s] = jsonLines(r.out);
    // Hand calculation: S ↔ S (IoU 1) and NP(0–2) ↔ NP(1–3) (IoU 1/3): 2 · 4/3 / 4.
    expect(line!.struct_iou).toBeCloseTo(2 / 3, 12);
    expect((s!.summary as Record<string, unknown>).signature).toBe(
      'struct-iou|thr:0|flex:yes|time:unit|v:0.1.0',
    );
  });

  it('names the line of every bad input and prints nothing else', async () => {
    write('bad.jsonl', [
      { ...example3, gold: { ...example3.gold, words: GOLD_WORDS.slice(0, 3) } },
      '{ nope',
      { id: 3, gold: { tree: '(S (A a', words: [['a', 0, 1]] }, pred: example3.pred },
      { ...example3, pred: { ...example3.pred, words: [...PRED_WORDS.slice(0, 4), ['5', 2.8, 2.3]] } },
      { ...example3, flexible: 'yes' },
    ]);
    const r = await sieve('structiou', '--jsonl', 'bad.jsonl');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    const err = r.err.trim().split('\n');
    const raw = fs.readFileSync(path.join(dir, 'bad.jsonl'), 'utf8').split('\n');
    // Every problem is file:line:column, the column pointing at the bad value in the line.
    const col = (line: number, text: string): number => raw[line - 1]!.indexOf(text) + 1;
    expect(err[0]).toBe(`bad.jsonl:1:${col(1, '[["I"')}: gold tree has 4 leaves but 3 words`);
    expect(err[1]).toMatch(/^bad\.jsonl:2:\d+: not JSON: /);
    expect(err[2]).toBe(
      `bad.jsonl:3:${col(3, '(S (A a')}: gold.tree: '(' never closed (2 open at end of input)`,
    );
    expect(err[3]).toBe(`bad.jsonl:5:${col(5, '"yes"')}: "flexible" must be true or false`);
    expect(err[4]).toBe(`bad.jsonl:4:${col(4, '[["1"')}: pred word 5 ends (2.3) before it starts (2.8)`);
    expect(err).toHaveLength(5);
  });

  it('with --skip-invalid scores the valid lines, lists the skipped ones and counts them in the summary', async () => {
    write('some.jsonl', [
      example3,
      '{ nope',
      { id: 'short', gold: { ...example3.gold, words: GOLD_WORDS.slice(0, 3) }, pred: example3.pred },
      { ...example3, id: 'again' },
    ]);
    const r = await sieve('structiou', '--jsonl', 'some.jsonl', '--skip-invalid');
    expect(r.code).toBe(0);
    const out = jsonLines(r.out);
    expect(out.map((l) => l.id)).toEqual(['ex3', 'again', undefined]);
    expect(out[2]!.summary).toMatchObject({
      sentences: 2,
      skipped: 2,
      skippedItems: [
        {
          id: 2,
          file: 'some.jsonl',
          line: 2,
          column: expect.any(Number),
          reason: expect.stringMatching(/^not JSON/),
        },
        {
          id: 'short',
          file: 'some.jsonl',
          line: 3,
          column: expect.any(Number),
          reason: 'gold tree has 4 leaves but 3 words',
        },
      ],
    });
    const err = r.err.trim().split('\n');
    expect(err[0]).toMatch(/^some\.jsonl:2:\d+: not JSON/);
    expect(err[1]).toMatch(/^some\.jsonl:3:\d+: gold tree has 4 leaves but 3 words$/);
    expect(err[2]).toBe('sieve structiou: skipped 2 items (--skip-invalid)');
    // The same figures as a file holding only the valid lines.
    write('valid.jsonl', [example3, { ...example3, id: 'again' }]);
    const valid = jsonLines((await sieve('structiou', '--jsonl', 'valid.jsonl')).out);
    expect(out[2]!.summary).toMatchObject(valid[2]!.summary as object);
  });

  it('reports usage and option errors', async () => {
    const none = await sieve('structiou');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(
      /^sieve structiou: --jsonl: not given; expected a JSON Lines file of \{"id", "gold", "pred"\}\nusage: sieve structiou/,
    );
    write('one.jsonl', [example3]);
    for (const t of ['1.5', 'abc', '']) {
      const r = await sieve('structiou', '--jsonl', 'one.jsonl', '--threshold', t);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(
        `sieve structiou: --threshold: '${t}'; expected a number from 0 to 1 (exclusive)`,
      );
    }
    const m = await sieve('structiou', '--jsonl', 'missing.jsonl');
    expect(m.code).toBe(1);
    expect(m.err).toMatch(/^sieve structiou: missing\.jsonl: ENOENT/);
  });
});

describe('sieve structiou over overlapping, repeated, zero-length and noisy word times', () => {
  /** A line from a case of the core's fixture, which holds the published implementation's figures. */
  const fromFixture = (id: string, name: string): { line: unknown; expected: number } => {
    const c = loose.cases.find((x) => x.name === name)!;
    const side = (tree: string, ws: number[][]) => ({
      tree,
      words: ws.map(([s, e], k) => [`w${k}`, s, e]),
    });
    return {
      line: { id, gold: side(c.gold, c.goldWords), pred: side(c.pred, c.predWords) },
      expected: c.expected,
    };
  };

  it('scores them as the published implementation does instead of refusing the file', async () => {
    const cases = [
      fromFixture('overlap', 'gold words overlapping the next word slightly, as forced alignments do'),
      fromFixture('inside', 'a word starts inside the word before it (word 5 of the predicted words)'),
      fromFixture('repeat', 'two gold words with the same interval'),
      fromFixture('zero', 'every word zero-length at one instant: all IoUs are 0/0, taken as 0'),
      fromFixture('noise', 'a word that ends below its start by floating-point noise'),
      fromFixture(
        'crossed',
        'words in crossed time order: the alignment keeps the word order, not the best IoUs',
      ),
    ];
    write('loose.jsonl', [
      ...cases.map((c) => c.line),
      // Gold words 1 and 2 overlap (0.4–0.6): gold A (0, 0.6) ~ pred A (0, 0.5) 5/6, B (0.4, 1) ~ (0.5, 1)
      // 5/6, S ~ S 1: 2 × (1 + 5/3) / 6.
      {
        id: 'hand',
        gold: {
          tree: '(S (A a) (B b))',
          words: [
            ['a', 0, 0.6],
            ['b', 0.4, 1],
          ],
        },
        pred: {
          tree: '(S (A a) (B b))',
          words: [
            ['a', 0, 0.5],
            ['b', 0.5, 1],
          ],
        },
      },
    ]);
    const r = await sieve('structiou', '--jsonl', 'loose.jsonl', '--pairs');
    expect(r).toMatchObject({ code: 0, err: '' });
    const lines = jsonLines(r.out);
    expect(lines).toHaveLength(cases.length + 2);
    cases.forEach((c, k) => expect(lines[k]!.struct_iou).toBeCloseTo(c.expected, 12));
    const hand = lines[cases.length]!;
    expect(hand.struct_iou).toBeCloseTo((2 * (1 + 5 / 3)) / 6, 12);
    expect(hand.pairs).toContainEqual(
      expect.objectContaining({ gold_span: [0, 0.6], pred_span: [0, 0.5], iou: expect.closeTo(5 / 6, 12) }),
    );
    // The zero-length line counts its nodes and scores 0 (0/0 is 0); the noisy word is read as zero-length.
    expect(lines[3]).toMatchObject({ id: 'zero', struct_iou: 0, matched_iou: 0, nodes: 10 });
    expect((lines.at(-1)!.summary as Record<string, unknown>).sentences).toBe(cases.length + 1);
  });

  it('still refuses a word that ends clearly before it starts, naming it', async () => {
    write('reversed.jsonl', [
      {
        id: 1,
        gold: {
          tree: '(S (A a) (B b))',
          words: [
            ['a', 0, 0.5],
            ['b', 0.5, 0.4999],
          ],
        },
        pred: {
          tree: '(S (A a) (B b))',
          words: [
            ['a', 0, 0.5],
            ['b', 0.5, 1],
          ],
        },
      },
    ]);
    const r = await sieve('structiou', '--jsonl', 'reversed.jsonl');
    expect(r.code).not.toBe(0);
    expect(r.err).toContain('gold word 2 ends (0.4999) before it starts (0.5)');
  });
});

describe('sieve structiou: a missing prediction', () => {
  it('scores "pred": null as no constituent proposed: 0 over the gold constituents, counted in the corpus', async () => {
    const gold = {
      tree: '(S (A a) (B b))',
      words: [
        ['a', 0, 1],
        ['b', 1, 2],
      ],
    };
    write('p.jsonl', [
      { id: 'same', gold, pred: gold },
      { id: 'none', gold, pred: null },
    ]);
    const r = await sieve('structiou', '--jsonl', 'p.jsonl');
    expect(r.err).toBe('');
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[1]).toEqual({ id: 'none', struct_iou: 0, matched_iou: 0, nodes: 3 });
    // Corpus: 2 × (3 + 0) / (6 + 3); sentence level: the mean of 1 and 0.
    expect(lines[2]!.summary).toMatchObject({ sentences: 2, corpus_level: 6 / 9, sentence_level: 0.5 });
  });
});
