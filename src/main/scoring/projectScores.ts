// Scores of every system over a project, through the score cache: what the dashboard, `score:corpus`
// and `sieve report` show.
import type { SystemOutput } from '../../core/model/systemOutput';
import { type CorpusFigure, corpusScores } from '../../core/scoring/corpusScores';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { SIEVE_VERSION } from '../../core/version';
import type { ProjectStore } from '../store/projectStore';
import { getCachedScore, getSystemOutput, putCachedScore } from '../store/systemStore';

/** One utterance's scores for a system, from the cache or computed and cached; null without output. */
export function utteranceScores(
  store: ProjectStore,
  systemId: number,
  utteranceId: string,
): { scores: UtteranceScores; output: SystemOutput; cached: boolean } | null {
  const output = getSystemOutput(store.db, systemId, utteranceId);
  if (!output) return null;
  // One cache entry holds every part; each part carries its own settings signature.
  const key = {
    systemId,
    utteranceId,
    metric: 'utterance',
    signature: `utterance|shape:2|v:${SIEVE_VERSION}`,
  };
  const hit = getCachedScore(store.db, key) as UtteranceScores | undefined;
  if (hit) return { scores: hit, output, cached: true };
  const scores = scoreUtterance(store.goldState(utteranceId).gold, output);
  putCachedScore(store.db, key, scores);
  return { scores, output, cached: false };
}

/** Every utterance's scores of one system, by utterance id. */
export function systemScores(store: ProjectStore, systemId: number): Map<string, UtteranceScores> {
  const m = new Map<string, UtteranceScores>();
  for (const u of store.listUtterances()) {
    const r = utteranceScores(store, systemId, u.id);
    if (r) m.set(u.id, r.scores);
  }
  return m;
}

/** Corpus figures of every system. */
export function projectReport(
  store: ProjectStore,
): { systemId: number; name: string; figures: CorpusFigure[] }[] {
  return store.systems().map((s) => ({
    systemId: s.id,
    name: s.name,
    figures: corpusScores([...systemScores(store, s.id).values()]),
  }));
}
