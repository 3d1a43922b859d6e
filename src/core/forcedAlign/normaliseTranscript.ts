// A transcript as written, split into the words SIEVE stores (their text exactly as written, punctuation
// and case included) and, for each, the token the aligner sees: lower case, without surrounding
// punctuation, numbers spelled out where that is simple.
import { type AlignLang, numberWords } from './numberWords';

export type { AlignLang } from './numberWords';

/** One word of a transcript: its text as written, and what is sent to the aligner for it. */
export interface TranscriptWord {
  /** The word as the transcript writes it, kept as the stored word's text. */
  text: string;
  /** What the aligner sees: lower case, space-separated dictionary words (`twenty twenty four`). */
  token: string;
}

/** A transcript's words, and the pieces of it that are no word (a lone dash or ellipsis). */
export interface NormalisedTranscript {
  words: TranscriptWord[];
  /** Whitespace-separated pieces with no letter or digit, left out (`—`, `...`, `"`). */
  dropped: string[];
}

// A digit, then a no-break space (U+00A0) or narrow no-break space (U+202F) before a group of three digits.
const FRENCH_GROUP = /(\d)([\u00a0\u202f])(?=\d{3}(?!\d))/gu;
// Stand-ins for those spaces while the text is split at white space.
const GROUP_MARK: Readonly<Record<string, string>> = { '\u00a0': '\ue000', '\u202f': '\ue001' };

// Apostrophes written as typographic quotes or accents: the dictionaries use the ASCII one.
const APOSTROPHES = /[\u2019\u2018\u02bc\u0060\u00b4]/gu;
const DASHES = /[\u2010\u2011]/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

// Symbols that stand for a word when they stand alone or close a number (`50%`, `&`).
const SYMBOL_WORDS: Readonly<Record<AlignLang, Readonly<Record<string, string>>>> = {
  'en-us': { '&': 'and', '%': 'percent', '+': 'plus', '@': 'at' },
  'fr-fr': { '&': 'et', '%': 'pour cent', '+': 'plus', '@': 'arobase' },
};

/** Splits one cleaned piece into spoken words: numbers spelled out, other pieces as they are. */
function spoken(piece: string, lang: AlignLang): string[] {
  const number = numberWords(piece, lang);
  if (number) return number;
  // Letters and digits run together (`mp3`, `covid19`), or digits with a mark that makes no number
  // (`0,0`, `1.2.3`): each run on its own, numbers spelled, digit by digit where a run is no number.
  if (
    /\d/u.test(piece) &&
    (/\p{L}/u.test(piece) || /[.,]/u.test(piece)) &&
    !/^\d+(st|nd|rd|th|er|re|e|ème)$/u.test(piece)
  ) {
    const runs = piece.match(/\d+(?:[.,]\d+)*|[^\d]+/gu) ?? [];
    return runs.flatMap((r) => {
      if (!/^\d/u.test(r)) return r.split(/[.,]|^['-]+|['-]+$/u).filter((x) => x !== '');
      return (
        numberWords(r, lang) ??
        r.split(/[.,]/u).flatMap((d) => numberWords(d, lang) ?? [...d].flatMap((c) => numberWords(c, lang)!))
      );
    });
  }
  return [piece];
}

/**
 * The token for one whitespace-separated piece of a transcript, or '' when nothing in it is spoken.
 * Case is folded; punctuation around the word goes; an apostrophe or hyphen inside it stays (`don't`,
 * `aujourd'hui`, `peut-être`: the pronunciation step splits compounds the dictionary lacks); other
 * punctuation inside it separates words (`9:30` is `nine thirty`, `U.S.` is `u s`). A decimal mark
 * between digits (`.` in English, `,` in French) and English thousands separators stay with the number.
 */
export function wordToken(written: string, lang: AlignLang): string {
  const symbols = SYMBOL_WORDS[lang];
  let w = written.normalize('NFC').replace(APOSTROPHES, "'").replace(DASHES, '-').toLowerCase();
  if (lang === 'fr-fr') w = w.replace(FRENCH_GROUP, '$1');
  if (w in symbols) return symbols[w]!;
  const trailing = /^(.*\d)%$/u.exec(w);
  const suffix = trailing ? ` ${symbols['%']}` : '';
  if (trailing) w = trailing[1]!;
  // Keep a decimal mark or thousands separator between digits by marking it before punctuation goes.
  const decimalMark = lang === 'fr-fr' ? ',' : '.';
  w = w.replace(/(\d)([.,])(?=\d)/gu, (_, d: string, mark: string) =>
    mark === decimalMark || (lang === 'en-us' && mark === ',') ? `${d}\u0000${mark}` : `${d} `,
  );
  let out = '';
  for (let i = 0; i < w.length; i++) {
    const c = w[i]!;
    if (c === '\u0000') {
      out += w[++i];
      continue;
    }
    if (WORD_CHAR.test(c) || /\p{M}/u.test(c)) out += c;
    else if ((c === "'" || c === '-') && WORD_CHAR.test(w[i - 1] ?? '') && WORD_CHAR.test(w[i + 1] ?? ''))
      out += c;
    // French elision keeps its apostrophe even before a space-less next word (`l'`, `qu'`).
    else if (c === "'" && lang === 'fr-fr' && i === w.length - 1 && /\p{L}/u.test(w[i - 1] ?? '')) out += c;
    else out += ' ';
  }
  const pieces = out.split(' ').filter((p) => p !== '');
  return pieces.flatMap((p) => spoken(p, lang)).join(' ') + (pieces.length > 0 ? suffix : '');
}

/**
 * Splits `text` into words at white space and gives each its aligner token (`wordToken`). A piece with
 * nothing spoken in it (no letter or digit, and not a symbol read as a word such as `&`) is no word: it
 * is listed in `dropped`.
 */
export function normaliseTranscript(text: string, lang: AlignLang): NormalisedTranscript {
  const words: TranscriptWord[] = [];
  const dropped: string[] = [];
  // French typography groups thousands with a no-break space (`1 000`, `2 500 000`): one number, one word.
  const grouped =
    lang === 'fr-fr'
      ? text.replace(FRENCH_GROUP, (_, d: string, space: string) => `${d}${GROUP_MARK[space]}`)
      : text;
  for (const raw of grouped.split(/\s+/u)) {
    const piece = raw.replace(/[\ue000\ue001]/gu, (m) => (m === '\ue000' ? '\u00a0' : '\u202f'));
    if (piece === '') continue;
    const token = wordToken(piece, lang);
    if (token === '') dropped.push(piece);
    else words.push({ text: piece, token });
  }
  return { words, dropped };
}
