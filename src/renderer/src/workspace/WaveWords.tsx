import { useLayoutEffect, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { escapeHtml, spanCss } from './boxMarkup';
import type { TimeAxis } from './timeAxis';
import {
  type DrawnBox,
  type Span,
  boxOf,
  covers,
  drawnRange,
  groupWords,
  visibleRange,
  wordsIn,
} from './tierWindow';

interface Props {
  words: readonly GoldWord[];
  /** The word under the playhead (-1: none). */
  current: number;
  durationSec: number;
  axis: TimeAxis;
  /** The waveform's top in the box the words are drawn in, in pixels. */
  top: number;
  /** A word was clicked. */
  onWord(index: number, e: MouseEvent): void;
}

/** Words at least this wide, in pixels, are labelled on the waveform. */
const LABEL_PX = 24;

/**
 * The words over the waveform: a shaded box per word, labelled where it is wide enough, the current word
 * highlighted; a click on a word plays it. Only the words in view and a margin are drawn (runs of words
 * too narrow to see apart as one box), again when the view leaves the drawn range or the zoom or the
 * words change, so the cost follows what is on screen and not the length of the recording. The layer is
 * shifted with the scroll like the tiers (AxisBody).
 */
export function WaveWords({ words, current, durationSec, axis, top, onWord }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const drawn = useRef<{ boxes: DrawnBox[]; range: Span; pps: number } | null>(null);
  const shown = useRef(-1);
  const onWordRef = useRef(onWord);
  useLayoutEffect(() => {
    onWordRef.current = onWord;
  });

  const mark = (c: number): void => {
    const el = root.current;
    const d = drawn.current;
    if (!el || !d) return;
    el.querySelector('.current')?.classList.remove('current');
    const k = c >= 0 ? boxOf(d.boxes, c) : -1;
    if (k >= 0) el.children[k]?.classList.add('current');
  };

  const draw = useRef((_force: boolean): void => undefined);
  // The drawing reads the latest props; it runs from the effects below and from the axis' changes.
  useLayoutEffect(() => {
    draw.current = (force: boolean): void => {
      const el = root.current;
      if (!el) return;
      const view = {
        pps: axis.pps,
        scrollPx: axis.scrollPx,
        widthPx: axis.widthPx || el.clientWidth || 1000,
      };
      const d = drawn.current;
      if (!force && d && d.pps === view.pps && covers(d.range, visibleRange(view))) return;
      const range = drawnRange(view);
      const [from, to] = wordsIn(words, range);
      const boxes = groupWords(words, from, to, view.pps);
      let html = '';
      for (const box of boxes) {
        const a = words[box.first]!;
        const b = words[box.last]!;
        const label = box.first === box.last && (a.endSec - a.startSec) * view.pps >= LABEL_PX;
        html +=
          `<div class="wave-word" style="${spanCss(a.startSec, b.endSec, durationSec)}" data-wave-word="${box.first}">` +
          `${label ? escapeHtml(a.text) : ''}</div>`;
      }
      el.innerHTML = html;
      drawn.current = { boxes, range, pps: view.pps };
      mark(shown.current);
    };
  });

  useLayoutEffect(() => {
    draw.current(true);
  }, [words, durationSec]);
  useLayoutEffect(() => axis.subscribe(() => draw.current(false)), [axis]);
  useLayoutEffect(() => {
    shown.current = current;
    mark(current);
  }, [current]);

  return (
    <div className="wave-words" aria-hidden="true" style={{ top }}>
      <div
        className="axis-overlay-track wave-words-track"
        ref={root}
        onClick={(e) => {
          const box = (e.target as HTMLElement).closest<HTMLElement>('[data-wave-word]');
          if (!box) return;
          e.stopPropagation();
          onWordRef.current(Number(box.dataset.waveWord), e.nativeEvent);
        }}
      />
    </div>
  );
}
