// The project's scoring settings: which costs align words and concepts, whether case counts, how named
// entities are aligned, judged and mapped (Burger et al.), and whether Struct-IoU matches preterminals
// flexibly (Shi et al. §4). Every figure's own signature names the settings it was computed with; the
// settings signature here keys the score cache, so a change of settings rescores.
import type { ScoringSettings } from '../api/contract';
import type { LexemeAligner } from '../ne/lexemeAligner';
import { type PronunciationLookup, phoneticAligner } from '../ne/phoneticAligner';
import { makeSignature } from '../stats/signature';

/**
 * The defaults, which are what SIEVE scored with before settings existed: sclite costs (Thomae et al. §3),
 * case folded, the text aligner with extent tolerance 1 and greedy mapping (Burger et al. §2.3–2.4), and
 * Struct-IoU's flexible terminal matching as in the published implementation (the module's default).
 */
export const DEFAULT_SCORING_SETTINGS: ScoringSettings = Object.freeze({
  costs: 'sclite',
  ignoreCase: true,
  neAligner: 'text',
  neTolerance: 1,
  neMapping: 'greedy',
  nePunctuation: 'drop',
  flexibleTerminals: true,
  onlyCovered: false,
  normaliser: 'none',
  wordAlignment: 'text',
  collarSec: 0.2,
});

/** What scoring needs from the application process: the phonetic aligner's pronouncing dictionary. */
export interface ScoringDeps {
  /** Word → ARPAbet phones (the CMU dictionary); without it the phonetic aligner uses letter-to-sound. */
  pronunciations?: PronunciationLookup;
  /** The dictionary's name in signatures (`cmudict`). */
  lexicon?: string;
}

// One phonetic aligner per dictionary, so its per-word phone cache lives across utterances.
const phoneticByLookup = new WeakMap<PronunciationLookup, LexemeAligner>();
let phoneticLts: LexemeAligner | null = null;

/** The phonetic aligner over `deps`' dictionary (letter-to-sound only without one). */
export function phoneticAlignerOf(deps: ScoringDeps): LexemeAligner {
  const lookup = deps.pronunciations;
  if (!lookup) return (phoneticLts ??= phoneticAligner());
  let a = phoneticByLookup.get(lookup);
  if (!a) phoneticByLookup.set(lookup, (a = phoneticAligner({ lookup, lexicon: deps.lexicon ?? 'dict' })));
  return a;
}

/**
 * The signature of the settings and dependencies, e.g.
 * `scoring|costs:sclite|case:fold|ne-align:text|ne-tol:1|ne-map:greedy|ne-punct:drop|flex:yes|iou-trees:all|v:0.1.0`; the phonetic
 * aligner adds its lexicon (`ne-lex:cmudict`); a normaliser (`norm:whisper-en-1`) and a GLM file (`glm:` and
 * the first 12 hex digits of its SHA-256) are named only when set, and so is a word alignment other than
 * text (`wer-align:time-mediated`, or `wer-align:collar|collar:0.2`).
 */
export function scoringSignature(settings: ScoringSettings, deps: ScoringDeps = {}): string {
  return makeSignature('scoring', [
    ['costs', settings.costs],
    ['case', settings.ignoreCase ? 'fold' : 'exact'],
    ['ne-align', settings.neAligner],
    ...(settings.neAligner === 'phonetic'
      ? [['ne-lex', deps.pronunciations ? (deps.lexicon ?? 'dict') : 'lts'] as const]
      : []),
    ['ne-tol', settings.neTolerance],
    ['ne-map', settings.neMapping],
    ['ne-punct', settings.nePunctuation],
    ['flex', settings.flexibleTerminals ? 'yes' : 'no'],
    // Named only when set, so the cache keys of projects that never set it stay as they were.
    ...(settings.normaliser !== 'none' ? [['norm', settings.normaliser] as const] : []),
    ...(settings.glm ? [['glm', settings.glm.sha256] as const] : []),
    ...(settings.wordAlignment === 'time-mediated' ? [['wer-align', 'time-mediated'] as const] : []),
    ...(settings.wordAlignment === 'collar'
      ? [['wer-align', 'collar'] as const, ['collar', settings.collarSec] as const]
      : []),
    // Struct-IoU is computed over every tree, typed ones too; scores cached when it covered untyped trees
    // only are keyed without this field and so are computed again.
    ['iou-trees', 'all'],
    // `onlyCovered` is not here: it chooses which utterances a corpus figure combines, not how one is
    // scored, so it does not key the cache; every corpus figure's signature names it (`missing:`).
  ]);
}
