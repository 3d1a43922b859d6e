import { type ReactNode, useEffect, useRef } from 'react';
import type { WaveformHandle } from '../components/Waveform';
import type { Clock } from './clock';
import type { TimeAxis } from './timeAxis';
import { spanStyle } from './timeAxis';

interface Props {
  axis: TimeAxis;
  clock: Clock;
  durationSec: number;
  waveform: { current: WaveformHandle | null };
  /** The selection's interval, drawn as a band across the waveform and every tier. */
  band: { startSec: number; endSec: number } | null;
  /** The waveform (it scrolls itself). */
  top: ReactNode;
  /** The tiers (each shifted by `--scroll`). */
  children: ReactNode;
}

/**
 * The waveform and the annotation tiers on one time axis. Zoom and scroll come from wavesurfer.js; the zoom
 * is written here as a CSS variable (`--pps`, which the boxes' widths use). The scroll offset and the
 * playhead are written straight onto the elements that move (each tier's transform, the playhead's), so
 * a scroll step or a playhead tick restyles those few elements and never the boxes inside the tiers, and
 * neither re-renders React. The wheel over the tiers zooms (Shift or a sideways wheel scrolls), as it
 * does over the waveform.
 */
export function AxisBody({ axis, clock, durationSec, waveform, band, top, children }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const tiers = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = body.current!;
    let pps = NaN;
    const playhead = (): void => {
      const p = el.querySelector<HTMLElement>('.playhead');
      if (p) p.style.transform = `translateX(${clock.time * axis.pps}px)`;
    };
    const apply = (): void => {
      if (axis.pps !== pps) {
        pps = axis.pps;
        el.style.setProperty('--pps', String(pps));
      }
      shiftTracks(el, axis.scrollPx);
      playhead();
    };
    apply();
    // Tiers that appear later (a system's, the spectrogram, the annotators') are shifted as they come.
    const added = new MutationObserver(() => shiftTracks(el, axis.scrollPx));
    added.observe(el, { childList: true, subtree: true });
    const offAxis = axis.subscribe(apply);
    const offClock = clock.subscribe(playhead);
    return () => {
      added.disconnect();
      offAxis();
      offClock();
    };
  }, [axis, clock]);

  useEffect(() => {
    const el = tiers.current!;
    const onWheel = (e: WheelEvent): void => {
      const w = waveform.current;
      if (!w) return;
      e.preventDefault();
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) w.scrollBy(e.shiftKey ? e.deltaY : e.deltaX);
      else w.zoomBy(e.deltaY < 0 ? 1.25 : 0.8);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [waveform]);

  return (
    <div className="axis-body" ref={body} style={{ ['--duration' as string]: String(durationSec) }}>
      {top}
      <div className="tiers" ref={tiers} data-testid="tiers">
        {children}
        <div className="axis-overlay" aria-hidden="true">
          <div className="axis-overlay-track">
            <div className="playhead" />
          </div>
        </div>
      </div>
      <div className="axis-overlay" aria-hidden="true">
        <div className="axis-overlay-track">
          {band && <div className="selection-band" style={spanStyle(band.startSec, band.endSec)} />}
        </div>
      </div>
    </div>
  );
}

/**
 * Shifts the tiers and the overlays' tracks by the scroll offset (and keeps the tiers' hints at the
 * visible left edge), writing only where the value changed.
 */
function shiftTracks(root: HTMLElement, scrollPx: number): void {
  const shift = `translateX(${-scrollPx}px)`;
  for (const t of root.querySelectorAll<HTMLElement>('.tier, .axis-overlay-track'))
    if (t.style.transform !== shift) t.style.transform = shift;
  const left = `${scrollPx + 90}px`;
  for (const h of root.querySelectorAll<HTMLElement>('.tier-hint'))
    if (h.style.left !== left) h.style.left = left;
}
