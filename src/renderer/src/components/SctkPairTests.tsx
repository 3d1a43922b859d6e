import type { AsrReport } from '../../../core/asr/asrReport';
import { SCTK_TEST_NAMES, pValueText } from '../../../core/stats/sctkTests';

/**
 * sc_stats's tests of systems `a` and `b` (by name, in either order in the analysis) for the paired
 * comparison: p as sc_stats computes it, the exact binomial p where it approximates, n and the better one.
 */
export function SctkPairTests({ asr, a, b }: { asr: AsrReport; a: string; b: string }) {
  const pair = asr.pairs.find(
    (p) => (p.systemA === a && p.systemB === b) || (p.systemA === b && p.systemB === a),
  );
  if (!pair || pair.tests.length === 0) return null;
  return (
    <table
      className="dashboard-table sctk-tests"
      data-testid="sctk-pair-tests"
      aria-label="sc_stats tests of the pair"
    >
      <thead>
        <tr>
          <th>sc_stats test</th>
          <th className="num">p</th>
          <th className="num">exact p</th>
          <th className="num">n</th>
          <th>better</th>
        </tr>
      </thead>
      <tbody>
        {pair.tests.map((t) => (
          <tr key={t.test} data-test={t.test} title={t.signature}>
            <th scope="row">{SCTK_TEST_NAMES[t.test]}</th>
            <td className={t.pValue !== null && t.pValue < 0.05 ? 'num fig significant' : 'num fig'}>
              {pValueText(t.pValue)}
            </td>
            <td className="num">{t.exactPValue === undefined ? '' : pValueText(t.exactPValue)}</td>
            <td className="num">
              {t.n} {t.unit}
            </td>
            <td>{t.better === null ? 'level' : t.better === 'A' ? pair.systemA : pair.systemB}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
