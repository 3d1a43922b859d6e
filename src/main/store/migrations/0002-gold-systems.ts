// The gold standard beyond words (trees, entities, concepts, interpretations, labels), the edit history,
// systems with their outputs, and the score cache.
export const sql = `
ALTER TABLE utterance ADD COLUMN annotator  TEXT NOT NULL DEFAULT '';
ALTER TABLE utterance ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
ALTER TABLE utterance ADD COLUMN labels     TEXT NOT NULL DEFAULT '{}';   -- JSON, GoldLabels
-- Bumped by every write to the utterance's gold standard; cached scores remember the revision they saw.
ALTER TABLE utterance ADD COLUMN gold_rev   INTEGER NOT NULL DEFAULT 0;
CREATE INDEX utterance_status ON utterance(status, ord);

CREATE TABLE gold_tree (
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  ord          INTEGER NOT NULL,
  typed        INTEGER NOT NULL CHECK (typed IN (0, 1)),
  bracket      TEXT NOT NULL,
  PRIMARY KEY (utterance_id, name)
) STRICT, WITHOUT ROWID;

CREATE TABLE gold_entity (
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  type         TEXT NOT NULL,
  first_word   INTEGER NOT NULL CHECK (first_word >= 0),
  last_word    INTEGER NOT NULL,
  PRIMARY KEY (utterance_id, idx),
  CHECK (last_word >= first_word)
) STRICT, WITHOUT ROWID;

CREATE TABLE gold_concept (
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  attribute    TEXT NOT NULL,
  value        TEXT NOT NULL,
  PRIMARY KEY (utterance_id, idx)
) STRICT, WITHOUT ROWID;

CREATE TABLE gold_interpretation (
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL,
  text         TEXT NOT NULL,
  PRIMARY KEY (utterance_id, idx)
) STRICT, WITHOUT ROWID;

-- Append-only: an undo is recorded as a new entry holding the reversed diff.
CREATE TABLE history (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  at           TEXT NOT NULL,
  annotator    TEXT NOT NULL DEFAULT '',
  kind         TEXT NOT NULL CHECK (kind IN ('edit', 'undo', 'redo', 'import')),
  label        TEXT NOT NULL DEFAULT '',
  diff         TEXT NOT NULL,               -- JSON, GoldDiff
  undoes       INTEGER REFERENCES history(id)
) STRICT;
CREATE INDEX history_utterance ON history(utterance_id, id);

CREATE TABLE system (
  id           INTEGER PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  source_files TEXT NOT NULL,               -- JSON array of the imported files
  imported_at  TEXT NOT NULL,
  settings     TEXT NOT NULL DEFAULT '{}',  -- JSON
  output_rev   INTEGER NOT NULL DEFAULT 0
) STRICT;

-- One row per (system, utterance): the system's output as JSON (an UtteranceAnnotation minus its id).
CREATE TABLE system_output (
  system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  output       TEXT NOT NULL,
  PRIMARY KEY (system_id, utterance_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX system_output_utterance ON system_output(utterance_id);

CREATE TABLE score_cache (
  system_id    INTEGER NOT NULL REFERENCES system(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  metric       TEXT NOT NULL,
  signature    TEXT NOT NULL,
  gold_rev     INTEGER NOT NULL,
  output_rev   INTEGER NOT NULL,
  value        TEXT NOT NULL,               -- JSON
  PRIMARY KEY (system_id, utterance_id, metric, signature)
) STRICT, WITHOUT ROWID;
CREATE INDEX score_cache_utterance ON score_cache(utterance_id);
`;
