import { memo, type PointerEvent as ReactPointerEvent, useLayoutEffect, useRef } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { EditRefused } from '../../../core/edit/editRefused';
import { moveBoundary, sharesBoundary } from '../../../core/edit/wordTier';
import { LOW_CONFIDENCE, isLowConfidence } from '../../../core/gold/wordMarks';
import { formatTime } from '../format';
import { escapeHtml, spanCss } from './boxMarkup';
import { type Clock, nearestWord, useCurrentWordEffect } from './clock';
import type { TierActions } from './tierActions';
import { timeOnTrack } from './timeAxis';
import {
  type DrawnBox,
  type Span,
  boxesOf,
  covers,
  drawnRange,
  groupWords,
  visibleRange,
  wordsIn,
} from './tierWindow';
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

/** A box is labelled when it is at least this wide, in pixels; narrower boxes show no text. */
const LABEL_PX = 14;

/**
 * The markup of one word's box, placed by percentages of the tier's width (`durationSec` long), labelled
 * when `widthPx` leaves room for text. The boundary handles (invisible until hovered) come with `handles`
 * (from the frame after the first paint); a boundary shared with the previous word has one handle: that
 * word's end.
 */
export function wordBox(
  words: readonly GoldWord[],
  i: number,
  durationSec: number,
  handles: boolean,
  widthPx: number,
): string {
  const w = words[i]!;
  const text = escapeHtml(w.text);
  // Words SIEVE's aligner placed show its confidence; those it was unsure of carry a mark.
  const unsure = isLowConfidence(w);
  const confidence = w.confidence === undefined ? '' : `  confidence ${w.confidence.toFixed(2)}`;
  let html =
    `<div class="tier-box word-box${unsure ? ' unsure' : ''}" style="${spanCss(w.startSec, w.endSec, durationSec)}" data-word="${i}" ` +
    `title="${text}  ${formatTime(w.startSec)}–${formatTime(w.endSec)}${confidence}">${widthPx >= LABEL_PX ? `<span class="box-label">${text}</span>` : ''}`;
  if (unsure)
    html +=
      `<span class="unsure-mark" title="The aligner is unsure of this word: confidence ${w.confidence!.toFixed(2)} ` +
      `(below ${LOW_CONFIDENCE}). U goes to the next such word, Shift+U to the previous one.">?</span>`;
  if (handles) {
    if (!sharesBoundary(words, i, 'start'))
      html += `<span class="handle start" data-boundary="${i}-start"></span>`;
    html += `<span class="handle end" data-boundary="${i}-end"></span>`;
  }
  return html + '</div>';
}

/** The markup of a run of words too narrow at the zoom to draw one by one (no label, no handles). */
function groupBox(words: readonly GoldWord[], box: DrawnBox, durationSec: number): string {
  const a = words[box.first]!;
  const b = words[box.last]!;
  const unsure = words.slice(box.first, box.last + 1).some(isLowConfidence);
  const title = escapeHtml(
    `${a.text} … ${b.text}  (${box.last - box.first + 1} words; zoom in to edit them)`,
  );
  return (
    `<div class="tier-box word-box word-group${unsure ? ' unsure' : ''}" style="${spanCss(a.startSec, b.endSec, durationSec)}" ` +
    `data-first="${box.first}" data-last="${box.last}" title="${title}"></div>`
  );
}

/** What a word tier has drawn: its boxes (in order, one child each) and the range and zoom they were drawn for. */
interface Drawn {
  boxes: DrawnBox[];
  range: Span;
  pps: number;
}

/**
 * The word tier (ELAN/Praat style): one box per word on the time axis. Clicking a word selects and plays
 * it, dragging over words selects a run, dragging a boundary corrects the alignment (a shared boundary
 * moves for both neighbours; the drag is one edit), double-clicking edits the text. Only the words in
 * the visible range and a margin of one screen on each side are drawn, as markup (see boxMarkup.ts),
 * again when the view leaves that range, the zoom changes or the words change; words narrower than a
 * few pixels are drawn as one box per run. The selection and the current word are marked on the drawn
 * boxes without redrawing them (the current word straight from the playhead, without rendering).
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
  const drawn = useRef<Drawn | null>(null);
  const marks = useRef({ selected: [-1, -2], moving: [-1, -2], current: -1 });
  const [a, b] = selected ?? [-1, -2];
  const [ma, mb] = moving ?? [-1, -2];
  const axis = actions.axis;

  // Draws the boxes for the axis' view when what is drawn does not cover it (or always, with `force`).
  const draw = useRef((_force: boolean): void => undefined);
  // The drawing reads the latest props; it runs from the effects below and from the axis' changes.
  useLayoutEffect(() => {
    draw.current = (force: boolean): void => {
      const el = root.current;
      if (!el) return;
      const view = {
        pps: axis.pps,
        scrollPx: axis.scrollPx,
        widthPx: axis.widthPx || el.parentElement?.clientWidth || 1000,
      };
      const d = drawn.current;
      if (!force && d && d.pps === view.pps && covers(d.range, visibleRange(view))) return;
      const range = drawnRange(view);
      const [from, to] = wordsIn(words, range);
      const boxes = groupWords(words, from, to, view.pps);
      let html = '';
      for (const box of boxes)
        html +=
          box.first === box.last
            ? wordBox(
                words,
                box.first,
                durationSec,
                handles,
                (words[box.first]!.endSec - words[box.first]!.startSec) * view.pps,
              )
            : groupBox(words, box, durationSec);
      el.innerHTML = html;
      drawn.current = { boxes, range, pps: view.pps };
      const m = marks.current;
      markBoxes(el, boxes, 'selected', m.selected[0]!, m.selected[1]!);
      markBoxes(el, boxes, 'moving', m.moving[0]!, m.moving[1]!);
      markBoxes(el, boxes, 'current', m.current, m.current);
    };
  });

  useLayoutEffect(() => {
    draw.current(true);
  }, [words, durationSec, handles]);
  useLayoutEffect(() => axis.subscribe(() => draw.current(false)), [axis]);
  useLayoutEffect(() => {
    marks.current.selected = [a, b];
    marks.current.moving = [ma, mb];
    const boxes = drawn.current?.boxes ?? [];
    markBoxes(root.current, boxes, 'selected', a, b);
    markBoxes(root.current, boxes, 'moving', ma, mb);
  }, [a, b, ma, mb, words, handles]);
  useCurrentWordEffect(
    clock,
    words,
    (c) => {
      marks.current.current = c;
      markBoxes(root.current, drawn.current?.boxes ?? [], 'current', c, c);
    },
    [],
  );

  /** The word under the pointer: the box's own, or, in a box of several words, the nearest one. */
  const wordUnder = (target: HTMLElement, clientX: number, inside: Element): number | null => {
    const box = target.closest<HTMLElement>('[data-word], [data-first]');
    if (!box) return null;
    if (box.dataset.word !== undefined) return Number(box.dataset.word);
    return nearestWord(words, timeOnTrack(clientX, inside, actions.axis));
  };

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
        const i = wordUnder(target, e.clientX, e.currentTarget);
        if (i !== null && i >= 0) onWordDown(e, i);
      }}
      onDoubleClick={(e) => {
        if ((e.target as HTMLElement).closest('[data-word], [data-first]')) actions.rename();
      }}
    />
  );
});

/** Marks the drawn boxes holding words `first..last` with `cls` (and no other box), without redrawing them. */
function markBoxes(
  root: HTMLElement | null,
  boxes: readonly DrawnBox[],
  cls: string,
  first: number,
  last: number,
): void {
  if (!root) return;
  for (const el of root.querySelectorAll<HTMLElement>(`.${cls}`)) el.classList.remove(cls);
  const [from, to] = boxesOf(boxes, first, last);
  const kids = root.children;
  for (let k = from; k < to && k < kids.length; k++) kids[k]!.classList.add(cls);
}
