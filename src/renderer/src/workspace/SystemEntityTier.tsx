import { useMemo } from 'react';
import type { GoldRecords } from '../../../core/gold/records';
import { playable } from './playable';
import { TierRow } from './TierRow';
import { type TimeAxis, spanStyle } from './timeAxis';
import { type Span, spanBoxes } from './tierWindow';
import { useDrawnWindow } from './useDrawnWindow';
import type { SystemScores } from './useSystemScores';

const mark = (v: boolean | null): string => (v === null ? '·' : v ? '✓' : '✗');

/** The words an entity spans, as the scorer aligned them. */
const text = (words: readonly { text: string }[], e: { firstWord: number; lastWord: number }): string =>
  words
    .slice(e.firstWord, e.lastWord + 1)
    .map((w) => w.text)
    .join(' ');

/**
 * The chosen system's entities under the gold ones (Burger et al.): each mapped pair with its type /
 * extent / content marks, a system entity mapped to nothing as spurious, and a gold entity the system
 * missed as a dashed box at its own time. Clicking plays the entity. Only the entities in the visible
 * range and a margin are drawn (see tierWindow.ts), runs closer than a few pixels at the zoom as one box.
 */
export function SystemEntityTier({
  system,
  gold,
  axis,
  playRange,
}: {
  system: SystemScores;
  gold: GoldRecords;
  axis: TimeAxis;
  playRange(startSec: number, endSec: number): void;
}) {
  const e = system.scores?.entities;
  const out = system.output;
  const view = useDrawnWindow(axis);
  // Each entry's time: the system entity's words, or the gold entity's for one the system missed.
  const spans = useMemo(
    () =>
      (e?.entries ?? []).map((x): Span | null => {
        const en = x.hyp >= 0 ? out?.entities?.[x.hyp] : gold.entities[x.ref];
        const words = x.hyp >= 0 ? out?.words : gold.words;
        const a = en && words?.[en.firstWord]?.startSec;
        const b = en && words?.[en.lastWord]?.endSec;
        return a == null || b == null ? null : { startSec: a, endSec: b };
      }),
    [e, out, gold],
  );
  const boxes = useMemo(() => spanBoxes(spans, view.range, view.pps), [spans, view]);
  if (!e || !out?.entities || !out.words) return null;
  const words = out.words;
  const goldOf = (ref: number): string => {
    const g = gold.entities[ref];
    return g ? `${g.type} "${text(gold.words, g)}"` : '?';
  };
  return (
    <TierRow name="system entities" className="system-row">
      <div className="tier entity-tier system-entities" data-testid="system-entities">
        {boxes.map((run) => {
          const k = run[0]!;
          const x = e.entries[k]!;
          if (run.length > 1)
            return (
              <div
                key={`g${k}`}
                className="tier-box system-entity tier-group"
                style={spanStyle(spans[k]!.startSec, Math.max(...run.map((i) => spans[i]!.endSec)))}
                data-entries={run.length}
                title={`${run.length} entities; zoom in to see them`}
              />
            );
          if (x.hyp >= 0) {
            const h = out.entities![x.hyp];
            const a = h && words[h.firstWord];
            const b = h && words[h.lastWord];
            if (!h || a?.startSec == null || b?.endSec == null) return null;
            const right = x.type === true && x.extent === true && x.content === true;
            const cls = x.ref < 0 ? 'spurious' : right ? 'right' : 'wrong';
            const label =
              x.ref < 0
                ? `${h.type} spurious`
                : `${h.type} ${mark(x.type)}${mark(x.extent)}${mark(x.content)}`;
            return (
              <div
                key={k}
                className={`tier-box system-entity ${cls}`}
                style={spanStyle(a.startSec, b.endSec)}
                data-judgement={cls}
                title={
                  x.ref < 0
                    ? `${h.type} "${text(words, h)}": not in the gold (spurious)`
                    : `${h.type} "${text(words, h)}" for gold ${goldOf(x.ref)}\ntype ${mark(x.type)} · extent ${mark(x.extent)} · content ${mark(x.content)}`
                }
                {...(cls === 'right'
                  ? { onClick: () => playRange(a.startSec!, b.endSec!) }
                  : playable(() => playRange(a.startSec!, b.endSec!)))}
              >
                <span className="box-label">{label}</span>
              </div>
            );
          }
          const g = gold.entities[x.ref];
          const a = g && gold.words[g.firstWord];
          const b = g && gold.words[g.lastWord];
          if (!g || !a || !b) return null;
          return (
            <div
              key={k}
              className="tier-box system-entity missing"
              style={spanStyle(a.startSec, b.endSec)}
              data-judgement="missing"
              title={`${g.type} "${text(gold.words, g)}": missed by the system`}
              {...playable(() => playRange(a.startSec, b.endSec))}
            >
              <span className="box-label">{g.type} missing</span>
            </div>
          );
        })}
      </div>
    </TierRow>
  );
}
