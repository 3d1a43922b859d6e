import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/tempProject';
import sample from '../../../core/metrics/fixtures/evalbSample.json';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);
/** A file of core/metrics/fixtures/evalb2006: inputs and EVALB-2006's output on them (see its README). */
const evalb2006 = (name: string): string =>
  fs.readFileSync(new URL(`../../../core/metrics/fixtures/evalb2006/${name}`, import.meta.url), 'utf8');
const write = (name: string, text: string): string => {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
};

describe('sieve parseval', () => {
  it("reproduces EVALB's sample report (sample.gld, sample.tst, sample.prm → sample.rsl)", async () => {
    write('sample.gld', sample.gold);
    write('sample.tst', sample.test);
    const p = sample.params;
    write(
      'sample.prm',
      [
        'DEBUG 0',
        'MAX_ERROR 10',
        `CUTOFF_LEN ${p.cutoffLength}`,
        'LABELED 1',
        ...p.deleteLabels.map((l) => `DELETE_LABEL ${l}`),
        ...p.deleteLabelsForLength.map((l) => `DELETE_LABEL_FOR_LENGTH ${l}`),
        ...p.equivalentLabels.map(([a, b]) => `EQ_LABEL ${a} ${b}`),
        ...p.equivalentWords.map(([a, b]) => `EQ_WORD  ${a} ${b}`),
      ].join('\n'),
    );
    const r = await sieve('parseval', 'sample.gld', 'sample.tst', '--prm', 'sample.prm');
    expect(r.code).toBe(0);
    // EVALB-2006's output on EVALB's sample, character for character (its distributed sample.rsl comes from
    // the 1997 version, which printed the gold word count of unscored sentences and no F-measure).
    expect(r.out.slice(0, r.out.indexOf('\n=== SIEVE ==='))).toBe(evalb2006('sample.rsl'));
    expect(r.out).toMatch(/^Signature {17}= parseval\|prm:sample\.prm#[0-9a-f]{8}\|case:exact\|v:0\.1\.0$/m);
    expect(r.out).toContain(
      'Not scored                = 5 with different words (ParsEval undefined), 2 empty',
    );
    expect(r.err).toContain(
      "sample.tst:12: ParsEval is undefined: the words differ at position 2 ('is' gold, 'was' test)",
    );
  });

  it.each([
    ['new.prm', 'trees.new.rsl', false],
    ['nk.prm', 'trees.new.rsl', false],
    ['collins.prm', 'trees.collins-unlabeled.rsl', true],
  ])("prints EVALB-2006's report with %s, as in %s", async (prm, rsl, unlabeled) => {
    // EVALB-2006's new.prm and nk.prm carry QUOTE_LABEL; the expected text is EVALB-2006's own output.
    const text = evalb2006(prm);
    write(prm, unlabeled ? text.replace(/^LABELED 1/m, 'LABELED 0') : text);
    write('trees.gld', evalb2006('trees.gld'));
    write('trees.tst', evalb2006('trees.tst'));
    const r = await sieve('parseval', 'trees.gld', 'trees.tst', '--prm', prm);
    expect(r.code).toBe(0);
    expect(r.out.slice(0, r.out.indexOf('\n=== SIEVE ==='))).toBe(evalb2006(rsl));
  });

  it('uses COLLINS.prm by default and reports both labelled and unlabelled figures', async () => {
    write('g.txt', '(S (NP (DT a) (NN b)) (VB c) (. .))\n');
    write('t.txt', '(S (VP (DT a) (NN b)) (VB c) (. .))\n');
    const r = await sieve('parseval', 'g.txt', 't.txt');
    expect(r).toMatchObject({ code: 0, err: '' });
    // Hand calculation: gold S(0,3) NP(0,2), test S(0,3) VP(0,2); the full stop is deleted.
    expect(r.out).toContain('   1    4    0   50.00  50.00     1      2    2      0      3     3   100.00');
    expect(r.out).toContain('Labeled   P / R / F1      =  50.00  50.00  50.00');
    expect(r.out).toContain('Unlabeled P / R / F1      = 100.00 100.00 100.00');
    expect(r.out).toContain('Signature                 = parseval|prm:collins|case:exact|v:0.1.0');
    const j = await sieve('parseval', 'g.txt', 't.txt', '--json');
    const json = JSON.parse(j.out) as { all: { labeled: { f1: number } }; signature: string };
    expect(json.all.labeled.f1).toBe(0.5);
  });

  it('reports bad trees with file, line and column, and unequal line counts', async () => {
    write('g.txt', '(S (NN a))\n(S (NN b)\n');
    write('t.txt', '(S (NN a))\n');
    const r = await sieve('parseval', 'g.txt', 't.txt');
    expect(r).toMatchObject({ code: 1, out: '' });
    expect(r.err).toBe("g.txt:2:1: '(' never closed (1 open at end of input)\n");
    write('g.txt', '(S (NN a))\n(S (NN b))\n');
    const c = await sieve('parseval', 'g.txt', 't.txt');
    expect(c).toMatchObject({ code: 1, err: 'sieve parseval: g.txt has 2 lines but t.txt has 1\n' });
    const one = await sieve('parseval', 'g.txt');
    expect(one.code).toBe(2);
    expect(one.err).toMatch(
      /^sieve parseval: arguments: 'g\.txt'; expected GOLD PRED\nusage: sieve parseval/,
    );
    const prm = await sieve('parseval', 'g.txt', 't.txt', '--prm', 'nope.prm');
    expect(prm.code).toBe(2);
    expect(prm.err.split('\n')[0]).toBe(
      "sieve parseval: --prm: 'nope.prm'; expected collins or an EVALB parameter file (no such file)",
    );
  });

  it('with --skip-invalid reports a sentence with a bad line as skipped, lists it and counts it', async () => {
    write('g.txt', '(S (NN a) (VB b))\n(S (NN b)\n(S (NN c) (VB d))\n');
    write('t.txt', '(S (NN a) (VB b))\n(S (NN b))\n(S (VB c) (VB d))\n');
    const r = await sieve('parseval', 'g.txt', 't.txt', '--json', '--skip-invalid');
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      "g.txt:2:1: '(' never closed (1 open at end of input)\nsieve parseval: skipped 1 item (--skip-invalid)\n",
    );
    const json = JSON.parse(r.out) as {
      sentences: { status: string }[];
      all: { valid: number; skipped: number };
      skipped: number;
      skippedItems: unknown[];
    };
    expect(json.sentences.map((s) => s.status)).toEqual(['ok', 'skip', 'ok']);
    expect(json.all).toMatchObject({ valid: 2, skipped: 1 });
    expect(json.skipped).toBe(1);
    expect(json.skippedItems).toEqual([
      { id: 2, file: 'g.txt', line: 2, column: 1, reason: "'(' never closed (1 open at end of input)" },
    ]);
    const report = await sieve('parseval', 'g.txt', 't.txt', '--skip-invalid');
    expect(report.out).toMatch(/^skipped 1 item: 2 \(g\.txt:2:1\)$/m);
    expect(report.out).toMatch(/^Number of Skip {2}sentence += +1$/m);
  });
});
