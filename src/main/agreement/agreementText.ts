// The agreement between annotators as text: a Markdown table per pair of annotators (what `sieve agreement`
// prints for people and the Markdown report carries), CSV of every figure and JSON of the whole model.
// Tables for people show agreement as percentages, κ and α with three decimals and boundary differences in
// milliseconds; JSON and CSV carry the values themselves (fractions, coefficients, seconds). An undefined
// figure is `—` in a table, null in JSON and an empty CSV cell with its reason in `note`; never 0.
import {
  type AdjudicationProgress,
  type AgreementFigure,
  type AgreementUnit,
  type ProjectAgreement,
  agreementValueText,
  unitText,
} from '../../core/api/agreementModel';
import { UNDEFINED, UNDEFINED_REASON } from '../../core/scoring/present';

export { agreementValueText, unitText };

/** `64.1 [60.2, 68.0]`, each part `—` when undefined. */
export function figureText(f: AgreementFigure): string {
  const v = (x: number | null): string => agreementValueText(x, f.unit);
  return `${v(f.value)} [${v(f.lo)}, ${v(f.hi)}]`;
}

/** The sentence on adjudication progress. */
export function progressText(p: AdjudicationProgress): string {
  return (
    `${p.multiple} utterance(s) with layers of two or more annotators (${p.annotated} with any annotator layer, ` +
    `${p.annotators} annotator(s)); ${p.adjudicated} of the ${p.multiple} adjudicated.`
  );
}

/** What an utterance counts as adjudicated, as reports say it. */
export const ADJUDICATED_RULE =
  'An utterance counts as adjudicated when its adjudicated layer is done or reviewed, or was edited after ' +
  'the last change of its annotator layers.';

/** How the tables read, as reports say it. */
export const AGREEMENT_LEGEND =
  `Agreement in %, κ and α as coefficients, boundary differences in ms, each with its 95% percentile ` +
  `bootstrap interval over utterances; ${UNDEFINED}: undefined (nothing to compare, or chance agreement of 1). ` +
  'n: what the figure counts (shared boundaries, word labels, pairable values, nodes, entities); ' +
  'utterances: those both annotators annotated that the figure could use.';

const cell = (s: string): string => s.replace(/\|/g, '\\|');

function figureRows(figures: readonly AgreementFigure[]): string[] {
  return [
    '| Measure | Unit | Value | 95% interval | n | Utterances |',
    '|---|---|---:|---|---:|---:|',
    ...figures.map((f) => {
      const v = (x: number | null): string => agreementValueText(x, f.unit);
      return `| ${cell(f.measure)} | ${unitText(f.unit)} | ${v(f.value)} | [${v(f.lo)}, ${v(f.hi)}] | ${f.n} | ${f.utterances} |`;
    }),
  ];
}

/** The signatures of a set of figures, once each (every figure of one run has the same one). */
function signatureLines(figures: readonly AgreementFigure[]): string[] {
  const sigs = [...new Set(figures.map((f) => f.signature))];
  return sigs.length === 0 ? [] : ['', ...sigs.map((s) => `Signature: \`${cell(s)}\``)];
}

/** The agreement as Markdown: progress, then one table per pair (and among all when three or more). */
export function agreementMarkdown(model: ProjectAgreement, options: { utterances?: boolean } = {}): string {
  const lines = [
    `# ${model.project}: agreement between annotators`,
    '',
    `SIEVE ${model.version}; annotators: ${model.annotators.join(', ') || 'none'}; settings: \`${cell(model.signature)}\`.`,
    '',
    AGREEMENT_LEGEND,
    '',
    `Adjudication: ${progressText(model.progress)} ${ADJUDICATED_RULE}`,
  ];
  if (model.pairs.length === 0)
    lines.push('', 'No utterance has layers of two of these annotators: nothing to compare.');
  for (const p of model.pairs)
    lines.push(
      '',
      `## ${cell(p.a)} × ${cell(p.b)} (${p.utterances} utterances)`,
      '',
      ...figureRows(p.figures),
      ...signatureLines(p.figures),
    );
  if (model.overall.length > 0)
    lines.push(
      '',
      `## All ${model.annotators.length} annotators`,
      '',
      ...figureRows(model.overall),
      ...signatureLines(model.overall),
    );
  if (options.utterances && model.utterances.length > 0) {
    const measures = [...new Set(model.utterances.flatMap((u) => Object.keys(u.values)))];
    const unitOf = new Map<string, AgreementUnit>();
    for (const p of model.pairs) for (const f of p.figures) unitOf.set(f.measure, f.unit);
    lines.push(
      '',
      '## Per utterance, most disagreement first',
      '',
      `| Utterance | Pair | Differences | ${measures.map(cell).join(' | ')} |`,
      `|---|---|---:|${measures.map(() => '---:').join('|')}|`,
    );
    for (const u of model.utterances)
      lines.push(
        `| ${cell(u.utteranceId)} | ${cell(u.a)} × ${cell(u.b)} | ${u.differences} | ${measures
          .map((m) =>
            m in u.values ? agreementValueText(u.values[m] ?? null, unitOf.get(m) ?? 'fraction') : '',
          )
          .join(' | ')} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/** Quotes a CSV field when it needs it. */
const q = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
const num = (x: number | null): string => (x === null ? '' : String(x));

/** The header of the agreement CSV. */
export const AGREEMENT_CSV_HEADER = [
  'a',
  'b',
  'utterance',
  'measure',
  'unit',
  'value',
  'lo',
  'hi',
  'n',
  'utterances',
  'note',
  'signature',
];

/**
 * Every figure as CSV: corpus rows per pair (a and b; both empty for the figures among all annotators),
 * then, with `utterances`, each utterance's figures (no interval, n or count).
 */
export function agreementCsv(model: ProjectAgreement, options: { utterances?: boolean } = {}): string {
  const rows: string[][] = [AGREEMENT_CSV_HEADER];
  const note = (x: number | null): string => (x === null ? UNDEFINED_REASON : '');
  const figureRow = (a: string, b: string, f: AgreementFigure): string[] => [
    a,
    b,
    '',
    f.measure,
    f.unit,
    num(f.value),
    num(f.lo),
    num(f.hi),
    String(f.n),
    String(f.utterances),
    note(f.value),
    f.signature,
  ];
  for (const p of model.pairs) for (const f of p.figures) rows.push(figureRow(p.a, p.b, f));
  for (const f of model.overall) rows.push(figureRow('', '', f));
  if (options.utterances) {
    const unitOf = new Map<string, AgreementUnit>();
    const sigOf = new Map<string, string>();
    for (const p of model.pairs)
      for (const f of p.figures) {
        unitOf.set(f.measure, f.unit);
        sigOf.set(f.measure, f.signature);
      }
    for (const u of model.utterances)
      for (const [measure, value] of Object.entries(u.values))
        rows.push([
          u.a,
          u.b,
          u.utteranceId,
          measure,
          unitOf.get(measure) ?? '',
          num(value),
          '',
          '',
          '',
          '',
          note(value),
          sigOf.get(measure) ?? '',
        ]);
  }
  return rows.map((r) => r.map(q).join(',')).join('\n') + '\n';
}

/** The agreement as JSON (the model itself; per-utterance figures only when asked for). */
export function agreementJson(model: ProjectAgreement, options: { utterances?: boolean } = {}): string {
  return `${JSON.stringify(options.utterances ? model : { ...model, utterances: undefined }, null, 2)}\n`;
}
