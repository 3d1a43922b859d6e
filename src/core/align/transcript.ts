// From the words of a transcript to what sclite aligns: its syntax read (alternations, `@`, tags,
// escapes), case folded, optionally split into characters (sclite `-c`), as a network when needed.
import { type TranscriptItem, parseTranscriptItems } from '../formats/trn';
import { type NetworkOptions, type WordNetwork, buildNetwork } from './network';

/** sclite's `-c` options: `NOASCII` keeps runs of ASCII letters whole, `DH` deletes hyphens. */
export interface CharacterOptions {
  noAscii?: boolean;
  deleteHyphens?: boolean;
}

/** How a transcript's words are read before alignment. */
export interface TranscriptReading extends NetworkOptions {
  /** Read sclite's transcript syntax (alternations, `@`, `;tags`, `\` escapes); off: words as written. */
  syntax?: boolean;
  /** Fold case (`toLowerCase`) before anything else, as sclite does without `-s`. */
  fold?: boolean;
  /** Split words into characters (sclite `-c`). */
  characters?: CharacterOptions;
}

/**
 * Whether the words need the network path (or the token transforms of sclite's syntax): false means
 * aligning the words as a plain sequence gives sclite's result.
 */
export function needsNetwork(words: readonly string[], reading: TranscriptReading): boolean {
  if (!reading.syntax) return false;
  for (const w of words) {
    const n = w.length;
    if (n === 0) continue;
    if (n === 1) {
      if (w === '@' || w === '{') return true;
      continue;
    }
    const first = w.charCodeAt(0);
    const last = w.charCodeAt(n - 1);
    if (last === 42 /* * */) return true;
    if (reading.optionalDeletable && first === 40 && last === 41) return true;
    if (reading.fragments && (first === 45 || last === 45)) return true;
    if (w.includes('{') || w.includes(';') || w.includes('\\')) return true;
  }
  return false;
}

/**
 * sclite's split of a word into characters (SCTK `text.c`, `TEXT_separate_chars`): one token per
 * character (Unicode code point, as sclite's `-e utf-8`), except that with `noAscii` consecutive ASCII
 * characters stay one token, and with `deleteHyphens` hyphens are dropped. A one-character word is
 * kept as it is (sclite does not expand it, hyphen included).
 */
export function characterTokens(word: string, options: CharacterOptions = {}): string[] {
  const chars = Array.from(word);
  if (chars.length <= 1) return chars.length === 1 ? [word] : [];
  const out: string[] = [];
  let lastAscii = false;
  for (const ch of chars) {
    if (options.deleteHyphens && ch === '-') continue;
    const ascii = ch.charCodeAt(0) < 128;
    if (options.noAscii && ascii && lastAscii && out.length > 0) out[out.length - 1] += ch;
    else out.push(ch);
    lastAscii = ascii;
  }
  return out;
}

function splitItems(
  items: readonly TranscriptItem[],
  chars: CharacterOptions,
  optDel: boolean,
): TranscriptItem[] {
  const out: TranscriptItem[] = [];
  for (const item of items) {
    if (typeof item !== 'string') {
      out.push({ alternatives: item.alternatives.map((alt) => splitItems(alt, chars, optDel)) });
    } else if (optDel && item.length > 2 && item.startsWith('(') && item.endsWith(')')) {
      // sclite splits the inner word and marks every character optionally deletable (`align.c`).
      for (const c of characterTokens(item.slice(1, -1), chars)) out.push(`(${c})`);
    } else out.push(...characterTokens(item, chars));
  }
  return out;
}

/** The tokens of plain words as aligned (split into characters, folded first, when `reading` says). */
export function plainTokens(words: readonly string[], reading: TranscriptReading): readonly string[] {
  let out = words;
  if (reading.characters) {
    // sclite folds the text before splitting it (a folded letter may be two characters); plain words
    // are folded by the word codes instead, without a copy.
    if (reading.fold) out = out.map((w) => w.toLowerCase());
    const c = reading.characters;
    const split: string[] = [];
    for (const w of out) split.push(...characterTokens(w, c));
    out = split;
  }
  return out;
}

/** The network sclite aligns for these words (they are re-joined and read with sclite's syntax). */
export function transcriptNetwork(words: readonly string[], reading: TranscriptReading): WordNetwork {
  let text = words.join(' ');
  if (reading.fold) text = text.toLowerCase();
  let { items } = parseTranscriptItems(text);
  if (reading.characters) items = splitItems(items, reading.characters, reading.optionalDeletable === true);
  return buildNetwork(items, reading);
}
