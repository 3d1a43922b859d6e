import { useEffect, useRef, useState } from 'react';
import type { PlotSvg } from '../../../core/api/contract';
import { call } from '../bridge';
import { safeSvg } from './safeSvg';

/** One plot: its SVG adopted into the page after `safeSvg` has cleaned it. */
function Plot({ plot }: { plot: PlotSvg }) {
  const host = useRef<HTMLDivElement>(null);
  const [bad, setBad] = useState(false);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const svg = safeSvg(plot.svg);
    setBad(svg === null);
    el.replaceChildren(...(svg ? [svg] : []));
  }, [plot.svg]);
  return (
    <figure className="plot" data-plot={plot.id}>
      <figcaption>
        <strong>{plot.title}</strong>
        <span className="muted">{plot.caption}</span>
      </figcaption>
      <div className="plot-svg" ref={host} role="img" aria-label={plot.title} />
      {bad && <p className="error-text">This plot could not be read.</p>}
    </figure>
  );
}

/** The dashboard's plots (rendered to SVG by the app), reloaded when the figures change. */
export function DashboardPlots({ version }: { version: number }) {
  const [plots, setPlots] = useState<PlotSvg[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    call('report:plots', {}).then(
      (p) => {
        if (!live) return;
        setPlots(p);
        setError(null);
      },
      (e: Error) => {
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [version]);
  if (error) return <p className="error-text">Plots: {error}</p>;
  if (!plots || plots.length === 0) return null;
  return (
    <div className="plots" data-testid="plots">
      {plots.map((p) => (
        <Plot key={p.id} plot={p} />
      ))}
    </div>
  );
}
