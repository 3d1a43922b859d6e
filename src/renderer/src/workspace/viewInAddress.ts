// The view of the open utterance (the time at its left edge and the zoom) kept in the address, so that a
// reload, back and forward return to the same view: `#/u/<id>?t=<seconds>&z=<px per second>` (see placeInUrl.ts).
import { useEffect } from 'react';
import { parsePlace, placeHash } from '../placeInUrl';
import type { WaveformHandle } from '../components/Waveform';
import type { TimeAxis } from './timeAxis';

/** The address is rewritten once the view has been still this long (not on every scroll step). */
const STILL_MS = 300;

/** The view the address names for `utteranceId`, if it names one. */
export function viewInAddress(utteranceId: string): { startSec: number; pps: number } | null {
  const place = parsePlace(window.location.hash);
  if (!place || place.utteranceId !== utteranceId || place.pps === undefined) return null;
  return { startSec: place.startSec ?? 0, pps: place.pps };
}

/**
 * Keeps the address and the view of `utteranceId` in step: writes the view into the address as it changes
 * (replacing the history entry: a zoom or a scroll is not a step back), once the waveform has laid the
 * axis out and only while the address names that utterance; and when back or forward (or a typed address)
 * reaches an entry that names another view of it while it stays open, shows that view on `waveform`.
 */
export function useViewInAddress(
  utteranceId: string,
  axis: TimeAxis,
  waveform: { readonly current: WaveformHandle | null },
): void {
  useEffect(() => {
    let timer = 0;
    const write = (): void => {
      const place = parsePlace(window.location.hash);
      if (!place || place.utteranceId !== utteranceId || axis.widthPx <= 0) return;
      const hash = placeHash({ ...place, startSec: axis.scrollPx / axis.pps, pps: axis.pps });
      if (hash !== window.location.hash) history.replaceState(history.state, '', hash);
    };
    const off = axis.subscribe(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(write, STILL_MS);
    });
    // Before the waveform is ready, it shows the address' view itself once it is.
    const follow = (): void => {
      const view = viewInAddress(utteranceId);
      if (!view || axis.widthPx <= 0 || sameView(view, axis)) return;
      window.clearTimeout(timer);
      waveform.current?.setView(view.pps, view.startSec);
    };
    window.addEventListener('popstate', follow);
    return () => {
      off();
      window.clearTimeout(timer);
      window.removeEventListener('popstate', follow);
    };
  }, [utteranceId, axis, waveform]);
}

/** Whether `axis` shows `view` already (as closely as the address names it: 1 ms, 4 significant digits). */
function sameView(view: { startSec: number; pps: number }, axis: TimeAxis): boolean {
  return (
    Math.abs(view.pps - axis.pps) <= axis.pps * 1e-3 &&
    Math.abs(view.startSec - axis.scrollPx / axis.pps) < Math.max(1e-3, 1 / axis.pps)
  );
}
