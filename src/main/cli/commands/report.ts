import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { collectReportInput } from '../../report/collectReport';
import { TEXT_FORMATS, type TextFormat, reportText } from '../../report/exportReport';
import { buildReport } from '../../report/reportModel';
import { scoreProject } from '../../scoring/scoreProject';
import { ProjectStore } from '../../store/projectStore';
import { type CliIo, type Command, EXIT_USAGE } from '../command';

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
    'sieve report PROJECT.sieve [--systems A,B] [--out report.html|.csv|.json|.md] [--format md|json|csv|html] [--jobs N]',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        format: { type: 'string' },
        out: { type: 'string' },
        systems: { type: 'string' },
        jobs: { type: 'string' },
      },
      allowPositionals: true,
    });
    const format = formatOf(values.format, values.out);
    if (format === 'pdf') {
      io.err(
        'sieve report: PDF is printed by the desktop app; write the HTML report and print it from a browser\n',
      );
      return EXIT_USAGE;
    }
    if (
      positionals.length !== 1 ||
      !(TEXT_FORMATS as readonly string[]).includes(format) ||
      (values.jobs !== undefined && !/^[1-9]\d{0,3}$/.test(values.jobs))
    ) {
      io.err(`usage: ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const store = ProjectStore.open(path.resolve(io.cwd, positionals[0]!));
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
          io.err(
            `sieve report: no system named ${unknown.map((n) => JSON.stringify(n)).join(', ') || '(none given)'}; the project has ${all.map((s) => s.name).join(', ')}\n`,
          );
          return 1;
        }
        systems = all.filter((s) => names.includes(s.name));
      }
      const say = progress(io);
      // Scored in worker threads where the cache does not hold the scores yet.
      const scores = await scoreProject(store, {
        systemIds: systems.map((s) => s.id),
        ...(values.jobs !== undefined ? { jobs: Number(values.jobs) } : {}),
        onProgress: (done, total) => say(`scoring ${done}/${total}`),
      });
      say('building the report');
      const model = buildReport(collectReportInput(store, systems, scores));
      const text = await reportText(model, format as TextFormat);
      say('');
      if (values.out !== undefined) {
        const file = path.resolve(io.cwd, values.out);
        fs.writeFileSync(file, text);
        io.err(`sieve report: wrote ${values.out}\n`);
      } else io.out(text);
      return 0;
    } finally {
      store.close();
    }
  },
};
