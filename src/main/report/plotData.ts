// The data behind each plot of the report, as rows: what the SVG draws and what the JSON report carries,
// so a plot can be redrawn elsewhere from the JSON alone.
import { pearson, spearman } from '../../core/stats/correlation';
import { systemColour } from '../../core/scoring/systemColour';
import type { PlotData, ReportModel } from '../../core/api/reportModel';

/** A plot's data and labels, and how it draws its rows: defined by their schema in core. */
export type { PlotData, PlotKind } from '../../core/api/reportModel';

/**
 * Spearman's ρ (Shi et al. report it for Fig. 3) and Pearson's r (Boros et al. see a nearly linear
 * relation in Fig. 2) over a scatter plot's points, added to its caption.
 */
function withCorrelation(plot: PlotData): PlotData {
  const x = plot.rows.map((r) => r[plot.x.field] as number);
  const y = plot.rows.map((r) => r[plot.y.field] as number);
  const fin = (v: number): number | null => (Number.isFinite(v) ? v : null);
  const correlation = { spearman: fin(spearman(x, y).r), pearson: fin(pearson(x, y).r), n: x.length };
  const show = (v: number | null): string => (v === null ? 'undefined' : v.toFixed(3));
  const caption =
    plot.rows.length === 0
      ? plot.caption
      : `${plot.caption} Spearman's ρ = ${show(correlation.spearman)}, Pearson's r = ${show(correlation.pearson)} (n = ${correlation.n}).`;
  return { ...plot, caption, correlation };
}

function corpusValue(model: ReportModel, system: string, metric: string): number | null {
  return (
    model.systems.find((s) => s.name === system)?.figures.find((f) => f.metric === metric)?.value ?? null
  );
}

/** The plots of a report, in the order they are shown. */
export function plotData(model: ReportModel): PlotData[] {
  const plots: PlotData[] = [];
  const waCaSystems = model.systems.flatMap((s) => {
    const wer = corpusValue(model, s.name, 'WER');
    const ca = corpusValue(model, s.name, 'Concept accuracy');
    return wer === null || ca === null
      ? []
      : [{ system: s.name, wordAccuracy: 1 - wer, conceptAccuracy: ca }];
  });
  plots.push({
    id: 'wa-ca-systems',
    title: 'Word accuracy and concept accuracy per system',
    caption:
      'Corpus word accuracy (1 − WER) against corpus concept accuracy, one point per system (as Boros et al., Fig. 2).',
    kind: 'scatter',
    x: { field: 'wordAccuracy', title: 'Word accuracy' },
    y: { field: 'conceptAccuracy', title: 'Concept accuracy' },
    group: 'system',
    tooltip: ['system', 'wordAccuracy', 'conceptAccuracy'],
    rows: waCaSystems,
    empty: 'No system has both word and concept accuracy.',
  });
  const perUtterance = (a: string, b: string, fa: string, fb: string) =>
    model.utterances.flatMap((s) =>
      s.rows.flatMap((r) => {
        const x = r.metrics[a];
        const y = r.metrics[b];
        return x === null || x === undefined || y === null || y === undefined
          ? []
          : [{ system: s.name, utterance: r.utteranceId, [fa]: x, [fb]: y }];
      }),
    );
  plots.push({
    id: 'wa-ca-utterances',
    title: 'Word accuracy and concept accuracy per utterance',
    caption: 'Each point is one utterance of one system, where both figures are defined.',
    kind: 'scatter',
    x: { field: 'wordAccuracy', title: 'Word accuracy' },
    y: { field: 'conceptAccuracy', title: 'Concept accuracy' },
    group: 'system',
    tooltip: ['system', 'utterance', 'wordAccuracy', 'conceptAccuracy'],
    rows: perUtterance('Word accuracy', 'Concept accuracy', 'wordAccuracy', 'conceptAccuracy'),
    empty: 'No utterance has both word and concept accuracy.',
  });
  const trees = [
    ...new Set(
      model.utteranceMetrics
        .map((m) => /^Struct-IoU \((.*)\)$/.exec(m.metric)?.[1])
        .filter((t): t is string => t !== undefined),
    ),
  ];
  plots.push({
    id: 'structiou-parseval',
    title: 'Struct-IoU and ParsEval F1 per utterance',
    caption:
      'Sentence-level Struct-IoU against ParsEval F1, one point per utterance, system and tree where both are defined (as Shi et al., Fig. 3).',
    kind: 'scatter',
    x: { field: 'parsevalF1', title: 'ParsEval F1' },
    y: { field: 'structIou', title: 'Struct-IoU' },
    group: 'system',
    shape: 'tree',
    tooltip: ['system', 'utterance', 'tree', 'parsevalF1', 'structIou'],
    rows: trees.flatMap((t) =>
      perUtterance(`ParsEval F1 (${t})`, `Struct-IoU (${t})`, 'parsevalF1', 'structIou').map((r) => ({
        ...r,
        tree: t,
      })),
    ),
    empty: 'No utterance has both Struct-IoU and ParsEval F1.',
  });
  plots.push({
    id: 'perturbation',
    title: 'Struct-IoU under boundary noise',
    caption:
      'Mean sentence-level Struct-IoU of each gold tree against a copy of itself whose word boundaries are moved by Noise-δ, over 5 seeded repetitions per δ (as Shi et al., Fig. 5; the tooltip gives the standard deviation). Above 200 sentences per tree, a seeded sample of 200.',
    kind: 'line',
    x: { field: 'delta', title: 'δ' },
    y: { field: 'mean', title: 'Mean Struct-IoU' },
    group: 'tree',
    tooltip: ['tree', 'delta', 'mean', 'std', 'corpusMean'],
    rows: model.perturbation.flatMap((c) =>
      c.points.map((p) => ({
        tree: c.tree,
        delta: p.delta,
        mean: p.mean,
        std: p.std,
        corpusMean: p.corpusMean,
      })),
    ),
    empty: 'No gold tree over timed words to perturb.',
  });
  model.utteranceMetrics.forEach((m, i) => {
    plots.push({
      id: `distribution-${i + 1}`,
      title: `Distribution of ${m.metric}`,
      caption: `Per-utterance ${m.metric}, one histogram per system (utterances where it is defined).`,
      kind: 'histogram',
      x: { field: 'value', title: m.metric },
      y: { field: 'count', title: 'Utterances' },
      group: 'system',
      tooltip: [],
      rows: model.utterances.flatMap((s) =>
        s.rows.flatMap((r) => {
          const v = r.metrics[m.metric];
          return v === null || v === undefined
            ? []
            : [{ system: s.name, utterance: r.utteranceId, value: v }];
        }),
      ),
      empty: `No utterance has a defined ${m.metric}.`,
    });
  });
  return plots.map((p) => (p.kind === 'scatter' ? withCorrelation(p) : p));
}

/** The grey of a value of a plot's `system` field that is not a system (a reference line). */
const NOT_A_SYSTEM = '#8a929c';

/**
 * Gives every plot whose marks are coloured by system the systems' own colours (systemColour): a system
 * keeps its colour in every plot, even in one where some systems have no mark, and anything else drawn
 * in that field (a reference line) is grey.
 */
export function colourBySystem(
  plots: readonly PlotData[],
  systems: readonly { systemId: number; name: string }[],
): PlotData[] {
  return plots.map((p) => {
    if (p.group !== 'system') return p;
    const domain = systems.map((s) => s.name);
    const range = systems.map((s) => systemColour(s.systemId));
    for (const r of p.rows) {
      const v = String(r[p.group]);
      if (!domain.includes(v)) {
        domain.push(v);
        range.push(NOT_A_SYSTEM);
      }
    }
    return { ...p, colours: { domain, range } };
  });
}
