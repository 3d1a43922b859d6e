import type { ComponentProps } from 'react';
import { describeAudioState } from '../../../core/model/audioState';
import type { Peaks, UtteranceDetail } from '../../../core/model/schemas';
import type { GoldRecords } from '../../../core/gold/records';
import { ErrorNote } from '../components/ErrorNote';
import { Waveform } from '../components/Waveform';
import { type Clock, currentWordAt, useClock } from './clock';
import type { TimeAxis } from './timeAxis';
import type { Player } from './usePlayer';
import { useViewInAddress, viewInAddress } from './viewInAddress';

interface Props {
  detail: UtteranceDetail;
  /** The recording's peaks (null: the audio cannot be played, and why is said instead). */
  peaks: Peaks | null;
  url: string;
  words: GoldRecords['words'];
  axis: TimeAxis;
  clock: Clock;
  player: Player;
  /** A word was clicked (`extend`: with Shift, to extend the selection). */
  onWordClick(index: number, extend: boolean): void;
}

/** The utterance's waveform on the time axis, or why its audio cannot be played. */
export function UtteranceWaveform({ detail, peaks, url, words, axis, clock, player, onWordClick }: Props) {
  const u = detail.utterance;
  useViewInAddress(u.id, axis, player.waveform);
  if (!peaks)
    return (
      <ErrorNote
        error={{
          code: detail.audio.state === 'missing' ? 'FILE_MISSING' : 'BAD_FILE',
          message: `The audio file ${detail.audio.path} is ${describeAudioState(detail.audio.state)}; it is not played.`,
        }}
      />
    );
  return (
    <PlayheadWaveform
      clock={clock}
      url={url}
      peaks={peaks}
      words={words}
      startSec={u.startSec}
      endSec={u.endSec}
      axis={axis}
      onTime={(t) => clock.set(t)}
      onPlaying={player.onPlaying}
      onReady={() => {
        // A reload, back or forward returns to the view the address names.
        const view = viewInAddress(u.id);
        if (view) player.waveform.current?.setView(view.pps, view.startSec);
        player.onReady();
      }}
      onWordClick={onWordClick}
      handleRef={player.waveform}
    />
  );
}

/** The waveform, following the current word on its own: playback renders it, not the workspace. */
function PlayheadWaveform({
  clock,
  ...props
}: Omit<ComponentProps<typeof Waveform>, 'currentWord'> & { clock: Clock }) {
  const current = useClock(clock, (t) => currentWordAt(props.words, t));
  return <Waveform {...props} currentWord={current} />;
}
