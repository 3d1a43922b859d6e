import { useEffect, useMemo, useState } from 'react';
import type { SystemInfo, UtteranceMetrics } from '../../../core/api/contract';
import { call } from '../bridge';
import { type Order, rankUtterances } from './rankUtterances';

/** Error rates: for these the worst utterances are the highest. */
const LOWER_IS_BETTER = new Set(['WER', 'CER']);

/** Every per-utterance figure is a fraction (a rate, an accuracy, F1, IoU): shown in percent. */
function fmt(x: number | null | undefined): string {
  return x === null || x === undefined ? '—' : (x * 100).toFixed(1);
}

/**
 * Utterances sorted and filtered by any metric of one system ("worst 20 by Struct-IoU"): a system
 * picker, a metric picker, the order and how many to show. Enter or a click on a row opens it.
 */
export function UtteranceRanking({
  systems,
  version,
  onOpen,
}: {
  systems: SystemInfo[];
  version: number;
  onOpen(id: string): void;
}) {
  const [systemId, setSystemId] = useState<number | null>(systems[0]?.id ?? null);
  const [loaded, setLoaded] = useState<{ key: string; rows: UtteranceMetrics[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [metric, setMetric] = useState<string>('WER');
  const [order, setOrder] = useState<Order>('desc');
  const [limit, setLimit] = useState(20);
  const chosen = systems.some((s) => s.id === systemId) ? systemId : (systems[0]?.id ?? null);

  const key = `${chosen}:${version}`;
  useEffect(() => {
    if (chosen === null) return;
    let live = true;
    call('score:utterances', { systemId: chosen }).then(
      (r) => {
        if (!live) return;
        setLoaded({ key: `${chosen}:${version}`, rows: r });
        setError(null);
      },
      (e: Error) => {
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [chosen, version]);
  const rows = loaded?.key === key ? loaded.rows : null;

  const metrics = useMemo(() => {
    const seen: string[] = [];
    for (const r of rows ?? []) for (const m of Object.keys(r.metrics)) if (!seen.includes(m)) seen.push(m);
    return seen;
  }, [rows]);
  const current = metrics.includes(metric) ? metric : (metrics[0] ?? metric);
  const ranked = useMemo(() => (rows ? rankUtterances(rows, current, order) : []), [rows, current, order]);
  const shown = limit > 0 ? ranked.slice(0, limit) : ranked;
  if (systems.length === 0) return null;

  const worst = (): void => {
    setOrder(LOWER_IS_BETTER.has(current) ? 'desc' : 'asc');
    setLimit(20);
  };
  return (
    <section className="ranking" aria-label="Utterances by metric" data-testid="ranking">
      <header className="dashboard-head">
        <h2>Utterances by metric</h2>
        <label>
          System{' '}
          <select value={chosen ?? ''} onChange={(e) => setSystemId(Number(e.target.value))}>
            {systems.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Metric{' '}
          <select value={current} onChange={(e) => setMetric(e.target.value)} aria-label="Metric">
            {metrics.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label>
          Order{' '}
          <select value={order} onChange={(e) => setOrder(e.target.value as Order)} aria-label="Order">
            <option value="asc">ascending</option>
            <option value="desc">descending</option>
          </select>
        </label>
        <label>
          Show{' '}
          <input
            type="number"
            min={0}
            value={limit}
            onChange={(e) => setLimit(Math.max(0, Math.round(Number(e.target.value) || 0)))}
            aria-label="How many (0 for all)"
            className="limit"
          />
        </label>
        <button type="button" onClick={worst}>
          Worst 20
        </button>
        <span className="muted">
          {rows ? `${shown.length} of ${rows.length}` : error ? '' : 'scoring…'} · figures in % · Enter opens
        </span>
      </header>
      {error && <p className="error-text">{error}</p>}
      {rows && (
        <div className="ranking-scroll">
          <table className="dashboard-table ranking-table" data-own-keys="">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>Utterance</th>
                <th className="num sorted">{current}</th>
                {metrics
                  .filter((m) => m !== current)
                  .map((m) => (
                    <th key={m} className="num">
                      {m}
                    </th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r, k) => (
                <tr
                  key={r.utteranceId}
                  tabIndex={0}
                  data-utterance={r.utteranceId}
                  onClick={() => onOpen(r.utteranceId)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      e.stopPropagation();
                      onOpen(r.utteranceId);
                    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                      e.preventDefault();
                      e.stopPropagation();
                      const row = e.currentTarget;
                      const next =
                        e.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling;
                      (next as HTMLElement | null)?.focus();
                    }
                  }}
                >
                  <td className="num muted">{k + 1}</td>
                  <td className="mono">{r.utteranceId}</td>
                  <td className="num fig sorted" data-metric={current}>
                    {fmt(r.metrics[current])}
                  </td>
                  {metrics
                    .filter((m) => m !== current)
                    .map((m) => (
                      <td key={m} className="num fig" data-metric={m}>
                        {fmt(r.metrics[m])}
                      </td>
                    ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
