// Systems' outputs and cached scores kept compactly. Until now both tables were WITHOUT ROWID tables holding
// each value as JSON text: values of 2–10 kB, which such a table keeps mostly on overflow pages that stay
// largely empty (a 20,000-utterance project with three systems, scored: 675 MB for these two tables). They
// become rowid tables (a row's value lies in its leaf page) keyed by a unique index, each value a BLOB as
// storedJson.ts encodes it (the JSON text compressed): 139 MB for the same rows (docs/formats.md).
//
// Every row is copied with its JSON text unchanged, so every output and every cached score reads back as
// it was; a row whose system or utterance no longer exists (none can be read) is left behind, since the new
// tables' foreign keys refuse it. The pages the old tables free are given back once the migration has
// committed (`compactAfterMigration`, openDatabase.ts).
import type { Db } from '../openDatabase';
import { encodeStoredJson } from '../storedJson';

const sql = `
ALTER TABLE system_output RENAME TO system_output_v5;
DROP INDEX system_output_utterance;
ALTER TABLE score_cache RENAME TO score_cache_v5;
DROP INDEX score_cache_utterance;

-- One row per (system, utterance): the system's output (an UtteranceAnnotation minus its id), storedJson.ts.
CREATE TABLE system_output (
  system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  output       BLOB NOT NULL,
  UNIQUE (system_id, utterance_id)
) STRICT;
CREATE INDEX system_output_utterance ON system_output(utterance_id);

-- A pair's scores under one settings signature (storedJson.ts), with the revisions they were computed from.
CREATE TABLE score_cache (
  system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  metric       TEXT NOT NULL,
  signature    TEXT NOT NULL,
  gold_rev     INTEGER NOT NULL,
  output_rev   INTEGER NOT NULL,
  value        BLOB NOT NULL,
  UNIQUE (system_id, utterance_id, metric, signature)
) STRICT;
CREATE INDEX score_cache_utterance ON score_cache(utterance_id);

INSERT INTO system_output (system_id, utterance_id, output)
SELECT o.system_id, o.utterance_id, sieve_encode_stored_json(o.output) FROM system_output_v5 o
 WHERE EXISTS (SELECT 1 FROM system s WHERE s.id = o.system_id)
   AND EXISTS (SELECT 1 FROM utterance u WHERE u.id = o.utterance_id)
 ORDER BY o.system_id, o.utterance_id;

INSERT INTO score_cache (system_id, utterance_id, metric, signature, gold_rev, output_rev, value)
SELECT c.system_id, c.utterance_id, c.metric, c.signature, c.gold_rev, c.output_rev,
       sieve_encode_stored_json(c.value) FROM score_cache_v5 c
 WHERE EXISTS (SELECT 1 FROM system s WHERE s.id = c.system_id)
   AND EXISTS (SELECT 1 FROM utterance u WHERE u.id = c.utterance_id)
 ORDER BY c.system_id, c.utterance_id, c.metric, c.signature;

DROP TABLE system_output_v5;
DROP TABLE score_cache_v5;
`;

/** Rebuilds `system_output` and `score_cache` as rowid tables of encoded values, every row's JSON kept. */
export function migrateCompactOutputs(db: Db): void {
  // The values are encoded as they are copied, one row at a time, by a function of this connection.
  db.function('sieve_encode_stored_json', { deterministic: true }, (json: unknown) => {
    if (typeof json !== 'string')
      throw new TypeError(`a stored output or score is ${typeof json}, not JSON text`);
    return encodeStoredJson(json);
  });
  db.exec(sql);
}
