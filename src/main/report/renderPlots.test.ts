import { describe, expect, it } from 'vitest';
import type { PlotData } from './plotData';
import { addTitles, renderPlot } from './renderPlots';

const scatter = (rows: PlotData['rows']): PlotData => ({
  id: 't',
  title: 'T',
  caption: 'C',
  kind: 'scatter',
  x: { field: 'x', title: 'X' },
  y: { field: 'y', title: 'Y' },
  group: 'system',
  tooltip: ['system', 'x', 'y'],
  rows,
  empty: 'Nothing to draw here.',
});

describe('renderPlot', () => {
  it('draws one titled point per row, with names escaped', async () => {
    const rows = [
      { system: '<script>alert(1)</script>', x: 0.5, y: 0.25 },
      { system: 'b & c', x: 0.75, y: 1 },
      { system: 'b & c', x: 0.1, y: 0.2 },
    ];
    const { svg } = await renderPlot(scatter(rows));
    expect(svg.match(/aria-roledescription="point"/g)).toHaveLength(3);
    expect(svg.match(/<title>/g)).toHaveLength(3);
    expect(svg).toContain('<title>X: 0.5; Y: 0.25; system: &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(svg).not.toMatch(/<script/);
    expect(svg).toMatch(/^<svg /);
  });

  it('says so when there is nothing to draw', async () => {
    const { svg } = await renderPlot(scatter([]));
    expect(svg).toContain('Nothing to draw here.');
    expect(svg).not.toContain('aria-roledescription="point"');
  });

  it('renders the same SVG twice', async () => {
    const p = scatter([{ system: 'a', x: 0.3, y: 0.4 }]);
    expect((await renderPlot(p)).svg).toBe((await renderPlot(p)).svg);
  });
});

describe('addTitles', () => {
  it('gives self-closed data marks a title and leaves the rest alone', () => {
    const svg =
      '<g role="graphics-symbol" aria-label="axis"><path aria-label="a: 1" role="graphics-symbol" d="M0"/>' +
      '<path d="M1"/></g>';
    expect(addTitles(svg)).toBe(
      '<g role="graphics-symbol" aria-label="axis"><path aria-label="a: 1" role="graphics-symbol" d="M0"><title>a: 1</title></path>' +
        '<path d="M1"/></g>',
    );
  });
});
