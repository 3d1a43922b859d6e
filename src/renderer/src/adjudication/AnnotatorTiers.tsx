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

interface Props {
  adjudication: Adjudication;
  /** The adjudicated layer's records (what a click on an annotator's tier selects in). */
  gold: GoldRecords;
  treeName: string | null;
  durationSec: number;
  clock: Clock;
  axis: TimeAxis;
  limits: { minSec: number; maxSec: number };
  select(sel: Selection): void;
  playRange(startSec: number, endSec: number): void;
  refuse(message: string): void;
}

const READ_ONLY =
  "The annotators' layers are read-only here: edit the adjudicated layer (the tiers above), or take from A or B.";

/** Tier actions for an annotator's layer: a click selects the same words in the adjudicated layer and plays them. */
function readOnlyActions(layer: GoldRecords, p: Props): TierActions {
  const selectWords = (first: number, last: number): void => {
    const a = layer.words[first];
    const b = layer.words[last];
    if (!a || !b) return;
    const words = adjudicatedWords(
      { side: 'a', first, last, startSec: a.startSec, endSec: b.endSec },
      layer,
      p.gold,
    );
    if (words) p.select({ kind: 'words', anchor: words[0], focus: words[1] });
  };
  return {
    axis: p.axis,
    limits: p.limits,
    selectWords: (anchor, focus) => selectWords(Math.min(anchor, focus), Math.max(anchor, focus)),
    selectNodes: (path) => {
      const t = layer.trees.find((x) => x.name === p.treeName) ?? layer.trees[0];
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
      if (a && b) p.playRange(a.startSec, b.endSec);
    },
    rename: () => p.refuse(READ_ONLY),
    current: () => layer,
    preview: () => p.refuse(READ_ONLY),
    finish: () => undefined,
    refuse: p.refuse,
  };
}

/** One annotator's words, entities and tree, read-only, on the workspace's time axis. */
function LayerTiers({ layer, side, p }: { layer: AnnotatorLayer; side: string; p: Props }) {
  const g = layer.gold;
  const actions = useMemo(() => readOnlyActions(g, p), [g, p]);
  const t = g.trees.find((x) => x.name === p.treeName) ?? g.trees[0];
  const loaded = useMemo(() => (t ? loadTree(g, t) : null), [g, t]);
  const name = (what: string): string => `${side} · ${layer.annotator} · ${what}`;
  const differences = p.adjudication.differences;
  // The boxes that differ are outlined by a style rule, which outlives the tiers redrawing their boxes.
  const rules = useMemo(
    () =>
      (side === 'A' || side === 'B' ? differingBoxes(differences, side === 'A' ? 'a' : 'b') : [])
        .map((sel) => `.annotator-tiers[data-side="${side}"] ${sel}`)
        .join(',\n'),
    [differences, side],
  );
  return (
    <div
      className="annotator-tiers"
      data-testid={`annotator-${side}`}
      data-side={side}
      data-annotator={layer.annotator}
    >
      {rules && <style>{`${rules} { outline: 2px solid #c92a2a; outline-offset: -1px; }`}</style>}
      <TierRow name={name('words')}>
        <WordTier
          words={g.words}
          durationSec={p.durationSec}
          selected={null}
          clock={p.clock}
          actions={actions}
        />
      </TierRow>
      <TierRow name={name('entities')}>
        <EntityTier
          entities={g.entities}
          words={g.words}
          durationSec={p.durationSec}
          selected={-1}
          clock={p.clock}
          actions={actions}
        />
      </TierRow>
      <TierRow name={name(t ? `tree "${t.name}"` : 'tree')}>
        <TreeTier
          tree={loaded?.tree ?? null}
          typed={t?.typed ?? false}
          words={g.words}
          durationSec={p.durationSec}
          selected={null}
          clock={p.clock}
          actions={actions}
          emptyText={t ? `Tree "${t.name}" does not fit the words: ${loaded?.problems[0] ?? ''}` : 'No tree.'}
        />
      </TierRow>
    </div>
  );
}

/**
 * The adjudication view's tiers under the adjudicated layer's: annotator A's words, entities and tree,
 * a lane marking every difference between A and B on the time axis (each mark a button named by the
 * difference in words; it selects the adjudicated words concerned and plays them), and B's tiers.
 */
export function AnnotatorTiers(p: Props) {
  const { a, b, differences } = p.adjudication;
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
      <LayerTiers layer={a} side="A" p={p} />
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
      <LayerTiers layer={b} side="B" p={p} />
      {/* The other annotators, read-only too; choose two of them as A and B to compare them. */}
      {p.adjudication.layers.map((l, i) =>
        i === p.adjudication.pair[0] || i === p.adjudication.pair[1] ? null : (
          <LayerTiers key={l.annotator} layer={l} side={`other ${i + 1}`} p={p} />
        ),
      )}
    </>
  );
}
