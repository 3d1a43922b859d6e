// The messages between the scoring pool and its worker threads. Scores travel as the JSON the cache holds:
// the worker makes it for the cache anyway, a string crosses threads at the cost of a copy, and parsing it is
// cheaper for the app thread than rebuilding the object graph from a structured clone.
import type { ScoreCacheRow } from '../store/scoreCache';

/**
 * Pool → worker: score a chunk of (system id, utterance id) pairs, or (once there are no chunks left for
 * it) write every score not yet in the cache, waiting for the write lock if need be.
 */
export type WorkerRequest = { type: 'score'; chunk: number; pairs: [number, string][] } | { type: 'flush' };

/**
 * Worker → pool: a chunk's scores with the revisions they were computed from (pairs that vanished meanwhile
 * are left out), that every score it made is written, or why it failed.
 */
export type WorkerReply =
  | { type: 'scored'; chunk: number; results: ScoreCacheRow[] }
  | { type: 'flushed' }
  | { type: 'failed'; message: string };
