import { memo, type PointerEvent as ReactPointerEvent } from 'react';
import type { GoldEntity, GoldWord } from '../../../core/gold/records';
import { resizeEntity } from '../../../core/edit/entities';
import { nearestWord } from './clock';
import type { TierActions } from './tierActions';
import { spanStyle, timeOnTrack } from './timeAxis';

interface Props {
  entities: readonly GoldEntity[];
  words: readonly GoldWord[];
  selected: number;
  current: number;
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

/**
 * The entity tier: one coloured span per entity over its words. Clicking selects and plays it; dragging
 * an edge moves it to another word boundary, stopping at the neighbouring entities (one edit per drag).
 */
export const EntityTier = memo(function EntityTier({ entities, words, selected, current, actions }: Props) {
  const onEdgeDown = (e: ReactPointerEvent, index: number, edge: 'first' | 'last'): void => {
    if (e.button !== 0) return;
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
    <div className="tier entity-tier" data-testid="entity-tier" aria-label="Entity tier">
      {entities.map((en, i) => {
        const a = words[en.firstWord];
        const b = words[en.lastWord];
        if (!a || !b) return null;
        const color = entityColor(en.type);
        const cls = ['tier-box', 'entity-box'];
        if (i === selected) cls.push('selected');
        if (current >= en.firstWord && current <= en.lastWord) cls.push('current');
        return (
          <div
            key={`${en.firstWord}-${i}`}
            className={cls.join(' ')}
            style={{ ...spanStyle(a.startSec, b.endSec), borderColor: color, background: `${color}22` }}
            data-entity={i}
            data-type={en.type}
            data-span={`${en.firstWord}-${en.lastWord}`}
            title={`${en.type}: ${words
              .slice(en.firstWord, en.lastWord + 1)
              .map((w) => w.text)
              .join(' ')}`}
            onPointerDown={(e) => {
              if (e.button !== 0) return;
              actions.selectEntity(i);
              actions.playWords(en.firstWord, en.lastWord);
            }}
          >
            <span className="box-label" style={{ color }}>
              {en.type}
            </span>
            <span
              className="handle start"
              data-entity-edge={`${i}-first`}
              onPointerDown={(e) => onEdgeDown(e, i, 'first')}
            />
            <span
              className="handle end"
              data-entity-edge={`${i}-last`}
              onPointerDown={(e) => onEdgeDown(e, i, 'last')}
            />
          </div>
        );
      })}
    </div>
  );
});
