// One (system, utterance) pair scored from the project database, as a score-cache row: the scores as JSON,
// with the revisions of the gold and the output they were computed from. The scoring thread and each
// scoring worker score pairs with it.
import { scoreUtterance } from '../../core/scoring/scoreUtterance';
import { readGold } from '../store/goldStore';
import type { Db } from '../store/openDatabase';
import { type ScoreCacheRow, pairRevisions } from '../store/scoreCache';
import { getSystemOutput, getSystemProfile } from '../store/systemStore';
import type { ScoringContext } from './scoringContext';

/**
 * A scorer of pairs on `db` under `ctx`'s settings; it answers null for a pair whose utterance or system
 * is gone. Call it inside a read transaction where another connection may write, so that the revisions
 * and the records come from one snapshot.
 */
export function pairScorer(
  db: Db,
  ctx: ScoringContext,
): (systemId: number, utteranceId: string) => ScoreCacheRow | null {
  const revisions = pairRevisions(db);
  return (systemId, utteranceId) => {
    const r = revisions(systemId, utteranceId);
    if (!r) return null;
    // Without output here, the parts the system outputs elsewhere are scored as empty hypotheses.
    const output = getSystemOutput(db, systemId, utteranceId);
    const profile = getSystemProfile(db, systemId);
    const scores = scoreUtterance(readGold(db, utteranceId), output, ctx.settings, ctx.deps, profile);
    return {
      systemId,
      utteranceId,
      goldRev: r.goldRev,
      outputRev: r.outputRev,
      value: JSON.stringify(scores),
    };
  };
}
