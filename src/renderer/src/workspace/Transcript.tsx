import { memo, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { type Clock, useCurrentWordEffect } from './clock';

/**
 * The utterance as a line of text; the playhead's word is highlighted (marked in place as the playhead
 * moves, without rendering), a click selects and plays a word.
 */
export const Transcript = memo(function Transcript(props: {
  words: readonly GoldWord[];
  clock: Clock;
  onWord(i: number): void;
}) {
  const root = useRef<HTMLParagraphElement>(null);
  useCurrentWordEffect(
    props.clock,
    props.words,
    (current) => {
      const kids = root.current?.children;
      if (!kids) return;
      root.current!.querySelector('.word.current')?.classList.remove('current');
      kids[current]?.classList.add('current');
    },
    [],
  );
  return (
    <p className="transcript-words" aria-label="Transcript" ref={root}>
      {props.words.map((w, i) => (
        <button type="button" key={i} tabIndex={-1} className="word" onClick={() => props.onWord(i)}>
          {w.text}
        </button>
      ))}
    </p>
  );
});
