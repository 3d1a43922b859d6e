import { useState } from 'react';
import type { CorpusReport, PairedFigure } from '../../../core/api/contract';
import type { AsrReport } from '../../../core/asr/asrReport';
import { call } from '../bridge';
import { SctkPairTests } from './SctkPairTests';

const pct = (x: number | null): string => (x === null ? '—' : (x * 100).toFixed(1));

/**
 * Pick two systems and see, per metric, A, B and A − B with paired 95% intervals and the p-value; under
 * them sc_stats's tests of the pair, once the ASR analysis is made.
 */
export function SystemComparison({ report, asr = null }: { report: CorpusReport; asr?: AsrReport | null }) {
  const [compared, setCompared] = useState<[number, number] | null>(null);
  const [a, setA] = useState(report[0]?.systemId ?? 0);
  const [b, setB] = useState(report[1]?.systemId ?? 0);
  const [rows, setRows] = useState<PairedFigure[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (report.length < 2) return null;
  const pick = (value: number, set: (id: number) => void, label: string) => (
    <select aria-label={label} value={value} onChange={(e) => set(Number(e.target.value))}>
      {report.map((r) => (
        <option key={r.systemId} value={r.systemId}>
          {r.name}
        </option>
      ))}
    </select>
  );
  const compare = (): void => {
    setError(null);
    call('score:compare', { systemA: a, systemB: b }).then(
      (r) => {
        setRows(r);
        setCompared([a, b]);
      },
      (e: Error) => setError(e.message),
    );
  };
  return (
    <div className="comparison" data-testid="comparison">
      <div className="comparison-head">
        <span>Paired test:</span>
        {pick(a, setA, 'System A')}
        <span>against</span>
        {pick(b, setB, 'System B')}
        <button type="button" onClick={compare} disabled={a === b}>
          Compare
        </button>
        {error && <span className="error-text">{error}</span>}
      </div>
      {rows && (
        <table className="dashboard-table">
          <thead>
            <tr>
              <th>Metric</th>
              <th className="num">A</th>
              <th className="num">B</th>
              <th className="num">A − B [95%]</th>
              <th className="num">p</th>
              <th className="num">n</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.metric} data-metric={r.metric} title={`${r.signature}\n${r.test}`}>
                <th scope="row">{r.metric}</th>
                <td className="num fig">{pct(r.a.value)}</td>
                <td className="num fig">{pct(r.b.value)}</td>
                <td className="num">
                  <span className="fig">{pct(r.delta.value)}</span>
                  <span className="ci">
                    [{pct(r.delta.lo)}, {pct(r.delta.hi)}]
                  </span>
                </td>
                <td className={r.pValue !== null && r.pValue < 0.05 ? 'num fig significant' : 'num fig'}>
                  {r.pValue === null ? '—' : r.pValue.toPrecision(2)}
                </td>
                <td className="num">{r.n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rows && compared && asr && (
        <SctkPairTests
          asr={asr}
          a={report.find((r) => r.systemId === compared[0])?.name ?? ''}
          b={report.find((r) => r.systemId === compared[1])?.name ?? ''}
        />
      )}
    </div>
  );
}
