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
    expect(r.err).toMatch(/^bad\.jsonl:1: t1:1:1: '\(' never closed/m);
    expect(r.err).toMatch(/^bad\.jsonl:2: not JSON/m);
    expect(r.err).toMatch(/^bad\.jsonl:3: "t2" must be a string/m);
    expect((await sieve('ted', 'x')).code).toBe(2);
    const costs = await sieve('ted', '--jsonl', 'bad.jsonl', '--costs', '3,3');
    expect(costs).toMatchObject({
      code: 1,
      err: "sieve ted: costs must be INS,DEL,SUB (three numbers, e.g. 3,3,4), got '3,3'\n",
    });
  });
});
