import { useSyncExternalStore } from 'react';
import { formatTime } from '../format';
import { type Clock, useClock } from './clock';
import type { EditMessage } from './useGoldEditor';
import type { TimeAxis } from './timeAxis';

interface Props {
  clock: Clock;
  axis: TimeAxis;
  playing: boolean;
  rate: number;
  looping: boolean;
  saving: number;
  /** An edit was refused and the view may still show it (see GoldEditor.refused). */
  refused?: boolean;
  message: EditMessage | null;
  onDismiss(): void;
}

function useZoom(axis: TimeAxis): number {
  return useSyncExternalStore(
    (l) => axis.subscribe(l),
    () => Math.round(axis.pps),
  );
}

/** Play state, time, zoom, speed and loop, whether edits are saved, and the last note or refusal. */
export function TransportBar({
  clock,
  axis,
  playing,
  rate,
  looping,
  saving,
  refused = false,
  message,
  onDismiss,
}: Props) {
  const time = useClock(clock, (t) => formatTime(t));
  const zoom = useZoom(axis);
  return (
    <div className="transport-bar">
      <span className="playstate">{playing ? '▶ playing' : '❚❚ paused'}</span>
      <span className="mono" data-testid="current-time">
        {time}
      </span>
      <span className="muted">zoom {zoom} px/s</span>
      {zoom >= Math.floor(axis.maxPps) && axis.maxPps < 4000 && (
        <span className="badge" title="Closer would make the waveform wider than the browser can lay out">
          the closest zoom for a recording this long
        </span>
      )}
      <span className={rate === 1 ? 'muted' : 'badge'} data-testid="rate">
        {rate}×
      </span>
      {looping && <span className="badge">⟲ loop</span>}
      <span
        className={saving > 0 ? 'badge' : refused ? 'badge error-text' : 'muted'}
        data-testid="save-state"
      >
        {saving > 0 ? 'saving…' : refused ? 'last edit not saved' : 'all saved'}
      </span>
      <span className="spacer" />
      {message && (
        <span
          className={message.kind === 'error' ? 'message error-text' : 'message'}
          role="status"
          data-testid="message"
        >
          {message.text}{' '}
          <button type="button" className="icon" aria-label="dismiss" onClick={onDismiss}>
            ×
          </button>
        </span>
      )}
      <span className="muted keys">? all keys</span>
    </div>
  );
}
