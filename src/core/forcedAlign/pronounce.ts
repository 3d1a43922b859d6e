// Pronunciations for the aligner's tokens: the acoustic model's own dictionary first, then the CMU
// Pronouncing Dictionary, then the letter-to-sound rules of the phonetic entity aligner. The dictionaries
// are lookups passed in (they are files read on the Node side), so this stays pure.
import { letterToSound } from '../ne/letterToSound';
import type { AlignLang } from './numberWords';

/** Where a pronunciation came from; `lts` means it was guessed from the spelling. */
export type PronunciationSource = 'model' | 'cmudict' | 'lts';

/** The dictionaries a pronunciation is looked up in; each gives space-separated phones or undefined. */
export interface PronunciationLexicon {
  /** The acoustic model's own dictionary (its first pronunciation of the word). */
  model: (word: string) => string | undefined;
  /** The CMU Pronouncing Dictionary (ARPAbet, stress digits allowed). */
  cmu?: (word: string) => string | undefined;
}

/** A token's pronunciation, where it came from, and which of its words were guessed. */
export interface Pronunciation {
  /**
   * The phones in the model's phone set, or null when the model's dictionary has the token as it is (the
   * aligner then uses every pronunciation it lists) or when nothing in the token can be pronounced.
   */
  phones: string | null;
  /** The least sure source among the token's words: `lts` if any was guessed. */
  source: PronunciationSource;
  /** The token's words pronounced by letter-to-sound rules (the user is told these were guessed). */
  guessed: string[];
}

const RANK: Record<PronunciationSource, number> = { model: 0, cmudict: 1, lts: 2 };

// ARPAbet (the CMU dictionary's and the letter-to-sound rules' phones) in the French model's phone set:
// the nearest French sound, for names and foreign words the French dictionary lacks.
const ARPABET_TO_FRENCH: Readonly<Record<string, string>> = {
  AA: 'aa', AE: 'aa', AH: 'ee', AO: 'oo', AW: 'aa ou', AY: 'aa yy', B: 'bb', CH: 'tt ch', D: 'dd',
  DH: 'dd', EH: 'ai', ER: 'oe rr', EY: 'ei', F: 'ff', G: 'gg', HH: '', IH: 'ii', IY: 'ii', JH: 'dd jj',
  K: 'kk', L: 'll', M: 'mm', N: 'nn', NG: 'nn', OW: 'au', OY: 'oo yy', P: 'pp', R: 'rr', S: 'ss',
  SH: 'ch', T: 'tt', TH: 'ss', UH: 'ou', UW: 'ou', V: 'vv', W: 'ww', Y: 'yy', Z: 'zz', ZH: 'jj',
}; // prettier-ignore

const ARPABET = new Set(Object.keys(ARPABET_TO_FRENCH));

/** ARPAbet phones (stress digits dropped) in `lang`'s phone set; unknown phones (`?`) are left out. */
function inPhoneSet(arpabet: readonly string[], lang: AlignLang): string[] {
  const bare = arpabet.map((p) => p.replace(/\d$/u, '')).filter((p) => ARPABET.has(p));
  if (lang === 'en-us') return bare;
  return bare.flatMap((p) => ARPABET_TO_FRENCH[p]!.split(' ')).filter((p) => p !== '');
}

/** One dictionary word (no space) pronounced by the first source that has it, or its parts. */
function pronounceWord(
  word: string,
  lang: AlignLang,
  lexicon: PronunciationLexicon,
): { phones: string[]; source: PronunciationSource; guessed: string[] } {
  const model = lexicon.model(word);
  if (model !== undefined) return { phones: model.split(' '), source: 'model', guessed: [] };
  const cmu = lexicon.cmu?.(word);
  if (cmu !== undefined) return { phones: inPhoneSet(cmu.split(' '), lang), source: 'cmudict', guessed: [] };
  // A compound the dictionaries lack: its parts (`well-known`, `a-t-il`; French elision `l'homme`).
  const parts =
    lang === 'fr-fr'
      ? word.split(/-|(?<=')/u).filter((p) => p !== '')
      : word.split('-').filter((p) => p !== '');
  if (parts.length > 1) return combine(parts.map((p) => pronounceWord(p, lang, lexicon)));
  // English possessive or contraction of a known word (`smith's`).
  if (lang === 'en-us' && /^.+'s$/u.test(word)) {
    const base = pronounceWord(word.slice(0, -2), lang, lexicon);
    if (base.source !== 'lts') {
      const last = base.phones.at(-1) ?? '';
      const s = ['S', 'Z', 'SH', 'ZH', 'CH', 'JH'].includes(last)
        ? ['IH', 'Z']
        : ['P', 'T', 'K', 'F', 'TH'].includes(last)
          ? ['S']
          : ['Z'];
      return { ...base, phones: [...base.phones, ...s] };
    }
  }
  return { phones: inPhoneSet(letterToSound(word), lang), source: 'lts', guessed: [word] };
}

function combine(parts: readonly ReturnType<typeof pronounceWord>[]): ReturnType<typeof pronounceWord> {
  let source: PronunciationSource = 'model';
  for (const p of parts) if (RANK[p.source] > RANK[source]) source = p.source;
  return {
    phones: parts.flatMap((p) => p.phones),
    source,
    guessed: parts.flatMap((p) => p.guessed),
  };
}

/**
 * The pronunciation of an aligner token (`normaliseTranscript`'s `token`: one or more space-separated
 * words). Each word is looked up in the model's dictionary, then in the CMU dictionary (its phones mapped
 * to the nearest French ones for `fr-fr`), then split into the parts of a compound, and failing all that
 * spelled out by the letter-to-sound rules of the phonetic entity aligner (`source: 'lts'`, listed in
 * `guessed`). A token the model has as it is comes back with `phones: null` and `source: 'model'`.
 */
export function pronounce(token: string, lang: AlignLang, lexicon: PronunciationLexicon): Pronunciation {
  const words = token.split(' ').filter((w) => w !== '');
  if (words.length === 1 && lexicon.model(words[0]!) !== undefined)
    return { phones: null, source: 'model', guessed: [] };
  const p = combine(words.map((w) => pronounceWord(w, lang, lexicon)));
  return { phones: p.phones.length > 0 ? p.phones.join(' ') : null, source: p.source, guessed: p.guessed };
}
