import { describe, expect, it } from 'vitest';
import type { PlotData } from './plotData';
import { DENSE_POINTS, addTitles, drawnAsDensity, renderPlot } from './renderPlots';

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

describe('dense scatter plots', () => {
  it('are drawn as density above DENSE_POINTS points: a panel per system, counts per cell, said in legend and caption', async () => {
    const rows: PlotData['rows'] = [];
    for (const system of ['a', 'b'])
      for (let i = 0; i <= DENSE_POINTS / 2; i++) rows.push({ system, x: (i % 10) / 10, y: (i % 7) / 7 });
    const plot = { ...scatter(rows), colours: { domain: ['a', 'b'], range: ['#111111', '#222222'] } };
    expect(drawnAsDensity(plot)).toBe(true);
    expect(drawnAsDensity(scatter(rows.slice(0, DENSE_POINTS)))).toBe(false);
    const { svg, caption } = await renderPlot(plot);
    expect(svg).not.toContain('aria-roledescription="point"');
    expect(svg).toContain('Points per cell (density)');
    // Its legend's gradient is named after the plot, so two on one page keep their own.
    expect(svg).toContain('id="t-gradient_0"');
    expect(svg).toContain('url(#t-gradient_0)');
    expect(svg).not.toMatch(/"gradient_|#gradient_/);
    // Every point is counted in some cell: the cells' counts add up to the points.
    const counts = [...svg.matchAll(/<title>[^<]*points: (\d+)<\/title>/g)].map((m) => Number(m[1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(rows.length);
    expect(caption).toBe(
      `C Drawn as density: the 2,002 points would cover each other, so each panel (one per system) shades the cells of a grid of at most 40 × 40 by how many points fall in them (log scale; a cell's title gives its count).`,
    );
  });
});
