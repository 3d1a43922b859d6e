// Stage 1 (Burger et al. §2.1): "annotation and all punctuation is removed, and all remaining text is
// converted to upper-case". Tags are already gone (the readers take them out); here punctuation goes,
// case is folded, and entity spans follow their words. Times stay with the words. Keeping punctuation
// instead scores every token as conlleval does, so an entity that differs only by a comma is wrong.
import type { EntitySpan, TimedWord } from '../model/annotation';
import type { NeDocument } from './document';

/**
 * What happens to punctuation before alignment: `drop` removes it (Burger et al. §2.1; a token of only
 * punctuation disappears, entity extents shrink to the words left), `keep` keeps every token as written,
 * as conlleval scores CoNLL files.
 */
export type NePunctuation = 'drop' | 'keep';

/** The punctuation rules by name. */
export const NE_PUNCTUATION: readonly NePunctuation[] = ['drop', 'keep'];

/** How words are normalised before alignment. */
export interface NePreprocessOptions {
  /** Fold to upper case, as the paper does (default true). */
  caseFold?: boolean;
  /** Remove punctuation (`drop`, the paper's rule and the default) or keep every token (`keep`). */
  punctuation?: NePunctuation;
}

/**
 * With `drop`, a word with its punctuation and symbols removed, except an apostrophe between letters or
 * digits (`I'M`, `O'BRIEN`); hyphens and periods inside words go too (`U.S.` → `US`). With `keep`, the
 * word as written (`,` stays `,`, `U.S.` stays `U.S.`). Case folded on request; may return ''.
 */
export function normaliseWord(text: string, caseFold = true, punctuation: NePunctuation = 'drop'): string {
  if (punctuation === 'keep') {
    const trimmed = text.trim();
    return caseFold ? trimmed.toUpperCase() : trimmed;
  }
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
 * The document with every word normalised; words left empty (pure punctuation, unless it is kept) are
 * dropped and entity spans renumbered. An entity made only of dropped words disappears; `droppedEntities` counts such entities.
 */
export function preprocessDocument(
  doc: NeDocument,
  options: NePreprocessOptions = {},
): { doc: NeDocument; droppedEntities: number } {
  const caseFold = options.caseFold ?? true;
  const punctuation = options.punctuation ?? 'drop';
  const words: TimedWord[] = [];
  // keptBefore[i]: how many words before word i are kept = the new index of the first kept word from i.
  const keptBefore = new Int32Array(doc.words.length + 1);
  doc.words.forEach((w, i) => {
    keptBefore[i] = words.length;
    const text = normaliseWord(w.text, caseFold, punctuation);
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
  const punctuation = options.punctuation ?? 'drop';
  const keptBefore = new Int32Array(doc.words.length + 1);
  let kept = 0;
  doc.words.forEach((w, i) => {
    keptBefore[i] = kept;
    if (normaliseWord(w.text, caseFold, punctuation) !== '') kept++;
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
