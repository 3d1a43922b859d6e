// The pronunciation dictionaries on the Node side: the acoustic model's own (shipped in the soundswallower
// package, one per language) and the CMU Pronouncing Dictionary, read once per process, as lookups for
// the pure `pronounce`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AlignLang } from '../../core/forcedAlign/normaliseTranscript';
import type { PronunciationLexicon } from '../../core/forcedAlign/pronounce';
import { cmuScoringDeps } from '../scoring/pronunciations';

/** The folder of soundswallower's acoustic model for `lang` (its `dict.txt`, `mdef` …). */
export function modelDir(lang: AlignLang): string {
  const entry = createRequire(import.meta.url).resolve('soundswallower');
  return path.join(path.dirname(entry), 'model', lang);
}

const models = new Map<AlignLang, Map<string, string>>();

/** The model's dictionary: each word's first pronunciation (`word(2)` variants are the aligner's business). */
function modelDictionary(lang: AlignLang): Map<string, string> {
  let d = models.get(lang);
  if (d) return d;
  d = new Map();
  const text = fs.readFileSync(path.join(modelDir(lang), 'dict.txt'), 'utf8');
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(';;')) continue;
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space);
    if (word.endsWith(')') && /\(\d+\)$/u.test(word)) continue;
    if (!d.has(word)) d.set(word, line.slice(space + 1).trim());
  }
  models.set(lang, d);
  return d;
}

/** The lexicon `pronounce` looks words up in for `lang`: the model's dictionary, then the CMU dictionary. */
export function pronunciationLexicon(lang: AlignLang): PronunciationLexicon {
  const model = modelDictionary(lang);
  const cmu = cmuScoringDeps();
  return {
    model: (w) => model.get(w),
    cmu: (w) => cmu.pronunciations?.(w)?.join(' '),
  };
}
