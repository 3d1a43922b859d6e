import { useCallback, useEffect, useState } from 'react';
import {
  type AgreementFigure,
  type AgreementPair,
  type ProjectAgreement,
  agreementValueText,
  unitText,
} from '../../../core/api/agreementModel';
import { AgreementView, type JobStatus } from '../../../core/api/contract';
import { call } from '../bridge';
import { hidesOthers, useActingAs, useTeamChanges } from '../team/actingAs';
import { Plot } from './DashboardPlots';
import { useJob } from './useJob';

/** How many utterances the section lists, most differences first. */
const LISTED = 10;

/** One figure: value with its 95% interval, n under it, the signature on hover; `—` when undefined. */
function FigureCell({ f }: { f: AgreementFigure | undefined }) {
  if (!f) return <td className="num muted">—</td>;
  const v = (x: number | null): string => agreementValueText(x, f.unit);
  const interval = f.lo === null && f.hi === null ? null : `[${v(f.lo)}, ${v(f.hi)}]`;
  return (
    <td className="num" title={f.signature} data-measure={f.measure}>
      {v(f.value)}
      {interval && <span className="ci muted"> {interval}</span>}
      <span className="n muted">
        n {f.n} · {f.utterances} utt.
      </span>
    </td>
  );
}

/** Measures as rows, annotator pairs as columns. */
function PairTable({ pairs }: { pairs: AgreementPair[] }) {
  const measures: { measure: string; unit: AgreementFigure['unit'] }[] = [];
  for (const p of pairs)
    for (const f of p.figures)
      if (!measures.some((m) => m.measure === f.measure)) measures.push({ measure: f.measure, unit: f.unit });
  return (
    <div className="agreement-scroll">
      <table className="dashboard-table agreement-table" data-testid="agreement-table">
        <thead>
          <tr>
            <th>Measure</th>
            <th>Unit</th>
            {pairs.map((p) => (
              <th key={`${p.a}\u0000${p.b}`} className="num">
                {p.a} × {p.b}
                <span className="n muted">{p.utterances} utterances</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {measures.map(({ measure, unit }) => (
            <tr key={measure}>
              <th scope="row">{measure}</th>
              <td className="muted">{unitText(unit)}</td>
              {pairs.map((p) => (
                <FigureCell key={`${p.a}\u0000${p.b}`} f={p.figures.find((f) => f.measure === measure)} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Utterances with layers of two or more annotators, and how many are adjudicated, as a bar and in words. */
function Progress({ agreement }: { agreement: ProjectAgreement }) {
  const p = agreement.progress;
  return (
    <p className="agreement-progress" data-testid="adjudication-progress">
      <progress max={p.multiple || 1} value={p.adjudicated} aria-label="Adjudication progress" />{' '}
      <strong>
        {p.adjudicated} of {p.multiple}
      </strong>{' '}
      utterances with layers of two or more annotators adjudicated{' '}
      <span className="muted">
        ({p.annotated} with any annotator layer, {p.annotators} annotators; adjudicated: the adjudicated layer
        is done or reviewed, or was edited after the annotators’ last change)
      </span>
    </p>
  );
}

/**
 * The project page's agreement section: adjudication progress, every annotator pair's figures with 95%
 * intervals and n, a histogram per measure over the utterances, and the utterances with the most
 * differences (a click opens one). Computed as a job in a worker thread; shown only when the project has
 * annotators, and never to an annotator of a project that annotates blind (it would tell them where the
 * others disagree with them).
 */
export function AgreementSection({ onOpen }: { onOpen(id: string): void }) {
  const [view, setView] = useState<AgreementView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onEnd = useCallback((s: JobStatus) => {
    if (s.state === 'failed') return setError(s.error?.message ?? 'the agreement could not be computed');
    const r = AgreementView.safeParse(s.result);
    if (!r.success) return setError('the agreement could not be read');
    setView(r.data);
    setError(null);
  }, []);
  const { job, running, follow, failure } = useJob(onEnd);
  const acting = useActingAs();
  const hidden = hidesOthers(acting);
  // Asked as the annotator acted as, if any: refused should the project have turned blind since.
  const as = acting.annotator;
  const start = useCallback(
    () => void follow(call('agreement:corpus', as !== null ? { as } : {})),
    [follow, as],
  );
  // Utterances assigned on the project page have new layers: the agreement is computed again.
  const assignments = useTeamChanges('assignments');
  useEffect(() => {
    if (!hidden) start();
  }, [start, hidden, assignments]);
  if (hidden) return null;
  const problem = error ?? failure;
  if (!view) {
    if (problem && !running) return <p className="error-text">Agreement: {problem}</p>;
    return running && job ? (
      <p className="muted" aria-live="polite">
        Agreement: {job.phase || 'starting'} {job.total > 0 ? `${job.done} / ${job.total}` : ''}…
      </p>
    ) : null;
  }
  const a = view.agreement;
  if (a.progress.annotators === 0) return null;
  const drawn = view.plots.filter((p) => !p.empty);
  return (
    <section className="dashboard agreement" aria-label="Agreement" data-testid="agreement">
      <header className="dashboard-head">
        <h2>Agreement between annotators</h2>
        <span className="muted">
          agreement in %, κ and α as coefficients, boundary differences in ms, with 95% bootstrap intervals
          over utterances · n: what the figure counts · — undefined · hover a figure for its settings
        </span>
        <span className="spacer" />
        <button type="button" onClick={start} disabled={running}>
          Compute again
        </button>
      </header>
      {problem && <p className="error-text">{problem}</p>}
      <Progress agreement={a} />
      {/* The figures beside their histograms, so the page is read across rather than down. */}
      <div className="agreement-body">
        <div>
          {a.pairs.length === 0 ? (
            <p className="muted">No utterance has layers of two of the annotators yet: nothing to compare.</p>
          ) : (
            <PairTable pairs={a.pairs} />
          )}
          {a.overall.length > 0 && (
            <>
              <h3>All {a.annotators.length} annotators</h3>
              <PairTable
                pairs={[
                  {
                    a: 'all',
                    b: `${a.annotators.length} annotators`,
                    utterances: a.progress.multiple,
                    figures: a.overall,
                  },
                ]}
              />
            </>
          )}
        </div>
        {drawn.length > 0 && (
          <div className="plot-grid" data-testid="agreement-plots">
            {drawn.map((p) => (
              <Plot key={p.id} plot={p} />
            ))}
          </div>
        )}
      </div>
      {a.utterances.length > 0 && (
        <>
          <h3>Most disagreement first</h3>
          <table className="dashboard-table" data-testid="agreement-utterances">
            <thead>
              <tr>
                <th>Utterance</th>
                <th>Annotators</th>
                <th className="num">Differences</th>
              </tr>
            </thead>
            <tbody>
              {a.utterances.slice(0, LISTED).map((u) => (
                <tr key={`${u.utteranceId}\u0000${u.a}\u0000${u.b}`}>
                  <td>
                    <button type="button" className="link" onClick={() => onOpen(u.utteranceId)}>
                      {u.utteranceId}
                    </button>
                  </td>
                  <td>
                    {u.a} × {u.b}
                  </td>
                  <td className="num">{u.differences}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted">
            {Math.min(LISTED, a.utterances.length)} of {a.utterances.length} · the utterance list orders them
            all by “Most disagreement first”
          </p>
        </>
      )}
      <p className="muted">
        Settings: <code>{a.signature}</code>
      </p>
    </section>
  );
}
