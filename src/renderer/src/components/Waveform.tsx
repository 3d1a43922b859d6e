import { useEffect, useRef, useState } from 'react';
import WaveSurfer, { type WaveSurferOptions } from 'wavesurfer.js';
import MinimapPlugin from 'wavesurfer.js/dist/plugins/minimap.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import type { GoldWord } from '../../../core/gold/records';
import type { Peaks } from '../../../core/model/schemas';
import type { TimeAxis } from '../workspace/timeAxis';
import { TimeRuler } from '../workspace/TimeRuler';
import { WaveWords } from '../workspace/WaveWords';

/** Imperative controls the workspace needs from the waveform. */
export interface WaveformHandle {
  playPause(): void;
  /** Plays `startSec..endSec` (and again and again while looping). */
  playRange(startSec: number, endSec: number): void;
  setLoop(range: { startSec: number; endSec: number } | null): void;
  setRate(rate: number): void;
  zoomBy(factor: number): void;
  fit(): void;
  time(): number;
  setTime(sec: number): void;
  /** Scrolls the axis by `px` pixels (the tiers below forward their horizontal wheel here). */
  scrollBy(px: number): void;
  /** Scrolls so that `startSec..endSec` is in view (when it is not). */
  reveal(startSec: number, endSec: number): void;
  /**
   * Zooms to `pps` (within the zoom the recording allows) with `startSec` at the left edge; a playhead
   * outside that view moves to its left edge.
   */
  setView(pps: number, startSec: number): void;
}

interface Props {
  url: string;
  peaks: Peaks;
  words: readonly GoldWord[];
  startSec: number;
  endSec: number;
  currentWord: number;
  axis: TimeAxis;
  onTime(sec: number): void;
  onPlaying(playing: boolean): void;
  onWordClick(index: number, extend: boolean): void;
  /** Called once the audio can be played (the playhead is at `startSec`). */
  onReady?(): void;
  handleRef: { current: WaveformHandle | null };
}

/** Recordings longer than this get a minimap above the waveform. */
const MINIMAP_SEC = 30;
/** The closest zoom, in pixels per second. */
const MAX_PPS = 4000;
/**
 * The widest the waveform's wrapper and the tiers may be: Chromium clamps a box's layout width at
 * 33,554,428 px (2^25 - 4), while wavesurfer.js places the peaks for the unclamped width, so a wider
 * wrapper shows a blank or misplaced waveform. A margin is kept below the limit.
 */
export const LAYOUT_LIMIT_PX = 33_000_000;

/** The closest zoom a recording of `durationSec` allows: 4,000 px/s, or less where the width would pass the layout limit. */
export function maxZoom(durationSec: number): number {
  return Math.min(MAX_PPS, LAYOUT_LIMIT_PX / Math.max(durationSec, 1e-3));
}

/** The largest magnitude in `xs` (0 for none). */
function maxAbs(xs: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < xs.length; i++) {
    const v = Math.abs(xs[i]!);
    if (v > m) m = v;
  }
  return m;
}

/**
 * wavesurfer.js over the cached peaks (no decoding), with a time ruler, the words drawn over it (only those
 * in view: see WaveWords), wheel zoom and, for long recordings, a minimap. Its zoom and scroll drive the
 * shared time axis of the tiers below.
 */
export function Waveform(props: Props) {
  const { url, peaks, startSec, endSec, axis, handleRef } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const [ready, setReady] = useState(false);
  // Where the waveform starts in its box (below the minimap, when there is one): the words are drawn there.
  const [top, setTop] = useState(0);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const container = containerRef.current!;
    const span = Math.max(0.1, endSec - startSec);
    // Fit shows the whole utterance however long it is (the minimap stays above it).
    const maxPps = maxZoom(peaks.durationSec);
    axis.limit(maxPps);
    const fitPx = (): number => Math.min(maxPps, Math.max(0.01, container.clientWidth / span));
    const plugins: NonNullable<WaveSurferOptions['plugins']> = [
      ZoomPlugin.create({ scale: 0.25, maxZoom: maxPps, exponentialZooming: true }),
    ];
    if (peaks.durationSec > MINIMAP_SEC)
      plugins.push(
        MinimapPlugin.create({
          height: 28,
          waveColor: '#b8c4d2',
          progressColor: '#8095ab',
          insertPosition: 'beforebegin',
        }),
      );
    const ws = WaveSurfer.create({
      container,
      url,
      peaks: [peaks.peaks],
      duration: peaks.durationSec,
      height: 120,
      waveColor: '#7a8fa6',
      progressColor: '#2d4a66',
      cursorColor: '#d9480f',
      cursorWidth: 2,
      minPxPerSec: fitPx(),
      normalize: true,
      // Normalized to the recording's loudest peak, found once: without it each canvas drawn on a zoom or
      // scroll step would scan its part of the peaks again first (and be scaled on its own).
      maxPeak: maxAbs(peaks.peaks),
      autoScroll: true,
      autoCenter: false,
      dragToSeek: true,
      plugins,
    });
    wsRef.current = ws;
    let loop: { startSec: number; endSec: number } | null = null;
    // The axis is told once a frame, from what wavesurfer.js says (its zoom, the offset of its scroll
    // events) and the visible width a ResizeObserver keeps: reading the layout on each of wavesurfer's
    // events, between its writes and the tiers', would lay the page out again for every one of them.
    let viewWidth = 0;
    let scrollPx = 0;
    let frame = 0;
    // Pixels per second: the wrapper is as wide as the whole recording at wavesurfer's zoom, or fills the
    // view when that is narrower (as wavesurfer.js lays it out).
    const ppsNow = (): number => {
      const full = Math.ceil(peaks.durationSec * ws.options.minPxPerSec);
      return Math.max(full, viewWidth) / peaks.durationSec;
    };
    const report = (): void => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          if (viewWidth > 0) axis.set(ppsNow(), scrollPx, viewWidth);
        });
    };
    const resize = new ResizeObserver((entries) => {
      for (const e of entries) viewWidth = e.contentRect.width;
      report();
    });
    // The wheel over the words drawn on the waveform does what it does over the waveform: it zooms about
    // the pointer (wavesurfer's zoom plugin, to which it is passed on) or, sideways or with Shift, scrolls.
    const body = bodyRef.current!;
    const onWheel = (e: WheelEvent): void => {
      if (container.contains(e.target as Node)) return;
      e.preventDefault();
      if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
        ws.setScroll(ws.getScroll() + (e.shiftKey ? e.deltaY : e.deltaX));
        return;
      }
      ws.getWrapper().parentElement?.dispatchEvent(
        new WheelEvent('wheel', {
          deltaX: e.deltaX,
          deltaY: e.deltaY,
          deltaMode: e.deltaMode,
          clientX: e.clientX,
          clientY: e.clientY,
          cancelable: true,
        }),
      );
    };
    body.addEventListener('wheel', onWheel, { passive: false });
    // The minimap comes above the waveform (inside wavesurfer's box) once the audio is loaded: the words
    // follow the waveform down.
    const placed = new ResizeObserver(() =>
      setTop(ws.getWrapper().getBoundingClientRect().top - body.getBoundingClientRect().top),
    );
    placed.observe(container);

    const subs = [
      ws.on('ready', () => {
        setReady(true);
        ws.setTime(startSec);
        latest.current.onTime(startSec);
        scrollPx = ws.getScroll();
        resize.observe(ws.getWrapper().parentElement!);
        latest.current.onReady?.();
      }),
      ws.on('timeupdate', (t) => latest.current.onTime(t)),
      ws.on('play', () => latest.current.onPlaying(true)),
      ws.on('pause', () => {
        latest.current.onPlaying(false);
        if (loop && Math.abs(ws.getCurrentTime() - loop.endSec) < 0.08)
          void ws.play(loop.startSec, loop.endSec);
      }),
      ws.on('finish', () => latest.current.onPlaying(false)),
      ws.on('zoom', report),
      ws.on('scroll', (_from, _to, left) => {
        scrollPx = left;
        report();
      }),
    ];
    handleRef.current = {
      playPause: () => void ws.playPause(),
      playRange: (a, b) => void ws.play(a, b),
      setLoop(range) {
        loop = range;
        if (range) void ws.play(range.startSec, range.endSec);
      },
      setRate: (rate) => ws.setPlaybackRate(rate, true),
      zoomBy: (f) => ws.zoom(Math.min(maxPps, Math.max(Math.min(5, fitPx()), ppsNow() * f))),
      fit: () => ws.zoom(fitPx()),
      time: () => ws.getCurrentTime(),
      setTime: (t) => ws.setTime(t),
      scrollBy: (px) => ws.setScroll(ws.getScroll() + px),
      setView(pps, start) {
        const z = Math.min(maxPps, Math.max(Math.min(5, fitPx()), pps));
        ws.zoom(z);
        const left = Math.max(0, start * z);
        ws.setScroll(left);
        scrollPx = ws.getScroll();
        report();
        // The playhead comes into the view (at its left edge, within the utterance) when it is outside it:
        // wavesurfer scrolls to the playhead whenever the time is updated (the audio loading after the
        // peaks are drawn does that), which would take the view away again.
        const from = ws.getScroll() / z;
        const to = from + ws.getWidth() / z;
        const now = ws.getCurrentTime();
        if (now < from || now > to) ws.setTime(Math.min(endSec, Math.max(startSec, from + 1 / z)));
      },
      reveal(a, b) {
        // wavesurfer's own zoom, not the axis': the axis follows it a frame later, and a zoom key
        // followed at once by a move of the selection must reveal it at the new zoom.
        const width = ws.getWidth();
        const left = ws.getScroll();
        const pps = ppsNow();
        if (a * pps < left || b * pps > left + width) ws.setScroll(Math.max(0, a * pps - width * 0.25));
      },
    };
    return () => {
      cancelAnimationFrame(frame);
      subs.forEach((off) => off());
      body.removeEventListener('wheel', onWheel);
      placed.disconnect();
      resize.disconnect();
      handleRef.current = null;
      wsRef.current = null;
      ws.destroy();
    };
  }, [url, peaks, startSec, endSec, axis, handleRef]);

  // A click on a word plays it and selects it; Alt+click puts the playhead there (to split the word).
  const onWord = (i: number, e: MouseEvent): void => {
    const ws = wsRef.current;
    const w = latest.current.words[i];
    if (!ws || !w) return;
    if (e.altKey) ws.setTime((e.clientX - ws.getWrapper().getBoundingClientRect().left) / axis.pps);
    else void ws.play(w.startSec, w.endSec);
    latest.current.onWordClick(i, e.shiftKey);
  };

  return (
    <div className="waveform">
      <div className="waveform-body" ref={bodyRef}>
        <div ref={containerRef} className="waveform-canvas" data-testid="waveform" aria-busy={!ready} />
        {ready && (
          <WaveWords
            words={props.words}
            current={props.currentWord}
            durationSec={peaks.durationSec}
            axis={axis}
            top={top}
            onWord={onWord}
          />
        )}
      </div>
      <TimeRuler axis={axis} durationSec={peaks.durationSec} onSeek={(t) => wsRef.current?.setTime(t)} />
    </div>
  );
}
