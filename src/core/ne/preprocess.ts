// Stage 1 (Burger et al. §2.1): "annotation and all punctuation is removed, and all remaining text is
// converted to upper-case". Tags are already gone (the readers take them out); here punctuation goes,
// case is folded, and entity spans follow their words. Times stay with the words.
import type { EntitySpan, TimedWord } from '../model/annotation';
import type { NeDocument } from './document';

/** How words are normalised before alignment. */
export interface NePreprocessOptions {
  /** Fold to upper case, as the paper does (default true). */
  caseFold?: boolean;
}

/**
 * A word with its punctuation and symbols removed, except an apostrophe between letters or digits
 * (`I'M`, `O'BRIEN`); hyphens and periods inside words go too (`U.S.` → `US`). May return ''.
 */
export function normaliseWord(text: string, caseFold = true): string {
  const kept = text.replace(/[\p{P}\p{S}]/gu, (ch, at: number, all: string) => {
    const isApostrophe = ch === "'" || ch === '\u2019';
    if (!isApostrophe) return '';
    const before = all[at - 1] ?? '';
    const after = all[at + 1] ?? '';
    return /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after) ? "'" : '';
  });
  const trimmed = kept.trim();
  return caseFold ? trimmed.toUpperCase() : trimmed;
}

/**
 * The document with every word normalised; words left empty (pure punctuation) are dropped and entity
 * spans renumbered. An entity made only of dropped words disappears; `droppedEntities` counts such entities.
 */
export function preprocessDocument(
  doc: NeDocument,
  options: NePreprocessOptions = {},
): { doc: NeDocument; droppedEntities: number } {
  const caseFold = options.caseFold ?? true;
  const words: TimedWord[] = [];
  // keptBefore[i]: how many words before word i are kept = the new index of the first kept word from i.
  const keptBefore = new Int32Array(doc.words.length + 1);
  doc.words.forEach((w, i) => {
    keptBefore[i] = words.length;
    const text = normaliseWord(w.text, caseFold);
    if (text !== '') words.push({ ...w, text });
  });
  keptBefore[doc.words.length] = words.length;
  const entities: EntitySpan[] = [];
  let droppedEntities = 0;
  for (const e of doc.entities) {
    const first = keptBefore[e.firstWord]!;
    const last = keptBefore[e.lastWord + 1]! - 1;
    if (last < first) droppedEntities++;
    else entities.push({ type: e.type, firstWord: first, lastWord: last });
  }
  return { doc: { words, entities }, droppedEntities };
}

/**
 * The indices of `doc`'s entities that `preprocessDocument` keeps (those with a word left after
 * punctuation is removed), each word normalised once.
 */
export function keptEntityIndices(doc: NeDocument, options: NePreprocessOptions = {}): number[] {
  const caseFold = options.caseFold ?? true;
  const keptBefore = new Int32Array(doc.words.length + 1);
  let kept = 0;
  doc.words.forEach((w, i) => {
    keptBefore[i] = kept;
    if (normaliseWord(w.text, caseFold) !== '') kept++;
  });
  keptBefore[doc.words.length] = kept;
  const out: number[] = [];
  doc.entities.forEach((e, k) => {
    // The same test as preprocessDocument's (an entity beyond the words is not counted as dropped).
    const first = keptBefore[e.firstWord]!;
    const last = keptBefore[e.lastWord + 1]! - 1;
    if (!(last < first)) out.push(k);
  });
  return out;
}
