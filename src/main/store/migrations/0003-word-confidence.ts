// Words placed by SIEVE's own forced aligner keep the aligner's confidence (0 to 1); words from elsewhere
// (imported alignments, the annotator's hand) have none. Their `source` is 'sieve-align'.
export const sql = `
ALTER TABLE word ADD COLUMN confidence REAL CHECK (confidence IS NULL OR (confidence >= 0 AND confidence <= 1));
`;
