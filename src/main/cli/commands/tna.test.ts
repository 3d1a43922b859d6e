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

describe('sieve tna', () => {
  it('folds the leaves with --ignore-case, as a project that ignores case does, and says so', async () => {
    write('ref.txt', '(S (NP Flights) (PP to Boston))\n');
    write('hyp.txt', '(S (NP flights) (PP to boston))\n');
    const exact = jsonLines((await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json')).out);
    expect(exact[0]).toMatchObject({ S: 2, accuracy: 4 / 6 });
    const folded = jsonLines(
      (await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json', '--ignore-case')).out,
    );
    expect(folded[0]).toMatchObject({ S: 0, accuracy: 1 });
    expect((folded[1]!.summary as { signature: string }).signature).toMatch(/\|case:fold\|/);
  });

  it('scores files paired by line, per item and corpus (counts summed)', async () => {
    write('ref.txt', `${FIG2.t1}\n(a b)\n`);
    write('hyp.txt', `${FIG2.t2}\n(a c d)\n`);
    const r = await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json');
    expect(r).toMatchObject({ code: 0, err: '' });
    const lines = jsonLines(r.out);
    expect(lines[0]).toEqual({ id: '1', distance: 10, C: 5, S: 1, I: 1, D: 1, N: 7, accuracy: 4 / 7 });
    expect(lines[1]).toMatchObject({ id: '2', C: 1, S: 1, I: 1, D: 0, accuracy: 0 });
    expect(lines[2]).toEqual({
      summary: {
        C: 6,
        S: 2,
        I: 2,
        D: 1,
        N: 9,
        accuracy: 4 / 9,
        signature: expect.stringMatching(
          /^tna\|costs:3,3,4\|typed:no\|root:count\|case:exact\|v:/,
        ) as unknown,
      },
    });
    const t = await sieve('tna', 'ref.txt', 'hyp.txt');
    expect(t.out).toMatch(/^corpus +6 +2 +1 +2 +9 +17 +44\.4%$/m);
  });

  it('pairs by trailing (id) when every line has one, and names missing ids', async () => {
    write('ref.txt', `${FIG2.t1} (u1)\n(a b) (u2)\n`);
    write('hyp.txt', `(a c d) (u2)\n${FIG2.t2} (u1)\n`);
    const r = await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json', '--dummy-root');
    expect(jsonLines(r.out)[0]).toMatchObject({ id: 'u1', C: 4, S: 1, I: 1, D: 1, accuracy: 0.5 });
    write('hyp2.txt', `(a c d) (u3)\n${FIG2.t2} (u1)\n`);
    const bad = await sieve('tna', 'ref.txt', 'hyp2.txt');
    expect(bad.code).toBe(1);
    expect(bad.err).toBe(
      "sieve tna: 2 reference and 2 hypothesis trees: no hypothesis for reference id 'u2'; hypothesis id 'u3' not in the reference\n",
    );
  });

  it('reports parse errors with file, line and column; mismatched line counts are an error', async () => {
    write('ref.txt', '(a b)\n(a (b c)\n');
    write('hyp.txt', '(a b)\n(a b)\n');
    const r = await sieve('tna', 'ref.txt', 'hyp.txt');
    expect(r).toMatchObject({ code: 1, err: "ref.txt:2:1: '(' never closed (1 open at end of input)\n" });
    write('short.txt', '(a b)\n');
    expect((await sieve('tna', 'hyp.txt', 'short.txt')).err).toMatch(/2 reference and 1 hypothesis lines/);
    write('typed.txt', '(root:S word:a)\n(S b)\n');
    expect((await sieve('tna', 'typed.txt', 'typed.txt', '--typed')).err).toMatch(
      /^typed\.txt:2:2: expected TYPE:LABEL/m,
    );
  });

  it('rejects a bad argument or flag in one line naming it and what it accepts, then its usage', async () => {
    for (const [args, line] of [
      [['ref.txt'], "arguments: 'ref.txt'; expected REF_TREES HYP_TREES"],
      [['r', 'h', '--format', 'xml'], "--format: 'xml'; expected table or json"],
      [
        ['r', 'h', '--costs', '1,-1,2'],
        "--costs: '1,-1,2'; expected INS,DEL,SUB: three numbers ≥ 0, e.g. 3,3,4",
      ],
    ] as const) {
      const r = await sieve('tna', ...args);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve tna: ${line}`);
      expect(r.err).toMatch(/^usage: sieve tna REF_TREES HYP_TREES/m);
    }
  });

  it('with --skip-invalid scores the valid items, lists the skipped ones and counts them in the summary', async () => {
    write('ref.txt', `${FIG2.t1} (u1)\n(a (b c) (u2)\na (u3)\n`);
    write('hyp.txt', `${FIG2.t2} (u1)\n(a b) (u2)\n(a b c) (u3)\n`);
    const strict = await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json');
    expect(strict).toMatchObject({
      code: 1,
      out: '',
      err: "ref.txt:2:1: '(' never closed (1 open at end of input)\n",
    });
    const r = await sieve('tna', 'ref.txt', 'hyp.txt', '--format', 'json', '--skip-invalid');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      "ref.txt:2:1: '(' never closed (1 open at end of input)\nsieve tna: skipped 1 item (--skip-invalid)\n",
    );
    const lines = jsonLines(r.out);
    // u3's reference is the bare label `a`, a tree of one node.
    expect(lines.map((l) => l.id)).toEqual(['u1', 'u3', undefined]);
    expect(lines[1]).toMatchObject({ C: 1, I: 2, D: 0, S: 0 });
    expect(lines[2]!.summary).toMatchObject({
      skipped: 1,
      skippedItems: [
        {
          id: 'u2',
          file: 'ref.txt',
          line: 2,
          column: 1,
          reason: "'(' never closed (1 open at end of input)",
        },
      ],
    });
    const table = await sieve('tna', 'ref.txt', 'hyp.txt', '--skip-invalid');
    expect(table.out).toMatch(/^skipped 1 item: u2 \(ref\.txt:2:1\)$/m);
  });
});
