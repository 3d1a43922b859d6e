import { describe, expect, it } from 'vitest';
import { SIEVE_VERSION } from '../../../core/version';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

const jsonLines = (out: string) =>
  out
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('sieve ca', () => {
  it('scores attribute–value lists line by line: Boros et al. examples (6) and (7)', async () => {
    write('ref.txt', 'dm_marker:no goalcity:Bonn\ngoalcity:Berlin\n');
    write('hyp.txt', '[dm_marker:no, goalcity:Berlin]\ngoalcity:Berlin\n');
    const r = await sieve('ca', 'ref.txt', 'hyp.txt');
    expect(r).toMatchObject({ code: 0, err: '' });
    // Boros et al.: CA 50% for (6), 100% for (7); corpus: 2 of 3 units correct, one substituted.
    expect(r.out.split('\n')).toEqual([
      'id         C     S     D     I     N       CA',
      '1          1     1     0     0     2    50.0%',
      '2          1     0     0     0     1   100.0%',
      'corpus     2     1     0     0     3    66.7%',
      `ca|costs:sclite|case:exact|v:${SIEVE_VERSION}`,
      '',
    ]);
  });

  it('pairs items by id and takes concepts from trees (Thomae et al. §6)', async () => {
    write(
      'ref.mrg',
      '(S (AFlightCode (AAirlineCode d_i) (AFlightNumber (ADigit drei) (ADigit sieben) (ADigit drei))) (AOrigin von (APlace hamburg))) (u1)\n\n(S (AGoal (APlace berlin))) (u2)\n',
    );
    write(
      'hyp.mrg',
      '(S (AGoal (APlace bonn))) (u2)\n(S (AFlightNumber (ADigit drei) (ADigit zwei) (ADigit sieben) (ADigit drei)) (ADestination nach (APlace hamburg))) (u1)\n',
    );
    const lines = jsonLines((await sieve('ca', 'ref.mrg', 'hyp.mrg', '--trees', '--format', 'json')).out);
    // u1: no slot matches, CA = (0 − 6)/6 = −100% (Thomae et al. §6); u2: one substitution.
    expect(lines[0]).toMatchObject({ id: 'u1', C: 0, S: 0, D: 6, I: 6, N: 6, ca: -1 });
    expect(lines[1]).toEqual({
      id: 'u2',
      C: 0,
      S: 1,
      D: 0,
      I: 0,
      N: 1,
      ca: 0,
      alignment: [['AGoal.APlace:berlin', 'AGoal.APlace:bonn', 'S']],
    });
    const { ca, ...rest } = lines[2]!.summary as Record<string, unknown>;
    expect(rest).toEqual({
      C: 0,
      S: 1,
      D: 6,
      I: 6,
      N: 7,
      signature: `ca|costs:sclite|case:exact|v:${SIEVE_VERSION}`,
    });
    expect(ca as number).toBeCloseTo(1 - 13 / 7, 12);
  });

  it('reads typed trees and ignores the types in slots', async () => {
    write('r', '(root:S (concept:AGoal (word:Berlin)))\n');
    write('h', '(root:S (concept:AGoal (word:berlin)))\n');
    const r = jsonLines(
      (await sieve('ca', 'r', 'h', '--trees', '--typed', '--ignore-case', '--format', 'json')).out,
    );
    expect(r[0]).toMatchObject({ C: 1, ca: 1, alignment: [['AGoal:Berlin', 'AGoal:berlin', 'C']] });
  });

  it('names missing and extra ids, and line-count mismatches', async () => {
    write('ref.txt', 'a:b (u1)\nc:d (u2)\n');
    write('hyp.txt', 'a:b (u1)\nc:d (u3)\n');
    expect((await sieve('ca', 'ref.txt', 'hyp.txt')).err).toBe(
      "sieve ca: 2 reference and 2 hypothesis items: no hypothesis for reference id 'u2'; hypothesis id 'u3' not in the reference\n",
    );
    write('one.txt', 'a:b\n');
    const r = await sieve('ca', 'ref.txt', 'one.txt');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^sieve ca: 2 reference and 1 hypothesis lines: paired by line/);
  });

  it('reports bad items with file, line and column', async () => {
    write('ref.txt', 'a:b\nc:d e\n');
    write('hyp.txt', 'a:b\nc:d\n');
    expect(await sieve('ca', 'ref.txt', 'hyp.txt')).toEqual({
      code: 1,
      out: '',
      err: "ref.txt:2:5: expected attribute:value, found 'e'\n",
    });
    write('t.mrg', '(S (A x)\n');
    write('u.mrg', '(S (A x))\n');
    expect((await sieve('ca', 't.mrg', 'u.mrg', '--trees')).err).toMatch(/^t\.mrg:1:1: '\(' never closed/);
  });

  it('with --skip-invalid scores the valid items, lists the skipped ones and counts them', async () => {
    write('ref.txt', 'a:b (u1)\nc:d e (u2)\nx:y (u3)\n');
    write('hyp.txt', 'a:b (u1)\nc:d (u2)\nx:z (u3)\n');
    const r = await sieve('ca', 'ref.txt', 'hyp.txt', '--format', 'json', '--skip-invalid');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      "ref.txt:2:5: expected attribute:value, found 'e'\nsieve ca: skipped 1 item (--skip-invalid)\n",
    );
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.id)).toEqual(['u1', 'u3', undefined]);
    expect(lines[2]!.summary).toMatchObject({
      N: 2,
      skipped: 1,
      skippedItems: [
        { id: 'u2', file: 'ref.txt', line: 2, column: 5, reason: "expected attribute:value, found 'e'" },
      ],
    });
    const table = await sieve('ca', 'ref.txt', 'hyp.txt', '--skip-invalid');
    expect(table).toMatchObject({ code: 0 });
    expect(table.out).toMatch(/^skipped 1 item: u2 \(ref\.txt:2:5\)$/m);
  });

  it('rejects a bad argument or flag in one line naming it and what it accepts, then its usage', async () => {
    for (const [args, line] of [
      [['only-one'], "arguments: 'only-one'; expected REF HYP"],
      [['a', 'b', '--costs', 'high'], "--costs: 'high'; expected sclite or equal"],
      [['a', 'b', '--format', 'xml'], "--format: 'xml'; expected table or json"],
    ] as const) {
      const r = await sieve('ca', ...args);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err).toMatch(/^sieve ca: .*\nusage: sieve ca REF HYP/);
      expect(r.err.split('\n')[0]).toBe(`sieve ca: ${line}`);
    }
  });
});
