// The score cache: one (system, utterance) pair's scores under one settings signature, as JSON (kept as
// storedJson.ts encodes it; callers see the text), with the revisions of the gold and of the system's output
// they were computed from. The rule of a valid entry is written here once: it was computed under the
// signature asked for (the project's scoring settings) and both revisions are still current. Reading, writing and the rule live here; what scores a pair is
// `scoreProject`, the only reader. (A gold edit and a system's deletion drop the entries they make stale.)
//
// Writes come in batches: the scoring thread (or each scoring worker, on its own connection) keeps the rows
// it has made and writes them in one transaction that takes the write lock as it begins.
import type { Db } from './openDatabase';
import { decodeStoredJson, encodeStoredJson } from './storedJson';

/** The entries of one system valid under a signature, joined to the revisions they must match. */
const VALID_ENTRIES = `SELECT c.utterance_id AS u, c.value AS v FROM score_cache c
   JOIN utterance t ON t.id = c.utterance_id
   JOIN system s ON s.id = c.system_id
  WHERE c.system_id = ? AND c.metric = 'utterance' AND c.signature = ?
    AND c.gold_rev = t.gold_rev AND c.output_rev = s.output_rev`;

/** Reads the cache's valid entries under one settings signature, as the JSON they were written as. */
export interface ScoreCacheReader {
  /** Every valid entry of a system: utterance id → scores as JSON. */
  system(systemId: number): Map<string, string>;
  /** One pair's valid entry as JSON, or undefined when there is none. */
  pair(systemId: number, utteranceId: string): string | undefined;
}

/** A reader of the entries valid under `signature` on `db`. */
export function scoreCacheReader(db: Db, signature: string): ScoreCacheReader {
  const all = db.prepare(VALID_ENTRIES);
  const one = db.prepare(`${VALID_ENTRIES} AND c.utterance_id = ?`);
  return {
    system(systemId) {
      const out = new Map<string, string>();
      for (const row of all.all(systemId, signature) as { u: string; v: Uint8Array }[])
        out.set(row.u, decodeStoredJson(row.v, db.name));
      return out;
    },
    pair(systemId, utteranceId) {
      const row = one.get(systemId, signature, utteranceId) as { v: Uint8Array } | undefined;
      return row && decodeStoredJson(row.v, db.name);
    },
  };
}

/** The revisions a pair's scores are computed from: its utterance's gold and its system's output. */
export interface PairRevisions {
  goldRev: number;
  outputRev: number;
}

/** Reads a pair's current revisions on `db`: undefined when its utterance or its system is gone. */
export function pairRevisions(db: Db): (systemId: number, utteranceId: string) => PairRevisions | undefined {
  const revs = db.prepare(
    'SELECT (SELECT gold_rev FROM utterance WHERE id = ?) AS g, (SELECT output_rev FROM system WHERE id = ?) AS o',
  );
  return (systemId, utteranceId) => {
    const r = revs.get(utteranceId, systemId) as { g: number | null; o: number | null };
    return r.g === null || r.o === null ? undefined : { goldRev: r.g, outputRev: r.o };
  };
}

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
  const insert = db.transaction((rows: readonly ScoreCacheRow[], stored: readonly Buffer[]) => {
    rows.forEach((r, k) =>
      put.run(
        r.systemId,
        r.utteranceId,
        signature,
        r.goldRev,
        r.outputRev,
        stored[k],
        r.utteranceId,
        r.systemId,
      ),
    );
  });
  // Encoded before the write lock is taken, once per row (a row `tryWrite` could not write yet is not
  // encoded again).
  const encoded = new WeakMap<ScoreCacheRow, Buffer>();
  const encode = (r: ScoreCacheRow): Buffer => {
    let e = encoded.get(r);
    if (!e) encoded.set(r, (e = encodeStoredJson(r.value)));
    return e;
  };
  // The write lock first, so a cache write never fails on a snapshot another writer moved past.
  const write = (rows: readonly ScoreCacheRow[]): void => {
    if (rows.length > 0) insert.immediate(rows, rows.map(encode));
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
