// The messages between the scoring pool and its worker threads.
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';

/** One pair's scores with the revisions of the gold and the output they were computed from. */
export interface ScoredPair {
  systemId: number;
  utteranceId: string;
  scores: UtteranceScores;
  goldRev: number;
  outputRev: number;
}

/** Pool → worker: score a chunk of (system id, utterance id) pairs. */
export interface WorkerRequest {
  type: 'score';
  chunk: number;
  pairs: [number, string][];
}

/** Worker → pool: a chunk's scores (pairs that vanished meanwhile are left out), or why it failed. */
export type WorkerReply =
  | { type: 'scored'; chunk: number; results: ScoredPair[] }
  | { type: 'failed'; chunk: number; message: string };
