import { useCallback, useEffect, useRef, useState } from 'react';
import { CorpusPartial, CorpusReport, type JobStatus, type SystemInfo } from '../../../core/api/contract';
import { PARTIAL, coverageText, isPartial, percent } from '../../../core/scoring/present';
import { systemColour } from '../../../core/scoring/systemColour';
import { call } from '../bridge';
import type { AsrReport } from '../../../core/asr/asrReport';
import { SystemComparison } from './SystemComparison';
import { useJob } from './useJob';

const LOWER_IS_BETTER = new Set(['WER', 'CER']);

/** Every corpus figure is a fraction (error or accuracy rate, F1, IoU); shown in percent. */
const fmt = (x: number | null): string => percent(x);

type SystemFigures = CorpusReport[number];

/** What a running job has published, or null when it has published nothing readable yet. */
function partialOf(job: JobStatus | null): CorpusPartial | null {
  if (job?.state !== 'running') return null;
  const p = CorpusPartial.safeParse(job.partial);
  return p.success ? p.data : null;
}

/** A system's name after its colour, the colour its marks have in every plot. */
export function SystemName({ id, name }: { id: number; name: string }) {
  return (
    <>
      <span
        className="system-swatch"
        style={{ background: systemColour(id) }}
        data-colour={systemColour(id)}
      />
      {name}
    </>
  );
}

/** A system's row before its figures are in: its progress while it is scored, else that it waits. */
function PendingRow({
  system,
  columns,
  scoring,
}: {
  system: SystemInfo;
  columns: number;
  scoring: CorpusPartial['scoring'];
}) {
  const active = scoring?.systemId === system.id ? scoring : null;
  return (
    <tr data-pending={system.name}>
      <th scope="row">
        <SystemName id={system.id} name={system.name} />
      </th>
      <td colSpan={Math.max(1, columns)} className="muted">
        {active ? (
          <>
            <progress
              max={active.total || 1}
              value={active.done}
              aria-label={`Scoring ${system.name}`}
              style={{ width: '14em', margin: '0 8px 0 0', verticalAlign: 'middle' }}
            />
            scoring {active.done} of {active.total} utterances…
          </>
        ) : (
          'waiting to be scored…'
        )}
      </td>
    </tr>
  );
}

/** A scored system's row: each figure with its interval, the settings on hover, the best in bold. */
function FiguresRow({
  row,
  metrics,
  best,
}: {
  row: SystemFigures;
  metrics: readonly string[];
  best: ReadonlyMap<string, number | null>;
}) {
  return (
    <tr data-system={row.name}>
      <th scope="row">
        <SystemName id={row.systemId} name={row.name} />
      </th>
      {metrics.map((m) => {
        const f = row.figures.find((x) => x.metric === m);
        if (!f)
          return (
            <td key={m} className="num muted">
              —
            </td>
          );
        const isBest = f.value !== null && best.get(m) === f.value;
        const partial = isPartial(f);
        const empty = f.empty > 0 ? `, ${f.empty} of them without output (empty hypotheses)` : '';
        return (
          <td
            key={m}
            className={isBest ? 'num best' : 'num'}
            title={`${f.signature}\n${f.bootstrap}\n${f.n} of ${f.N} utterances with gold${empty}`}
            data-metric={m}
          >
            <span className="fig">{fmt(f.value)}</span>
            <span className="ci">
              [{fmt(f.lo)}, {fmt(f.hi)}]
            </span>
            <span className={partial ? 'cov partial' : 'cov'} data-partial={partial || undefined}>
              {coverageText(f)}
            </span>
          </td>
        );
      })}
    </tr>
  );
}

/** The best value per metric over the systems (none with fewer than two systems scored). */
function bestValues(rows: readonly SystemFigures[], metrics: readonly string[]): Map<string, number | null> {
  const best = new Map<string, number | null>();
  for (const m of metrics) {
    const values = rows
      .map((r) => r.figures.find((f) => f.metric === m)?.value ?? null)
      .filter((v): v is number => v !== null);
    best.set(
      m,
      values.length < 2 ? null : LOWER_IS_BETTER.has(m) ? Math.min(...values) : Math.max(...values),
    );
  }
  return best;
}

/**
 * Systems × metrics at corpus level: each figure with its 95% bootstrap interval, the settings signature
 * on hover, the best system per metric in bold. Scoring runs as a job; each system's figures show as soon
 * as it is scored, while the others show their progress.
 */
export function SystemsDashboard({
  systems,
  version,
  onScored,
  asr,
}: {
  /** The project's systems; scoring starts whenever they or `version` change. */
  systems: readonly SystemInfo[];
  version: number;
  /** Called each time a scoring run has finished. */
  onScored(): void;
  /** The ASR analysis, once the dashboard's report job has made it (sc_stats's tests of each pair). */
  asr?: AsrReport | null;
}) {
  const [report, setReport] = useState<CorpusReport | null>(null);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const scored = useRef(onScored);
  useEffect(() => {
    scored.current = onScored;
  });
  const { job, follow, failure } = useJob((s) => {
    if (s.state === 'failed') setUnreadable(s.error?.message ?? 'scoring failed');
    if (s.state !== 'done') return;
    const r = CorpusReport.safeParse(s.result);
    if (r.success) {
      setReport(r.data);
      scored.current();
    } else setUnreadable('The scores could not be read.');
  });
  const error = failure ?? unreadable;

  const start = useCallback(() => {
    void follow(
      call('score:corpus', {}).then((j) => {
        setUnreadable(null);
        return j;
      }),
    );
  }, [follow]);

  const count = systems.length;
  useEffect(() => {
    if (count > 0) start();
  }, [start, count, version]);

  if (!job && !report && !error) return null;
  const running = job?.state === 'running';
  const partial = partialOf(job);
  // While a run goes on, only what it has scored is shown: earlier figures may be of other settings.
  const shown: readonly SystemFigures[] = running ? (partial?.systems ?? []) : (report ?? []);
  const metrics = [...new Set(shown.flatMap((r) => r.figures.map((f) => f.metric)))];
  const best = running ? new Map<string, number | null>() : bestValues(shown, metrics);
  return (
    <section className="dashboard" aria-label="Systems" data-testid="dashboard">
      <header className="dashboard-head">
        <h2>Systems</h2>
        <span className="muted">
          corpus figures in % with 95% bootstrap intervals · n / N utterances scored of those with gold (
          {PARTIAL}: fewer) · — undefined · hover a figure for its settings
        </span>
        <span className="spacer" />
        <button type="button" onClick={start} disabled={running}>
          Score again
        </button>
      </header>
      {running && job && <progress max={job.total || 1} value={job.done} aria-label="Scoring progress" />}
      {error && <p className="error-text">{error}</p>}
      {systems.length > 0 && (running || report) && (
        <div className="dashboard-scroll">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th>System</th>
                {metrics.length === 0 ? (
                  <th>Figures</th>
                ) : (
                  metrics.map((m) => (
                    <th key={m} className="num">
                      {m}
                    </th>
                  ))
                )}
              </tr>
            </thead>
            <tbody>
              {systems.map((sys) => {
                const row = shown.find((r) => r.systemId === sys.id);
                return row ? (
                  <FiguresRow key={sys.id} row={row} metrics={metrics} best={best} />
                ) : (
                  <PendingRow
                    key={sys.id}
                    system={sys}
                    columns={metrics.length}
                    scoring={running ? (partial?.scoring ?? null) : null}
                  />
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {!running && report && <SystemComparison report={report} asr={asr ?? null} />}
    </section>
  );
}
