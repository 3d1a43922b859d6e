// The score cache as a report reads it: how many (system, utterance) pairs lack a valid entry, and every
// selected system's scores read from one snapshot. A cache entry is valid, as in `scoreProject`, when it was
// computed with the project's settings signature from the utterance's current gold revision and the
// system's current output revision.
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import type { ScoringContext } from '../scoring/projectScores';
import { readGold } from '../store/goldStore';
import type { Db } from '../store/openDatabase';
import { getSystemOutput, getSystemProfile } from '../store/systemStore';

const VALID = `c.metric = 'utterance' AND c.signature = ?
  AND c.gold_rev = (SELECT gold_rev FROM utterance WHERE id = c.utterance_id)
  AND c.output_rev = (SELECT output_rev FROM system WHERE id = c.system_id)`;

/**
 * How many (system, utterance) pairs of `systemIds` have no valid cached scores under `signature`; every
 * utterance is scored for every system, with or without its output (coverage.ts).
 */
export function missingScores(db: Db, systemIds: readonly number[], signature: string): number {
  // Joined rather than correlated: the app process runs this before each report, so it is kept quick.
  const count = db
    .prepare(
      `SELECT count(*) FROM utterance t
         JOIN system s ON s.id = ?
        WHERE NOT EXISTS (
          SELECT 1 FROM score_cache c WHERE c.system_id = s.id AND c.utterance_id = t.id
            AND c.metric = 'utterance' AND c.signature = ? AND c.gold_rev = t.gold_rev
            AND c.output_rev = s.output_rev)`,
    )
    .pluck();
  let n = 0;
  for (const id of systemIds) n += count.get(id, signature) as number;
  return n;
}

/**
 * Each system's scores by utterance, in the order of `utteranceIds` (those without its output scored as
 * empty hypotheses): the valid cached scores, and any pair without them (changed since it was cached) scored here and
 * passed through JSON as the cache would (an undefined figure reads as null). Nothing is written. Call it
 * inside a read transaction so gold, outputs and cache come from one snapshot.
 */
export function readScores(
  db: Db,
  systemIds: readonly number[],
  utteranceIds: readonly string[],
  ctx: ScoringContext,
): Map<number, Map<string, UtteranceScores>> {
  const valid = db.prepare(
    `SELECT c.utterance_id AS u, c.value AS v FROM score_cache c WHERE c.system_id = ? AND ${VALID}`,
  );
  const out = new Map<number, Map<string, UtteranceScores>>();
  for (const systemId of systemIds) {
    const cached = new Map<string, string>();
    for (const row of valid.all(systemId, ctx.signature) as { u: string; v: string }[])
      cached.set(row.u, row.v);
    const scores = new Map<string, UtteranceScores>();
    for (const u of utteranceIds) {
      const hit = cached.get(u);
      if (hit !== undefined) {
        scores.set(u, JSON.parse(hit) as UtteranceScores);
        continue;
      }
      const output = getSystemOutput(db, systemId, u);
      const profile = getSystemProfile(db, systemId);
      const fresh = scoreUtterance(readGold(db, u), output, ctx.settings, ctx.deps, profile);
      scores.set(u, JSON.parse(JSON.stringify(fresh)) as UtteranceScores);
    }
    out.set(systemId, scores);
  }
  return out;
}
