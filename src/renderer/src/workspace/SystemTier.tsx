import { useMemo } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { systemColour } from '../../../core/scoring/systemColour';
import { formatTime } from '../format';
import { playable } from './playable';
import { TierRow } from './TierRow';
import { type TimeAxis, spanStyle } from './timeAxis';
import { type Span, spanBoxes } from './tierWindow';
import { useDrawnWindow } from './useDrawnWindow';
import type { SystemScores } from './useSystemScores';

const OP_NAMES = { C: 'correct', S: 'substituted', I: 'inserted', D: 'deleted' } as const;

/**
 * A system's recognized words under the gold words, on the same time axis, coloured by their word
 * alignment as sclite's `pra` marks it: correct, substituted, inserted; a deleted gold word is shown as a
 * hatched gap at its own time. Clicking a box plays it. The tier's name picks the system (`Y` cycles)
 * and shows the utterance's WER. `errorStep` (an error opened from the ASR error lists) is marked. Only
 * the words in the visible range and a margin are drawn (see tierWindow.ts), runs closer than a few
 * pixels at the zoom as one box.
 */
export function SystemTier({
  system,
  gold,
  errorStep = null,
  axis,
  playRange,
}: {
  system: SystemScores;
  gold: readonly GoldWord[];
  errorStep?: number | null;
  axis: TimeAxis;
  playRange(startSec: number, endSec: number): void;
}) {
  const { systems, systemId, scores } = system;
  const words = system.output?.words;
  const steps = scores?.words?.steps;
  const view = useDrawnWindow(axis);
  // Each step's time: the gold word's for a deletion, else the system word's (null when it has none).
  const spans = useMemo(
    () =>
      (steps ?? []).map((st): Span | null => {
        const w = st.op === 'D' ? gold[st.ref] : words?.[st.hyp];
        return w && w.startSec != null && w.endSec != null
          ? { startSec: w.startSec, endSec: w.endSec }
          : null;
      }),
    [steps, words, gold],
  );
  // Deletions in a lane of their own (under the recognized words).
  const boxes = useMemo(
    () => spanBoxes(spans, view.range, view.pps, (k) => (steps![k]!.op === 'D' ? 1 : 0)),
    [spans, view, steps],
  );
  if (systems.length === 0) return null;
  const wer = scores?.words?.wer;
  const name = (
    <span className="system-tier-name">
      {systemId !== null && <span className="system-swatch" style={{ background: systemColour(systemId) }} />}
      <select
        aria-label="System shown"
        value={systemId ?? ''}
        onChange={(e) => system.choose(Number(e.target.value))}
      >
        {' '}
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
        {boxes.map((run) => {
          const k = run[0]!;
          const st = steps![k]!;
          if (run.length > 1) {
            const end = Math.max(...run.map((i) => spans[i]!.endSec));
            return (
              <div
                key={`g${k}`}
                className={`tier-box system-box tier-group${st.op === 'D' ? ' op-D' : ''}${errorStep !== null && run.includes(errorStep) ? ' focused' : ''}`}
                style={spanStyle(spans[k]!.startSec, end)}
                data-steps={run.length}
                title={`${run.length} words; zoom in to see them`}
              />
            );
          }
          if (st.op === 'D') {
            const g = gold[st.ref];
            if (!g) return null;
            return (
              <div
                key={k}
                className={`tier-box system-box op-D${k === errorStep ? ' focused' : ''}`}
                style={spanStyle(g.startSec, g.endSec)}
                data-op="D"
                title={`deleted: "${g.text}"`}
                {...playable(() => playRange(g.startSec, g.endSec))}
              >
                <span className="box-label">({g.text})</span>
              </div>
            );
          }
          const w = words?.[st.hyp];
          if (!w || w.startSec == null || w.endSec == null) return null;
          const ref = st.ref >= 0 ? gold[st.ref]?.text : undefined;
          return (
            <div
              key={k}
              className={`tier-box system-box op-${st.op}${k === errorStep ? ' focused' : ''}`}
              style={spanStyle(w.startSec, w.endSec)}
              data-op={st.op}
              {...(st.op === 'C'
                ? { onClick: () => playRange(w.startSec!, w.endSec!) }
                : playable(() => playRange(w.startSec!, w.endSec!)))}
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
