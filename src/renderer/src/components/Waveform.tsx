import { useEffect, useRef, useState } from 'react';
import WaveSurfer, { type WaveSurferOptions } from 'wavesurfer.js';
import MinimapPlugin from 'wavesurfer.js/dist/plugins/minimap.esm.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import type { GoldWord } from '../../../core/gold/records';
import type { Peaks } from '../../../core/model/schemas';
import type { TimeAxis } from '../workspace/timeAxis';
import { TimeRuler } from '../workspace/TimeRuler';

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

const WORD_COLOR = 'rgba(56, 120, 200, 0.13)';
const WORD_COLOR_CURRENT = 'rgba(240, 170, 40, 0.35)';
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

type Regions = ReturnType<typeof RegionsPlugin.create>;

/**
 * Utterances with more words than this have no labels on their waveform regions (the word tier right below
 * labels them): the Regions plugin lays out every label in view against every other one to stack them,
 * which at fit zoom on thousands of words holds the page for seconds.
 */
const LABELLED_REGIONS_MAX = 300;

/** Brings the word regions in line with the words, changing only what differs. */
function syncRegions(regions: Regions, words: readonly GoldWord[]): void {
  const labelled = words.length <= LABELLED_REGIONS_MAX;
  const byId = new Map(regions.getRegions().map((r) => [r.id, r]));
  words.forEach((w, i) => {
    const r = byId.get(`word-${i}`);
    byId.delete(`word-${i}`);
    if (!r) {
      regions.addRegion({
        id: `word-${i}`,
        start: w.startSec,
        end: w.endSec,
        ...(labelled ? { content: w.text } : {}),
        color: WORD_COLOR,
        drag: false,
        resize: false,
      });
    } else if (
      r.start !== w.startSec ||
      r.end !== w.endSec ||
      (labelled && r.content?.textContent !== w.text)
    ) {
      r.setOptions({ start: w.startSec, end: w.endSec, ...(labelled ? { content: w.text } : {}) });
    }
  });
  for (const r of byId.values()) r.remove();
}

/**
 * wavesurfer.js over the cached peaks (no decoding), with a time ruler, one region per word, wheel zoom and,
 * for long recordings, a minimap. Its zoom and scroll drive the shared time axis of the tiers below.
 */
export function Waveform(props: Props) {
  const { url, peaks, startSec, endSec, axis, handleRef } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<Regions | null>(null);
  const [ready, setReady] = useState(false);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const container = containerRef.current!;
    const regions = RegionsPlugin.create();
    const span = Math.max(0.1, endSec - startSec);
    // Fit shows the whole utterance however long it is (the minimap stays above it).
    const maxPps = maxZoom(peaks.durationSec);
    axis.limit(maxPps);
    const fitPx = (): number => Math.min(maxPps, Math.max(0.01, container.clientWidth / span));
    const plugins: NonNullable<WaveSurferOptions['plugins']> = [
      regions,
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
      autoScroll: true,
      autoCenter: false,
      dragToSeek: true,
      plugins,
    });
    regionsRef.current = regions;
    wsRef.current = ws;
    let loop: { startSec: number; endSec: number } | null = null;
    // The axis in pixels per second: the wrapper is as wide as the whole recording.
    const report = (): void => {
      const width = ws.getWrapper().getBoundingClientRect().width;
      if (width > 0) axis.set(width / peaks.durationSec, ws.getScroll());
    };
    const resize = new ResizeObserver(report);

    const subs = [
      regions.on('region-clicked', (region, e) => {
        e.stopPropagation();
        const i = Number(region.id.slice('word-'.length));
        // Alt+click puts the playhead where it is clicked (to split the word there); a click plays the word.
        if (e.altKey) ws.setTime((e.clientX - ws.getWrapper().getBoundingClientRect().left) / axis.pps);
        else region.play(true);
        latest.current.onWordClick(i, e.shiftKey);
      }),
      ws.on('ready', () => {
        // Regions clamp their times to the known duration, so they are added once it is known.
        regions.clearRegions();
        const t0 = performance.now();
        syncRegions(regions, latest.current.words);
        performance.measure('sieve:waveform-regions', { start: t0 });
        setReady(true);
        ws.setTime(startSec);
        latest.current.onTime(startSec);
        resize.observe(ws.getWrapper());
        report();
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
      ws.on('scroll', report),
      ws.on('redrawcomplete', report),
    ];
    handleRef.current = {
      playPause: () => void ws.playPause(),
      playRange: (a, b) => void ws.play(a, b),
      setLoop(range) {
        loop = range;
        if (range) void ws.play(range.startSec, range.endSec);
      },
      setRate: (rate) => ws.setPlaybackRate(rate, true),
      zoomBy: (f) => ws.zoom(Math.min(maxPps, Math.max(Math.min(5, fitPx()), axis.pps * f))),
      fit: () => ws.zoom(fitPx()),
      time: () => ws.getCurrentTime(),
      setTime: (t) => ws.setTime(t),
      scrollBy: (px) => ws.setScroll(ws.getScroll() + px),
      reveal(a, b) {
        const width = ws.getWidth();
        const left = ws.getScroll();
        if (a * axis.pps < left || b * axis.pps > left + width)
          ws.setScroll(Math.max(0, a * axis.pps - width * 0.25));
      },
    };
    return () => {
      subs.forEach((off) => off());
      resize.disconnect();
      handleRef.current = null;
      regionsRef.current = null;
      wsRef.current = null;
      ws.destroy();
    };
  }, [url, peaks, startSec, endSec, axis, handleRef]);

  // Words changed by an edit move their regions in place.
  useEffect(() => {
    if (ready && regionsRef.current) syncRegions(regionsRef.current, props.words);
  }, [props.words, ready]);

  // The word under the playhead is highlighted on the waveform as in every tier.
  const current = props.currentWord;
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions || !ready) return;
    for (const r of regions.getRegions()) {
      const on = r.id === `word-${current}`;
      if ((r.color === WORD_COLOR_CURRENT) !== on)
        r.setOptions({ color: on ? WORD_COLOR_CURRENT : WORD_COLOR });
    }
  }, [current, ready, props.words]);

  return (
    <div className="waveform">
      <div ref={containerRef} className="waveform-canvas" data-testid="waveform" aria-busy={!ready} />
      <TimeRuler axis={axis} durationSec={peaks.durationSec} onSeek={(t) => wsRef.current?.setTime(t)} />
    </div>
  );
}
