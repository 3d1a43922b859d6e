// Writing computed utterance scores into the score cache, in batches: the scoring thread (or each scoring
// worker, on its own connection) keeps the rows it has made and writes them in one transaction that takes
// the write lock as it begins. A row carries the gold and output revisions it was computed from, so an entry
// is valid only while both are current (see `scoreProject`'s read of the cache).
import type { Db } from './openDatabase';

/** One cache entry to write: a pair's scores as JSON and the revisions they were computed from. */
export interface ScoreCacheRow {
  systemId: number;
  utteranceId: string;
  goldRev: number;
  outputRev: number;
  /** The scores, as JSON. */
  value: string;
}

/** Writes score-cache rows for one settings signature; `tryWrite` never waits for another writer. */
export interface ScoreCacheWriter {
  /** Writes `rows` in one transaction, waiting for the write lock up to the connection's busy timeout. */
  write(rows: readonly ScoreCacheRow[]): void;
  /**
   * Writes `rows` in one transaction if the write lock is free at once; false (nothing written) when another
   * connection holds it, so the caller can go on scoring and try again with more rows.
   */
  tryWrite(rows: readonly ScoreCacheRow[]): boolean;
}

/** A writer of `signature`'s utterance scores on `db` (a connection that may write). */
export function scoreCacheWriter(db: Db, signature: string): ScoreCacheWriter {
  // A pair whose utterance or system was deleted meanwhile is not written.
  const put = db.prepare(
    `INSERT OR REPLACE INTO score_cache (system_id, utterance_id, metric, signature, gold_rev, output_rev, value)
     SELECT ?, ?, 'utterance', ?, ?, ?, ?
      WHERE EXISTS (SELECT 1 FROM utterance WHERE id = ?) AND EXISTS (SELECT 1 FROM system WHERE id = ?)`,
  );
  const insert = db.transaction((rows: readonly ScoreCacheRow[]) => {
    for (const r of rows)
      put.run(
        r.systemId,
        r.utteranceId,
        signature,
        r.goldRev,
        r.outputRev,
        r.value,
        r.utteranceId,
        r.systemId,
      );
  });
  // The write lock first, so a cache write never fails on a snapshot another writer moved past.
  const write = (rows: readonly ScoreCacheRow[]): void => {
    if (rows.length > 0) insert.immediate(rows);
  };
  return {
    write,
    tryWrite(rows) {
      const timeout = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      try {
        write(rows);
        return true;
      } catch (err) {
        if ((err as { code?: unknown }).code === 'SQLITE_BUSY') return false;
        throw err;
      } finally {
        db.pragma(`busy_timeout = ${timeout}`);
      }
    },
  };
}
