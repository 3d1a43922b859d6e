import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

const jsonLines = (text: string): Record<string, unknown>[] =>
  text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const FIG2 = {
  id: 'fig2',
  t1: '(ROOT d_i drei sieben drei von hamburg)',
  t2: '(ROOT drei zwei sieben drei nach hamburg)',
};

describe('sieve ted', () => {
  it('prints distance, counts and accuracy per line; --mapping adds the mapping (Thomae et al. Fig. 2)', async () => {
    write(
      'pairs.jsonl',
      `${JSON.stringify(FIG2)}\n\n${JSON.stringify({ id: 7, t1: '(a b)', t2: '(a b)' })}\n`,
    );
    const r = await sieve('ted', '--jsonl', 'pairs.jsonl');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(jsonLines(r.out)).toEqual([
      { id: 'fig2', distance: 10, C: 5, S: 1, I: 1, D: 1, accuracy: 4 / 7 },
      { id: 7, distance: 0, C: 2, S: 0, I: 0, D: 0, accuracy: 1 },
    ]);
    const m = jsonLines((await sieve('ted', '--jsonl', 'pairs.jsonl', '--mapping', '--dummy-root')).out);
    expect(m[0]).toMatchObject({ C: 4, S: 1, I: 1, D: 1, accuracy: 0.5 });
    expect(m[0]!.mapping).toEqual([
      [1, null, 'D'],
      [2, 1, 'C'],
      [null, 2, 'I'],
      [3, 3, 'C'],
      [4, 4, 'C'],
      [5, 5, 'S'],
      [6, 6, 'C'],
      [7, 7, 'C'],
    ]);
  });

  it('--costs and --typed change the distance (hand-computed)', async () => {
    write(
      'p.jsonl',
      `${JSON.stringify({ id: 'a', t1: '(root:S (concept:A word:x))', t2: '(root:S (word:A word:x))' })}\n`,
    );
    expect(jsonLines((await sieve('ted', '--jsonl', 'p.jsonl', '--typed')).out)[0]).toMatchObject({
      distance: 6,
    });
    // Untyped the labels are `concept:A` and `word:A`: one substitution, 1 with costs 2,2,1.
    const r = await sieve('ted', '--jsonl', 'p.jsonl', '--costs', '2,2,1');
    expect(jsonLines(r.out)[0]).toMatchObject({ distance: 1, S: 1 });
  });

  it('reports bad lines with their location and bad flags as usage errors', async () => {
    write('bad.jsonl', `{"id": 1, "t1": "(a b", "t2": "(a)"}\nnot json\n{"id": 3, "t1": "(a)"}\n`);
    const r = await sieve('ted', '--jsonl', 'bad.jsonl');
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    // file:line:column, the column pointing into the line: at the '(' inside the t1 string.
    expect(r.err).toMatch(/^bad\.jsonl:1:18: t1: '\(' never closed/m);
    expect(r.err).toMatch(/^bad\.jsonl:2:\d+: not JSON/m);
    expect(r.err).toMatch(/^bad\.jsonl:3:1: "t2" must be a string/m);
    const x = await sieve('ted', 'x');
    expect(x.code).toBe(2);
    expect(x.err).toMatch(/^sieve ted: arguments: 'x'; expected options only\nusage: sieve ted --jsonl FILE/);
    const none = await sieve('ted');
    expect(none.err.split('\n')[0]).toBe(
      'sieve ted: --jsonl: not given; expected a JSON Lines file of {"id", "t1", "t2"}',
    );
    const costs = await sieve('ted', '--jsonl', 'bad.jsonl', '--costs', '3,3');
    expect(costs).toMatchObject({ code: 2, out: '' });
    expect(costs.err).toMatch(
      /^sieve ted: --costs: '3,3'; expected INS,DEL,SUB: three numbers ≥ 0, e\.g\. 3,3,4\nusage: sieve ted/,
    );
  });

  it("reads a bare label as a one-node tree, as in APTED's test cases ({a} → a)", async () => {
    write(
      'single.jsonl',
      [
        { id: 'same', t1: 'a', t2: 'a' },
        { id: 'rename', t1: 'a', t2: 'b' },
        { id: 'grow', t1: 'a', t2: '(a b)' },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const r = await sieve('ted', '--jsonl', 'single.jsonl');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(jsonLines(r.out)).toEqual([
      { id: 'same', distance: 0, C: 1, S: 0, I: 0, D: 0, accuracy: 1 },
      { id: 'rename', distance: 4, C: 0, S: 1, I: 0, D: 0, accuracy: 0 },
      { id: 'grow', distance: 3, C: 1, S: 0, I: 1, D: 0, accuracy: 0 },
    ]);
    write('two.jsonl', JSON.stringify({ id: 1, t1: 'a b', t2: 'a' }));
    const two = await sieve('ted', '--jsonl', 'two.jsonl');
    expect(two).toMatchObject({ code: 1, out: '' });
    expect(two.err).toMatch(/^two\.jsonl:1:\d+: t1: expected one tree, found 2/);
  });

  it('with --skip-invalid scores the valid lines, lists the skipped ones and counts them in a summary', async () => {
    write(
      'some.jsonl',
      `${JSON.stringify(FIG2)}\nnot json\n${JSON.stringify({ id: 'x', t1: '(a', t2: '(a)' })}\n${JSON.stringify({ id: 7, t1: '(a b)', t2: '(a b)' })}\n`,
    );
    const strict = await sieve('ted', '--jsonl', 'some.jsonl');
    expect(strict).toMatchObject({ code: 1, out: '' });
    const r = await sieve('ted', '--jsonl', 'some.jsonl', '--skip-invalid');
    expect(r.code).toBe(0);
    const out = jsonLines(r.out);
    expect(out.map((l) => l.id)).toEqual(['fig2', 7, undefined]);
    expect(out[2]).toEqual({
      summary: {
        scored: 2,
        skipped: 2,
        skippedItems: [
          { id: 2, file: 'some.jsonl', line: 2, column: 1, reason: expect.stringMatching(/^not JSON/) },
          {
            id: 'x',
            file: 'some.jsonl',
            line: 3,
            column: 17,
            reason: "t1: '(' never closed (1 open at end of input)",
          },
        ],
      },
    });
    expect(r.err).toMatch(/^some\.jsonl:2:1: not JSON/m);
    expect(r.err).toMatch(/^some\.jsonl:3:17: t1: '\(' never closed/m);
    expect(r.err).toMatch(/^sieve ted: skipped 2 items \(--skip-invalid\)$/m);
  });
});
