// The part of the time axis a tier draws: the visible range and a margin (see tierWindow.ts), kept while
// the view stays inside it at the same zoom, so a scroll step within the margin renders nothing.
import { useEffect, useState } from 'react';
import type { TimeAxis } from './timeAxis';
import { type Span, covers, drawnRange, visibleRange } from './tierWindow';

/** The range a tier draws and the zoom (pixels per second) it was chosen for. */
export interface DrawnWindow {
  range: Span;
  pps: number;
}

/** The axis' view (a width of 1,000 px until the waveform has laid it out). */
function viewOf(axis: TimeAxis): { pps: number; scrollPx: number; widthPx: number } {
  return { pps: axis.pps, scrollPx: axis.scrollPx, widthPx: axis.widthPx || 1000 };
}

/** The window of `axis` to draw: a new one when the view leaves it or the zoom changes. */
export function useDrawnWindow(axis: TimeAxis): DrawnWindow {
  const [drawn, setDrawn] = useState<DrawnWindow>(() => ({
    range: drawnRange(viewOf(axis)),
    pps: axis.pps,
  }));
  useEffect(() => {
    // What is drawn, followed here so that a step inside it asks React for nothing.
    let d: DrawnWindow | null = null;
    const follow = (): void => {
      const view = viewOf(axis);
      if (d && d.pps === view.pps && covers(d.range, visibleRange(view))) return;
      d = { range: drawnRange(view), pps: view.pps };
      setDrawn(d);
    };
    follow();
    return axis.subscribe(follow);
  }, [axis]);
  return drawn;
}
