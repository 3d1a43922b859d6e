import {
  correlateInterpretive,
  readCandidateTable,
  type InterpretiveFigures,
  type MissingScore,
} from '../../../core/stats/interpretive';
import type { Command } from '../command';
import { choiceOption, parseCliArgs, positionalArgs } from '../options';
import { fmt, readInputFile, reportDiagnostics } from './scoreFiles';

const MISSING: readonly MissingScore[] = ['zero', 'drop', 'error'];
const FORMATS = ['table', 'json'] as const;

function asJson(f: InterpretiveFigures): Record<string, unknown> {
  return {
    ...(f.description === null ? {} : { description: f.description }),
    n: f.pearson.n,
    pearson: f.pearson.r,
    spearman: f.spearman.r,
    favouriteAt: f.favouriteAt,
    unscored: f.unscored,
    unrated: f.unrated,
  };
}

function row(f: InterpretiveFigures): string[] {
  return [
    f.description ?? 'overall',
    String(f.pearson.n),
    fmt(f.pearson.r),
    fmt(f.spearman.r),
    ...f.favouriteAt.map((v) => String(Math.round(v * 1000) / 1000)),
    String(f.unscored),
    String(f.unrated),
  ];
}

/** `sieve correlate RATINGS.csv SCORES.csv`: Interpretive-trial correlations, per description and overall. */
export const correlate: Command = {
  name: 'correlate',
  summary:
    "Pearson and Spearman correlation of people's mean ratings with system scores (Interpretive trials)",
  usage:
    'sieve correlate RATINGS.csv SCORES.csv [--missing zero|drop|error] [--format table|json]\n' +
    '  RATINGS.csv has columns description,candidate,rating (one row per rater); SCORES.csv has\n' +
    '  description,candidate,score (one row per interpretation; a candidate takes its best score)',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        missing: { type: 'string', default: 'zero' },
        format: { type: 'string', default: 'table' },
      },
      allowPositionals: true,
    });
    const [ratingsFile, scoresFile] = positionalArgs(positionals, ['RATINGS.csv', 'SCORES.csv']) as [
      string,
      string,
    ];
    const missing = choiceOption('--missing', values.missing, MISSING);
    const format = choiceOption('--format', values.format, FORMATS);
    const ratingsText = readInputFile(ratingsFile, io);
    const scoresText = readInputFile(scoresFile, io);
    if (ratingsText === null || scoresText === null) return 1;
    const ratings = readCandidateTable(ratingsText, 'rating');
    const scores = readCandidateTable(scoresText, 'score');
    const badR = reportDiagnostics(ratingsFile, ratings.diagnostics, io);
    const badS = reportDiagnostics(scoresFile, scores.diagnostics, io);
    if (badR || badS) return 1;
    const res = correlateInterpretive(ratings.value, scores.value, { missing });
    if (format === 'json') {
      io.out(
        `${JSON.stringify({ descriptions: res.descriptions.map(asJson), overall: asJson(res.overall), signature: res.signature })}\n`,
      );
      return 0;
    }
    const ranks = res.overall.favouriteAt.map((_, r) => `rank${r + 1}`);
    const rows = [
      ['description', 'n', 'Pearson', 'Spearman', ...ranks, 'unscored', 'unrated'],
      ...res.descriptions.map(row),
      row(res.overall),
    ];
    const widths = rows[0]!.map((_, j) => Math.max(...rows.map((r) => r[j]!.length)));
    const lines = rows.map((r) =>
      r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join('  '),
    );
    lines.splice(lines.length - 1, 0, '-'.repeat(lines[0]!.length));
    io.out(
      `${lines.join('\n')}\n` +
        `rankR: descriptions whose most-liked candidate is the system's rank-R interpretation (ties share credit)\n` +
        `${res.signature}\n`,
    );
    return 0;
  },
};
