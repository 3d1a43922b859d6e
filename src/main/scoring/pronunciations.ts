// The CMU Pronouncing Dictionary for the phonetic entity aligner, loaded (3.6 MB) only when the project's
// settings ask for that aligner, and once per process.
import { createRequire } from 'node:module';
import type { ScoringDeps } from '../../core/scoring/settings';

let dictionary: Record<string, string> | undefined;

function lookupOf(d: Record<string, string>): ScoringDeps {
  return { pronunciations: (w) => d[w.toLowerCase()]?.split(' '), lexicon: 'cmudict' };
}
let deps: ScoringDeps | undefined;

/** The dictionary as scoring dependencies, loaded synchronously on first use (Node loads ES modules by require). */
export function cmuScoringDeps(): ScoringDeps {
  if (!deps) {
    dictionary ??= (
      createRequire(import.meta.url)('cmu-pronouncing-dictionary') as {
        dictionary: Record<string, string>;
      }
    ).dictionary;
    deps = lookupOf(dictionary);
  }
  return deps;
}
