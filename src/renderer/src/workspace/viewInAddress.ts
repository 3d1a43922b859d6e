// The view of the open utterance (the time at its left edge and the zoom) kept in the address, so that a
// reload returns to the same view: `#/u/<id>?t=<seconds>&z=<px per second>` (see placeInUrl.ts).
import { useEffect } from 'react';
import { parsePlace, placeHash } from '../placeInUrl';
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
 * Writes the view of `utteranceId` into the address as it changes (replacing the history entry: a zoom
 * or a scroll is not a step back), once the waveform has laid the axis out, and only while the address
 * names that utterance.
 */
export function useViewInAddress(utteranceId: string, axis: TimeAxis): void {
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
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [utteranceId, axis]);
}
