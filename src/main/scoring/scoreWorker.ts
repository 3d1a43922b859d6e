// A scoring worker thread: opens the project file on its own connection and scores the (system, utterance)
// pairs it is sent with the settings it was started with. It writes the scores to the project's cache itself,
// with the revisions of the gold and output they were computed from (so the cache never pairs a score with
// a newer revision), batching its rows and never waiting for the write lock until it is asked to flush; the
// app thread only hands out chunks and collects the scores. A read-only project is scored without caching.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ScoringSettings } from '../../core/api/contract';
import { type ScoreCacheRow, scoreCacheWriter } from '../store/scoreCache';
import { pairScorer } from './scorePair';
import { scoringContextFor } from './scoringContext';
import type { WorkerReply, WorkerRequest } from './workerProtocol';

/** What the pool starts each worker with. */
export interface ScoreWorkerData {
  file: string;
  settings: ScoringSettings;
  /** Whether the worker writes its scores to the project's cache (false for a read-only project). */
  cache: boolean;
}

const { file, settings, cache } = workerData as ScoreWorkerData;
const db = new Database(file, { readonly: !cache, fileMustExist: true });
db.pragma('busy_timeout = 5000');
if (cache) db.pragma('synchronous = NORMAL');
const ctx = scoringContextFor(settings);
const writer = cache ? scoreCacheWriter(db, ctx.signature) : null;
// One read transaction per pair: the revisions and the records come from the same snapshot.
const scorePair = db.transaction(pairScorer(db, ctx));

/** Rows scored but not yet written: another connection held the write lock when they were ready. */
let unwritten: ScoreCacheRow[] = [];

function score(pairs: readonly [number, string][]): ScoreCacheRow[] {
  const rows: ScoreCacheRow[] = [];
  for (const [systemId, utteranceId] of pairs) {
    const row = scorePair(systemId, utteranceId);
    if (row) rows.push(row);
  }
  if (writer) {
    unwritten.push(...rows);
    // While another connection writes, keep scoring: these rows go with the next chunk's or the flush.
    if (writer.tryWrite(unwritten)) unwritten = [];
  }
  return rows;
}

parentPort!.on('message', (m: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    if (m.type === 'score') reply = { type: 'scored', chunk: m.chunk, results: score(m.pairs) };
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
