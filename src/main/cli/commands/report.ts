import fs from 'node:fs';
import path from 'node:path';
import { collectReportInput } from '../../report/collectReport';
import { csvReport } from '../../report/csvReport';
import { TEXT_FORMATS, type TextFormat, reportText } from '../../report/exportReport';
import { appendixAbridged } from '../../report/htmlReport';
import { buildReport } from '../../report/reportModel';
import { goldNoteLines } from '../goldNotes';
import { scoreProject } from '../../scoring/scoreProject';
import { ProjectStore } from '../../store/projectStore';
import type { CliIo, Command } from '../command';
import { alternatives, integerOption, optionError, parseCliArgs, positionalArgs } from '../options';
import { coverageOf } from '../../../core/scoring/corpusScores';

const EXTENSIONS: Record<string, TextFormat | 'pdf'> = {
  '.pdf': 'pdf',
  '.html': 'html',
  '.htm': 'html',
  '.csv': 'csv',
  '.json': 'json',
  '.md': 'md',
};

/** The format asked for: `--format`, else the extension of `--out`, else Markdown. */
function formatOf(format: string | undefined, out: string | undefined): TextFormat | string {
  if (format !== undefined) return format;
  if (out !== undefined) return EXTENSIONS[path.extname(out).toLowerCase()] ?? path.extname(out);
  return 'md';
}

/** The CSV report beside HTML report `out`: its name with `.csv` for its extension. */
function besideName(out: string): string {
  const ext = path.extname(out);
  return ext && ext.toLowerCase() !== '.csv' ? `${out.slice(0, -ext.length)}.csv` : `${out}.csv`;
}

/** Progress on stderr, redrawn in place, only where someone watches it (a terminal). */
function progress(io: CliIo): (text: string) => void {
  if (!process.stderr.isTTY) return () => {};
  let shown = '';
  return (text) => {
    if (text !== shown) io.err(`\r\u001b[K${text}`);
    shown = text;
  };
}

/** `sieve report PROJECT`: the project report (corpus figures, comparisons, plots, appendix). */
export const report: Command = {
  name: 'report',
  summary:
    'The project report: corpus figures with 95% intervals, paired comparisons, plots, N-best breakdown, per utterance (Markdown, JSON, CSV, HTML)',
  usage:
    'sieve report PROJECT.sieve [--systems A,B] [--out report.html|.csv|.json|.md] [--format md|json|csv|html] [--jobs N]\n' +
    '  [--only-covered]  corpus figures over the utterances with output only (default: as sieve score, an\n' +
    '  utterance without output is an empty hypothesis)',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        format: { type: 'string' },
        out: { type: 'string' },
        systems: { type: 'string' },
        jobs: { type: 'string' },
        'only-covered': { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    const [project] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const asked = formatOf(values.format, values.out);
    // An error names the flag the format came from: --format, else the extension of --out.
    const [flag, given] = values.format !== undefined ? ['--format', values.format] : ['--out', values.out!];
    const expected =
      flag === '--format'
        ? alternatives(TEXT_FORMATS)
        : `a file ending in ${alternatives(Object.keys(EXTENSIONS).filter((e) => e !== '.pdf'))}`;
    if (asked === 'pdf')
      throw optionError(
        flag,
        given,
        `${expected}; PDF is printed by the desktop app: write the HTML report and print it from a browser`,
      );
    if (!(TEXT_FORMATS as readonly string[]).includes(asked)) throw optionError(flag, given, expected);
    const format = asked as TextFormat;
    const jobs =
      values.jobs === undefined ? undefined : integerOption('--jobs', values.jobs, 1, { min: 1, max: 9999 });
    const store = ProjectStore.open(path.resolve(io.cwd, project));
    try {
      const all = store.systems();
      if (all.length === 0) {
        io.err('sieve report: the project has no systems; import one with `sieve import-system`\n');
        return 1;
      }
      let systems = all;
      if (values.systems !== undefined) {
        const names = values.systems
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '');
        const unknown = names.filter((n) => !all.some((s) => s.name === n));
        if (unknown.length > 0 || names.length === 0) {
          throw optionError(
            '--systems',
            unknown.join(',') || values.systems,
            `a comma-separated list of the project's systems: ${alternatives(all.map((s) => JSON.stringify(s.name)))}`,
          );
        }
        systems = all.filter((s) => names.includes(s.name));
      }
      const say = progress(io);
      // Scored in worker threads where the cache does not hold the scores yet.
      const scores = await scoreProject(store, {
        systemIds: systems.map((s) => s.id),
        ...(jobs !== undefined ? { jobs } : {}),
        onProgress: (done, total) => say(`scoring ${done}/${total}`),
      });
      say('');
      // Gold that an older version stored invalid was left out of the scoring: say what.
      for (const line of goldNoteLines('report', scores)) io.err(line);
      say('building the report');
      const onlyCovered = values['only-covered'] || store.scoringSettings().settings.onlyCovered;
      const model = buildReport(collectReportInput(store, systems, scores), {
        coverage: coverageOf({ onlyCovered }),
      });
      // An HTML report whose appendix is abridged (a large project) has every utterance's figures in the
      // CSV report written beside it, and names it.
      const beside =
        format === 'html' && values.out !== undefined && appendixAbridged(model)
          ? besideName(values.out)
          : undefined;
      const text = await reportText(model, format, beside ? { fullTable: path.basename(beside) } : {});
      say('');
      if (values.out !== undefined) {
        const file = path.resolve(io.cwd, values.out);
        fs.writeFileSync(file, text);
        if (beside) {
          fs.writeFileSync(path.resolve(io.cwd, beside), csvReport(model));
          io.err(`sieve report: wrote ${values.out} and, with every utterance's figures, ${beside}\n`);
        } else io.err(`sieve report: wrote ${values.out}\n`);
      } else io.out(text);
      return 0;
    } finally {
      store.close();
    }
  },
};
