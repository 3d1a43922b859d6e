import { memo, useRef, useState } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { type Clock, useCurrentWordEffect } from './clock';

/** The transcript shows at most this many words: those around the playhead's word. */
const SHOWN = 400;
/** It moves on when the playhead's word comes this close to either end of what is shown. */
const EDGE = 100;

/** The words `[from, to)` shown around word `c` of `n`. */
function around(c: number, n: number): [number, number] {
  const from = Math.max(0, Math.min(c - SHOWN / 2, n - SHOWN));
  return [from, Math.min(n, from + SHOWN)];
}

/**
 * The utterance as a line of text; the playhead's word is highlighted (marked in place as the playhead
 * moves, without rendering), a click selects and plays a word. A long utterance shows the few hundred
 * words around the playhead (an ellipsis says there is more), so its cost does not grow with its length.
 */
export const Transcript = memo(function Transcript(props: {
  words: readonly GoldWord[];
  clock: Clock;
  onWord(i: number): void;
}) {
  const root = useRef<HTMLParagraphElement>(null);
  const n = props.words.length;
  const [shown, setShown] = useState<[number, number]>(() => around(0, n));
  const [from, to] = n <= SHOWN ? [0, n] : [Math.min(shown[0], n), Math.min(shown[1], n)];
  useCurrentWordEffect(
    props.clock,
    props.words,
    (current) => {
      const el = root.current;
      if (!el) return;
      el.querySelector('.word.current')?.classList.remove('current');
      if (current < 0) return;
      if (n > SHOWN && (current < from + EDGE || current >= to - EDGE) && !(from === 0 && current < EDGE)) {
        const next = around(current, n);
        if (next[0] !== from) setShown(next);
      }
      el.querySelector(`[data-i="${current}"]`)?.classList.add('current');
    },
    [from, to],
  );
  const words = [];
  for (let i = from; i < to; i++)
    words.push(
      <button type="button" key={i} data-i={i} tabIndex={-1} className="word" onClick={() => props.onWord(i)}>
        {props.words[i]!.text}
      </button>,
    );
  return (
    <p className="transcript-words" aria-label="Transcript" ref={root}>
      {from > 0 && <span className="muted">… </span>}
      {words}
      {to < n && <span className="muted"> …</span>}
    </p>
  );
});
