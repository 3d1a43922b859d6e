import { memo, type PointerEvent as ReactPointerEvent, useLayoutEffect, useMemo, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { EditRefused } from '../../../core/edit/editRefused';
import { moveBoundary, sharesBoundary } from '../../../core/edit/wordTier';
import { LOW_CONFIDENCE, isLowConfidence } from '../../../core/gold/wordMarks';
import { formatTime } from '../format';
import { escapeHtml, markRange, spanCss, syncBoxes } from './boxMarkup';
import { type Clock, nearestWord, useCurrentWordEffect } from './clock';
import type { TierActions } from './tierActions';
import { timeOnTrack } from './timeAxis';
import { useAfterFirstPaint } from './useAfterFirstPaint';

interface Props {
  words: readonly GoldWord[];
  /** Selected words (first, last), or null. */
  selected: readonly [number, number] | null;
  /** Words of the nodes being moved (picked, waiting for their new parent), or null. */
  moving?: readonly [number, number] | null;
  /** The recording's duration: the tier's width on the time axis. */
  durationSec: number;
  /** The playhead: the word under it is marked. */
  clock: Clock;
  actions: TierActions;
}

/** Follows the pointer until it is released, calling `move` with each new clientX. */
function track(e: ReactPointerEvent, move: (clientX: number) => void, done: (moved: boolean) => void): void {
  const el = e.currentTarget as HTMLElement;
  el.setPointerCapture(e.pointerId);
  const x0 = e.clientX;
  let moved = false;
  const onMove = (ev: PointerEvent): void => {
    if (!moved && Math.abs(ev.clientX - x0) < 3) return;
    moved = true;
    move(ev.clientX);
  };
  const onUp = (): void => {
    el.removeEventListener('pointermove', onMove);
    el.removeEventListener('pointerup', onUp);
    el.removeEventListener('pointercancel', onUp);
    el.removeEventListener('lostpointercapture', onUp);
    done(moved);
  };
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
  // The drag also ends (and is saved) if the tier loses the pointer without a pointerup reaching it.
  el.addEventListener('lostpointercapture', onUp);
}

/**
 * The boxes of the words. The boundary handles (invisible until hovered) come in the frame after the
 * first paint; a boundary shared with the previous word has one handle: that word's end.
 */
export function wordMarkup(words: readonly GoldWord[], durationSec: number, handles: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const text = escapeHtml(w.text);
    // Words SIEVE's aligner placed show its confidence; those it was unsure of carry a mark.
    const unsure = isLowConfidence(w);
    const confidence = w.confidence === undefined ? '' : `  confidence ${w.confidence.toFixed(2)}`;
    let html =
      `<div class="tier-box word-box${unsure ? ' unsure' : ''}" style="${spanCss(w.startSec, w.endSec, durationSec)}" data-word="${i}" ` +
      `title="${text}  ${formatTime(w.startSec)}–${formatTime(w.endSec)}${confidence}">${text}`;
    if (unsure)
      html +=
        `<span class="unsure-mark" title="The aligner is unsure of this word: confidence ${w.confidence!.toFixed(2)} ` +
        `(below ${LOW_CONFIDENCE}). U goes to the next such word, Shift+U to the previous one.">?</span>`;
    if (handles) {
      if (!sharesBoundary(words, i, 'start'))
        html += `<span class="handle start" data-boundary="${i}-start"></span>`;
      html += `<span class="handle end" data-boundary="${i}-end"></span>`;
    }
    out.push(html + '</div>');
  }
  return out;
}

/**
 * The word tier (ELAN/Praat style): one box per word on the time axis. Clicking a word selects and plays
 * it, dragging over words selects a run, dragging a boundary corrects the alignment (a shared boundary
 * moves for both neighbours; the drag is one edit), double-clicking edits the text. The boxes are markup
 * (see boxMarkup.ts), redrawn one by one as words change; the selection and the current word are marked
 * on them without redrawing them (the current word straight from the playhead, without rendering).
 */
export const WordTier = memo(function WordTier({
  words,
  durationSec,
  selected,
  moving,
  clock,
  actions,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  const handles = useAfterFirstPaint();
  const boxes = useMemo(() => wordMarkup(words, durationSec, handles), [words, durationSec, handles]);
  const drawn = useRef<readonly string[] | null>(null);
  const [a, b] = selected ?? [-1, -2];
  const [ma, mb] = moving ?? [-1, -2];
  useLayoutEffect(() => {
    const el = root.current!;
    if (drawn.current !== boxes) syncBoxes(el, boxes, drawn.current);
    drawn.current = boxes;
    markRange(el, 'selected', a, b);
    markRange(el, 'moving', ma, mb);
  }, [boxes, a, b, ma, mb]);
  useCurrentWordEffect(clock, words, (c) => markRange(root.current, 'current', c, c), [boxes]);

  const onWordDown = (e: ReactPointerEvent, i: number): void => {
    const anchor = e.shiftKey && selected ? selected[0] : i;
    actions.selectWords(anchor, i);
    const inside = e.currentTarget;
    track(
      e,
      (x) => actions.selectWords(anchor, nearestWord(words, timeOnTrack(x, inside, actions.axis))),
      (moved) => {
        if (!moved && !e.shiftKey) actions.playWords(i, i);
      },
    );
  };

  const onHandleDown = (e: ReactPointerEvent, i: number, edge: 'start' | 'end'): void => {
    e.stopPropagation();
    const start = actions.current();
    const inside = e.currentTarget;
    const w = start.words[i]!;
    track(
      e,
      (x) => {
        try {
          actions.preview(moveBoundary(start, i, edge, timeOnTrack(x, inside, actions.axis), actions.limits));
        } catch (err) {
          if (err instanceof EditRefused) actions.refuse(err.message);
          else throw err;
        }
      },
      (moved) => {
        if (!moved) return;
        const n = edge === 'end' ? start.words[i + 1] : start.words[i - 1];
        const shared = sharesBoundary(start.words, i, edge);
        actions.finish(
          shared && n
            ? `move the boundary between "${edge === 'end' ? w.text : n.text}" and "${edge === 'end' ? n.text : w.text}"`
            : `move the ${edge} of "${w.text}"`,
        );
      },
    );
  };

  return (
    <div
      className="tier word-tier"
      aria-label="Word tier"
      data-testid="word-tier"
      ref={root}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        const target = e.target as HTMLElement;
        const handle = target.closest<HTMLElement>('[data-boundary]');
        if (handle) {
          const [i, edge] = handle.dataset.boundary!.split('-');
          return onHandleDown(e, Number(i), edge as 'start' | 'end');
        }
        const box = target.closest<HTMLElement>('[data-word]');
        if (box) onWordDown(e, Number(box.dataset.word));
      }}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('[data-word]')) actions.rename();
      }}
    />
  );
});
