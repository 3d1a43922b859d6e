import { useEffect, useRef } from 'react';
import { rulerTicks } from './rulerTicks';
import type { TimeAxis } from './timeAxis';

interface Props {
  axis: TimeAxis;
  durationSec: number;
  onSeek(sec: number): void;
}

/**
 * The time ruler under the waveform, drawn on a canvas for the visible stretch only (so a one-hour
 * recording costs no more than a short one); a click puts the playhead there.
 */
export function TimeRuler({ axis, durationSec, onSeek }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current!;
    // The canvas' size, kept by the ResizeObserver below: a draw on each zoom or scroll step reads no layout.
    let width = el.clientWidth;
    let height = el.clientHeight;
    const draw = (): void => {
      const dpr = window.devicePixelRatio || 1;
      if (el.width !== Math.round(width * dpr)) el.width = Math.round(width * dpr);
      if (el.height !== Math.round(height * dpr)) el.height = Math.round(height * dpr);
      const ctx = el.getContext('2d')!;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, height);
      const { pps, scrollPx } = axis;
      const to = Math.min(durationSec, (scrollPx + width) / pps);
      ctx.fillStyle = '#667381';
      ctx.font = '11px system-ui, sans-serif';
      // A label starting just left of the view still shows its end.
      for (const tick of rulerTicks(pps, Math.max(0, (scrollPx - 80) / pps), to, durationSec)) {
        const x = Math.round(tick.t * pps - scrollPx) + 0.5;
        ctx.fillRect(x - 0.5, 0, 1, tick.major ? height : height * 0.3);
        if (tick.label !== null) ctx.fillText(tick.label, x + 3, height - 5);
      }
    };
    draw();
    const resize = new ResizeObserver((entries) => {
      for (const e of entries) ({ width, height } = e.contentRect);
      draw();
    });
    resize.observe(el);
    const off = axis.subscribe(draw);
    return () => {
      off();
      resize.disconnect();
    };
  }, [axis, durationSec]);

  return (
    <canvas
      ref={canvas}
      className="timeline"
      aria-label="Time ruler (click to move the playhead)"
      onPointerDown={(e) => {
        const left = e.currentTarget.getBoundingClientRect().left;
        onSeek(Math.max(0, Math.min(durationSec, (e.clientX - left + axis.scrollPx) / axis.pps)));
      }}
    />
  );
}
