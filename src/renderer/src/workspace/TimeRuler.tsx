import { useEffect, useRef } from 'react';
import type { TimeAxis } from './timeAxis';

interface Props {
  axis: TimeAxis;
  durationSec: number;
  onSeek(sec: number): void;
}

/** Tick spacings a ruler may use, in seconds. */
const STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600];

/** The major (labelled) and minor tick spacing for a zoom level: labels at least ~70 px apart. */
export function rulerSteps(pps: number): { major: number; minor: number } {
  const major = STEPS.find((s) => s * pps >= 70) ?? STEPS[STEPS.length - 1]!;
  const minor =
    STEPS.find((s) => s * pps >= 8 && Math.abs(major / s - Math.round(major / s)) < 1e-9 && s < major) ??
    major;
  return { major, minor };
}

function label(t: number, major: number): string {
  if (t >= 60) {
    const m = Math.floor(t / 60);
    const s = t - m * 60;
    return `${m}:${s.toFixed(major < 1 ? 1 : 0).padStart(major < 1 ? 4 : 2, '0')}`;
  }
  return major < 0.1 ? t.toFixed(2) : major < 1 ? t.toFixed(1) : String(Math.round(t));
}

/**
 * The time ruler under the waveform, drawn on a canvas for the visible stretch only (so a one-hour
 * recording costs no more than a short one); a click puts the playhead there.
 */
export function TimeRuler({ axis, durationSec, onSeek }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current!;
    const draw = (): void => {
      const width = el.clientWidth;
      const height = el.clientHeight;
      const dpr = window.devicePixelRatio || 1;
      if (el.width !== Math.round(width * dpr)) el.width = Math.round(width * dpr);
      if (el.height !== Math.round(height * dpr)) el.height = Math.round(height * dpr);
      const ctx = el.getContext('2d')!;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      ctx.clearRect(0, 0, width, height);
      const { pps, scrollPx } = axis;
      const { major, minor } = rulerSteps(pps);
      const from = Math.max(0, Math.floor(scrollPx / pps / minor) * minor);
      const to = Math.min(durationSec, (scrollPx + width) / pps);
      ctx.fillStyle = '#667381';
      ctx.font = '11px system-ui, sans-serif';
      for (let k = Math.round(from / minor); k * minor <= to + 1e-9; k++) {
        const t = k * minor;
        const x = Math.round(t * pps - scrollPx) + 0.5;
        const isMajor = Math.abs(t / major - Math.round(t / major)) < 1e-6;
        ctx.fillRect(x - 0.5, 0, 1, isMajor ? height : height * 0.3);
        if (isMajor) ctx.fillText(label(t, major), x + 3, height - 5);
      }
    };
    draw();
    const resize = new ResizeObserver(draw);
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
