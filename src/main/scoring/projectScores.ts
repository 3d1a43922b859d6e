// Scores of every system over a project, through the score cache: what the dashboard, `score:corpus`
// and `sieve report` show. The cache key names the project's scoring settings, so a change of settings
// rescores and changing them back finds the earlier scores again.
import type { ScoringSettings } from '../../core/api/contract';
import type { SystemOutput } from '../../core/model/systemOutput';
import { type CorpusFigure, corpusScores, coverageOf } from '../../core/scoring/corpusScores';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { type ScoringDeps, scoringSignature } from '../../core/scoring/settings';
import type { ProjectStore } from '../store/projectStore';
import {
  type ScoreKey,
  getCachedScore,
  getSystemOutput,
  getSystemProfile,
  putCachedScore,
} from '../store/systemStore';
import { cmuScoringDeps } from './pronunciations';

/** The version of `UtteranceScores`' shape in the cache; bumped whenever a field changes meaning. */
export const SCORE_CACHE_SHAPE = 5;

/** The settings a project is scored with, what they need, and the cache signature naming both. */
export interface ScoringContext {
  settings: ScoringSettings;
  deps: ScoringDeps;
  signature: string;
}

/** The scoring context for `settings`: the CMU dictionary is loaded only for the phonetic aligner. */
export function scoringContextFor(settings: ScoringSettings): ScoringContext {
  const deps = settings.neAligner === 'phonetic' ? cmuScoringDeps() : {};
  return {
    settings,
    deps,
    signature: `utterance|shape:${SCORE_CACHE_SHAPE}|${scoringSignature(settings, deps)}`,
  };
}

/** The open project's scoring context. */
export function scoringContext(store: ProjectStore): ScoringContext {
  return scoringContextFor(store.scoringSettings().settings);
}

/** The cache key of one utterance's scores: one entry holds every part, each with its own signature. */
export function scoreCacheKey(systemId: number, utteranceId: string, ctx: ScoringContext): ScoreKey {
  return { systemId, utteranceId, metric: 'utterance', signature: ctx.signature };
}

/**
 * One utterance's scores for a system, from the cache or computed and cached, with the system's output
 * (null where it has none: its parts are then scored as empty hypotheses, see coverage.ts).
 */
export function utteranceScores(
  store: ProjectStore,
  systemId: number,
  utteranceId: string,
  ctx: ScoringContext = scoringContext(store),
): { scores: UtteranceScores; output: SystemOutput | null; cached: boolean } {
  const output = getSystemOutput(store.db, systemId, utteranceId);
  const key = scoreCacheKey(systemId, utteranceId, ctx);
  const hit = getCachedScore(store.db, key) as UtteranceScores | undefined;
  if (hit) return { scores: hit, output, cached: true };
  const profile = getSystemProfile(store.db, systemId);
  const gold = store.goldState(utteranceId).gold;
  const scores = scoreUtterance(gold, output, ctx.settings, ctx.deps, profile);
  putCachedScore(store.db, key, scores);
  return { scores, output, cached: false };
}

/** Every utterance's scores of one system, by utterance id, in this thread (see `scoreProject`). */
export function systemScores(
  store: ProjectStore,
  systemId: number,
  ctx: ScoringContext = scoringContext(store),
): Map<string, UtteranceScores> {
  const m = new Map<string, UtteranceScores>();
  for (const u of store.listUtterances()) m.set(u.id, utteranceScores(store, systemId, u.id, ctx).scores);
  return m;
}

/** Corpus figures of every system. */
export function projectReport(
  store: ProjectStore,
): { systemId: number; name: string; figures: CorpusFigure[] }[] {
  const ctx = scoringContext(store);
  return store.systems().map((s) => ({
    systemId: s.id,
    name: s.name,
    figures: corpusScores([...systemScores(store, s.id, ctx).values()], {
      coverage: coverageOf(ctx.settings),
    }),
  }));
}
