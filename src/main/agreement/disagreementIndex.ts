// How much the annotators of each utterance disagree, for the utterance list's "most disagreement first"
// order: the number of differences an adjudicator has to look at (core's `layerDifferences`, summed over
// every pair of the utterance's annotator layers). Kept per utterance with the revisions and statuses of
// the layers it was computed from, so a list asked for again recomputes only the utterances whose layers
// changed; one query over the annotator layers' index says which those are, and which have layers all
// alike. Computing the differences of an utterance of the demo took 2.7 ms (measured under a load average
// of 22 on 2 cores), so a first order over thousands of utterances whose layers differ takes seconds; later
// ones recompute only what changed.
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

/** The differences of every utterance that has layers of two or more annotators, kept between calls. */
export class DisagreementIndex {
  private readonly kept = new Map<number, { key: string; differences: number }>();

  constructor(private readonly db: Db) {}

  /** Differences per utterance rowid, for the utterances with two or more annotator layers. */
  byRowid(): Map<number, number> {
    const rows = preparedOnce(
      this.db,
      `SELECT u.rowid AS rid, u.id, count(DISTINCT g.status || char(0) || g.gold) AS kinds,
              group_concat(g.annotator_id || ':' || g.gold_rev || ':' || g.status, ',' ORDER BY g.annotator_id) AS key
         FROM annotator_gold g JOIN utterance u ON u.id = g.utterance_id
        GROUP BY g.utterance_id HAVING count(*) >= 2`,
    ).all() as { rid: number; id: string; kinds: number; key: string }[];
    const out = new Map<number, number>();
    for (const r of rows) {
      let entry = this.kept.get(r.rid);
      if (!entry || entry.key !== r.key) {
        // Layers all alike (as every layer starts, from the same words) differ nowhere: nothing to read.
        entry = { key: r.key, differences: r.kinds === 1 ? 0 : differencesAmong(layersOf(this.db, r.id)) };
        this.kept.set(r.rid, entry);
      }
      out.set(r.rid, entry.differences);
    }
    for (const rid of this.kept.keys()) if (!out.has(rid)) this.kept.delete(rid);
    return out;
  }
}
