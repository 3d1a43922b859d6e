import { useCallback, useEffect, useRef, useState } from 'react';
import { DashboardReport, type JobStatus, type PlotSvg } from '../../../core/api/contract';
import { call } from '../bridge';
import { NbestBreakdownSection } from './NbestBreakdownTable';
import { safeSvg } from './safeSvg';
import { reportPhase } from './reportPhase';
import { useJob } from './useJob';

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

/**
 * The dashboard's plots (rendered to SVG by the app in a job), one at a time, and the N-best breakdown
 * under them, reloaded when the figures change; what is shown stays until the new results are in.
 */
export function DashboardPlots({ version }: { version: number }) {
  const [report, setReport] = useState<DashboardReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onEnd = useCallback((s: JobStatus) => {
    if (s.state === 'failed') return setError(s.error?.message ?? 'the plots could not be made');
    const r = DashboardReport.safeParse(s.result);
    if (!r.success) return setError('the plots could not be read');
    setReport(r.data);
    setError(null);
  }, []);
  const { job, running, follow, failure } = useJob(onEnd);
  useEffect(() => {
    void follow(call('report:plots', {}));
  }, [version, follow]);
  const problem = error ?? failure;
  if (problem && !running) return <p className="error-text">Plots: {problem}</p>;
  if (!report)
    return running && job ? (
      <p className="muted plots-loading" aria-live="polite">
        Plots: {reportPhase(job)}…
      </p>
    ) : null;
  return (
    <>
      {report.plots.length > 0 && <PlotSection plots={report.plots} />}
      <NbestBreakdownSection breakdowns={report.nbest} />
    </>
  );
}

/** The plots, one at a time, picked by title or stepped through. */
function PlotSection({ plots }: { plots: PlotSvg[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const plot = plots.find((p) => p.id === chosen) ?? plots[0]!;
  const k = plots.indexOf(plot);
  return (
    <section className="plots" aria-label="Plots" data-testid="plots">
      <header className="dashboard-head">
        <h2>Plots</h2>
        <select value={plot.id} onChange={(e) => setChosen(e.target.value)} aria-label="Plot shown">
          {plots.map((p) => (
            <option key={p.id} value={p.id}>
              {p.title}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => setChosen(plots[(k + plots.length - 1) % plots.length]!.id)}>
          ← Previous
        </button>
        <button type="button" onClick={() => setChosen(plots[(k + 1) % plots.length]!.id)}>
          Next →
        </button>
        <span className="muted">
          {k + 1} of {plots.length}
        </span>
      </header>
      <Plot key={plot.id} plot={plot} />
    </section>
  );
}
