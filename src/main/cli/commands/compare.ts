import { pairedBootstrap } from '../../../core/stats/bootstrap';
import { MetricInputError } from '../../../core/errors';
import {
  pairItems,
  parseItemResults,
  resolveMetric,
  sharedSignature,
  type ItemResults,
} from '../../../core/stats/itemResults';
import { approximateRandomisation } from '../../../core/stats/randomisation';
import type { CliIo, Command } from '../command';
import {
  choiceListOption,
  choiceOption,
  integerOption,
  parseCliArgs,
  positionalArgs,
  requiredOption,
} from '../options';
import { fmt, readInputFile, reportDiagnostics } from './scoreFiles';
import {
  FORMULAS,
  SCTK_TESTS,
  type SctkTest,
  idTypeOption,
  runSctkTests,
  sctkTestLines,
} from './sctkCompare';

const FORMATS = ['table', 'json'] as const;
const COMBINES = ['mean', 'sum', 'ratio', 'f1'] as const;
const TESTS = ['bootstrap', 'ar', ...SCTK_TESTS] as const;
const isSctkTest = (t: (typeof TESTS)[number]): t is SctkTest =>
  (SCTK_TESTS as readonly string[]).includes(t);

function load(file: string, io: CliIo): ItemResults | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const parsed = parseItemResults(text);
  return reportDiagnostics(file, parsed.diagnostics, io) ? null : parsed.value;
}

/** The paired bootstrap and the randomisation test of one figure, on the items both files share. */
function resample(
  a: ItemResults,
  b: ItemResults,
  choice: { metric: string; stats?: string; combine?: (typeof COMBINES)[number] },
  options: { resamples: number; seed: number; trials: number },
) {
  const metric = resolveMetric(choice, a);
  const paired = pairItems(a, b, metric);
  if (paired.n === 0) throw new MetricInputError(`no items to compare (${paired.excluded} excluded)`);
  const { resamples, seed, trials } = options;
  const boot = pairedBootstrap(metric.statistic, paired.a, paired.b, { resamples, seed });
  const test = approximateRandomisation(metric.statistic, paired.a, paired.b, { trials, seed });
  return { metric, paired, boot, test };
}

/**
 * `sieve compare A.json B.json --metric M`: paired bootstrap intervals and a randomisation test; with
 * `--test`, also (or only) sc_stats's MAPSSWE, sign, Wilcoxon and McNemar tests on `sieve wer` results.
 */
export const compare: Command = {
  name: 'compare',
  summary:
    'Significance of the difference between two systems (paired bootstrap, randomisation; sc_stats tests)',
  usage:
    'sieve compare A.json B.json --metric M [--stats F+F,F] [--combine mean|sum|ratio|f1] [--resamples 1000] ' +
    '[--trials 10000] [--seed 12345] [--allow-mismatch] [--format table|json]\n' +
    '  [--test bootstrap,ar,mapsswe,sign,wilcoxon,mcnemar] [--id-type rm|spu_id|swb|wsj|atis|sp] [--formula E|R|W]\n' +
    '  --test: the tests to run (default bootstrap,ar: the paired bootstrap and approximate randomisation on\n' +
    "  --metric). mapsswe, sign, wilcoxon and mcnemar are sc_stats's tests with its p-values, on two\n" +
    '  `sieve wer --format json` files (--metric is then needed only for bootstrap and ar): sign and wilcoxon\n' +
    '  compare per-speaker percentages (--formula: E word error, R words correct, W word accuracy; the speaker\n' +
    "  from the id as sclite's -i, --id-type; default rm's rule, the whole id without - or _), mcnemar\n" +
    '  utterances with and without errors, mapsswe segments of the alignments.',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        metric: { type: 'string' },
        stats: { type: 'string' },
        combine: { type: 'string' },
        resamples: { type: 'string' },
        trials: { type: 'string' },
        seed: { type: 'string' },
        'allow-mismatch': { type: 'boolean', default: false },
        format: { type: 'string', default: 'table' },
        test: { type: 'string' },
        'id-type': { type: 'string' },
        formula: { type: 'string' },
      },
      allowPositionals: true,
    });
    const [fileA, fileB] = positionalArgs(positionals, ['A.json', 'B.json']) as [string, string];
    const tests = choiceListOption('--test', values.test ?? 'bootstrap,ar', TESTS);
    const sctkTests = tests.filter(isSctkTest);
    const resampling = tests.includes('bootstrap') || tests.includes('ar');
    const metricName = resampling
      ? requiredOption('--metric', values.metric, 'the name of a figure in both files')
      : (values.metric ?? null);
    const idType = idTypeOption(values['id-type']);
    const formula = choiceOption('--formula', values.formula ?? 'E', FORMULAS);
    const format = choiceOption('--format', values.format, FORMATS);
    const resamples = integerOption('--resamples', values.resamples, 1000, { min: 1 });
    const trials = integerOption('--trials', values.trials, 10000, { min: 1 });
    const seed = integerOption('--seed', values.seed, 12345);
    const combine =
      values.combine === undefined ? undefined : choiceOption('--combine', values.combine, COMBINES);
    const a = load(fileA, io);
    const b = load(fileB, io);
    if (!a || !b) return 1;
    const signature = sharedSignature(a, b, values['allow-mismatch']);
    const sctk =
      sctkTests.length > 0 ? runSctkTests(a, b, [fileA, fileB], sctkTests, { idType, formula }) : [];
    let resampled: ReturnType<typeof resample> | null = null;
    if (metricName !== null && resampling) {
      resampled = resample(
        a,
        b,
        { metric: metricName, stats: values.stats, combine },
        { resamples, seed, trials },
      );
    }
    const boot = tests.includes('bootstrap') ? resampled?.boot : undefined;
    const test = tests.includes('ar') ? resampled?.test : undefined;
    if (format === 'json') {
      const report: Record<string, unknown> = { metric: metricName, signature };
      if (resampled) {
        Object.assign(report, {
          source: resampled.metric.source,
          combine: resampled.metric.statistic.name,
          n: resampled.paired.n,
          excluded: resampled.paired.excluded,
        });
      }
      if (boot)
        Object.assign(report, {
          a: boot.a,
          b: boot.b,
          delta: boot.delta,
          bootstrapSignature: boot.signature,
        });
      if (test) Object.assign(report, { pValue: test.pValue, testSignature: test.signature });
      if (sctk.length > 0) report['tests'] = sctk;
      io.out(`${JSON.stringify(report)}\n`);
      return 0;
    }
    const iv = (x: { value: number; lo: number; hi: number }): string =>
      `${fmt(x.value)}  [${fmt(x.lo)}, ${fmt(x.hi)}]`;
    const lines: string[] = [];
    if (resampled) {
      const { metric, paired } = resampled;
      lines.push(
        `metric     ${metricName}  (${metric.source}; ${metric.statistic.name})`,
        `settings   ${signature ?? '(the files carry no signature)'}`,
        `items      ${paired.n} paired${paired.excluded ? ` (${paired.excluded} excluded in A or B, left out of both)` : ''}`,
      );
    } else lines.push(`settings   ${signature ?? '(the files carry no signature)'}`);
    if (boot) {
      lines.push(
        `A          ${iv(boot.a)}  ${fileA}`,
        `B          ${iv(boot.b)}  ${fileB}`,
        `A - B      ${iv(boot.delta)}`,
      );
    }
    if (test)
      lines.push(`p-value    ${test.pValue.toPrecision(4)}  (paired approximate randomisation, two-sided)`);
    if (boot) lines.push(`intervals  95% paired bootstrap  ${boot.signature}`);
    if (test) lines.push(`test       ${test.signature}`);
    if (boot && boot.undefinedResamples > 0)
      lines.push(`note       ${boot.undefinedResamples} resamples had an undefined figure and were left out`);
    if (sctk.length > 0) lines.push(`A          ${fileA}`, `B          ${fileB}`, ...sctkTestLines(sctk));
    io.out(`${lines.join('\n')}\n`);
    return 0;
  },
};
