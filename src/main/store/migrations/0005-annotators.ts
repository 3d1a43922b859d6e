// Gold standards made by several annotators. The existing gold tables (words, trees, entities, concepts,
// interpretations, labels and status on the utterance) become the adjudicated layer: what systems are scored
// against. Each annotator has their own layer of an utterance, kept whole as one JSON document (GoldRecords)
// with its status, revision and undo/redo stack tops. History entries say which layer they belong to
// (`annotator_id` NULL: the adjudicated layer), so every existing entry stays with the gold it changed.
export const sql = `
CREATE TABLE annotator (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 100),
  created_at TEXT NOT NULL
) STRICT;

-- Which annotators annotate which utterances.
CREATE TABLE assignment (
  annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  PRIMARY KEY (annotator_id, utterance_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX assignment_utterance ON assignment(utterance_id, annotator_id);

-- One annotator's gold of one utterance. A rowid table: its JSON values are kilobytes long.
CREATE TABLE annotator_gold (
  annotator_id INTEGER NOT NULL REFERENCES annotator(id) ON DELETE CASCADE,
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  status       TEXT NOT NULL DEFAULT 'todo' CHECK (status IN ('todo', 'in_progress', 'done', 'reviewed')),
  gold         TEXT NOT NULL,                -- JSON, GoldRecords
  gold_rev     INTEGER NOT NULL DEFAULT 0,
  updated_at   TEXT NOT NULL DEFAULT '',
  undo_top     INTEGER,                      -- as on utterance (0004), for this layer's stacks
  redo_top     INTEGER,
  UNIQUE (annotator_id, utterance_id)
) STRICT;
CREATE INDEX annotator_gold_utterance ON annotator_gold(utterance_id, annotator_id);

-- NULL: the entry changed the adjudicated layer (every entry written before this migration did).
ALTER TABLE history ADD COLUMN annotator_id INTEGER REFERENCES annotator(id) ON DELETE CASCADE;
`;
