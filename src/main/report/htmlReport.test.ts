// The HTML report's appendix: every utterance up to APPENDIX_LIMIT per system, above it the worst and best
// APPENDIX_SHOWN by the first metric with figures, with the counts and where every row is.
import { describe, expect, it } from 'vitest';
import type { ReportModel } from '../../core/api/reportModel';
import { APPENDIX_LIMIT, APPENDIX_SHOWN, appendixAbridged, htmlReport } from './htmlReport';

/** A model with one system whose utterance `i` has WER `wer(i)` and concept accuracy 1. */
function model(n: number, wer: (i: number) => number | null): ReportModel {
  return {
    project: 'p',
    version: 'test',
    metrics: [],
    signatures: [],
    systems: [{ systemId: 1, name: 'asr', figures: [] }],
    comparisons: [],
    utteranceMetrics: [
      { metric: 'WER', signature: 'wer-sig' },
      { metric: 'Concept accuracy', signature: 'ca-sig' },
    ],
    utterances: [
      {
        systemId: 1,
        name: 'asr',
        rows: Array.from({ length: n }, (_, i) => ({
          utteranceId: `u${i}`,
          metrics: { WER: wer(i), 'Concept accuracy': 1 },
        })),
      },
    ],
    nbest: [],
    perturbation: [],
    asr: { systems: [], pairs: [] },
    plots: [],
    agreement: null,
  };
}

/** The utterance ids of the appendix's rows, in order. */
const appendixIds = (html: string): string[] =>
  [...html.slice(html.indexOf('id="utterances"')).matchAll(/<th scope="row">(u\d+)<\/th>/g)].map(
    (m) => m[1]!,
  );

describe('the HTML appendix', () => {
  it('lists every utterance up to the limit', () => {
    const m = model(APPENDIX_LIMIT, (i) => i / APPENDIX_LIMIT);
    expect(appendixAbridged(m)).toBe(false);
    const html = htmlReport(m, []);
    expect(appendixIds(html)).toEqual(m.utterances[0]!.rows.map((r) => r.utteranceId));
    expect(html).not.toContain('worst');
  });

  it('above the limit shows the worst and the best by WER, ties in project order, and says where the rest is', () => {
    const n = APPENDIX_LIMIT + 1;
    // WER i mod 100 / 100; every 10th utterance's undefined.
    const m = model(n, (i) => (i % 10 === 3 ? null : (i % 100) / 100));
    expect(appendixAbridged(m)).toBe(true);
    const html = htmlReport(m, [], [], { fullTable: 'report.csv' });
    const ranked = m.utterances[0]!.rows.flatMap((r, i) =>
      r.metrics.WER === null ? [] : [{ id: r.utteranceId, i, v: r.metrics.WER! }],
    );
    const worst = [...ranked].sort((a, b) => b.v - a.v || a.i - b.i).slice(0, APPENDIX_SHOWN);
    const best = [...ranked].sort((a, b) => a.v - b.v || a.i - b.i).slice(0, APPENDIX_SHOWN);
    expect(appendixIds(html)).toEqual([...worst, ...best].map((x) => x.id));
    expect(html).toContain(
      `2,001 utterances; shown: the ${APPENDIX_SHOWN} with the worst WER and the ${APPENDIX_SHOWN} with the best (200 with WER undefined are not ranked); every row is in <code>report.csv</code>, written beside this file.`,
    );
    // Without a file beside it, the reader is sent to the CSV and JSON exports.
    expect(htmlReport(m, [])).toContain('every row is in the CSV and JSON reports');
  });
});
