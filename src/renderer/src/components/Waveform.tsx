import { useEffect, useRef, useState } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin from 'wavesurfer.js/dist/plugins/regions.esm.js';
import TimelinePlugin from 'wavesurfer.js/dist/plugins/timeline.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import type { Peaks, Word } from '../../../core/model/schemas';
import { isTyping } from '../hooks/useApi';

/** Imperative controls the utterance view needs from the waveform. */
export interface WaveformHandle {
  playWord(index: number): void;
}

interface Props {
  url: string;
  peaks: Peaks;
  words: Word[];
  startSec: number;
  endSec: number;
  currentWord: number;
  onTime(sec: number): void;
  onPlaying(playing: boolean): void;
  onZoom(pxPerSec: number): void;
  handleRef: { current: WaveformHandle | null };
}

const WORD_COLOR = 'rgba(56, 120, 200, 0.13)';
const WORD_COLOR_CURRENT = 'rgba(240, 170, 40, 0.35)';

/**
 * wavesurfer.js over the cached peaks (no decoding), a timeline, and one region per word.
 * Space plays/pauses, +/- zoom, 0 fits the utterance, the wheel zooms; clicking a word plays exactly it.
 */
export function Waveform({
  url,
  peaks,
  words,
  startSec,
  endSec,
  currentWord,
  onTime,
  onPlaying,
  onZoom,
  handleRef,
}: Props) {
  const containerRef = useRef<HTMLDivElement>(null);
  const timelineRef = useRef<HTMLDivElement>(null);
  const wsRef = useRef<WaveSurfer | null>(null);
  const regionsRef = useRef<ReturnType<typeof RegionsPlugin.create> | null>(null);
  const [ready, setReady] = useState(false);
  const callbacks = useRef({ onTime, onPlaying, onZoom });
  useEffect(() => {
    callbacks.current = { onTime, onPlaying, onZoom };
  });

  useEffect(() => {
    const container = containerRef.current!;
    const regions = RegionsPlugin.create();
    const fitPx = Math.max(20, container.clientWidth / Math.max(0.1, endSec - startSec));
    const ws = WaveSurfer.create({
      container,
      url,
      peaks: [peaks.peaks],
      duration: peaks.durationSec,
      height: 140,
      waveColor: '#7a8fa6',
      progressColor: '#2d4a66',
      cursorColor: '#d9480f',
      cursorWidth: 2,
      minPxPerSec: fitPx,
      normalize: true,
      autoScroll: true,
      autoCenter: false,
      dragToSeek: true,
      plugins: [
        regions,
        TimelinePlugin.create({
          container: timelineRef.current!,
          timeInterval: 0.1,
          primaryLabelInterval: 1,
        }),
        ZoomPlugin.create({ scale: 0.25, maxZoom: 4000, exponentialZooming: true }),
      ],
    });
    wsRef.current = ws;
    regionsRef.current = regions;
    const subs = [
      regions.on('region-clicked', (region, e) => {
        e.stopPropagation();
        region.play(true);
      }),
      ws.on('ready', () => {
        // Regions clamp their times to the known duration, so they are added once it is known.
        regions.clearRegions();
        words.forEach((w) =>
          regions.addRegion({
            id: `word-${w.index}`,
            start: w.startSec,
            end: w.endSec,
            content: w.text,
            color: WORD_COLOR,
            drag: false,
            resize: false,
          }),
        );
        setReady(true);
        ws.setTime(startSec);
        callbacks.current.onTime(startSec);
      }),
      ws.on('timeupdate', (t) => callbacks.current.onTime(t)),
      ws.on('play', () => callbacks.current.onPlaying(true)),
      ws.on('pause', () => callbacks.current.onPlaying(false)),
      ws.on('finish', () => callbacks.current.onPlaying(false)),
      ws.on('zoom', (px) => callbacks.current.onZoom(px)),
    ];
    callbacks.current.onZoom(fitPx);
    handleRef.current = {
      playWord(index) {
        regions
          .getRegions()
          .find((r) => r.id === `word-${index}`)
          ?.play(true);
      },
    };
    return () => {
      subs.forEach((off) => off());
      handleRef.current = null;
      ws.destroy();
      wsRef.current = null;
    };
  }, [url, peaks, words, startSec, endSec, handleRef]);

  // The word under the playhead is highlighted on the waveform as in the transcript.
  useEffect(() => {
    const regions = regionsRef.current;
    if (!regions) return;
    for (const r of regions.getRegions()) {
      r.setOptions({ color: r.id === `word-${currentWord}` ? WORD_COLOR_CURRENT : WORD_COLOR });
    }
  }, [currentWord, ready]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const ws = wsRef.current;
      if (!ws || isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === ' ') {
        e.preventDefault();
        void ws.playPause();
      } else if (e.key === '+' || e.key === '=') {
        ws.zoom(ws.options.minPxPerSec * 1.5);
      } else if (e.key === '-' || e.key === '_') {
        ws.zoom(Math.max(5, ws.options.minPxPerSec / 1.5));
      } else if (e.key === '0') {
        const width = containerRef.current?.clientWidth ?? 800;
        ws.zoom(Math.max(20, width / Math.max(0.1, endSec - startSec)));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [startSec, endSec]);

  return (
    <div className="waveform">
      <div
        ref={containerRef}
        className="waveform-canvas"
        data-testid="waveform"
        data-ready={ready ? 'yes' : 'no'}
      />
      <div ref={timelineRef} className="timeline" />
    </div>
  );
}
