// The settings a project is scored with and the score cache's signature for them. The signature names the
// settings and the shape of the cached scores, so a change of settings rescores and changing them back
// finds the earlier scores again.
import type { ScoringSettings } from '../../core/api/contract';
import { type ScoringDeps, scoringSignature } from '../../core/scoring/settings';
import type { ProjectStore } from '../store/projectStore';
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
