// One (system, utterance) pair scored from the project database, as a score-cache row: the scores as JSON,
// with the revisions of the gold and the output they were computed from. The scoring thread and each
// scoring worker score pairs with it.
import { corpusItem } from '../../core/scoring/corpusScores';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { readGold } from '../store/goldStore';
import type { Db } from '../store/openDatabase';
import { type ScoreCacheRow, pairRevisions } from '../store/scoreCache';
import { getSystemOutput, getSystemProfile } from '../store/systemStore';
import type { ScoringContext } from './scoringContext';
import type { PairReply, ScoredPair } from './workerProtocol';

/** A pair's scores, and its cache row (the scores as JSON with their revisions). */
export interface PairScores {
  row: ScoreCacheRow;
  scores: UtteranceScores;
}

/**
 * A scorer of pairs on `db` under `ctx`'s settings; it answers null for a pair whose utterance or system
 * is gone. Call it inside a read transaction where another connection may write, so that the revisions
 * and the records come from one snapshot.
 */
export function pairScorer(
  db: Db,
  ctx: ScoringContext,
): (systemId: number, utteranceId: string) => PairScores | null {
  const revisions = pairRevisions(db);
  return (systemId, utteranceId) => {
    const r = revisions(systemId, utteranceId);
    if (!r) return null;
    // Without output here, the parts the system outputs elsewhere are scored as empty hypotheses.
    const output = getSystemOutput(db, systemId, utteranceId);
    const profile = getSystemProfile(db, systemId);
    const scores = scoreUtterance(readGold(db, utteranceId), output, ctx.settings, ctx.deps, profile);
    return {
      row: {
        systemId,
        utteranceId,
        goldRev: r.goldRev,
        outputRev: r.outputRev,
        value: JSON.stringify(scores),
      },
      scores,
    };
  };
}

/** What scoring hands back of a pair: the parts `reply` asks for. */
export function scoredPair({ row, scores }: PairScores, reply: PairReply): ScoredPair {
  return {
    systemId: row.systemId,
    utteranceId: row.utteranceId,
    ...(reply.json ? { value: row.value } : {}),
    ...(reply.corpus ? { corpus: corpusItem(scores) } : {}),
    ...(reply.corpus && scores.goldNotes ? { goldNotes: scores.goldNotes } : {}),
  };
}
