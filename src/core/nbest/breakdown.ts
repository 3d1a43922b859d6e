// Text rendering of N-best figures in the shape of Kleinbauer et al.'s Table 3: rows are the groups of
// the first dimension (accuracy class) with one line per metric listing every K, columns are the groups
// of the other dimensions crossed (knowledge class × input kind), with the number of utterances.
import { groupScores, type NbestSummary } from './aggregate';
import { compareGroupValues, type LabelDimension } from './labels';
import { figureName, type NbestScores } from './nbestScorer';
import type { NbestMetric } from './rankMetrics';

/** The metrics a table shows by default (DCG is unnormalised, so it stays in the JSON output). */
export const TABLE_METRICS: readonly NbestMetric[] = ['NotFound', 'Precision', 'Recall', 'FRecall', 'NDCG'];

function format(metric: NbestMetric, v: number | undefined): string {
  if (v === undefined || Number.isNaN(v)) return '-';
  return metric === 'NotFound' ? String(v) : v.toFixed(2);
}

function kList(ks: readonly number[]): string {
  return ks.map((k) => (k === Number.POSITIVE_INFINITY ? 'inf' : String(k))).join(',');
}

/** One cell: the figures at every K joined by commas, as Table 3 prints them (`9,4,2,1`). */
function cell(summary: NbestSummary | undefined, metric: NbestMetric, ks: readonly number[]): string {
  if (!summary || summary.scored === 0) return '-';
  return ks.map((k) => format(metric, summary.figures[figureName(metric, k)])).join(',');
}

function pad(rows: string[][]): string[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, j) => (widths[j] = Math.max(widths[j] ?? 0, c.length)));
  return rows.map((r) =>
    r
      .map((c, j) => c.padEnd(widths[j]!))
      .join('  ')
      .trimEnd(),
  );
}

/**
 * The breakdown table as text lines. `dims[0]` gives the row groups, the remaining dimensions crossed
 * give the columns; with no dimensions there is one row group and one column, both `all`. The `n` line
 * counts the scored utterances of each cell (CantRepresent and no-gold utterances are excluded, §6.2).
 */
export function breakdownTable(
  s: NbestScores,
  dims: readonly LabelDimension[],
  metrics: readonly NbestMetric[] = TABLE_METRICS,
): string[] {
  const rowDim = dims[0];
  const colDims = dims.slice(1);
  const groups = groupScores(s, dims);
  const rowKeys: string[] = [];
  const colKeys: string[] = [];
  const colLabels: string[][] = [];
  const cells = new Map<string, NbestSummary>();
  for (const g of groups) {
    if (g.summary.scored === 0) continue;
    const r = rowDim ? g.key[rowDim]! : 'all';
    const cParts = colDims.length ? colDims.map((d) => g.key[d]!) : ['all'];
    const c = cParts.join('\u0000');
    if (!rowKeys.includes(r)) rowKeys.push(r);
    if (!colKeys.includes(c)) {
      colKeys.push(c);
      colLabels.push(cParts);
    }
    cells.set(`${r}\u0001${c}`, g.summary);
  }
  const order = colKeys
    .map((_, j) => j)
    .sort((a, b) => {
      for (let q = 0; q < colDims.length; q++) {
        const c = compareGroupValues(colDims[q]!, colLabels[a]![q]!, colLabels[b]![q]!);
        if (c !== 0) return c;
      }
      return 0;
    });
  const cols = order.map((j) => colKeys[j]!);
  const labels = order.map((j) => colLabels[j]!);
  const rows: string[][] = [];
  const headerDepth = colDims.length || 1;
  for (let h = 0; h < headerDepth; h++) rows.push(['', '', ...labels.map((l) => l[h]!)]);
  const ks = s.ks;
  for (const r of rowKeys) {
    const line = (label: string, f: (c: NbestSummary | undefined) => string, first: boolean): string[] => [
      first ? r : '',
      label,
      ...cols.map((c) => f(cells.get(`${r}\u0001${c}`))),
    ];
    rows.push(line('n', (c) => String(c?.scored ?? 0), true));
    for (const m of metrics) rows.push(line(`${m}@${kList(ks)}`, (c) => cell(c, m, ks), false));
  }
  return pad(rows);
}

/** The overall figures one per line, with bootstrap intervals when the summary has them. */
export function figureLines(summary: NbestSummary): string[] {
  const rows = Object.entries(summary.figures).map(([name, v]) => {
    const metric = name.slice(0, name.indexOf('@')) as NbestMetric;
    const iv = summary.intervals?.[name];
    const fmt = (x: number): string => (metric === 'NotFound' ? String(x) : x.toFixed(4));
    const value = Number.isNaN(v) ? '-' : fmt(v);
    return [name, value, iv ? `[${fmt(iv[0])}, ${fmt(iv[1])}]` : ''];
  });
  return pad(rows);
}
