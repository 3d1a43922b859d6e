// The agreement section's histograms: for every per-utterance measure, the distribution of its values over
// the utterances (one row of bars per annotator pair), as the report's other plots are drawn (Vega-Lite,
// rendered to SVG by renderPlots.ts). Boundary differences are drawn in milliseconds, the rest as fractions.
import type { ProjectAgreement } from '../../core/api/agreementModel';
import type { PlotData } from '../report/plotData';
import { utteranceMeasureUnit } from './projectAgreement';

/** A plot id from a measure's name: `agreement-struct-iou-syntax`. */
function plotId(measure: string): string {
  const slug = measure
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `agreement-${slug || 'measure'}`;
}

/** One histogram per measure that has a per-utterance value, in the order the utterances name them. */
export function agreementPlots(model: ProjectAgreement): PlotData[] {
  const measures = [...new Set(model.utterances.flatMap((u) => Object.keys(u.values)))];
  const ids = new Set<string>();
  return measures.map((measure): PlotData => {
    const ms = utteranceMeasureUnit(measure) === 'seconds';
    const rows = model.utterances.flatMap((u) => {
      const v = u.values[measure];
      return v === null || v === undefined ? [] : [{ pair: `${u.a} × ${u.b}`, value: ms ? v * 1000 : v }];
    });
    const skipped = model.utterances.filter((u) => measure in u.values).length - rows.length;
    let id = plotId(measure);
    while (ids.has(id)) id += '-';
    ids.add(id);
    return {
      id,
      title: measure,
      caption:
        `${measure} per utterance${ms ? ' (ms)' : ''}, one row of bars per pair of annotators: ${rows.length} utterance–pair values` +
        (skipped > 0 ? `; ${skipped} undefined, not drawn.` : '.'),
      kind: 'histogram',
      x: { field: 'value', title: ms ? `${measure} (ms)` : measure },
      y: { field: 'count', title: 'Utterances' },
      group: 'pair',
      tooltip: [],
      rows,
      empty: `No utterance has a defined ${measure}.`,
      // A fraction's bins span 0 to 1, so utterances that all agree fully are one bar at the right end.
      ...(ms ? {} : { binExtent: [0, 1] as [number, number] }),
    };
  });
}
