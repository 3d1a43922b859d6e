import { pairedBootstrap } from '../../../core/stats/bootstrap';
import { MetricInputError } from '../../../core/stats/errors';
import {
  pairItems,
  parseItemResults,
  resolveMetric,
  sharedSignature,
  type ItemResults,
} from '../../../core/stats/itemResults';
import { approximateRandomisation } from '../../../core/stats/randomisation';
import type { CliIo, Command } from '../command';
import { choiceOption, integerOption, parseCliArgs, positionalArgs, requiredOption } from '../options';
import { fmt, readInputFile, reportDiagnostics } from './scoreFiles';

const FORMATS = ['table', 'json'] as const;
const COMBINES = ['mean', 'sum', 'ratio', 'f1'] as const;

function load(file: string, io: CliIo): ItemResults | null {
  const text = readInputFile(file, io);
  if (text === null) return null;
  const parsed = parseItemResults(text);
  return reportDiagnostics(file, parsed.diagnostics, io) ? null : parsed.value;
}

/** `sieve compare A.json B.json --metric M`: paired bootstrap intervals and a randomisation test. */
export const compare: Command = {
  name: 'compare',
  summary:
    'Significance of the difference between two systems on one figure (paired bootstrap, randomisation)',
  usage:
    'sieve compare A.json B.json --metric M [--stats F+F,F] [--combine mean|sum|ratio|f1] [--resamples 1000] ' +
    '[--trials 10000] [--seed 12345] [--allow-mismatch] [--format table|json]',
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
      },
      allowPositionals: true,
    });
    const [fileA, fileB] = positionalArgs(positionals, ['A.json', 'B.json']) as [string, string];
    const metricName = requiredOption('--metric', values.metric, 'the name of a figure in both files');
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
    const choice = { metric: metricName, stats: values.stats, combine };
    const metric = resolveMetric(choice, a);
    const paired = pairItems(a, b, metric);
    if (paired.n === 0) throw new MetricInputError(`no items to compare (${paired.excluded} excluded)`);
    const boot = pairedBootstrap(metric.statistic, paired.a, paired.b, { resamples, seed });
    const test = approximateRandomisation(metric.statistic, paired.a, paired.b, { trials, seed });
    if (format === 'json') {
      const report = {
        metric: metricName,
        source: metric.source,
        combine: metric.statistic.name,
        signature,
        n: paired.n,
        excluded: paired.excluded,
        a: boot.a,
        b: boot.b,
        delta: boot.delta,
        pValue: test.pValue,
        bootstrapSignature: boot.signature,
        testSignature: test.signature,
      };
      io.out(`${JSON.stringify(report)}\n`);
      return 0;
    }
    const iv = (x: { value: number; lo: number; hi: number }): string =>
      `${fmt(x.value)}  [${fmt(x.lo)}, ${fmt(x.hi)}]`;
    const lines = [
      `metric     ${metricName}  (${metric.source}; ${metric.statistic.name})`,
      `settings   ${signature ?? '(the files carry no signature)'}`,
      `items      ${paired.n} paired${paired.excluded ? ` (${paired.excluded} excluded in A or B, left out of both)` : ''}`,
      `A          ${iv(boot.a)}  ${fileA}`,
      `B          ${iv(boot.b)}  ${fileB}`,
      `A - B      ${iv(boot.delta)}`,
      `p-value    ${test.pValue.toPrecision(4)}  (paired approximate randomisation, two-sided)`,
      `intervals  95% paired bootstrap  ${boot.signature}`,
      `test       ${test.signature}`,
    ];
    if (boot.undefinedResamples > 0)
      lines.push(`note       ${boot.undefinedResamples} resamples had an undefined figure and were left out`);
    io.out(`${lines.join('\n')}\n`);
    return 0;
  },
};
