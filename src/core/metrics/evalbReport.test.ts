import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBrackets } from '../tree/bracket';
import type { TreeNode } from '../tree/tree';
import sample from './fixtures/evalbSample.json';
import { type EvalbParams, parseEvalbParams } from './evalbParams';
import { evalbReport } from './evalbReport';
import { evalbLineTree, parseval } from './parseval';

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/evalb2006/${name}`, import.meta.url), 'utf8');
const lineTrees = (text: string): (TreeNode | null)[] =>
  text
    .split('\n')
    .slice(0, -1)
    .map((line) => evalbLineTree(parseBrackets(line).value));
const prm = (text: string, name: string): EvalbParams => {
  const r = parseEvalbParams(text, name);
  expect(r.diagnostics).toEqual([]);
  return r.value;
};
const report = (gold: string, test: string, params: EvalbParams): string => {
  const r = parseval(lineTrees(gold), lineTrees(test), params);
  return evalbReport(r.sentences, r.all, r.cutoff, params);
};
const unlabeled = (text: string): string => text.replace(/^LABELED 1/m, 'LABELED 0');

/** sample.prm as the fixture records it; JSON arrays read as lists, the pairs are made pairs here. */
const pair = ([a, b]: string[]): readonly [string, string] => [a!, b!];
const sampleParams: EvalbParams = {
  ...sample.params,
  labeled: true,
  equivalentLabels: sample.params.equivalentLabels.map(pair),
  equivalentWords: sample.params.equivalentWords.map(pair),
};

// The expected reports are EVALB-2006's output on these inputs (evalb.c compiled with gcc on x86-64 Linux,
// `evalb -p PRM GOLD TEST`); fixtures/evalb2006/README.md says how each was made.
describe("SIEVE's EVALB report against EVALB-2006's output", () => {
  const trees = [fixture('trees.gld'), fixture('trees.tst')] as const;

  it("reproduces EVALB's sample (sample.gld, sample.tst, sample.prm)", () => {
    const params = sampleParams;
    expect(report(sample.gold, sample.test, params)).toBe(fixture('sample.rsl'));
  });

  it.each([
    ['collins.prm', 'trees.collins.rsl'],
    ['new.prm', 'trees.new.rsl'],
    ['nk.prm', 'trees.new.rsl'],
  ])('reproduces every row with %s', (file, rsl) => {
    expect(report(...trees, prm(fixture(file), file))).toBe(fixture(rsl));
  });

  it.each([
    ['collins.prm', 'trees.collins-unlabeled.rsl'],
    ['new.prm', 'trees.new-unlabeled.rsl'],
    ['nk.prm', 'trees.new-unlabeled.rsl'],
  ])('reproduces every row with %s under LABELED 0', (file, rsl) => {
    expect(report(...trees, prm(unlabeled(fixture(file)), file))).toBe(fixture(rsl));
  });

  it('counts a complete match by unlabelled brackets under LABELED 0', () => {
    const gold = '(S (NP (DT the) (NN dog)) (VP (VBZ barks)))\n';
    const test = '(S (VP (DT the) (NN dog)) (NP (VBZ barks)))\n';
    const lines = (labeled: boolean): string[] =>
      report(gold, test, prm(labeled ? fixture('collins.prm') : unlabeled(fixture('collins.prm')), 'c'))
        .split('\n')
        .filter((l) => l.startsWith('Complete match'));
    // EVALB-2006: 0.00 labelled (NP ≠ VP), 100.00 unlabelled, in both blocks.
    expect(lines(true)).toEqual(['Complete match            =   0.00', 'Complete match            =   0.00']);
    expect(lines(false)).toEqual([
      'Complete match            = 100.00',
      'Complete match            = 100.00',
    ]);
  });

  it('prints an exact half as C does (90.625 → 90.62) in rows and summaries', () => {
    // Hand-made pair 2 of trees.gld: 29 of 32 brackets and 29 of 32 tags right.
    const [g, t] = trees.map((text) => `${text.split('\n')[1]}\n`) as [string, string];
    const out = report(g, t, prm(fixture('collins.prm'), 'c'));
    expect(out).toContain('   1   33    0   90.62  90.62    29     32   32      0     32    29    90.62\n');
    expect(out).toContain('Bracketing Recall         =  90.62\n');
    expect(out).toContain('Tagging accuracy          =  90.62\n');
  });

  it("prints EVALB's F-measure of an empty block, 0/0, as x86-64 EVALB does", () => {
    const params: EvalbParams = { ...sampleParams, cutoffLength: 0 };
    const out = report(sample.gold, sample.test, params);
    expect(out.slice(out.indexOf('-- len<=0 --'))).toBe(
      [
        '-- len<=0 --',
        'Number of sentence        =      0',
        'Number of Error sentence  =      0',
        'Number of Skip  sentence  =      0',
        'Number of Valid sentence  =      0',
        'Bracketing Recall         =   0.00',
        'Bracketing Precision      =   0.00',
        'Bracketing FMeasure       =   -nan',
        'Complete match            =   0.00',
        'Average crossing          =   0.00',
        'No crossing               =   0.00',
        '2 or less crossing        =   0.00',
        'Tagging accuracy          =   0.00',
        '',
      ].join('\n'),
    );
  });
});
