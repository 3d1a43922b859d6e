import { type ReactNode, useCallback, useEffect, useState } from 'react';
import type { DashboardReport, SystemInfo } from '../../../core/api/contract';
import type { AsrReport } from '../../../core/asr/asrReport';
import { call } from '../bridge';
import type { ErrorFocus } from '../workspace/errorFocus';
import { AgreementSection } from './AgreementSection';
import { DashboardPlots } from './DashboardPlots';
import { ImportSystemDialog } from './ImportSystemDialog';
import { ReportExport } from './ReportExport';
import { ScoringSettingsForm } from './ScoringSettingsForm';
import { SystemsDashboard } from './SystemsDashboard';
import { SystemsDialog } from './SystemsDialog';
import { UtteranceRanking } from './UtteranceRanking';

/**
 * Scoring on the project page: import a system, the scoring settings, the agreement between annotators,
 * systems × metrics with the paired test, the plots, utterances by metric, and the report export. An import or a change of settings
 * rescores, and the plots and the ranking follow each finished scoring run. `children` (the utterance
 * list) goes between the buttons and the figures: everything that appears while the project is scored
 * appears under it, so the list never moves under the pointer while the page loads.
 */
export function ScoringSection({
  onOpen,
  children,
}: {
  onOpen(id: string, focus?: ErrorFocus): void;
  children?: ReactNode;
}) {
  const [systems, setSystems] = useState<SystemInfo[]>([]);
  const [imported, setImported] = useState(0);
  const [settingsRev, setSettingsRev] = useState(0);
  const [scoredRev, setScoredRev] = useState(0);
  const [importing, setImporting] = useState(false);
  const [settings, setSettings] = useState(false);
  const [managing, setManaging] = useState(false);
  const [asr, setAsr] = useState<AsrReport | null>(null);
  const onReport = useCallback((r: DashboardReport) => setAsr(r.asr), []);

  useEffect(() => {
    call('system:list', {}).then(setSystems, () => setSystems([]));
  }, [imported]);
  const onScored = useCallback(() => setScoredRev((n) => n + 1), []);
  const has = systems.length > 0;
  return (
    <div className="scoring-section">
      <div className="scoring-bar" data-own-keys="">
        <button type="button" onClick={() => setImporting(true)} data-testid="import-system">
          Import system…
        </button>
        <button
          type="button"
          aria-expanded={settings}
          onClick={() => setSettings((s) => !s)}
          data-testid="settings-toggle"
        >
          Scoring settings
        </button>
        {has && (
          <button type="button" onClick={() => setManaging(true)} data-testid="manage-systems">
            Systems…
          </button>
        )}
        <span className="spacer" />
        {has && <ReportExport />}
      </div>
      {settings && <ScoringSettingsForm onSaved={() => setSettingsRev((n) => n + 1)} />}
      {importing && (
        <ImportSystemDialog
          onClose={() => setImporting(false)}
          onImported={() => setImported((n) => n + 1)}
        />
      )}
      {managing && (
        <SystemsDialog
          systems={systems}
          onClose={() => setManaging(false)}
          onChanged={() => setImported((n) => n + 1)}
        />
      )}
      {children}
      <AgreementSection onOpen={onOpen} />
      {has && (
        <SystemsDashboard systems={systems} version={imported + settingsRev} onScored={onScored} asr={asr} />
      )}
      {has && scoredRev > 0 && <UtteranceRanking systems={systems} version={scoredRev} onOpen={onOpen} />}
      {has && scoredRev > 0 && <DashboardPlots version={scoredRev} onOpen={onOpen} onReport={onReport} />}
    </div>
  );
}
