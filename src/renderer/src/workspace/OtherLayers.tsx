// The other annotators' layers of an utterance, read-only on the workspace's time axis under the layer an
// annotator edits: shown only when the project does not annotate blind. The tiers are the adjudication
// view's (one annotator's words, entities and tree), drawn compact.
import { memo, useMemo } from 'react';
import type { AnnotatorLayer } from '../../../core/api/annotators';
import { LayerTiers, type ReadOnlyView } from '../adjudication/AnnotatorTiers';
import './otherLayers.css';

/** The read-only tiers' view (less what is said of a drag, which names the edited layer). */
interface Props extends Omit<ReadOnlyView, 'readOnly'> {
  /** The annotator whose layer is edited. */
  editing: string;
  /** The other annotators' layers of the utterance. */
  layers: readonly AnnotatorLayer[];
}

/**
 * The other annotators' tiers, each named by its annotator, under a line saying which layer is edited.
 * A click on one of their words, nodes or entities selects the same words in the edited layer and plays
 * them; a drag is refused.
 */
export const OtherLayers = memo(function OtherLayers({
  editing,
  layers,
  edited,
  treeName,
  durationSec,
  clock,
  axis,
  limits,
  select,
  playRange,
  refuse,
}: Props) {
  const view = useMemo<ReadOnlyView>(
    () => ({
      edited,
      treeName,
      durationSec,
      clock,
      axis,
      limits,
      select,
      playRange,
      refuse,
      readOnly: `The other annotators' layers are read-only: you edit ${editing}'s layer (the tiers above).`,
    }),
    [editing, edited, treeName, durationSec, clock, axis, limits, select, playRange, refuse],
  );
  return (
    <section className="other-layers" aria-label="The other annotators' layers, read-only">
      <div className="other-layers-heading" role="heading" aria-level={2} data-testid="other-layers-heading">
        Above: <strong>{editing}</strong>&apos;s layer, edited here ·{' '}
        {layers.length === 0
          ? 'no other annotator has a layer of this utterance'
          : `below: ${layers.map((l) => l.annotator).join(', ')}, read-only (the project does not annotate blind)`}
      </div>
      {layers.map((l) => (
        <LayerTiers
          key={l.annotator}
          layer={l}
          view={view}
          label={l.annotator}
          testId="other-layer"
          compact
        />
      ))}
    </section>
  );
});
