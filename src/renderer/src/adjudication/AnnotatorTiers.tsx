import { useMemo } from 'react';
import type { AnnotatorLayer } from '../../../core/api/annotators';
import { describeDifference } from '../../../core/agreement/differences';
import { loadTree } from '../../../core/edit/goldTrees';
import type { Selection } from '../../../core/edit/selection';
import { indexTree } from '../../../core/edit/treePaths';
import type { GoldRecords } from '../../../core/gold/records';
import type { Clock } from '../workspace/clock';
import { EntityTier } from '../workspace/EntityTier';
import type { TierActions } from '../workspace/tierActions';
import { TierRow } from '../workspace/TierRow';
import { type TimeAxis, spanStyle } from '../workspace/timeAxis';
import { TreeTier } from '../workspace/TreeTier';
import { WordTier } from '../workspace/WordTier';
import { adjudicatedWords, differencePlace, differenceSign, differingBoxes } from './differencePlace';
import type { Adjudication } from './useAdjudication';

/** What an annotator's read-only tiers need of the workspace they are drawn in. */
export interface ReadOnlyView {
  /** The layer being edited, now: a click on a read-only tier selects the same words in it. */
  edited(): GoldRecords;
  /** The tree shown in the edited layer: the annotators' tree of that name is drawn. */
  treeName: string | null;
  durationSec: number;
  clock: Clock;
  axis: TimeAxis;
  limits: { minSec: number; maxSec: number };
  select(sel: Selection): void;
  playRange(startSec: number, endSec: number): void;
  refuse(message: string): void;
  /** Said when a read-only tier is dragged or renamed. */
  readOnly: string;
}

interface Props extends Omit<ReadOnlyView, 'edited' | 'readOnly'> {
  adjudication: Adjudication;
  /** The adjudicated layer's records (what a click on an annotator's tier selects in). */
  gold: GoldRecords;
}

const READ_ONLY =
  "The annotators' layers are read-only here: edit the adjudicated layer (the tiers above), or take from A or B.";

/** Tier actions for an annotator's layer: a click selects the same words in the edited layer and plays them. */
function readOnlyActions(layer: GoldRecords, v: ReadOnlyView): TierActions {
  const selectWords = (first: number, last: number): void => {
    const a = layer.words[first];
    const b = layer.words[last];
    if (!a || !b) return;
    const words = adjudicatedWords(
      { side: 'a', first, last, startSec: a.startSec, endSec: b.endSec },
      layer,
      v.edited(),
    );
    if (words) v.select({ kind: 'words', anchor: words[0], focus: words[1] });
  };
  const refuseEdit = (): void => v.refuse(v.readOnly);
  return {
    axis: v.axis,
    limits: v.limits,
    selectWords: (anchor, focus) => selectWords(Math.min(anchor, focus), Math.max(anchor, focus)),
    selectNodes: (path) => {
      const t = layer.trees.find((x) => x.name === v.treeName) ?? layer.trees[0];
      const tree = t ? loadTree(layer, t).tree : null;
      const info = tree ? indexTree(tree).find((n) => n.path.join('.') === path.join('.')) : undefined;
      if (info) selectWords(info.first, info.last);
    },
    selectEntity: (index) => {
      const e = layer.entities[index];
      if (e) selectWords(e.firstWord, e.lastWord);
    },
    playWords: (first, last) => {
      const a = layer.words[first];
      const b = layer.words[last];
      if (a && b) v.playRange(a.startSec, b.endSec);
    },
    rename: refuseEdit,
    current: () => layer,
    preview: refuseEdit,
    finish: () => undefined,
    refuse: v.refuse,
  };
}

/** How one annotator's read-only tiers are named and drawn. */
export interface LayerTiersProps {
  layer: AnnotatorLayer;
  view: ReadOnlyView;
  /** What each tier's name starts with (the annotator's name, and their side in the adjudication view). */
  label: string;
  testId: string;
  /** The adjudication view's side ('A', 'B', …), for the difference outlines and tints. */
  side?: string;
  /** A style rule's selectors outlining the boxes that differ, or ''. */
  outlined?: string;
  /**
   * Compact: a tier the layer has nothing in (no entities, no tree) is left out and said in the words
   * tier's name, and the tiers are lower.
   */
  compact?: boolean;
}

/** One annotator's words, entities and tree, read-only, on the workspace's time axis. */
export function LayerTiers({
  layer,
  view,
  label,
  testId,
  side,
  outlined = '',
  compact = false,
}: LayerTiersProps) {
  const g = layer.gold;
  const actions = useMemo(() => readOnlyActions(g, view), [g, view]);
  const t = g.trees.find((x) => x.name === view.treeName) ?? g.trees[0];
  const loaded = useMemo(() => (t ? loadTree(g, t) : null), [g, t]);
  const name = (what: string): string => `${label} · ${what}`;
  const showEntities = !compact || g.entities.length > 0;
  const showTree = !compact || t !== undefined;
  const none = [showEntities ? null : 'no entities', showTree ? null : 'no tree'].filter((x) => x !== null);
  return (
    <div
      className={compact ? 'annotator-tiers compact' : 'annotator-tiers'}
      data-testid={testId}
      data-side={side}
      data-annotator={layer.annotator}
    >
      {outlined && <style>{`${outlined} { outline: 2px solid #c92a2a; outline-offset: -1px; }`}</style>}
      <TierRow name={name(none.length > 0 ? `words (${none.join(', ')})` : 'words')}>
        <WordTier
          words={g.words}
          durationSec={view.durationSec}
          selected={null}
          clock={view.clock}
          actions={actions}
        />
      </TierRow>
      {showEntities && (
        <TierRow name={name('entities')}>
          <EntityTier
            entities={g.entities}
            words={g.words}
            durationSec={view.durationSec}
            selected={-1}
            clock={view.clock}
            actions={actions}
          />
        </TierRow>
      )}
      {showTree && (
        <TierRow name={name(t ? `tree "${t.name}"` : 'tree')}>
          <TreeTier
            tree={loaded?.tree ?? null}
            typed={t?.typed ?? false}
            words={g.words}
            durationSec={view.durationSec}
            selected={null}
            clock={view.clock}
            actions={actions}
            emptyText={
              t ? `Tree "${t.name}" does not fit the words: ${loaded?.problems[0] ?? ''}` : 'No tree.'
            }
          />
        </TierRow>
      )}
    </div>
  );
}

/** An adjudication side's tiers, with the boxes that differ from the other side outlined. */
function SideTiers({
  layer,
  side,
  view,
  differences,
}: {
  layer: AnnotatorLayer;
  side: string;
  view: ReadOnlyView;
  differences: Adjudication['differences'];
}) {
  // The boxes that differ are outlined by a style rule, which outlives the tiers redrawing their boxes.
  const outlined = useMemo(
    () =>
      (side === 'A' || side === 'B' ? differingBoxes(differences, side === 'A' ? 'a' : 'b') : [])
        .map((sel) => `.annotator-tiers[data-side="${side}"] ${sel}`)
        .join(',\n'),
    [differences, side],
  );
  return (
    <LayerTiers
      layer={layer}
      view={view}
      label={`${side} · ${layer.annotator}`}
      testId={`annotator-${side}`}
      side={side}
      outlined={outlined}
    />
  );
}

/**
 * The adjudication view's tiers under the adjudicated layer's: annotator A's words, entities and tree,
 * a lane marking every difference between A and B on the time axis (each mark a button named by the
 * difference in words; it selects the adjudicated words concerned and plays them), and B's tiers.
 */
export function AnnotatorTiers(p: Props) {
  const { a, b, differences } = p.adjudication;
  const { gold, treeName, durationSec, clock, axis, limits, select, playRange, refuse } = p;
  const view = useMemo<ReadOnlyView>(
    () => ({
      edited: () => gold,
      treeName,
      durationSec,
      clock,
      axis,
      limits,
      select,
      playRange,
      refuse,
      readOnly: READ_ONLY,
    }),
    [gold, treeName, durationSec, clock, axis, limits, select, playRange, refuse],
  );
  const names = { a: `A (${a.annotator})`, b: `B (${b.annotator})` };
  const marks = useMemo(
    () =>
      differences.flatMap((d, k) => {
        const place = differencePlace(d, a.gold, b.gold);
        return place ? [{ d, k, place, text: describeDifference(d, names) }] : [];
      }),
    // names follow from a and b
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [differences, a, b],
  );
  return (
    <>
      <div className="annotators-heading" role="heading" aria-level={2}>
        Above: the adjudicated layer (edited here) · below: annotator A ({a.annotator}), their differences,
        annotator B ({b.annotator}){p.adjudication.layers.length > 2 ? ', the other annotators' : ''},
        read-only · J / K take from A / B
      </div>
      <SideTiers layer={a} side="A" view={view} differences={differences} />
      <TierRow name={`differences A ≠ B: ${differences.length}`} className="difference-row">
        <div
          className="tier difference-tier"
          aria-label={`Differences between ${names.a} and ${names.b}`}
          data-testid="difference-tier"
        >
          {marks.map(({ d, k, place, text }) => (
            <button
              key={k}
              type="button"
              className={`difference-mark difference-${d.kind}`}
              style={spanStyle(place.startSec, place.endSec)}
              title={text}
              aria-label={text}
              data-kind={d.kind}
              onClick={() => {
                const layer = place.side === 'a' ? a.gold : b.gold;
                const words = adjudicatedWords(place, layer, p.gold);
                if (words) p.select({ kind: 'words', anchor: words[0], focus: words[1] });
                p.playRange(place.startSec, place.endSec);
              }}
            >
              <span aria-hidden="true">{differenceSign(d)}</span>
            </button>
          ))}
        </div>
      </TierRow>
      <SideTiers layer={b} side="B" view={view} differences={differences} />
      {/* The other annotators, read-only too; choose two of them as A and B to compare them. */}
      {p.adjudication.layers.map((l, i) =>
        i === p.adjudication.pair[0] || i === p.adjudication.pair[1] ? null : (
          <SideTiers
            key={l.annotator}
            layer={l}
            side={`other ${i + 1}`}
            view={view}
            differences={differences}
          />
        ),
      )}
    </>
  );
}
