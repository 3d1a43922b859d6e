import { useCallback, useEffect, useRef, useState } from 'react';
import type { CorpusReport, JobStatus, SystemInfo } from '../../../core/api/contract';
import { call } from '../bridge';
import { SystemComparison } from './SystemComparison';

const LOWER_IS_BETTER = new Set(['WER']);

/** Every corpus figure is a fraction (error or accuracy rate, F1, IoU); shown in percent. */
function fmt(x: number | null): string {
  return x === null ? '—' : (x * 100).toFixed(1);
}

/**
 * Systems × metrics at corpus level: each figure with its 95% bootstrap interval, the settings signature
 * on hover, the best system per metric in bold. Scoring runs as a job with a progress bar.
 */
export function SystemsDashboard({
  systems,
  version,
  onScored,
}: {
  /** The project's systems; scoring starts whenever they or `version` change. */
  systems: readonly SystemInfo[];
  version: number;
  /** Called each time a scoring run has finished. */
  onScored(): void;
}) {
  const [job, setJob] = useState<JobStatus | null>(null);
  const [report, setReport] = useState<CorpusReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(() => {
    call('score:corpus', {}).then(
      (j) => {
        setError(null);
        setJob(j);
      },
      (e: Error) => setError(e.message),
    );
  }, []);

  const scored = useRef(onScored);
  useEffect(() => {
    scored.current = onScored;
  });
  const count = systems.length;
  useEffect(() => {
    if (count > 0) start();
  }, [start, count, version]);

  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const t = setTimeout(() => {
      call('job:status', { jobId: job.id }).then(
        (s) => {
          setJob(s);
          if (s.state === 'done') {
            setReport(s.result as CorpusReport);
            scored.current();
          }
          if (s.state === 'failed') setError(s.error?.message ?? 'scoring failed');
        },
        (e: Error) => setError(e.message),
      );
    }, 150);
    return () => clearTimeout(t);
  }, [job]);

  if (!job && !report && !error) return null;
  const metrics = report ? [...new Set(report.flatMap((r) => r.figures.map((f) => f.metric)))] : [];
  const best = new Map<string, number | null>();
  for (const m of metrics) {
    const values = (report ?? [])
      .map((r) => r.figures.find((f) => f.metric === m)?.value ?? null)
      .filter((v): v is number => v !== null);
    best.set(
      m,
      values.length < 2 ? null : LOWER_IS_BETTER.has(m) ? Math.min(...values) : Math.max(...values),
    );
  }
  return (
    <section className="dashboard" aria-label="Systems" data-testid="dashboard">
      <header className="dashboard-head">
        <h2>Systems</h2>
        <span className="muted">
          corpus figures in % with 95% bootstrap intervals · hover a figure for its settings
        </span>
        <span className="spacer" />
        <button type="button" onClick={start} disabled={job?.state === 'running'}>
          Score again
        </button>
      </header>
      {job?.state === 'running' && (
        <progress max={job.total || 1} value={job.done} aria-label="Scoring progress" />
      )}
      {error && <p className="error-text">{error}</p>}
      {report && (
        <div className="dashboard-scroll">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th>System</th>
                {metrics.map((m) => (
                  <th key={m} className="num">
                    {m}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.map((r) => (
                <tr key={r.systemId} data-system={r.name}>
                  <th scope="row">{r.name}</th>
                  {metrics.map((m) => {
                    const f = r.figures.find((x) => x.metric === m);
                    if (!f)
                      return (
                        <td key={m} className="num muted">
                          —
                        </td>
                      );
                    const isBest = f.value !== null && best.get(m) === f.value;
                    return (
                      <td
                        key={m}
                        className={isBest ? 'num best' : 'num'}
                        title={`${f.signature}\n${f.bootstrap}\nn = ${f.n} utterances`}
                        data-metric={m}
                      >
                        <span className="fig">{fmt(f.value)}</span>
                        <span className="ci">
                          [{fmt(f.lo)}, {fmt(f.hi)}]
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report && <SystemComparison report={report} />}
    </section>
  );
}
