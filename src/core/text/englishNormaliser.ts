// `whisper-en-1`: an English text normaliser in the spirit of the one OpenAI's Whisper is evaluated with
// (Radford et al. 2022, appendix C): case, bracketed asides, fillers, contractions and titles,
// punctuation and diacritics, spelled-out numbers and British spellings, so that a word error is a
// mis-recognised word and not a difference of writing. Written here from those rules; the spelling
// table is small and its own. Any change of behaviour gets a new name (`whisper-en-2`).
import { numbersToDigits } from './englishNumbers';

/** The normalisers `--normalise` accepts, by name (the name enters every signature). */
export const NORMALISERS = ['whisper-en-1'] as const;

/** A normaliser's name. */
export type NormaliserName = (typeof NORMALISERS)[number];

// Whole-word replacements, applied in order (titles with their optional period are handled first).
const TITLES: Record<string, string> = {
  mr: 'mister', mrs: 'missus', ms: 'miss', dr: 'doctor', prof: 'professor', st: 'saint',
  capt: 'captain', gov: 'governor', gen: 'general', sen: 'senator', rep: 'representative',
  pres: 'president', rev: 'reverend', hon: 'honorable', asst: 'assistant', assoc: 'associate',
  lt: 'lieutenant', col: 'colonel', jr: 'junior', sr: 'senior', esq: 'esquire',
}; // prettier-ignore
const WHOLE: Record<string, string> = {
  "won't": 'will not', "can't": 'can not', "let's": 'let us', "ain't": 'aint', "y'all": 'you all',
  wanna: 'want to', gotta: 'got to', gonna: 'going to', "i'ma": 'i am going to', imma: 'i am going to',
  woulda: 'would have', coulda: 'could have', shoulda: 'should have', "ma'am": 'madam',
}; // prettier-ignore
// Contracted endings, longest first ("'d been" before "'d"), as whole-word patterns over the text.
const ENDINGS: [RegExp, string][] = [
  [/'d been\b/g, ' had been'],
  [/'s been\b/g, ' has been'],
  [/'d gone\b/g, ' had gone'],
  [/'s gone\b/g, ' has gone'],
  [/n't\b/g, ' not'],
  [/'re\b/g, ' are'],
  [/'s\b/g, ' is'],
  [/'d\b/g, ' would'],
  [/'ll\b/g, ' will'],
  [/'t\b/g, ' not'],
  [/'ve\b/g, ' have'],
  [/'m\b/g, ' am'],
];
const wordPattern = (table: Record<string, string>): RegExp =>
  new RegExp(`(?<![\\w'])(${Object.keys(table).join('|')})(?![\\w'])`, 'g');
const TITLE_RE = wordPattern(TITLES);
const WHOLE_RE = wordPattern(WHOLE);
// British → American spellings (a small table of frequent words; endings are matched whole-word).
const SPELLINGS: Record<string, string> = {
  colour: 'color', colours: 'colors', favourite: 'favorite', favourites: 'favorites',
  honour: 'honor', labour: 'labor', neighbour: 'neighbor', neighbours: 'neighbors',
  behaviour: 'behavior', humour: 'humor', flavour: 'flavor', harbour: 'harbor', rumour: 'rumor',
  centre: 'center', centres: 'centers', theatre: 'theater', metre: 'meter', metres: 'meters',
  litre: 'liter', litres: 'liters', fibre: 'fiber', organise: 'organize', organised: 'organized',
  organisation: 'organization', realise: 'realize', realised: 'realized', recognise: 'recognize',
  recognised: 'recognized', apologise: 'apologize', analyse: 'analyze', analysed: 'analyzed',
  travelling: 'traveling', travelled: 'traveled', traveller: 'traveler', cancelled: 'canceled',
  modelling: 'modeling', labelled: 'labeled', grey: 'gray', programme: 'program',
  programmes: 'programs', defence: 'defense', offence: 'offense', licence: 'license',
  catalogue: 'catalog', dialogue: 'dialog', analogue: 'analog', jewellery: 'jewelry',
  tyre: 'tire', tyres: 'tires', aluminium: 'aluminum', aeroplane: 'airplane', cheque: 'check',
  mum: 'mom', practise: 'practice', enrol: 'enroll', fulfil: 'fulfill', pyjamas: 'pajamas',
}; // prettier-ignore
const LIGATURES: Record<string, string> = { æ: 'ae', œ: 'oe', ø: 'o', ß: 'ss', ł: 'l', đ: 'd', þ: 'th' };
const KEEP = new Set(['.', '%', '$', '¢', '€', '£']);

/** Symbols and diacritics to spaces (accents dropped after NFKD), keeping `. % $ ¢ € £` for numbers. */
function dropSymbols(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFKD')) {
    if (KEEP.has(ch) || ch === "'") out += ch;
    else if (LIGATURES[ch] !== undefined) out += LIGATURES[ch];
    else if (/\p{M}/u.test(ch)) continue;
    else if (/[\p{S}\p{P}]/u.test(ch)) out += ' ';
    else out += ch;
  }
  return out;
}

/**
 * Normalises English text, `whisper-en-1`: (1) lower case, typographic apostrophes as `'`; (2) text
 * in `[…]`, `<…>` and `(…)` removed; (3) the fillers hmm, mm, mhm, mmm, uh, um removed; (4) titles (`mr.` → mister …) and contractions
 * (`won't` → will not, `n't` → not, `'re` → are, `'s` → is, `'ll` → will …) expanded; (5) commas
 * between digits and periods not before a digit removed, other symbols and diacritics dropped (`.%$¢€£`
 * kept for numbers, apostrophes then removed); (6) spelled-out numbers to digits (`numbersToDigits`);
 * (7) British spellings to American from a small table; (8) white space collapsed. Returns the words.
 */
export function normaliseEnglish(text: string): string[] {
  let s = text.toLowerCase().replace(/[‘’]/g, "'");
  s = s.replace(/[<[][^>\]]*[>\]]/g, ' ').replace(/\([^)]*\)/g, ' ');
  s = s.replace(/(?<![\w'])(hmm|mm|mhm|mmm|uh|um)(?![\w'])/g, ' ');
  s = s.replace(/\s+'/g, "'");
  s = s.replace(WHOLE_RE, (w) => WHOLE[w]!).replace(TITLE_RE, (w) => `${TITLES[w]!} `);
  for (const [re, rep] of ENDINGS) s = s.replace(re, rep);
  s = s.replace(/(\d),(\d)/g, '$1$2').replace(/\.(?!\d)/g, ' ');
  s = dropSymbols(s).replace(/'/g, '');
  const words = s.split(/\s+/).filter((w) => w !== '');
  const spelled = numbersToDigits(words).map((w) => SPELLINGS[w] ?? w);
  // Currency and percent signs not next to a number, and lone periods, become spaces.
  const out: string[] = [];
  for (const w of spelled) {
    const cleaned = w
      .replace(/[.$¢€£](?=\D|$)/g, ' ')
      .replace(/(^|\D)%/g, '$1 ')
      .trim();
    for (const part of cleaned.split(/\s+/)) if (part !== '') out.push(part);
  }
  return out;
}

/**
 * The normalised words of a transcript and, for each, the index of the written word it comes from —
 * when the text normalises word by word (no number or contraction spans two written words); otherwise
 * `sources` is null (the tokens are still those of the whole text).
 */
export function normaliseWithSources(
  name: NormaliserName,
  words: readonly string[],
): { tokens: string[]; sources: number[] | null } {
  const tokens = normaliseWords(name, words);
  const each = words.map((w) => normaliseWords(name, [w]));
  const flat = each.flat();
  const same = flat.length === tokens.length && flat.every((t, k) => t === tokens[k]);
  return { tokens, sources: same ? each.flatMap((ts, i) => ts.map(() => i)) : null };
}

/** The words of `words` (one transcript) normalised by the named normaliser. */
export function normaliseWords(name: NormaliserName, words: readonly string[]): string[] {
  switch (name) {
    case 'whisper-en-1':
      return normaliseEnglish(words.join(' '));
  }
}
