// A scoring worker thread: opens the project file on its own connection and scores the (system, utterance)
// pairs it is sent with the settings it was started with. It writes the scores to the project's cache itself,
// with the revisions of the gold and output they were computed from (so the cache never pairs a score with
// a newer revision), batching its rows and never waiting for the write lock until it is asked to flush; the
// app thread only hands out chunks and collects the scores. A read-only project is scored without caching.
// It also computes corpus figures' bootstrap intervals it is sent, so that they run beside the scoring.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ScoringSettings } from '../../core/api/contract';
import { corpusInterval } from '../../core/scoring/corpusScores';
import { type ScoreCacheRow, scoreCacheWriter } from '../store/scoreCache';
import { packPairs } from './pairPack';
import { pairScorer, scoredPair } from './scorePair';
import { scoringContextFor } from './scoringContext';
import type { PairReply, ScoredPair, WorkerReply, WorkerRequest } from './workerProtocol';

/** What the pool starts each worker with. */
export interface ScoreWorkerData {
  file: string;
  settings: ScoringSettings;
  /** Whether the worker writes its scores to the project's cache (false for a read-only project). */
  cache: boolean;
  /** What the worker hands back of each pair. */
  reply: PairReply;
}

const { file, settings, cache, reply: wanted } = workerData as ScoreWorkerData;
const db = new Database(file, { readonly: !cache, fileMustExist: true });
db.pragma('busy_timeout = 5000');
if (cache) db.pragma('synchronous = NORMAL');
const ctx = scoringContextFor(settings);
const writer = cache ? scoreCacheWriter(db, ctx.signature) : null;
// One read transaction per pair: the revisions and the records come from the same snapshot.
const scorePair = db.transaction(pairScorer(db, ctx));

/** Rows scored but not yet written: another connection held the write lock when they were ready. */
let unwritten: ScoreCacheRow[] = [];

function score(pairs: readonly [number, string][]): ScoredPair[] {
  const out: ScoredPair[] = [];
  for (const [systemId, utteranceId] of pairs) {
    const scored = scorePair(systemId, utteranceId);
    if (!scored) continue;
    if (writer) unwritten.push(scored.row);
    out.push(scoredPair(scored, wanted));
  }
  // While another connection writes, keep scoring: these rows go with the next chunk's or the flush.
  if (writer && writer.tryWrite(unwritten)) unwritten = [];
  return out;
}

parentPort!.on('message', (m: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    // The packed pairs' typed arrays are copied, not transferred: with their buffers transferred (detached
    // here), the workers took about a tenth more processor time in all, likely because V8 then stops
    // assuming that no buffer is ever detached in the scorers' typed array code.
    if (m.type === 'score') reply = { type: 'scored', chunk: m.chunk, pairs: packPairs(score(m.pairs)) };
    else if (m.type === 'interval')
      reply = { type: 'interval', interval: corpusInterval(m.stat, m.values, m.options) };
    else {
      writer?.write(unwritten);
      unwritten = [];
      reply = { type: 'flushed' };
    }
  } catch (err) {
    reply = { type: 'failed', message: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
