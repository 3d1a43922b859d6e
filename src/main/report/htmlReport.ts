// The report as one self-contained HTML file: inline CSS, inline SVG plots, no script and no external
// resource (a Content-Security-Policy that forbids every load says so to the browser too), so it opens
// offline in any browser and prints as it shows. Every string that comes from the project is escaped.
import type { PlotSvg } from '../../core/api/contract';
import { COVERAGE_LEGEND, UNDEFINED, coverageText, isPartial } from '../../core/scoring/present';
import { systemColour } from '../../core/scoring/systemColour';
import { lowerIsBetter } from '../../core/scoring/utteranceMetrics';
import { LEVEL_NAMES, missingLabelsNote } from '../../core/nbest/breakdownLevels';
import { agreementHtml, hasAgreement } from './agreementSection';
import { asrHtml } from './asrSection';
import { pct } from './markdownReport';
import { BREAKDOWN_METRICS, type NbestBreakdown } from './nbestBreakdown';
import type { ReportFigure, ReportInterval, ReportModel } from './reportModel';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const e = escapeHtml;
const attrNum = (x: number | null): string => (x === null ? '' : String(x));

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;margin:2rem auto;max-width:1560px;padding:0 1rem}
p,ul{max-width:75rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.25rem;margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
h3{font-size:1.05rem;margin-top:1.4rem}
table{border-collapse:collapse;margin:.6rem 0;font-variant-numeric:tabular-nums}
th,td{border:1px solid #d0d0d0;padding:.25rem .5rem;text-align:right;vertical-align:top}
th{background:#f3f3f3}th:first-child,td:first-child{text-align:left}
td.ci{white-space:nowrap}.iv{color:#666;font-size:.9em}.n{color:#666;font-size:.8em}.n.partial{color:#a33}
code{font-size:.85em;background:#f5f5f5;padding:0 .2em;word-break:break-all}
figure{margin:1.2rem 0;page-break-inside:avoid}figcaption{color:#444;max-width:700px}
nav a{margin-right:1rem}.muted{color:#666}.wide{overflow-x:auto}
.wide th:first-child,.wide td:first-child{position:sticky;left:0;z-index:1;background:#fff}.wide th:first-child{background:#f3f3f3}
#corpus td.ci{white-space:normal;min-width:6.5em}.iv{white-space:nowrap}#corpus thead th{vertical-align:bottom}
.sw{display:inline-block;width:.7em;height:.7em;border-radius:2px;margin-right:.4em}
.plots{display:grid;grid-template-columns:repeat(auto-fill,minmax(460px,1fr));gap:0 1.5rem}
.plots figure{margin:.6rem 0;min-width:0}.plots svg{max-width:100%;height:auto}.plots h3{margin-top:.6rem}
th.level{font-weight:normal;color:#555;background:#fff}
@media print{body{margin:0;max-width:none}nav{display:none}h2{page-break-after:avoid}.plots{display:block}}
`;

/** A figure with its interval: `64.1 [60.2, 68.0]`, values as data attributes. */
function figureCell(f: ReportFigure | undefined, best: boolean, system: string): string {
  if (!f) return '<td>—</td>';
  const partial = isPartial(f);
  const text =
    `${pct(f.value)} <span class="iv">[${pct(f.lo)}, ${pct(f.hi)}]</span>` +
    `<br><span class="n${partial ? ' partial' : ''}">n ${e(coverageText(f))}</span>`;
  return (
    `<td class="ci" data-system="${e(system)}" data-metric="${e(f.metric)}" data-value="${attrNum(f.value)}"` +
    ` data-lo="${attrNum(f.lo)}" data-hi="${attrNum(f.hi)}" data-n="${f.n}" data-total="${f.N}"` +
    ` data-empty="${f.empty}" title="${e(`${f.signature}; ${f.bootstrap}`)}">` +
    `${best ? `<strong>${text}</strong>` : text}</td>`
  );
}

function corpusSection(model: ReportModel): string {
  const best = new Map<string, number>();
  for (const m of model.metrics) {
    const values = model.systems
      .map((s) => s.figures.find((f) => f.metric === m)?.value ?? null)
      .filter((v): v is number => v !== null);
    if (values.length > 0) best.set(m, lowerIsBetter(m) ? Math.min(...values) : Math.max(...values));
  }
  const head = model.metrics.map((m) => `<th scope="col">${e(m)}</th>`).join('');
  const rows = model.systems.map((s) => {
    const cells = model.metrics.map((m) => {
      const f = s.figures.find((x) => x.metric === m);
      return figureCell(f, f !== undefined && f.value !== null && f.value === best.get(m), s.name);
    });
    const swatch = `<span class="sw" style="background:${systemColour(s.systemId)}"></span>`;
    return `<tr><th scope="row">${swatch}${e(s.name)}</th>${cells.join('')}</tr>`;
  });
  const sigs = model.signatures
    .map((s) => `<li>${e(s.metric)}: <code>${e(s.signature)}</code>; <code>${e(s.bootstrap)}</code></li>`)
    .join('');
  return (
    `<section id="corpus"><h2>Systems at corpus level</h2>` +
    `<p>Figures in % with 95% percentile bootstrap intervals over utterances; the best system per metric in bold (lowest WER, highest otherwise); ${UNDEFINED}: undefined. ${e(COVERAGE_LEGEND)}</p>` +
    `<div class="wide"><table><thead><tr><th scope="col">System</th>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>` +
    `<h3>Settings of each figure</h3><ul>${sigs}</ul></section>`
  );
}

const iv = (x: ReportInterval): string =>
  `${pct(x.value)} <span class="iv">[${pct(x.lo)}, ${pct(x.hi)}]</span>`;

function comparisonSection(model: ReportModel): string {
  if (model.comparisons.length === 0)
    return `<section id="paired"><h2>Paired comparisons</h2><p class="muted">One system only: nothing to compare.</p></section>`;
  const parts = model.comparisons.map((c) => {
    const rows = c.figures.map(
      (f) =>
        `<tr><th scope="row" title="${e(`${f.signature}; ${f.test}`)}">${e(f.metric)}</th><td>${f.n}</td>` +
        `<td class="ci">${iv(f.a)}</td><td class="ci">${iv(f.b)}</td><td class="ci">${iv(f.delta)}</td>` +
        `<td>${f.pValue === null ? '—' : f.pValue.toFixed(4)}</td></tr>`,
    );
    const test = c.figures[0]?.test ?? '';
    return (
      `<h3>${e(c.systemA)} (A) vs ${e(c.systemB)} (B)</h3>` +
      `<div class="wide"><table><thead><tr><th scope="col">Metric</th><th scope="col">n</th><th scope="col">A</th><th scope="col">B</th>` +
      `<th scope="col">A − B</th><th scope="col">p</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>` +
      (test ? `<p class="muted">Test: <code>${e(test)}</code></p>` : '')
    );
  });
  return (
    `<section id="paired"><h2>Paired comparisons</h2>` +
    `<p>Per metric on the utterances both systems were scored on: paired bootstrap 95% intervals of A, B and A − B (in %), and the two-sided p-value of a paired approximate-randomisation test.</p>` +
    `${parts.join('')}</section>`
  );
}

function plotSection(model: ReportModel, plots: readonly PlotSvg[]): string {
  const curves = model.perturbation
    .map(
      (c) =>
        `<li>${e(c.tree)}: ${c.sentences} sentences${c.eligible > c.sentences ? ` (a seeded sample of ${c.eligible})` : ''}${c.skipped ? ` (${c.skipped} left out: typed, untimed, invalid or not over the words)` : ''}; <code>${e(c.signature)}</code></li>`,
    )
    .join('');
  const figs = plots.map(
    (p) =>
      `<figure id="plot-${e(p.id)}"><h3>${e(p.title)}</h3>${p.svg}<figcaption>${e(p.caption)}</figcaption></figure>`,
  );
  return (
    `<section id="plots"><h2>Plots</h2><div class="plots">${figs.join('')}</div>` +
    (curves ? `<p>Perturbation curves:</p><ul>${curves}</ul>` : '') +
    `</section>`
  );
}

function nbestTable(b: NbestBreakdown): string {
  if (b.error) return `<h3>${e(b.system)}</h3><p>The breakdown could not be made: ${e(b.error)}</p>`;
  if (b.groups.length === 0) return `<h3>${e(b.system)}</h3><p class="muted">No N-best lists.</p>`;
  const cols: string[] = [];
  for (const g of b.groups) {
    const c = `${g.knowledge}\u0000${g.input}`;
    if (!cols.includes(c)) cols.push(c);
  }
  const rowsOf: string[] = [];
  for (const g of b.groups) if (!rowsOf.includes(g.accuracy)) rowsOf.push(g.accuracy);
  const cell = new Map(b.groups.map((g) => [`${g.accuracy}\u0001${g.knowledge}\u0000${g.input}`, g]));
  const head =
    `<tr><th scope="row" class="level">${LEVEL_NAMES.knowledge} →</th>` +
    cols.map((c) => `<th scope="col">${e(c.split('\u0000')[0]!)}</th>`).join('') +
    `</tr><tr><th scope="row" class="level">${LEVEL_NAMES.input} →</th>` +
    cols.map((c) => `<th scope="col">${e(c.split('\u0000')[1]!)}</th>`).join('') +
    `</tr>`;
  const body: string[] = [];
  for (const r of rowsOf) {
    const at = (c: string) => cell.get(`${r}\u0001${c}`);
    body.push(
      `<tr><th scope="row"><span class="muted">${LEVEL_NAMES.accuracy}:</span> ${e(r)} <span class="muted">· n</span></th>${cols.map((c) => `<td>${at(c)?.scored ?? 0}</td>`).join('')}</tr>`,
    );
    for (const m of BREAKDOWN_METRICS)
      body.push(
        `<tr><td>${m}@${b.ks.map((k) => (k === 'inf' ? '∞' : k)).join(',')}</td>${cols
          .map((c) => {
            const g = at(c);
            if (!g || g.scored === 0) return '<td>—</td>';
            const vs = b.ks.map((k) => {
              const v = g.figures[`${m}@${k}`] ?? null;
              return v === null ? '—' : m === 'NotFound' ? String(v) : v.toFixed(2);
            });
            return `<td>${vs.join(',')}</td>`;
          })
          .join('')}</tr>`,
      );
  }
  const note = missingLabelsNote(b.groups);
  return (
    `<h3>${e(b.system)}</h3>${note ? `<p>${e(note)}</p>` : ''}<div class="wide"><table><thead>${head}</thead><tbody>${body.join('')}</tbody></table></div>` +
    (b.signature ? `<p class="muted"><code>${e(b.signature)}</code></p>` : '')
  );
}

function nbestSection(model: ReportModel): string {
  return (
    `<section id="nbest"><h2>N-best breakdown</h2>` +
    `<p>Utterances grouped by their gold labels, accuracy class by knowledge class and input kind (as Kleinbauer et al., Table 3): n scored utterances, NotFound@K as counts, FRecall@K and NDCG@K as means. CantRepresent utterances and those without gold interpretations are left out.</p>` +
    `${model.nbest.map(nbestTable).join('')}</section>`
  );
}

/**
 * Above this many utterances a system's appendix table is abridged to its `APPENDIX_SHOWN` worst and best
 * utterances: a table of tens of thousands of rows makes the file heavy and slow to open, and nobody
 * reads it in a browser; every row stays in the CSV and JSON reports.
 */
export const APPENDIX_LIMIT = 2000;

/** How many worst and how many best utterances an abridged appendix table shows. */
export const APPENDIX_SHOWN = 25;

type AppendixRow = ReportModel['utterances'][number]['rows'][number];

/** Whether the HTML of `model` abridges some system's appendix table (more than `APPENDIX_LIMIT` rows). */
export function appendixAbridged(model: ReportModel): boolean {
  return model.utterances.some((s) => s.rows.length > APPENDIX_LIMIT);
}

function appendixTable(present: readonly string[], rows: readonly AppendixRow[]): string {
  const body = rows.map(
    (r) =>
      `<tr><th scope="row">${e(r.utteranceId)}</th>${present
        .map((m) => (m in r.metrics ? `<td>${pct(r.metrics[m]!)}</td>` : '<td></td>'))
        .join('')}</tr>`,
  );
  return (
    `<div class="wide"><table><thead><tr><th scope="col">Utterance</th>` +
    `${present.map((m) => `<th scope="col">${e(m)}</th>`).join('')}</tr></thead><tbody>${body.join('')}</tbody></table></div>`
  );
}

/**
 * A system's abridged appendix: its `APPENDIX_SHOWN` worst and best utterances by the first per-utterance
 * metric it has defined values of (WER where there are words), ties in project order, with the counts.
 */
function abridgedAppendix(
  name: string,
  present: readonly string[],
  rows: readonly AppendixRow[],
  where: string,
): string {
  const metric = present.find((m) => rows.some((r) => r.metrics[m] !== null && r.metrics[m] !== undefined));
  const n = rows.length.toLocaleString('en-US');
  const head = `<h3>${e(name)}</h3>`;
  if (metric === undefined)
    return `${head}<p class="muted">${n} utterances, none with a defined figure: every row is in ${where}.</p>`;
  const ranked = rows
    .map((r, i) => ({ r, i, v: r.metrics[metric] }))
    .filter((x): x is { r: AppendixRow; i: number; v: number } => typeof x.v === 'number');
  const worstFirst = lowerIsBetter(metric) ? -1 : 1;
  const byWorst = [...ranked].sort((a, b) => worstFirst * (a.v - b.v) || a.i - b.i);
  const byBest = [...ranked].sort((a, b) => -worstFirst * (a.v - b.v) || a.i - b.i);
  const k = Math.min(APPENDIX_SHOWN, Math.ceil(ranked.length / 2));
  const undefinedCount = rows.length - ranked.length;
  return (
    `${head}<p class="muted">${n} utterances; shown: the ${k} with the worst ${e(metric)} and the ${k} with the best` +
    `${undefinedCount > 0 ? ` (${undefinedCount.toLocaleString('en-US')} with ${e(metric)} undefined are not ranked)` : ''}; every row is in ${where}.</p>` +
    `<h4>Worst ${k} by ${e(metric)}</h4>${appendixTable(
      present,
      byWorst.slice(0, k).map((x) => x.r),
    )}` +
    `<h4>Best ${k} by ${e(metric)}</h4>${appendixTable(
      present,
      byBest.slice(0, k).map((x) => x.r),
    )}`
  );
}

function appendixSection(model: ReportModel, fullTable?: string): string {
  const metrics = model.utteranceMetrics.map((m) => m.metric);
  const where = fullTable
    ? `<code>${e(fullTable)}</code>, written beside this file`
    : 'the CSV and JSON reports (export the report as CSV or JSON, or <code>sieve report --format csv</code>)';
  const abridged = appendixAbridged(model);
  const parts = model.utterances.map((s) => {
    const present = metrics.filter((m) => s.rows.some((r) => m in r.metrics));
    if (s.rows.length > APPENDIX_LIMIT) return abridgedAppendix(s.name, present, s.rows, where);
    return `<h3>${e(s.name)}</h3>${appendixTable(present, s.rows)}`;
  });
  const sigs = model.utteranceMetrics
    .map((m) => `<li>${e(m.metric)}: <code>${e(m.signature)}</code></li>`)
    .join('');
  return (
    `<section id="utterances"><h2>Appendix: figures per utterance</h2>` +
    `<p>In %; ${UNDEFINED} where the figure is undefined (e.g. no reference words, or ParsEval over words that differ); empty where the utterance has no gold for it. An utterance without the system's output is scored as an empty hypothesis.</p>` +
    (abridged
      ? `<p>Above ${APPENDIX_LIMIT.toLocaleString('en-US')} utterances a system's table shows its ${APPENDIX_SHOWN} worst and ${APPENDIX_SHOWN} best utterances only; every utterance's figures are in ${where}.</p>`
      : '') +
    `${parts.join('')}<ul>${sigs}</ul></section>`
  );
}

/** How an HTML report is written beyond its model and plots. */
export interface HtmlReportOptions {
  /**
   * The name of the file written beside the HTML that holds every utterance's figures, named by an
   * abridged appendix; without it, the appendix points to the CSV and JSON exports.
   */
  fullTable?: string;
}

/** The whole report as one HTML document (`agreementPlots`: the agreement section's histograms). */
export function htmlReport(
  model: ReportModel,
  plots: readonly PlotSvg[],
  agreementPlots: readonly PlotSvg[] = [],
  options: HtmlReportOptions = {},
): string {
  const title = `${model.project}: evaluation report`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(title)}</title><style>${STYLE}</style></head><body>`,
    `<header><h1>${e(title)}</h1><p class="muted">SIEVE ${e(model.version)} · ${model.systems.length} system(s): ${model.systems.map((s) => e(s.name)).join(', ')}</p>`,
    `<nav><a href="#corpus">Corpus figures</a><a href="#paired">Paired comparisons</a><a href="#plots">Plots</a><a href="#asr">Speech recognition errors</a><a href="#nbest">N-best breakdown</a>${hasAgreement(model.agreement) ? '<a href="#agreement">Agreement</a>' : ''}<a href="#utterances">Per utterance</a></nav></header>`,
    '<main>',
    corpusSection(model),
    comparisonSection(model),
    plotSection(model, plots),
    asrHtml(model.asr),
    nbestSection(model),
    agreementHtml(model.agreement, agreementPlots),
    appendixSection(model, options.fullTable),
    '</main></body></html>',
    '',
  ].join('\n');
}
