import type { GoldRecords } from '../../../core/gold/records';
import { useMemo } from 'react';
import type { LoadedTree } from '../../../core/edit/goldTrees';
import type { Selection } from '../../../core/edit/selection';
import type { TreeNode } from '../../../core/tree/tree';
import type { SiblingRange } from '../../../core/edit/treeEdit';
import type { Clock } from './clock';
import { TreeMenu } from './TreeMenu';
import { SpectrogramTier } from '../spectrogram/SpectrogramTier';
import { EntityTier } from './EntityTier';
import { SystemEntityTier } from './SystemEntityTier';
import { SystemTier } from './SystemTier';
import { SystemTreeTier, pairColour } from './SystemTreeTier';
import type { SystemScores } from './useSystemScores';
import { TierRow } from './TierRow';
import type { TierActions } from './tierActions';
import { type PairMark, TreeTier } from './TreeTier';
import { WordTier } from './WordTier';

interface Props {
  gold: GoldRecords;
  selection: Selection;
  /** The words the selection covers. */
  span: readonly [number, number] | null;
  /** The recording's duration: the tiers' width on the time axis. */
  durationSec: number;
  /** The playhead (the tiers mark the word under it themselves). */
  clock: Clock;
  /** The utterance's trees (their names are listed). */
  trees: readonly { name: string }[];
  shown: LoadedTree | null;
  /** The shown tree when it can be drawn. */
  tree: TreeNode | null;
  textProblems: number;
  onShowTree(name: string): void;
  /** Nodes picked to be moved (marked in the tree), or null. */
  moving: SiblingRange | null;
  /** Words of the nodes being moved, or null. */
  movingWords: readonly [number, number] | null;
  /** Audio to draw a spectrogram of, when the spectrogram is on. */
  spectrogram: { url: string; startSec: number; endSec: number } | null;
  actions: TierActions;
  /** The chosen system's words and scores, shown under the gold words. */
  system: SystemScores;
  /** The step of the system's word alignment opened from the ASR error lists, marked in its tier. */
  errorStep?: number | null;
  playRange(startSec: number, endSec: number): void;
}

/** The tiers under the waveform: spectrogram (when on), words, a system's words, entities and the gold tree. */
export function AnnotationTiers(p: Props) {
  const { gold, selection: sel, shown } = p;
  const shownName = shown?.gold.name ?? null;
  // One map per system scores and tree, so the tree's markup is not rebuilt on every render.
  const colours = useMemo(() => pairColours(p.system, shownName), [p.system, shownName]);
  return (
    <>
      {p.spectrogram && (
        <TierRow name="spectrogram">
          <SpectrogramTier {...p.spectrogram} />
        </TierRow>
      )}
      <TierRow name="words">
        <WordTier
          words={gold.words}
          durationSec={p.durationSec}
          selected={sel.kind === 'words' ? p.span : null}
          moving={p.movingWords}
          clock={p.clock}
          actions={p.actions}
        />
      </TierRow>
      <SystemTier
        system={p.system}
        gold={gold.words}
        errorStep={p.errorStep ?? null}
        axis={p.actions.axis}
        playRange={p.playRange}
      />
      <TierRow name="entities">
        <EntityTier
          entities={gold.entities}
          words={gold.words}
          durationSec={p.durationSec}
          selected={sel.kind === 'entity' ? sel.index : -1}
          clock={p.clock}
          actions={p.actions}
        />
      </TierRow>
      <SystemEntityTier system={p.system} gold={gold} axis={p.actions.axis} playRange={p.playRange} />
      <TierRow
        name={
          <TreeMenu
            names={p.trees.map((t) => t.name)}
            shown={shown?.gold.name ?? null}
            typed={shown?.gold.typed ?? false}
            onShow={p.onShowTree}
          />
        }
      >
        <TreeTier
          tree={p.tree}
          typed={shown?.gold.typed ?? false}
          words={gold.words}
          durationSec={p.durationSec}
          selected={sel.kind === 'nodes' ? sel.range : null}
          moving={p.moving}
          clock={p.clock}
          actions={p.actions}
          colours={colours}
          emptyText={
            !shown
              ? 'No tree yet: select words and press W to start one.'
              : p.textProblems > 0
                ? 'The bracket text has problems; the drawing waits until it is a valid tree.'
                : `Tree "${shown.gold.name}" does not fit the words: ${shown.problems[0] ?? ''}`
          }
        />
      </TierRow>
      <SystemTreeTier
        system={p.system}
        treeName={shown?.gold.name ?? null}
        axis={p.actions.axis}
        playRange={p.playRange}
      />
    </>
  );
}

/** Gold node path → colour of its Struct-IoU pair with the chosen system's tree of that name. */
function pairColours(
  system: SystemScores,
  treeName: string | null,
): ReadonlyMap<string, PairMark> | undefined {
  const pairs = system.scores?.trees.find((t) => t.name === treeName)?.structIou?.pairs;
  return pairs
    ? new Map(pairs.map((p, k) => [p.gold.join('.'), { colour: pairColour(k), iou: p.iou }]))
    : undefined;
}
