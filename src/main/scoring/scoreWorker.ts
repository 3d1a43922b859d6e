// A scoring worker thread: opens the project file read-only and scores the (system, utterance) pairs it is
// sent with the settings it was started with, answering each chunk with the scores and the revisions of the
// gold and output they were computed from (so the cache never pairs a score with a newer revision).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ScoringSettings } from '../../core/api/contract';
import { scoreUtterance } from '../../core/scoring/scoreUtterance';
import { readGold } from '../store/goldStore';
import { getSystemOutput, getSystemProfile } from '../store/systemStore';
import { scoringContextFor } from './projectScores';
import type { ScoredPair, WorkerReply, WorkerRequest } from './workerProtocol';

/** What the pool starts each worker with. */
export interface ScoreWorkerData {
  file: string;
  settings: ScoringSettings;
}

const { file, settings } = workerData as ScoreWorkerData;
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const ctx = scoringContextFor(settings);
const revs = db.prepare(
  'SELECT (SELECT gold_rev FROM utterance WHERE id = ?) AS g, (SELECT output_rev FROM system WHERE id = ?) AS o',
);

// One read transaction per pair: the revisions and the records come from the same snapshot.
const scorePair = db.transaction((systemId: number, utteranceId: string): ScoredPair | null => {
  const r = revs.get(utteranceId, systemId) as { g: number | null; o: number | null };
  if (r.g === null || r.o === null) return null;
  // Without output here, the parts the system outputs elsewhere are scored as empty hypotheses.
  const output = getSystemOutput(db, systemId, utteranceId);
  const profile = getSystemProfile(db, systemId);
  const scores = scoreUtterance(readGold(db, utteranceId), output, ctx.settings, ctx.deps, profile);
  return { systemId, utteranceId, scores, goldRev: r.g, outputRev: r.o };
});

parentPort!.on('message', (m: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    const results: ScoredPair[] = [];
    for (const [systemId, utteranceId] of m.pairs) {
      const s = scorePair(systemId, utteranceId);
      if (s) results.push(s);
    }
    reply = { type: 'scored', chunk: m.chunk, results };
  } catch (err) {
    reply = { type: 'failed', chunk: m.chunk, message: (err as Error).message };
  }
  parentPort!.postMessage(reply);
});
