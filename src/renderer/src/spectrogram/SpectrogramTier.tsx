import { memo, useEffect, useRef, useState } from 'react';
import { spanStyle } from '../workspace/timeAxis';
import { stft } from './stft';

interface Props {
  url: string;
  /** The part of the recording to analyse (the utterance, with a little context). */
  startSec: number;
  endSec: number;
}

/** Decoding resamples to this rate: speech needs nothing above 8 kHz. */
const RATE = 16000;
/** Levels more than this below the loudest bin are white (Praat's dynamic range default is 70 dB). */
const RANGE_DB = 70;

/**
 * A broadband spectrogram of the utterance on the shared time axis, computed when the view is turned on
 * (the project caches waveform peaks, not spectra): the audio is fetched from the studio and decoded in
 * the page.
 */
export const SpectrogramTier = memo(function SpectrogramTier({ url, startSec, endSec }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<{
    status: 'loading' | 'ready' | 'error';
    text?: string;
    span?: [number, number];
  }>({
    status: 'loading',
  });

  useEffect(() => {
    let live = true;
    (async () => {
      const bytes = await (await fetch(url)).arrayBuffer();
      const audio = await new OfflineAudioContext(1, 1, RATE).decodeAudioData(bytes);
      const from = Math.max(0, startSec - 0.25);
      const to = Math.min(audio.duration, endSec + 0.25);
      const samples = audio.getChannelData(0).subarray(Math.floor(from * RATE), Math.floor(to * RATE));
      const s = stft(samples, RATE);
      const el = canvas.current;
      if (!live || !el) return;
      el.width = s.frames;
      el.height = s.bins;
      const ctx = el.getContext('2d')!;
      const img = ctx.createImageData(s.frames, s.bins);
      let max = -Infinity;
      for (const v of s.db) if (v > max) max = v;
      for (let f = 0; f < s.frames; f++) {
        for (let k = 0; k < s.bins; k++) {
          const level = Math.max(0, Math.min(1, (s.db[f * s.bins + k]! - (max - RANGE_DB)) / RANGE_DB));
          const ink = Math.round(255 * (1 - level));
          const p = ((s.bins - 1 - k) * s.frames + f) * 4;
          img.data[p] = ink;
          img.data[p + 1] = ink;
          img.data[p + 2] = ink;
          img.data[p + 3] = 255;
        }
      }
      ctx.putImageData(img, 0, 0);
      const firstCentre = from + 0.0125;
      setState({ status: 'ready', span: [firstCentre, firstCentre + s.frames * s.hopSec] });
    })().catch((err: unknown) => live && setState({ status: 'error', text: String(err) }));
    return () => {
      live = false;
    };
  }, [url, startSec, endSec]);

  return (
    <div className="tier spectrogram-tier" data-testid="spectrogram" aria-busy={state.status === 'loading'}>
      <canvas
        ref={canvas}
        className="spectrogram-canvas"
        style={state.span ? spanStyle(state.span[0], state.span[1]) : { display: 'none' }}
      />
      {state.status === 'loading' && <span className="tier-hint">Computing the spectrogram…</span>}
      {state.status === 'error' && <span className="tier-hint">No spectrogram: {state.text}</span>}
    </div>
  );
});
