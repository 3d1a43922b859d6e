// From the words of a transcript to what sclite aligns: its syntax read (alternations, `@`, tags,
// escapes), case folded, optionally split into characters (sclite `-c`), as a network when needed.
import { parseTranscriptItems } from '../formats/trn';
import { characterTokens } from './characters';
import { type NetworkOptions, type WordNetwork, buildNetwork } from './network';

export type { CharacterOptions } from './characters';

/** How a transcript's words are read before alignment. */
export interface TranscriptReading extends NetworkOptions {
  /** Read sclite's transcript syntax (alternations, `@`, `;tags`, `\` escapes); off: words as written. */
  syntax?: boolean;
  /** Fold case (`toLowerCase`) before anything else, as sclite does without `-s`. */
  fold?: boolean;
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
    for (let k = 0; k < n; k++) {
      const c = w.charCodeAt(k);
      if (c === 123 /* { */ || c === 59 /* ; */ || c === 92 /* \\ */) return true;
    }
  }
  return false;
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
  return buildNetwork(parseTranscriptItems(text).items, reading);
}
