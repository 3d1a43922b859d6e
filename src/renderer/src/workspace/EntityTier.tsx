import { memo, type PointerEvent as ReactPointerEvent, useLayoutEffect, useMemo, useRef } from 'react';
import type { GoldEntity, GoldWord } from '../../../core/gold/records';
import { resizeEntity } from '../../../core/edit/entities';
import { type Clock, nearestWord, useCurrentWordEffect } from './clock';
import type { TierActions } from './tierActions';
import { escapeHtml, spanCss, syncBoxes } from './boxMarkup';
import { timeOnTrack } from './timeAxis';
import { type Span, spanBoxes } from './tierWindow';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { useDrawnWindow } from './useDrawnWindow';

interface Props {
  entities: readonly GoldEntity[];
  words: readonly GoldWord[];
  selected: number;
  /** The recording's duration: the tier's width on the time axis. */
  durationSec: number;
  /** The playhead: entities over the word under it are marked. */
  clock: Clock;
  actions: TierActions;
}

const PALETTE = ['#e8590c', '#2b8a3e', '#1971c2', '#9c36b5', '#c2255c', '#0c8599', '#5c940d', '#e67700'];
const FIXED: Record<string, string> = { PERSON: '#e8590c', LOCATION: '#2b8a3e', ORGANIZATION: '#1971c2' };

/** A stable colour per entity type (the P/L/O defaults have fixed ones). */
export function entityColor(type: string): string {
  const fixed = FIXED[type];
  if (fixed) return fixed;
  let h = 0;
  for (let i = 0; i < type.length; i++) h = (h * 31 + type.charCodeAt(i)) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

/** The markup of entity `i`'s span; the edges' handles only once the first paint is done. */
export function entityBox(
  entities: readonly GoldEntity[],
  i: number,
  words: readonly GoldWord[],
  durationSec: number,
  handles: boolean,
): string {
  const en = entities[i]!;
  const a = words[en.firstWord]!;
  const b = words[en.lastWord]!;
  const color = entityColor(en.type);
  const type = escapeHtml(en.type);
  const text = escapeHtml(
    words
      .slice(en.firstWord, en.lastWord + 1)
      .map((w) => w.text)
      .join(' '),
  );
  let html =
    `<div class="tier-box entity-box" style="${spanCss(a.startSec, b.endSec, durationSec)};border-color:${color};background:${color}22;color:${color}" ` +
    `data-entity="${i}" data-type="${type}" data-span="${en.firstWord}-${en.lastWord}" title="${type}: ${text}">` +
    type;
  if (handles)
    html +=
      `<span class="handle start" data-entity-edge="${i}-first"></span>` +
      `<span class="handle end" data-entity-edge="${i}-last"></span>`;
  return html + '</div>';
}

/** The markup of a run of entities too close together at the zoom to draw one by one (no label, no handles). */
function entityGroup(
  entities: readonly GoldEntity[],
  run: readonly number[],
  spans: readonly (Span | null)[],
  durationSec: number,
): string {
  const types = [...new Set(run.map((i) => entities[i]!.type))].join(', ');
  const end = Math.max(...run.map((i) => spans[i]!.endSec));
  return (
    `<div class="tier-box entity-box tier-group" style="${spanCss(spans[run[0]!]!.startSec, end, durationSec)}" ` +
    `data-entities="${run.length}" title="${escapeHtml(`${run.length} entities (${types}); zoom in to edit them`)}"></div>`
  );
}

/** The time span of each entity (null when its words are not there). */
function entitySpans(entities: readonly GoldEntity[], words: readonly GoldWord[]): (Span | null)[] {
  return entities.map((en) => {
    const a = words[en.firstWord];
    const b = words[en.lastWord];
    return a && b ? { startSec: a.startSec, endSec: b.endSec } : null;
  });
}

/**
 * The entity tier: one coloured span per entity over its words. Clicking selects and plays it; dragging
 * an edge moves it to another word boundary, stopping at the neighbouring entities (one edit per drag).
 * The spans are markup (see boxMarkup.ts); the edges' handles come after the first paint. Only the
 * entities in the visible range and a margin are drawn (see tierWindow.ts), those closer than a few
 * pixels at the zoom as one box per run.
 */
export const EntityTier = memo(function EntityTier({
  entities,
  words,
  durationSec,
  selected,
  clock,
  actions,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  const handles = useAfterFirstPaint();
  const spans = useMemo(() => entitySpans(entities, words), [entities, words]);
  const view = useDrawnWindow(actions.axis);
  const boxes = useMemo(
    () =>
      spanBoxes(spans, view.range, view.pps).map((run) =>
        run.length === 1
          ? entityBox(entities, run[0]!, words, durationSec, handles)
          : entityGroup(entities, run, spans, durationSec),
      ),
    [entities, words, spans, view, durationSec, handles],
  );
  const drawn = useRef<readonly string[] | null>(null);
  useLayoutEffect(() => {
    const el = root.current!;
    if (drawn.current !== boxes) syncBoxes(el, boxes, drawn.current);
    drawn.current = boxes;
    for (const box of el.querySelectorAll<HTMLElement>('.entity-box'))
      box.classList.toggle('selected', Number(box.dataset.entity) === selected);
  }, [boxes, selected]);
  useCurrentWordEffect(
    clock,
    words,
    (current) => {
      const el = root.current;
      if (!el) return;
      for (const box of el.querySelectorAll<HTMLElement>('.entity-box')) {
        const en = entities[Number(box.dataset.entity)];
        box.classList.toggle('current', !!en && current >= en.firstWord && current <= en.lastWord);
      }
    },
    [boxes, entities],
  );

  const onEdgeDown = (e: ReactPointerEvent, index: number, edge: 'first' | 'last'): void => {
    e.stopPropagation();
    const el = e.currentTarget as HTMLElement;
    el.setPointerCapture(e.pointerId);
    const start = actions.current();
    actions.selectEntity(index);
    const onMove = (ev: PointerEvent): void => {
      const w = nearestWord(start.words, timeOnTrack(ev.clientX, el, actions.axis));
      if (w < 0) return;
      actions.preview({
        ...start,
        entities: resizeEntity(start.entities, index, edge, w, start.words.length),
      });
    };
    const onUp = (): void => {
      el.removeEventListener('pointermove', onMove);
      el.removeEventListener('pointerup', onUp);
      actions.finish(`resize the ${start.entities[index]?.type ?? ''} entity`);
    };
    el.addEventListener('pointermove', onMove);
    el.addEventListener('pointerup', onUp);
  };

  return (
    <div
      className="tier entity-tier"
      data-testid="entity-tier"
      aria-label="Entity tier"
      ref={root}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        const target = e.target as HTMLElement;
        const edge = target.closest<HTMLElement>('[data-entity-edge]');
        if (edge) {
          const [i, which] = edge.dataset.entityEdge!.split('-');
          return onEdgeDown(e, Number(i), which as 'first' | 'last');
        }
        const box = target.closest<HTMLElement>('[data-entity]');
        const en = box ? entities[Number(box.dataset.entity)] : undefined;
        if (!box || !en) return;
        actions.selectEntity(Number(box.dataset.entity));
        actions.playWords(en.firstWord, en.lastWord);
      }}
    />
  );
});
