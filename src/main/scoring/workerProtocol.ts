// The messages between the scoring pool and its worker threads. Scores travel as the JSON the cache holds:
// the worker makes it for the cache anyway, a string crosses threads at the cost of a copy, and parsing it is
// cheaper for the app thread than rebuilding the object graph from a structured clone. A caller that only
// wants corpus figures asks for each pair's corpus item instead (a few numbers per metric), and has the
// workers compute the figures' bootstrap intervals too. A chunk's pairs cross packed (`pairPack.ts`).
import type { CorpusItem } from '../../core/scoring/corpusScores';
import type { BootstrapOptions, Interval } from '../../core/stats/bootstrap';
import type { PackedPairs } from './pairPack';

/** What a worker hands back of each pair it scores (the pool's caller says which parts it wants). */
export interface PairReply {
  /** The scores as JSON, as the cache holds them. */
  json: boolean;
  /** What the scores bring to corpus figures, and the notes on the gold. */
  corpus: boolean;
}

/** One scored (system, utterance) pair as it comes back from scoring (pairs that vanished meanwhile never do). */
export interface ScoredPair {
  systemId: number;
  utteranceId: string;
  /** The scores as JSON (when asked for). */
  value?: string;
  /** What the scores bring to corpus figures (when asked for). */
  corpus?: CorpusItem;
  /** What scoring left out of the gold (when corpus items are asked for and there is something to say). */
  goldNotes?: string[];
}

/**
 * Pool → worker: score a chunk of (system id, utterance id) pairs; compute a corpus figure's bootstrap
 * interval; or (once there are no chunks left for it) write every score not yet in the cache, waiting for
 * the write lock if need be.
 */
export type WorkerRequest =
  | { type: 'score'; chunk: number; pairs: [number, string][] }
  | { type: 'interval'; stat: string; values: Float64Array; options: BootstrapOptions }
  | { type: 'flush' };

/**
 * Worker → pool: a chunk's scored pairs (packed, `pairPack.ts`), an interval, that every score it made is
 * written, or why it failed.
 */
export type WorkerReply =
  | { type: 'scored'; chunk: number; pairs: PackedPairs }
  | { type: 'interval'; interval: Interval }
  | { type: 'flushed' }
  | { type: 'failed'; message: string };
