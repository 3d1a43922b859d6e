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

/** Twenty utterances; system A finds the gold at rank 1 in `goodA` of them, B in `goodB`. */
function nbestFile(name: string, good: number): void {
  const lines = Array.from({ length: 20 }, (_, i) =>
    JSON.stringify({
      id: `u${i}`,
      nbest:
        i < good
          ? [
              { interp: 'g', score: 1 },
              { interp: 'x', score: 0.5 },
            ]
          : [
              { interp: 'x', score: 1 },
              { interp: 'g', score: 0.5 },
            ],
      gold: ['g'],
    }),
  );
  fs.writeFileSync(path.join(dir, name), lines.join('\n'));
}

describe('sieve compare', () => {
  it('tests two systems scored by sieve nbest', async () => {
    nbestFile('a.jsonl', 18);
    nbestFile('b.jsonl', 6);
    for (const s of ['a', 'b']) {
      const r = await sieve('nbest', `${s}.jsonl`, '--format', 'json');
      fs.writeFileSync(path.join(dir, `${s}.json`), r.out);
    }
    const r = await sieve(
      'compare',
      'a.json',
      'b.json',
      '--metric',
      'FRecall@1',
      '--format',
      'json',
      '--trials',
      '2000',
    );
    expect(r.err).toBe('');
    const res = JSON.parse(r.out);
    expect(res).toMatchObject({
      metric: 'FRecall@1',
      source: 'field FRecall@1',
      combine: 'mean',
      n: 20,
      excluded: 0,
    });
    expect(res.a.value).toBeCloseTo(0.9, 12);
    expect(res.b.value).toBeCloseTo(0.3, 12);
    expect(res.delta.value).toBeCloseTo(0.6, 12);
    expect(res.delta.lo).toBeGreaterThan(0);
    // A beats B on 12 items and never loses: only 2 of the 2^12 swap patterns reach |Δ| = 0.6.
    expect(res.pValue).toBeLessThan(0.01);
    expect(res.testSignature).toBe('ar|stat:mean|trials:2000|seed:12345|v:0.1.0');
    const table = await sieve('compare', 'a.json', 'b.json', '--metric', 'NotFound@1');
    expect(table.out).toMatch(/^metric +NotFound@1 +\(field NotFound@1; sum\)$/m);
    expect(table.out).toMatch(/^A - B +-12\.0000 +\[/m);
  });

  it('compares WER from sieve wer as a ratio of sums', async () => {
    fs.writeFileSync(path.join(dir, 'ref.trn'), 'a b c d (u1)\na b (u2)\na b c d e f (u3)\n');
    fs.writeFileSync(path.join(dir, 'h1.trn'), 'a b c d (u1)\na x (u2)\na b c d e (u3)\n');
    fs.writeFileSync(path.join(dir, 'h2.trn'), 'a x c (u1)\nx x (u2)\na b c d e f (u3)\n');
    for (const h of ['h1', 'h2']) {
      const r = await sieve('wer', 'ref.trn', `${h}.trn`, '--format', 'json');
      expect(r.code).toBe(0);
      fs.writeFileSync(path.join(dir, `${h}.json`), r.out);
    }
    const res = JSON.parse(
      (await sieve('compare', 'h1.json', 'h2.json', '--metric', 'wer', '--format', 'json')).out,
    );
    // Hand calculation over 12 reference words: h1 has 1 substitution + 1 deletion = 2/12; h2 has
    // 1 substitution + 1 deletion in u1 and 2 substitutions in u2 = 4/12.
    expect(res.source).toBe('S+D+I, C+S+D');
    expect(res.a.value).toBeCloseTo(2 / 12, 12);
    expect(res.b.value).toBeCloseTo(4 / 12, 12);
  });

  it('refuses files scored under different settings or on different items', async () => {
    nbestFile('a.jsonl', 10);
    fs.writeFileSync(path.join(dir, 'a.json'), (await sieve('nbest', 'a.jsonl', '--format', 'json')).out);
    fs.writeFileSync(
      path.join(dir, 't.json'),
      (await sieve('nbest', 'a.jsonl', '--format', 'json', '--interp', 'text')).out,
    );
    const mismatch = await sieve('compare', 'a.json', 't.json', '--metric', 'Recall@1');
    expect(mismatch.code).toBe(1);
    expect(mismatch.err).toContain(
      'sieve compare: the files were scored with different settings: A nbest|interp:auto',
    );
    expect(
      (await sieve('compare', 'a.json', 't.json', '--metric', 'Recall@1', '--allow-mismatch')).code,
    ).toBe(0);
    const fewer = (await sieve('nbest', 'a.jsonl', '--format', 'json')).out.split('\n').slice(1).join('\n');
    fs.writeFileSync(path.join(dir, 'f.json'), fewer);
    expect((await sieve('compare', 'a.json', 'f.json', '--metric', 'Recall@1')).err).toBe(
      'sieve compare: the two files hold different items; only in A: u0\n',
    );
    const none = await sieve('compare', 'a.json', 'f.json');
    expect(none.code).toBe(2);
    expect(none.err).toMatch(
      /^sieve compare: --metric: not given; expected the name of a figure in both files\nusage: sieve compare/,
    );
    for (const [flags, line] of [
      [['--combine', 'max'], "--combine: 'max'; expected mean, sum, ratio or f1"],
      [['--trials', 'many'], "--trials: 'many'; expected a whole number ≥ 1"],
      [['--format', 'csv'], "--format: 'csv'; expected table or json"],
    ] as const) {
      const r = await sieve('compare', 'a.json', 'f.json', '--metric', 'Recall@1', ...flags);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve compare: ${line}`);
    }
  });
});

describe('sieve compare on named-entity results', () => {
  it('pairs `sieve ne --format json` output by document and compares whole-entity F1', async () => {
    const ref = ['<P>John</P> went to <L>Bonn</L>', 'nothing here', '<O>Siemens</O> in <L>Munich</L>', 'ok'];
    const hypA = ['<P>John</P> went to <L>Bonn</L>', 'nothing here', '<O>Siemens</O> in <L>Munich</L>', 'ok'];
    const hypB = ['<L>John</L> went to <L>Bonn</L>', 'nothing <P>here</P>', 'Siemens in <L>Munich</L>', 'ok'];
    fs.writeFileSync(path.join(dir, 'ref.sgml'), ref.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'a.sgml'), hypA.join('\n') + '\n');
    fs.writeFileSync(path.join(dir, 'b.sgml'), hypB.join('\n') + '\n');
    for (const s of ['a', 'b']) {
      const r = await sieve('ne', '--ref', 'ref.sgml', '--hyp', `${s}.sgml`, '--format', 'json');
      expect(r.code).toBe(0);
      fs.writeFileSync(path.join(dir, `${s}.json`), r.out);
    }
    const r = await sieve('compare', 'a.json', 'b.json', '--metric', 'ne', '--format', 'json');
    expect(r.err).toBe('');
    const report = JSON.parse(r.out) as {
      n: number;
      combine: string;
      a: { value: number };
      b: { value: number };
    };
    // Four documents (one without entities); A is perfect; B: TP 2 (Bonn, Munich), FP 2 (John as L, here), FN 2.
    expect(report).toMatchObject({ n: 4, combine: 'f1', a: { value: 1 } });
    expect(report.b.value).toBeCloseTo((2 * 2) / (2 * 2 + 2 + 2), 12);
  });
});

describe('sieve compare on tree node accuracy', () => {
  it('reads `sieve tna --format json` with the corpus rule of the paper (summed counts)', async () => {
    fs.writeFileSync(path.join(dir, 'ref.txt'), '(S a b c) (u1)\n(S (X a) b) (u2)\n(S a) (u3)\n');
    fs.writeFileSync(path.join(dir, 'a.txt'), '(S a b c) (u1)\n(S (Y a) b) (u2)\n(S a z) (u3)\n');
    fs.writeFileSync(path.join(dir, 'b.txt'), '(S a c) (u1)\n(S (X a) b) (u2)\n(S b) (u3)\n');
    const summaries: { accuracy: number }[] = [];
    for (const s of ['a', 'b']) {
      const r = await sieve('tna', 'ref.txt', `${s}.txt`, '--format', 'json');
      expect(r.code).toBe(0);
      fs.writeFileSync(path.join(dir, `${s}.json`), r.out);
      const last = r.out.trim().split('\n').at(-1)!;
      summaries.push((JSON.parse(last) as { summary: { accuracy: number } }).summary);
    }
    const r = await sieve('compare', 'a.json', 'b.json', '--metric', 'accuracy', '--format', 'json');
    expect(r.err).toBe('');
    const report = JSON.parse(r.out) as { n: number; a: { value: number }; b: { value: number } };
    expect(report.n).toBe(3);
    expect(report.a.value).toBeCloseTo(summaries[0]!.accuracy, 12);
    expect(report.b.value).toBeCloseTo(summaries[1]!.accuracy, 12);
  });
});
