// Scores of a project's (system, utterance) pairs as `scoreProject` gives them: parsed, or still the JSON
// the score cache holds (cheap to hand to another thread, which parses them there).
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';

/** Scores per system id: utterance id → scores, in the project's utterance order. */
export type ProjectScores = Map<number, Map<string, UtteranceScores>>;

/** Scores per system id as the score cache holds them: utterance id → scores as JSON, in project order. */
export type ProjectScoresJson = Map<number, Map<string, string>>;

/** The scores parsed from the JSON the cache holds (an undefined figure reads as null). */
export function parseScores(json: ProjectScoresJson): ProjectScores {
  const out: ProjectScores = new Map();
  for (const [systemId, m] of json) {
    const scores = new Map<string, UtteranceScores>();
    for (const [u, v] of m) scores.set(u, JSON.parse(v) as UtteranceScores);
    out.set(systemId, scores);
  }
  return out;
}
