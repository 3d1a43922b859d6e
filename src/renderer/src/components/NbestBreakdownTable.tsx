import { useState } from 'react';
import type { NbestBreakdown, NbestGroupRow } from '../../../core/api/contract';
import { LEVEL_NAMES, missingLabelsNote } from '../../../core/nbest/breakdownLevels';

/** The metrics of the breakdown, in the report's order. */
const METRICS = ['NotFound', 'FRecall', 'NDCG'] as const;

const kLabel = (k: string): string => (k === 'inf' ? '∞' : k);

/** A figure as the report prints it: NotFound as a count, the means with two decimals, undefined as "—". */
function figureText(metric: string, v: number | null | undefined): string {
  if (v === null || v === undefined) return '—';
  return metric === 'NotFound' ? String(v) : v.toFixed(2);
}

/** One system's table: accuracy classes down, knowledge class × input kind across, as the HTML report. */
function BreakdownTable({ b }: { b: NbestBreakdown }) {
  if (b.error)
    return (
      <p className="error-text" data-testid="nbest-note">
        The N-best breakdown of {b.system} could not be made: {b.error}
      </p>
    );
  if (b.groups.length === 0)
    return (
      <p className="muted" data-testid="nbest-note">
        {b.system} has no N-best lists.
      </p>
    );
  const cols: { knowledge: string; input: string }[] = [];
  for (const g of b.groups)
    if (!cols.some((c) => c.knowledge === g.knowledge && c.input === g.input))
      cols.push({ knowledge: g.knowledge, input: g.input });
  const rows: string[] = [];
  for (const g of b.groups) if (!rows.includes(g.accuracy)) rows.push(g.accuracy);
  const at = (accuracy: string, c: { knowledge: string; input: string }): NbestGroupRow | undefined =>
    b.groups.find((g) => g.accuracy === accuracy && g.knowledge === c.knowledge && g.input === c.input);
  const title = b.signature ?? undefined;
  const note = missingLabelsNote(b.groups);
  return (
    <>
      {note && (
        <p className="nbest-unlabelled" data-testid="nbest-unlabelled">
          {note}
        </p>
      )}
      <div className="nbest-wide">
        <table className="nbest-table" data-system={b.system} title={title}>
          <thead>
            <tr>
              <th scope="row" className="nbest-level">
                {LEVEL_NAMES.knowledge} →
              </th>
              {cols.map((c) => (
                <th scope="col" key={`${c.knowledge}\u0000${c.input}`}>
                  {c.knowledge}
                </th>
              ))}
            </tr>
            <tr>
              <th scope="row" className="nbest-level">
                {LEVEL_NAMES.input} →
              </th>
              {cols.map((c) => (
                <th scope="col" key={`${c.knowledge}\u0000${c.input}`}>
                  {c.input}
                </th>
              ))}
            </tr>
          </thead>
          {rows.map((r) => (
            <tbody key={r} data-accuracy={r}>
              <tr>
                <th scope="row">
                  <span className="muted">{LEVEL_NAMES.accuracy}:</span> {r}{' '}
                  <span className="muted">· n</span>
                </th>
                {cols.map((c) => (
                  <td key={`${c.knowledge}\u0000${c.input}`} data-figure="n" title={title}>
                    {at(r, c)?.scored ?? 0}
                  </td>
                ))}
              </tr>
              {METRICS.map((m) => (
                <tr key={m}>
                  <td>
                    {m}@{b.ks.map(kLabel).join(',')}
                  </td>
                  {cols.map((c) => {
                    const g = at(r, c);
                    const key = `${c.knowledge}\u0000${c.input}`;
                    if (!g || g.scored === 0)
                      return (
                        <td key={key} title={title}>
                          —
                        </td>
                      );
                    return (
                      <td key={key} title={title} data-knowledge={c.knowledge} data-input={c.input}>
                        {b.ks.map((k, i) => (
                          <span key={k} data-figure={`${m}@${k}`}>
                            {i > 0 && ','}
                            {figureText(m, g.figures[`${m}@${k}`])}
                          </span>
                        ))}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {b.signature && (
        <p className="muted nbest-signature">
          <code>{b.signature}</code>
        </p>
      )}
    </>
  );
}

/**
 * The N-best breakdown of Kleinbauer et al. Table 3 per system, one system at a time; a plain note when no
 * system has N-best lists.
 */
export function NbestBreakdownSection({ breakdowns }: { breakdowns: readonly NbestBreakdown[] }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = breakdowns.filter((b) => b.error !== null || b.groups.length > 0);
  const b = shown.find((x) => x.system === chosen) ?? shown[0];
  return (
    <section className="nbest-breakdown" aria-label="N-best breakdown" data-testid="nbest-breakdown">
      <header className="dashboard-head">
        <h2>N-best breakdown</h2>
        {b && shown.length > 1 && (
          <select value={b.system} onChange={(e) => setChosen(e.target.value)} aria-label="System shown">
            {shown.map((x) => (
              <option key={x.system} value={x.system}>
                {x.system}
              </option>
            ))}
          </select>
        )}
        {b && shown.length === 1 && <span>{b.system}</span>}
      </header>
      {b ? (
        <>
          <p className="muted nbest-intro">
            Utterances grouped by their gold labels, accuracy class by knowledge class and input kind (as
            Kleinbauer et al., Table 3): n scored utterances, NotFound@K as counts, FRecall@K and NDCG@K as
            means.
          </p>
          <BreakdownTable key={b.system} b={b} />
          {shown.length < breakdowns.length && (
            <p className="muted">
              Without N-best lists:{' '}
              {breakdowns
                .filter((x) => !shown.includes(x))
                .map((x) => x.system)
                .join(', ')}
              .
            </p>
          )}
        </>
      ) : (
        <p className="muted" data-testid="nbest-note">
          No system has N-best lists.
        </p>
      )}
    </section>
  );
}
