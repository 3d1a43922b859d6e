// The workspace's player: the waveform's handle, the play state, speed and loop it reports or is given,
// and playing words or stretches of the recording. The waveform plays; the workspace only asks it to.
import { type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import type { GoldRecords } from '../../../core/gold/records';
import type { WaveformHandle } from '../components/Waveform';
import type { CommandEnv } from './commandEnv';

/** The player as the workspace's parts use it. */
export interface Player {
  /** The waveform's handle (null until it is drawn, and while the audio cannot be played). */
  waveform: RefObject<WaveformHandle | null>;
  playing: boolean;
  rate: number;
  looping: boolean;
  /** True once the audio can be played. */
  ready: boolean;
  /** For the waveform: it plays or stops. */
  onPlaying(playing: boolean): void;
  /** For the waveform: the audio can be played. */
  onReady(): void;
  playRange(startSec: number, endSec: number): void;
  /** Plays words `first..last` of the current records. */
  playWords(first: number, last: number): void;
  /** Scrolls the waveform (and the tiers) so that the interval is in view. */
  reveal(startSec: number, endSec: number): void;
  /** What the commands may do with playback and the view of the time axis. */
  controls: CommandEnv['player'];
}

/** The player of one utterance; `currentGold` gives the records words are played from. */
export function usePlayer(currentGold: () => GoldRecords): Player {
  const waveform = useRef<WaveformHandle | null>(null);
  const [playing, setPlaying] = useState(false);
  const [rate, setRate] = useState(1);
  const [looping, setLooping] = useState(false);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const playRange = useCallback((a: number, b: number) => waveform.current?.playRange(a, b), []);
  const reveal = useCallback((a: number, b: number) => waveform.current?.reveal(a, b), []);
  const playWords = useCallback(
    (first: number, last: number) => {
      const g = currentGold();
      const a = g.words[first];
      const b = g.words[last];
      if (a && b) waveform.current?.playRange(a.startSec, b.endSec);
    },
    [currentGold],
  );
  const controls = useMemo<CommandEnv['player']>(
    () => ({
      playPause: () => waveform.current?.playPause(),
      loop: (words) => {
        const g = currentGold();
        const range = words
          ? { startSec: g.words[words[0]]!.startSec, endSec: g.words[words[1]]!.endSec }
          : null;
        waveform.current?.setLoop(range);
        setLooping(range !== null);
      },
      looping,
      rate,
      setRate: (r) => {
        setRate(r);
        waveform.current?.setRate(r);
      },
      zoomBy: (f) => waveform.current?.zoomBy(f),
      fit: () => waveform.current?.fit(),
    }),
    [currentGold, looping, rate],
  );
  return {
    waveform,
    playing,
    rate,
    looping,
    ready,
    onPlaying: setPlaying,
    onReady,
    playRange,
    playWords,
    reveal,
    controls,
  };
}
