// The score cache as a report reads it: how many (system, utterance) pairs lack a valid entry, and every
// selected system's scores read from one snapshot. A cache entry is valid, as in `scoreProject`, when it was
// computed with the project's settings signature from the utterance's current gold revision and the
// system's current output revision.
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import type { ScoringContext } from '../scoring/projectScores';
import { readGold } from '../store/goldStore';
import type { Db } from '../store/openDatabase';
import { getSystemOutput } from '../store/systemStore';

const VALID = `c.metric = 'utterance' AND c.signature = ?
  AND c.gold_rev = (SELECT gold_rev FROM utterance WHERE id = c.utterance_id)
  AND c.output_rev = (SELECT output_rev FROM system WHERE id = c.system_id)`;

/** How many pairs of `systemIds` that have an output have no valid cached scores under `signature`. */
export function missingScores(db: Db, systemIds: readonly number[], signature: string): number {
  // Joined rather than correlated: the app process runs this before each report, so it is kept quick.
  const count = db
    .prepare(
      `SELECT count(*) FROM system_output o
         JOIN utterance t ON t.id = o.utterance_id
         JOIN system s ON s.id = o.system_id
        WHERE o.system_id = ? AND NOT EXISTS (
          SELECT 1 FROM score_cache c WHERE c.system_id = o.system_id AND c.utterance_id = o.utterance_id
            AND c.metric = 'utterance' AND c.signature = ? AND c.gold_rev = t.gold_rev
            AND c.output_rev = s.output_rev)`,
    )
    .pluck();
  let n = 0;
  for (const id of systemIds) n += count.get(id, signature) as number;
  return n;
}

/**
 * Each system's scores by utterance, in the order of `utteranceIds`, for the utterances it has output
 * for: the valid cached scores, and any pair without them (changed since it was cached) scored here and
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
  const withOutput = db.prepare('SELECT utterance_id FROM system_output WHERE system_id = ?').pluck();
  const out = new Map<number, Map<string, UtteranceScores>>();
  for (const systemId of systemIds) {
    const cached = new Map<string, string>();
    for (const row of valid.all(systemId, ctx.signature) as { u: string; v: string }[])
      cached.set(row.u, row.v);
    const has = new Set(withOutput.all(systemId) as string[]);
    const scores = new Map<string, UtteranceScores>();
    for (const u of utteranceIds) {
      if (!has.has(u)) continue;
      const hit = cached.get(u);
      if (hit !== undefined) {
        scores.set(u, JSON.parse(hit) as UtteranceScores);
        continue;
      }
      const output = getSystemOutput(db, systemId, u);
      if (!output) continue;
      const fresh = scoreUtterance(readGold(db, u), output, ctx.settings, ctx.deps);
      scores.set(u, JSON.parse(JSON.stringify(fresh)) as UtteranceScores);
    }
    out.set(systemId, scores);
  }
  return out;
}
