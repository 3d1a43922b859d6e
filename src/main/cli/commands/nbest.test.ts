import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

const line = (id: string, nbest: [unknown, number][], gold: unknown[], labels: object = {}): string =>
  JSON.stringify({ id, nbest: nbest.map(([interp, score]) => ({ interp, score })), gold, labels });

// Hand-checked corpus: d1/text correct at rank 1; d1/asr correct at rank 2; d2 two equiprobable golds;
// d3 never found; d4 CantRepresent.
const corpus = [
  line(
    'd1',
    [
      ['(S (NP mug))', 0.9],
      ['(S (NP cup))', 0.5],
    ],
    ['(S (NP mug))'],
    { input: 'text', accuracy: 'perfect', knowledge: 'known' },
  ),
  line(
    'd1',
    [
      ['(S (NP cup))', 0.9],
      ['(S  (NP mug))', 0.5],
    ],
    ['(S (NP mug))'],
    { input: 'asr', accuracy: 'perfect', knowledge: 'known' },
  ),
  line(
    'd2',
    [
      [{ lex: 'plate', id: 16 }, 0.5],
      [{ id: 28, lex: 'plate' }, 0.5],
    ],
    [
      { id: 16, lex: 'plate' },
      { lex: 'plate', id: 28 },
    ],
    {
      input: 'text',
      accuracy: 'perfect>1',
      knowledge: 'known',
    },
  ),
  line('d3', [['ball9', 1]], ['ball20'], { input: 'text', accuracy: 'imperfect', knowledge: 'unknown-oov' }),
  line('d4', [], ['x'], { input: 'text', accuracy: 'perfect', knowledge: 'known', cantRepresent: true }),
].join('\n');

describe('sieve nbest', () => {
  it('prints the Table 3 shaped breakdown', async () => {
    fs.writeFileSync(path.join(dir, 'a.jsonl'), corpus);
    const r = await sieve('nbest', 'a.jsonl', '--by', 'accuracy,knowledge,input', '--k', '1,inf');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines[0]).toBe(
      'N-best interpretation figures for a.jsonl  nbest|interp:auto|ties:fc|ideal:min(C,K)|repeats:first|v:0.1.0',
    );
    expect(lines[1]).toBe('utterances 5: 4 scored, 1 CantRepresent (excluded), 0 without gold (excluded)');
    expect(lines[3]).toMatch(/^ +known +known +unknown-oov$/);
    expect(lines[4]).toMatch(/^ +text +asr +text$/);
    expect(r.out).toMatch(/^perfect=1 +n +1 +1 +0$/m);
    expect(r.out).toMatch(/^ +FRecall@1,inf +1\.00,1\.00 +0\.00,1\.00 +-$/m);
    expect(r.out).toMatch(/^perfect>1 +n +1 +0 +0$/m);
    expect(r.out).toMatch(/^ +NDCG@1,inf +- +- +0\.00,0\.00$/m);
  });

  it('writes one JSON line per utterance and a summary line', async () => {
    fs.writeFileSync(path.join(dir, 'a.jsonl'), corpus);
    const r = await sieve('nbest', 'a.jsonl', '--format', 'json', '--k', '1,inf', '--by', 'input');
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toEqual({
      id: 'd1',
      input: 'asr',
      nGold: 1,
      nReturned: 2,
      'NotFound@1': 1,
      'Precision@1': 0,
      'Recall@1': 0,
      'FRecall@1': 0,
      'DCG@1': 0,
      'NDCG@1': 0,
      'NotFound@inf': 0,
      'Precision@inf': 0.5,
      'Recall@inf': 1,
      'FRecall@inf': 1,
      'DCG@inf': 1,
      'NDCG@inf': 1,
    });
    expect(lines[2]).toMatchObject({ id: 'd2', 'FRecall@1': 0.5, 'NDCG@1': 1 });
    expect(lines[4]).toEqual({ id: 'd4', input: 'text', nGold: 1, nReturned: 0, excluded: 'cantRepresent' });
    const summary = lines[5]!['summary'] as Record<string, unknown>;
    expect(summary).toMatchObject({
      utterances: 5,
      cantRepresent: 1,
      noGold: 0,
      scored: 4,
      'NotFound@1': 2,
      'FRecall@1': 0.375,
    });
    expect((summary['combine'] as Record<string, string>)['NotFound@1']).toBe('sum');
    expect(summary['groups']).toEqual([
      expect.objectContaining({ input: 'text', utterances: 4, scored: 3, 'NotFound@1': 1 }),
      expect.objectContaining({ input: 'asr', utterances: 1, scored: 1, 'NotFound@1': 1 }),
    ]);
  });

  it('adds bootstrap intervals with --ci', async () => {
    fs.writeFileSync(path.join(dir, 'a.jsonl'), corpus);
    const r = await sieve('nbest', 'a.jsonl', '--ci', '--resamples', '100', '--seed', '3', '--k', '1');
    expect(r.out).toContain('overall, 95% bootstrap intervals  boot|n:100|seed:3|ci:0.95|q:type7|v:0.1.0');
    expect(r.out).toMatch(/^FRecall@1 +0\.3750 +\[0\.\d{4}, [01]\.\d{4}\]$/m);
  });

  it('reports bad lines with their location, bad values in one line, bad flags as usage errors', async () => {
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), `${corpus}\n{"id": "x", "nbest": 3, "gold": []}\n`);
    expect(await sieve('nbest', 'bad.jsonl')).toEqual({
      code: 1,
      out: '',
      err: 'bad.jsonl:6:22: utterance "x": "nbest" must be an array\n',
    });
    fs.writeFileSync(
      path.join(dir, 'inc.jsonl'),
      line(
        'u',
        [
          ['a', 0.1],
          ['b', 0.2],
        ],
        ['a'],
      ),
    );
    // A line whose utterance cannot be scored is a bad line too, named by file:line:column.
    expect(await sieve('nbest', 'inc.jsonl')).toEqual({
      code: 1,
      out: '',
      err: 'inc.jsonl:1:1: utterance "u": scores must not increase down the list (rank 2 has 0.2 after 0.1 at rank 1)\n',
    });
    for (const [flags, line] of [
      [
        ['--k', '1,x'],
        "--k: '1,x'; expected a comma-separated list of cut-offs K (whole numbers ≥ 1 or inf)",
      ],
      [['--k', '0'], "--k: '0'; expected a comma-separated list of cut-offs K (whole numbers ≥ 1 or inf)"],
      [
        ['--by', 'speaker'],
        "--by: 'speaker'; expected a comma-separated list of accuracy, knowledge or input, each once",
      ],
      [['--format', 'xml'], "--format: 'xml'; expected table or json"],
      [['--interp', 'graph'], "--interp: 'graph'; expected auto, tree, avs, json or text"],
      [['--seed=-1'], "--seed: '-1'; expected a whole number ≥ 0"],
      [
        ['--seed', '-1'],
        "--seed: no value; expected --seed VALUE (--seed=-VALUE for a value starting with '-')",
      ],
      [['--resamples', '0'], "--resamples: '0'; expected a whole number ≥ 1"],
    ] as const) {
      const r = await sieve('nbest', 'inc.jsonl', ...flags);
      expect(r.code, flags.join(' ')).toBe(2);
      expect(r.err.split('\n')[0]).toBe(`sieve nbest: ${line}`);
      expect(r.err).toContain('usage: sieve nbest FILE.jsonl');
    }
    expect((await sieve('nbest', 'missing.jsonl')).code).toBe(1);
  });

  it('with --skip-invalid scores the valid lines, lists the skipped ones and counts them in the summary', async () => {
    const rising = line(
      'r',
      [
        ['a', 0.1],
        ['b', 0.2],
      ],
      ['a'],
    );
    const lines = corpus.split('\n');
    fs.writeFileSync(
      path.join(dir, 'some.jsonl'),
      [lines[0], 'not json', rising, lines[0], ...lines.slice(1)].join('\n') + '\n',
    );
    const strict = await sieve('nbest', 'some.jsonl', '--format', 'json');
    expect(strict).toMatchObject({ code: 1, out: '' });
    expect(strict.err.trim().split('\n')).toHaveLength(3);
    const r = await sieve('nbest', 'some.jsonl', '--format', 'json', '--skip-invalid');
    expect(r.code).toBe(0);
    const err = r.err.trim().split('\n');
    expect(err[0]).toMatch(/^some\.jsonl:2:1: not valid JSON/);
    expect(err[1]).toMatch(/^some\.jsonl:3:1: utterance "r": scores must not increase/);
    expect(err[2]).toMatch(/^some\.jsonl:4:1: utterance "d1\/text" appears twice \(first on line 1\)$/);
    expect(err[3]).toBe('sieve nbest: skipped 3 items (--skip-invalid)');
    const out = r.out.trim().split('\n');
    const summary = (JSON.parse(out.at(-1)!) as { summary: Record<string, unknown> }).summary;
    expect(summary).toMatchObject({ skipped: 3 });
    expect((summary.skippedItems as { line: number }[]).map((s) => s.line)).toEqual([2, 3, 4]);
    // The figures are those of the valid lines alone.
    fs.writeFileSync(path.join(dir, 'valid.jsonl'), corpus);
    const valid = await sieve('nbest', 'valid.jsonl', '--format', 'json');
    const { skipped: _s, skippedItems: _i, ...rest } = summary;
    expect(rest).toEqual((JSON.parse(valid.out.trim().split('\n').at(-1)!) as { summary: unknown }).summary);
    expect(out.slice(0, -1)).toEqual(valid.out.trim().split('\n').slice(0, -1));
  });
});
