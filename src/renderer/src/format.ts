/** Seconds as `m:ss.mmm` (or `s.mmm` under a minute), as time readouts in Praat and ELAN show them. */
export function formatTime(sec: number): string {
  const ms = Math.round(sec * 1000);
  const m = Math.floor(ms / 60000);
  const s = (ms % 60000) / 1000;
  return m > 0 ? `${m}:${s.toFixed(3).padStart(6, '0')}` : s.toFixed(3);
}

/** Human label of an annotation status. */
export { STATUS_LABEL } from '../../core/model/utteranceFilter';
