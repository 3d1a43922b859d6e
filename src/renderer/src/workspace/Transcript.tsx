import { memo } from 'react';
import type { GoldWord } from '../../../core/gold/records';

/** The utterance as a line of text; the playhead's word is highlighted, a click selects and plays a word. */
export const Transcript = memo(function Transcript(props: {
  words: readonly GoldWord[];
  current: number;
  onWord(i: number): void;
}) {
  return (
    <p className="transcript-words" aria-label="Transcript">
      {props.words.map((w, i) => (
        <button
          type="button"
          key={i}
          tabIndex={-1}
          className={i === props.current ? 'word current' : 'word'}
          onClick={() => props.onWord(i)}
        >
          {w.text}
        </button>
      ))}
    </p>
  );
});
