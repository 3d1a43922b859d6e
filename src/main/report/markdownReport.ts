// The corpus figures of a report as a Markdown table (what `sieve report` prints by default).
import { COVERAGE_LEGEND, UNDEFINED, coverageText, percent } from '../../core/scoring/present';
import { agreementMarkdown } from '../agreement/agreementText';
import { hasAgreement } from './agreementSection';
import type { ReportFigure, ReportModel } from './reportModel';

/** A fraction as a percentage with one decimal, or a dash when undefined. */
export const pct = (x: number | null): string => percent(x);

/** Systems × metrics with 95% intervals, then each metric's settings, then the agreement between annotators. */
export function markdownReport(model: ReportModel): string {
  const metrics = model.metrics;
  const cell = (f: ReportFigure | undefined): string =>
    f ? `${pct(f.value)} [${pct(f.lo)}, ${pct(f.hi)}] n ${coverageText(f)}` : UNDEFINED;
  const sigs = new Map<string, string>();
  for (const r of model.systems)
    for (const f of r.figures) sigs.set(f.metric, `${f.signature}; ${f.bootstrap}`);
  const lines = [
    `# ${model.project}: systems at corpus level`,
    '',
    `Figures in % with 95% percentile bootstrap intervals over utterances (SIEVE ${model.version}); ${UNDEFINED}: undefined.`,
    '',
    COVERAGE_LEGEND,
    '',
    `| System | ${metrics.join(' | ')} |`,
    `| --- | ${metrics.map(() => '---:').join(' | ')} |`,
    ...model.systems.map(
      (r) => `| ${r.name} | ${metrics.map((m) => cell(r.figures.find((f) => f.metric === m))).join(' | ')} |`,
    ),
    '',
    'Settings of each figure:',
    '',
    ...metrics.map((m) => `- ${m}: \`${sigs.get(m)}\``),
  ];
  // The agreement between annotators, its headings one level down, when some utterance has two layers.
  if (hasAgreement(model.agreement))
    lines.push(
      '',
      agreementMarkdown(model.agreement)
        .trimEnd()
        .replace(/^(#+) /gm, '#$1 '),
    );
  return `${lines.join('\n')}\n`;
}
