import { useEffect, useState } from 'react';
import type { Output, SystemInfo } from '../../../core/api/contract';
import type { GoldWord } from '../../../core/gold/records';
import type { UtteranceScores } from '../../../core/scoring/scoreUtterance';
import { call } from '../bridge';
import { formatTime } from '../format';
import { TierRow } from './TierRow';
import { spanStyle } from './timeAxis';

type Scored = Output<'score:utterance'>;

const OP_NAMES = { C: 'correct', S: 'substituted', I: 'inserted', D: 'deleted' } as const;

/**
 * A system's recognized words under the gold words, on the same time axis, coloured by their word
 * alignment as sclite's `pra` marks it: correct, substituted, inserted; a deleted gold word is shown as a
 * hatched gap at its own time. The tier's name picks the system and shows the utterance's WER.
 */
export function SystemTier({ utteranceId, gold }: { utteranceId: string; gold: readonly GoldWord[] }) {
  const [systems, setSystems] = useState<SystemInfo[]>([]);
  const [systemId, setSystemId] = useState<number | null>(null);
  const [scored, setScored] = useState<Scored | null>(null);

  useEffect(() => {
    call('system:list', {}).then(
      (list) => {
        setSystems(list);
        setSystemId((id) => id ?? list[0]?.id ?? null);
      },
      () => setSystems([]),
    );
  }, []);

  // Re-scored when the gold words change (the score cache makes an unchanged utterance cheap); a drag's
  // preview steps are waited out.
  useEffect(() => {
    if (systemId === null) return;
    const t = setTimeout(() => {
      call('score:utterance', { systemId, utteranceId }).then(setScored, () => setScored(null));
    }, 250);
    return () => clearTimeout(t);
  }, [systemId, utteranceId, gold]);

  if (systems.length === 0) return null;
  const scores = scored?.scores as unknown as UtteranceScores | null | undefined;
  const words = scored?.output?.words ?? [];
  const steps = scores?.words?.steps ?? [];
  const wer = scores?.words?.wer;
  const name = (
    <span className="system-tier-name">
      <select
        aria-label="System shown"
        value={systemId ?? ''}
        onChange={(e) => setSystemId(Number(e.target.value))}
      >
        {systems.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {wer !== undefined && (
        <span className="system-wer" data-testid="system-wer">
          WER {wer === null ? '—' : `${(wer * 100).toFixed(1)} %`}
        </span>
      )}
    </span>
  );
  return (
    <TierRow name={name} className="system-row">
      <div className="tier system-tier" aria-label="System words" data-testid="system-tier">
        {steps.map((st, k) => {
          if (st.op === 'D') {
            const g = gold[st.ref];
            if (!g) return null;
            return (
              <div
                key={k}
                className="tier-box system-box op-D"
                style={spanStyle(g.startSec, g.endSec)}
                title={`deleted: "${g.text}"`}
              >
                <span className="box-label">({g.text})</span>
              </div>
            );
          }
          const w = words[st.hyp];
          if (!w || w.startSec == null || w.endSec == null) return null;
          const ref = st.ref >= 0 ? gold[st.ref]?.text : undefined;
          return (
            <div
              key={k}
              className={`tier-box system-box op-${st.op}`}
              style={spanStyle(w.startSec, w.endSec)}
              data-op={st.op}
              title={`${OP_NAMES[st.op]}: "${w.text}"${st.op === 'S' && ref ? ` for "${ref}"` : ''}  ${formatTime(w.startSec)}–${formatTime(w.endSec)}${w.confidence !== undefined ? `  confidence ${w.confidence.toFixed(2)}` : ''}`}
            >
              <span className="box-label">{w.text}</span>
            </div>
          );
        })}
      </div>
    </TierRow>
  );
}
