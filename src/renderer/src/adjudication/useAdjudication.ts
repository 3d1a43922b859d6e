// The adjudication view's state: the annotators' layers of the utterance, the two compared (A and B),
// their differences, and the takes from either into the adjudicated layer.
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { AnnotatorLayer } from '../../../core/api/annotators';
import { type Difference, layerDifferences } from '../../../core/agreement/differences';
import { type Take, takeFrom } from '../../../core/gold/adjudicate';
import { applyDiff } from '../../../core/gold/diff';
import { EditRefused } from '../../../core/edit/editRefused';
import type { CommandEnv } from '../workspace/commandEnv';
import type { GoldEditor } from '../workspace/useGoldEditor';
import { type TakeKind, type TakeSide, adjudicateCommand } from './adjudicateCommand';

/** Past this many words, the adjudicated layer's differences from A and B are not recounted at every edit. */
const MAX_LIVE_WORDS = 300;

/** What the adjudication view shows and does. */
export interface Adjudication {
  layers: readonly AnnotatorLayer[];
  /** Indices into `layers` of annotators A and B. */
  pair: readonly [number, number];
  setPair(pair: readonly [number, number]): void;
  a: AnnotatorLayer;
  b: AnnotatorLayer;
  differences: readonly Difference[];
  /**
   * How many differences the adjudicated layer has from A and from B (undefined on utterances too long to
   * recompute at every edit).
   */
  remaining: { a: number | undefined; b: number | undefined };
  /** The take keys' command. */
  command(env: CommandEnv, kind: TakeKind, side: TakeSide): void;
  /** Takes `take` from A or B (the difference list's buttons); refusals are said. */
  take(take: Take, side: TakeSide): void;
}

/** The adjudication of an utterance whose annotator layers are `layers` (null: not adjudicating). */
export function useAdjudication(
  layers: readonly AnnotatorLayer[] | null,
  editor: GoldEditor,
): Adjudication | null {
  const [pair, setPair] = useState<readonly [number, number]>([0, 1]);
  const a = layers?.[pair[0]];
  const b = layers?.[pair[1]];
  const differences = useMemo(
    () =>
      a && b ? layerDifferences({ gold: a.gold, status: a.status }, { gold: b.gold, status: b.status }) : [],
    [a, b],
  );
  const { current, commit, say } = editor;
  // Recounted behind the edits (a drag's steps are not held up by it).
  const gold = useDeferredValue(editor.gold);
  const remaining = useMemo(() => {
    const count = (l: AnnotatorLayer | undefined): number | undefined =>
      l && gold.words.length <= MAX_LIVE_WORDS && l.gold.words.length <= MAX_LIVE_WORDS
        ? layerDifferences({ gold }, { gold: l.gold }).length
        : undefined;
    return { a: count(a), b: count(b) };
  }, [gold, a, b]);
  const command = useCallback(
    (env: CommandEnv, kind: TakeKind, side: TakeSide) => {
      const layer = side === 'a' ? a : b;
      if (!layer) throw new EditRefused('There is no second annotator to take from.');
      adjudicateCommand(env, kind, { name: layer.annotator, gold: layer.gold });
    },
    [a, b],
  );
  const take = useCallback(
    (t: Take, side: TakeSide) => {
      const layer = side === 'a' ? a : b;
      if (!layer) return;
      const gold = current();
      const r = takeFrom(gold, layer.gold, t, layer.annotator);
      if (r.ok) commit(applyDiff(gold, r.diff), r.label);
      else say({ kind: 'error', text: r.reason });
    },
    [a, b, current, commit, say],
  );
  if (!layers || !a || !b) return null;
  return { layers, pair, setPair, a, b, differences, remaining, command, take };
}
