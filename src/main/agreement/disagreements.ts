// How much the annotators of an utterance disagree, as the utterance list's "most disagreement first" order
// counts it: the number of differences an adjudicator has to look at (core's `layerDifferences`, summed over
// every pair of the utterance's annotator layers), read with the key of the layers it was counted from.
// Run in the agreement worker kept for it (`disagreementWorker.ts`): counting an utterance of the demo took
// 2.7 ms (measured under a load average of 22 on 2 cores), seconds for thousands of utterances.
import { type LayerView, layerDifferences } from '../../core/agreement/differences';
import { layersOf } from '../store/annotatorStore';
import type { Db } from '../store/openDatabase';
import { preparedOnce } from '../store/statementCache';

/** The differences between every pair of `layers` (each pair compared once), summed. */
export function differencesAmong(layers: readonly LayerView[]): number {
  let total = 0;
  for (let i = 0; i < layers.length; i++)
    for (let j = i + 1; j < layers.length; j++) total += layerDifferences(layers[i]!, layers[j]!).length;
  return total;
}

/**
 * What identifies the annotator layers of an utterance as they are (SQL over `annotator_gold g` grouped by
 * utterance): each layer's annotator, revision and status. A layer's revision changes with every edit of
 * its gold, so the same key means the same layers.
 */
export const LAYERS_KEY_SQL = `group_concat(g.annotator_id || ':' || g.gold_rev || ':' || g.status, ',' ORDER BY g.annotator_id)`;

/** An utterance's differences, with the key (`LAYERS_KEY_SQL`) of the layers they were counted from. */
export interface UtteranceDisagreement {
  utteranceId: string;
  key: string;
  differences: number;
}

/**
 * The differences of each of `utteranceIds` among its annotator layers (0 for an utterance with fewer than
 * two), each with the key of the layers read. Layers all alike (as every layer starts, from the same
 * words) differ nowhere and are not parsed. Call it inside a transaction so every utterance is read from
 * the same snapshot; `onProgress` hears how many are counted.
 */
export function utteranceDisagreements(
  db: Db,
  utteranceIds: readonly string[],
  onProgress: (done: number) => void = () => {},
): UtteranceDisagreement[] {
  const keyOf = preparedOnce(
    db,
    `SELECT ${LAYERS_KEY_SQL} AS key, count(DISTINCT g.status || char(0) || g.gold) AS kinds
       FROM annotator_gold g WHERE g.utterance_id = ?`,
  );
  return utteranceIds.map((utteranceId, i) => {
    const read = keyOf.get(utteranceId) as { key: string | null; kinds: number };
    const key = read.key ?? '';
    const differences = read.kinds <= 1 ? 0 : differencesAmong(layersOf(db, utteranceId));
    onProgress(i + 1);
    return { utteranceId, key, differences };
  });
}
