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
 * The waveform and the annotation tiers on one time axis. Zoom and scroll come from wavesurfer.js and are
 * written here as CSS variables (`--pps`, `--scroll`), and the playhead as `--t`, so neither zooming,
 * scrolling nor playback re-renders the tiers. The wheel over the tiers zooms (Shift or a sideways wheel
 * scrolls), as it does over the waveform.
 */
export function AxisBody({ axis, clock, durationSec, waveform, band, top, children }: Props) {
  const body = useRef<HTMLDivElement>(null);
  const tiers = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const apply = (): void => {
      const el = body.current;
      if (!el) return;
      el.style.setProperty('--pps', String(axis.pps));
      el.style.setProperty('--scroll', String(axis.scrollPx));
    };
    apply();
    return axis.subscribe(apply);
  }, [axis]);

  useEffect(() => {
    const apply = (): void => body.current?.style.setProperty('--t', String(clock.time));
    apply();
    return clock.subscribe(apply);
  }, [clock]);

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
