import { useCallback, useEffect, useRef, useState } from 'react';
import { DashboardReport, type JobStatus, type PlotSvg } from '../../../core/api/contract';
import { call } from '../bridge';
import type { ErrorFocus } from '../workspace/errorFocus';
import { AsrAnalysisPanel } from './AsrAnalysisPanel';
import { NbestBreakdownSection } from './NbestBreakdownTable';
import { safeSvg } from './safeSvg';
import { reportPhase } from './reportPhase';
import { useJob } from './useJob';

/** A plot's SVG adopted into the page after `safeSvg` has cleaned it. */
function PlotSvgView({ plot }: { plot: PlotSvg }) {
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
    <>
      <div className="plot-svg" ref={host} role="img" aria-label={plot.title} />
      {bad && <p className="error-text">This plot could not be read.</p>}
    </>
  );
}

/** One small multiple of a grid of plots, with a button that shows it large in a dialog. */
export function Plot({ plot }: { plot: PlotSvg }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [large, setLarge] = useState(false);
  useEffect(() => {
    if (large) dialog.current?.showModal();
  }, [large]);
  return (
    <figure className="plot" data-plot={plot.id}>
      <figcaption>
        <span className="plot-title">
          <strong>{plot.title}</strong>
          <button
            type="button"
            className="plot-enlarge"
            onClick={() => setLarge(true)}
            aria-label={`Enlarge ${plot.title}`}
          >
            Enlarge
          </button>
        </span>
        <span className="muted">{plot.caption}</span>
      </figcaption>
      <PlotSvgView plot={plot} />
      {large && (
        <dialog
          ref={dialog}
          className="plot-dialog"
          onClose={() => setLarge(false)}
          data-testid="plot-dialog"
        >
          <header className="plot-dialog-head">
            <strong>{plot.title}</strong>
            <span className="spacer" />
            <button type="button" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </header>
          <p className="muted">{plot.caption}</p>
          <PlotSvgView plot={plot} />
        </dialog>
      )}
    </figure>
  );
}

/**
 * The dashboard's plots (rendered to SVG by the app in a job), as a grid, the speech recognition errors
 * and the N-best breakdown under them, reloaded when the figures change; what is shown stays until the new
 * results are in. `onOpen` opens an utterance listed under an error, with
 * that error as `focus`.
 */
export function DashboardPlots({
  version,
  onOpen,
  onReport,
}: {
  version: number;
  onOpen(id: string, focus?: ErrorFocus): void;
  /** Hears each new report (the paired comparison shows its sc_stats tests). */
  onReport?(report: DashboardReport): void;
}) {
  const [report, setReport] = useState<DashboardReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onEnd = useCallback((s: JobStatus) => {
    if (s.state === 'failed') return setError(s.error?.message ?? 'the plots could not be made');
    const r = DashboardReport.safeParse(s.result);
    if (!r.success) return setError('the plots could not be read');
    setReport(r.data);
    setError(null);
  }, []);
  useEffect(() => {
    if (report) onReport?.(report);
  }, [report, onReport]);
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
      <AsrAnalysisPanel asr={report.asr} onOpen={onOpen} />
      <NbestBreakdownSection breakdowns={report.nbest} />
    </>
  );
}

/**
 * Every plot with data at once, as a grid of small multiples (each can be enlarged); the plots that have
 * nothing to draw are named under the grid with the reason, never shown as an empty frame.
 */
function PlotSection({ plots }: { plots: PlotSvg[] }) {
  const drawn = plots.filter((p) => !p.empty);
  const empty = plots.filter((p) => p.empty);
  return (
    <section className="plots" aria-label="Plots" data-testid="plots">
      <header className="dashboard-head">
        <h2>Plots</h2>
        <span className="muted">
          {drawn.length} of {plots.length} with data · each system has one colour in every plot · Enlarge
          shows a plot large
        </span>
      </header>
      {drawn.length > 0 && (
        <div className="plot-grid">
          {drawn.map((p) => (
            <Plot key={p.id} plot={p} />
          ))}
        </div>
      )}
      {empty.length > 0 && (
        <p className="muted plots-empty" data-testid="plots-empty">
          Not drawn, for lack of data: {empty.map((p) => p.title).join('; ')}.
        </p>
      )}
    </section>
  );
}
