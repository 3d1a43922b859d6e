// First slice of the project schema: metadata, audio files, utterances and their forced-alignment words.
export const sql = `
CREATE TABLE project_meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

CREATE TABLE audio_file (
  id           INTEGER PRIMARY KEY,
  path         TEXT NOT NULL UNIQUE,      -- relative to the project file, '/' separated
  duration_sec REAL NOT NULL CHECK (duration_sec >= 0),
  sample_rate  INTEGER NOT NULL CHECK (sample_rate > 0),
  channels     INTEGER NOT NULL CHECK (channels > 0),
  byte_size    INTEGER NOT NULL,
  sha256       TEXT NOT NULL
) STRICT;

CREATE TABLE audio_peaks (
  audio_id         INTEGER PRIMARY KEY REFERENCES audio_file(id) ON DELETE CASCADE,
  buckets_per_sec  REAL NOT NULL,
  peaks            BLOB NOT NULL              -- Float32 little-endian, one value per bucket
) STRICT;

CREATE TABLE utterance (
  id         TEXT PRIMARY KEY,
  audio_id   INTEGER NOT NULL REFERENCES audio_file(id),
  start_sec  REAL NOT NULL CHECK (start_sec >= 0),
  end_sec    REAL NOT NULL,
  speaker    TEXT NOT NULL DEFAULT '',
  transcript TEXT NOT NULL DEFAULT '',
  status     TEXT NOT NULL DEFAULT 'todo' CHECK (status IN ('todo', 'in_progress', 'done', 'reviewed')),
  ord        INTEGER NOT NULL,
  CHECK (end_sec > start_sec)
) STRICT;
CREATE INDEX utterance_ord ON utterance(ord);

CREATE TABLE word (
  utterance_id TEXT NOT NULL REFERENCES utterance(id) ON DELETE CASCADE,
  idx          INTEGER NOT NULL CHECK (idx >= 0),
  text         TEXT NOT NULL,
  start_sec    REAL NOT NULL,
  end_sec      REAL NOT NULL,
  source       TEXT NOT NULL,
  PRIMARY KEY (utterance_id, idx),
  CHECK (end_sec >= start_sec)
) STRICT, WITHOUT ROWID;
`;
