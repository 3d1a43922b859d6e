// Plots as Vega-Lite specifications, compiled and rendered to SVG strings in the app process (vega's
// headless renderer: no canvas, no DOM). The SVG is inlined in the HTML report and shown by the studio.
import * as vega from 'vega';
import * as vl from 'vega-lite';
import type { TopLevelSpec } from 'vega-lite';
import type { PlotSvg } from '../../core/api/contract';
import type { PlotData } from './plotData';

const WIDTH = 420;
const HEIGHT = 260;

/**
 * Above this many points a scatter plot is drawn as density: at 420 × 260 px, points of 8 px start to
 * cover each other well before this, and tens of thousands of marks make the SVG heavy to build and open.
 */
export const DENSE_POINTS = 2000;

/** Cells per axis of a density plot's grid (at most: Vega-Lite picks round bin edges). */
const DENSITY_BINS = 40;

/** Whether `plot` is drawn as density (a scatter plot with more than `DENSE_POINTS` points). */
export function drawnAsDensity(plot: PlotData): boolean {
  return plot.kind === 'scatter' && plot.rows.length > DENSE_POINTS;
}

/** What a density plot's caption adds: how it is drawn. */
function densityNote(plot: PlotData): string {
  return (
    ` Drawn as density: the ${plot.rows.length.toLocaleString('en-US')} points would cover each other, so each` +
    ` panel (one per ${plot.group}) shades the cells of a grid of at most ${DENSITY_BINS} × ${DENSITY_BINS}` +
    ` by how many points fall in them (log scale; a cell's title gives its count).`
  );
}

/** The Vega-Lite specification of a dense scatter plot: per group, the count of points per grid cell. */
function densitySpec(plot: PlotData, base: Record<string, unknown>): TopLevelSpec {
  const bin = { maxbins: DENSITY_BINS };
  // Bin edges as ticks would crowd the axis: a few labels, the grid's edges as ticks.
  const axis = { labelOverlap: 'greedy', format: '.2f', tickCount: 5 };
  const groups = plot.colours?.domain.filter((g) => plot.rows.some((r) => String(r[plot.group]) === g));
  return {
    ...base,
    data: { values: plot.rows },
    columns: 2,
    facet: {
      field: plot.group,
      type: 'nominal',
      title: null,
      sort: groups ?? 'ascending',
      header: { labelFontSize: 12 },
    },
    spec: {
      width: 200,
      height: 160,
      mark: { type: 'rect', tooltip: false },
      encoding: {
        x: { field: plot.x.field, type: 'quantitative', bin, title: plot.x.title, axis },
        y: { field: plot.y.field, type: 'quantitative', bin, title: plot.y.title, axis },
        color: {
          aggregate: 'count',
          type: 'quantitative',
          title: 'Points per cell (density)',
          scale: { type: 'log', scheme: 'blues' },
          legend: { orient: 'bottom', direction: 'horizontal', gradientLength: 200, titleLimit: 400 },
        },
        tooltip: [
          { field: plot.x.field, type: 'quantitative', bin, title: plot.x.title, format: '.3f' },
          { field: plot.y.field, type: 'quantitative', bin, title: plot.y.title, format: '.3f' },
          { aggregate: 'count', type: 'quantitative', title: 'points' },
        ],
      },
    },
  } as TopLevelSpec;
}

function field(plot: PlotData, name: string): Record<string, unknown> {
  const quantitative = plot.rows.length > 0 && typeof plot.rows[0]![name] === 'number';
  const title =
    name === plot.x.field
      ? plot.x.title
      : name === plot.y.field
        ? plot.y.title
        : name === 'std'
          ? 'SD'
          : name;
  return quantitative
    ? { field: name, type: 'quantitative', title, format: '.4f' }
    : { field: name, type: 'nominal', title };
}

/** The Vega-Lite specification of one plot. */
export function plotSpec(plot: PlotData): TopLevelSpec {
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    background: 'white',
    config: {
      font: 'sans-serif',
      axis: { labelFontSize: 11, titleFontSize: 12 },
      legend: { labelLimit: 320 },
    },
  } as const;
  if (drawnAsDensity(plot)) return densitySpec(plot, base);
  if (plot.rows.length === 0)
    return {
      ...base,
      width: WIDTH,
      height: 60,
      data: { values: [{ message: plot.empty }] },
      mark: { type: 'text', fontSize: 13, color: '#555' },
      encoding: { text: { field: 'message', type: 'nominal' } },
    };
  const tooltip = plot.tooltip.map((f) => field(plot, f));
  const color = {
    field: plot.group,
    type: 'nominal',
    title: plot.group,
    sort: null,
    // Systems have their own colours; anything else (the trees of the perturbation curve) takes another
    // scheme, so that no line looks like a system's.
    scale: plot.colours ? { domain: plot.colours.domain, range: plot.colours.range } : { scheme: 'dark2' },
    legend: { orient: 'bottom', direction: 'vertical' },
  };
  // A point on the edge of the data (an accuracy of 100 %) is drawn whole: the scales keep 8 px inside
  // the frame at each end.
  const axisScale = { zero: false, nice: false, padding: 8 };
  if (plot.kind === 'histogram') {
    const bin = plot.binExtent ? { maxbins: 20, extent: plot.binExtent } : { maxbins: 20 };
    return {
      ...base,
      data: { values: plot.rows },
      mark: { type: 'bar', tooltip: false },
      width: WIDTH,
      height: 64,
      encoding: {
        x: { field: 'value', type: 'quantitative', bin, title: plot.x.title },
        y: { aggregate: 'count', type: 'quantitative', title: plot.y.title },
        row: {
          field: plot.group,
          type: 'nominal',
          title: null,
          sort: null,
          header: { labelAngle: 0, labelAlign: 'left', labelOrient: 'top', labelFontSize: 12 },
        },
        color: { ...color, legend: null },
        tooltip: [
          { field: 'value', type: 'quantitative', bin, title: plot.x.title, format: '.3f' },
          { aggregate: 'count', type: 'quantitative', title: plot.y.title },
        ],
      },
    } as TopLevelSpec;
  }
  if (plot.kind === 'line')
    return {
      ...base,
      data: { values: plot.rows },
      width: WIDTH,
      height: HEIGHT,
      mark: { type: 'line', point: { filled: true, size: 40 }, tooltip: false },
      encoding: {
        x: { field: plot.x.field, type: 'quantitative', title: plot.x.title, scale: axisScale },
        y: { field: plot.y.field, type: 'quantitative', title: plot.y.title, scale: axisScale },
        color,
        tooltip,
      },
    } as TopLevelSpec;
  return {
    ...base,
    data: { values: plot.rows },
    width: WIDTH,
    height: HEIGHT,
    mark: { type: 'point', filled: true, size: 50, opacity: 0.75 },
    encoding: {
      x: { field: plot.x.field, type: 'quantitative', title: plot.x.title, scale: axisScale },
      y: { field: plot.y.field, type: 'quantitative', title: plot.y.title, scale: axisScale },
      color,
      ...(plot.shape
        ? { shape: { field: plot.shape, type: 'nominal', title: plot.shape, legend: { orient: 'bottom' } } }
        : {}),
      tooltip,
    },
  } as TopLevelSpec;
}

/**
 * Gives every data mark a `<title>` child with its description, which vega writes only as `aria-label`:
 * browsers show a title on hover, so the inline SVG shows each point's values without any script.
 */
export function addTitles(svg: string): string {
  return svg.replace(
    /<(path|rect|circle|line)(\s[^>]*?aria-label="([^"]*)"[^>]*?role="graphics-symbol"[^>]*?)\/>/g,
    (_m, tag: string, attrs: string, label: string) => `<${tag}${attrs}><title>${label}</title></${tag}>`,
  );
}

/** Renders one plot to an SVG string. */
export async function renderPlot(plot: PlotData): Promise<PlotSvg> {
  const view = new vega.View(vega.parse(vl.compile(plotSpec(plot)).spec), { renderer: 'none' });
  try {
    const dense = drawnAsDensity(plot);
    let svg = addTitles(await view.toSVG());
    // The legend's gradient is named `gradient_0` in every SVG vega writes: named after the plot, so that
    // plots on one page (the report, the dashboard) do not take each other's.
    if (dense) svg = svg.replace(/\b(id="|url\(#)gradient_(\d+)/g, `$1${plot.id}-gradient_$2`);
    const caption = dense ? `${plot.caption}${densityNote(plot)}` : plot.caption;
    return { id: plot.id, title: plot.title, caption, svg, empty: plot.rows.length === 0 };
  } finally {
    view.finalize();
  }
}

/** Renders every plot, in order. */
export async function renderPlots(plots: readonly PlotData[]): Promise<PlotSvg[]> {
  const out: PlotSvg[] = [];
  for (const p of plots) out.push(await renderPlot(p));
  return out;
}
