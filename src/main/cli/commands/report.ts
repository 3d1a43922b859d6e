import path from 'node:path';
import { parseArgs } from 'node:util';
import type { CorpusFigure } from '../../../core/scoring/corpusScores';
import { SIEVE_VERSION } from '../../../core/version';
import { projectReport } from '../../scoring/projectScores';
import { ProjectStore } from '../../store/projectStore';
import { type Command, EXIT_USAGE } from '../command';

const FORMATS = ['md', 'json', 'csv'] as const;

const pct = (x: number): string => (Number.isFinite(x) ? (x * 100).toFixed(1) : '—');

function markdown(name: string, report: ReturnType<typeof projectReport>): string {
  const metrics = [...new Set(report.flatMap((r) => r.figures.map((f) => f.metric)))];
  const sigs = new Map<string, string>();
  for (const r of report) for (const f of r.figures) sigs.set(f.metric, `${f.signature}; ${f.bootstrap}`);
  const cell = (f: CorpusFigure | undefined): string =>
    f ? `${pct(f.value)} [${pct(f.lo)}, ${pct(f.hi)}]` : '—';
  const lines = [
    `# ${name}: systems at corpus level`,
    '',
    `Figures in % with 95% percentile bootstrap intervals over utterances (SIEVE ${SIEVE_VERSION}).`,
    '',
    `| System | ${metrics.join(' | ')} |`,
    `| --- | ${metrics.map(() => '---:').join(' | ')} |`,
    ...report.map(
      (r) => `| ${r.name} | ${metrics.map((m) => cell(r.figures.find((f) => f.metric === m))).join(' | ')} |`,
    ),
    '',
    'Settings of each figure:',
    '',
    ...metrics.map((m) => `- ${m}: \`${sigs.get(m)}\``),
  ];
  return `${lines.join('\n')}\n`;
}

function csv(report: ReturnType<typeof projectReport>): string {
  const q = (s: string): string => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  const rows = ['system,metric,value,lo,hi,n,signature,bootstrap'];
  for (const r of report)
    for (const f of r.figures)
      rows.push([q(r.name), q(f.metric), f.value, f.lo, f.hi, f.n, q(f.signature), q(f.bootstrap)].join(','));
  return `${rows.join('\n')}\n`;
}

/** `sieve report PROJECT`: every system's corpus figures with intervals and signatures. */
export const report: Command = {
  name: 'report',
  summary: "Every system's corpus figures with 95% intervals and settings signatures (Markdown, JSON, CSV)",
  usage: 'sieve report PROJECT.sieve [--format md|json|csv]',
  run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { format: { type: 'string', default: 'md' } },
      allowPositionals: true,
    });
    const format = values.format as (typeof FORMATS)[number];
    if (positionals.length !== 1 || !FORMATS.includes(format)) {
      io.err(`usage: ${this.usage}\n`);
      return EXIT_USAGE;
    }
    const store = ProjectStore.open(path.resolve(io.cwd, positionals[0]!));
    try {
      const r = projectReport(store);
      if (r.length === 0) {
        io.err('sieve report: the project has no systems; import one with `sieve import-system`\n');
        return 1;
      }
      if (format === 'json')
        io.out(`${JSON.stringify({ project: store.summary().name, version: SIEVE_VERSION, systems: r })}\n`);
      else if (format === 'csv') io.out(csv(r));
      else io.out(markdown(store.summary().name, r));
      return 0;
    } finally {
      store.close();
    }
  },
};
