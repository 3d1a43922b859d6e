import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import type { GoldWord } from '../../../core/gold/records';
import { EditRefused } from '../../../core/edit/editRefused';
import { moveBoundary, sharesBoundary } from '../../../core/edit/wordTier';
import { formatTime } from '../format';
import { nearestWord } from './clock';
import type { TierActions } from './tierActions';
import { spanStyle, timeOnTrack } from './timeAxis';

interface Props {
  words: readonly GoldWord[];
  /** Selected words (first, last), or null. */
  selected: readonly [number, number] | null;
  current: number;
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
    done(moved);
  };
  el.addEventListener('pointermove', onMove);
  el.addEventListener('pointerup', onUp);
  el.addEventListener('pointercancel', onUp);
}

/**
 * The word tier (ELAN/Praat style): one box per word on the time axis. Clicking a word selects and plays
 * it, dragging over words selects a run, dragging a boundary corrects the alignment (a shared boundary
 * moves for both neighbours; the drag is one edit), double-clicking edits the text.
 */
export const WordTier = memo(function WordTier({ words, selected, current, actions }: Props) {
  const onWordDown = (e: ReactPointerEvent, i: number): void => {
    if (e.button !== 0) return;
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
    if (e.button !== 0) return;
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

  const [a, b] = selected ?? [-1, -2];
  return (
    <div className="tier word-tier" aria-label="Word tier" data-testid="word-tier">
      {words.map((w, i) => {
        const cls = ['tier-box', 'word-box'];
        if (i >= a && i <= b) cls.push('selected');
        if (i === current) cls.push('current');
        return (
          <div
            key={i}
            className={cls.join(' ')}
            style={spanStyle(w.startSec, w.endSec)}
            data-word={i}
            title={`${w.text}  ${formatTime(w.startSec)}–${formatTime(w.endSec)}`}
            onPointerDown={(e) => onWordDown(e, i)}
            onDoubleClick={actions.rename}
          >
            <span className="box-label">{w.text}</span>
            {/* A boundary shared with the previous word has one handle: that word's end. */}
            {!sharesBoundary(words, i, 'start') && (
              <span
                className="handle start"
                data-boundary={`${i}-start`}
                onPointerDown={(e) => onHandleDown(e, i, 'start')}
              />
            )}
            <span
              className="handle end"
              data-boundary={`${i}-end`}
              onPointerDown={(e) => onHandleDown(e, i, 'end')}
            />
          </div>
        );
      })}
    </div>
  );
});
