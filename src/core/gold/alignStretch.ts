// Which words a re-alignment moves, and the word tier it gives. The annotator's confirmed words (see
// `isConfirmedWord`) bound the stretch and never move unless the annotator agreed; the words between them
// are aligned again. A word the aligner could not place keeps its times (they are never invented).
import type { GoldWord } from './records';
import { WORD_SOURCE, isConfirmedWord } from './wordMarks';

/** A run of words, by index, first to last inclusive. */
export interface WordRange {
  first: number;
  last: number;
}

/** What to align: words `first..last` within `startSec..endSec`, the `fixed` ones (indices) staying put. */
export interface AlignStretch extends WordRange {
  startSec: number;
  endSec: number;
  fixed: number[];
}

/** Why there is nothing to align, or which confirmed words the annotator must agree to move. */
export type AlignPlan =
  | { kind: 'stretch'; stretch: AlignStretch }
  | { kind: 'confirm'; confirmed: number[] }
  | { kind: 'nothing'; reason: string };

/**
 * Plans a re-alignment of an utterance (`selection` null) or of selected words. The whole utterance is
 * aligned between its edges with every confirmed word fixed. Selected words are aligned together with the
 * unconfirmed words around them up to the nearest confirmed word on each side (or the utterance's edge):
 * the stretch runs from the end of the confirmed word before to the start of the one after. Confirmed words
 * among the selection are moved only with `moveConfirmed`; without it the plan names them, to ask first.
 */
export function planAlignment(
  words: readonly GoldWord[],
  utterance: { startSec: number; endSec: number },
  selection: WordRange | null,
  moveConfirmed: boolean,
): AlignPlan {
  if (words.length === 0) return { kind: 'nothing', reason: 'The utterance has no words to align.' };
  if (!selection) {
    const fixed = words.flatMap((w, i) => (isConfirmedWord(w) ? [i] : []));
    if (fixed.length === words.length)
      return {
        kind: 'nothing',
        reason: 'Every word of the utterance was set by hand: select the words to align again.',
      };
    const startSec = Math.min(utterance.startSec, words[0]!.startSec);
    const endSec = Math.max(utterance.endSec, words[words.length - 1]!.endSec);
    return { kind: 'stretch', stretch: { first: 0, last: words.length - 1, startSec, endSec, fixed } };
  }
  const { first: a, last: b } = selection;
  if (!(Number.isInteger(a) && Number.isInteger(b) && 0 <= a && a <= b && b < words.length))
    return { kind: 'nothing', reason: `The selection (words ${a + 1}–${b + 1}) is not in this utterance.` };
  const confirmed: number[] = [];
  for (let i = a; i <= b; i++) if (isConfirmedWord(words[i]!)) confirmed.push(i);
  if (confirmed.length > 0 && !moveConfirmed) return { kind: 'confirm', confirmed };
  let first = a;
  while (first > 0 && !isConfirmedWord(words[first - 1]!)) first--;
  let last = b;
  while (last < words.length - 1 && !isConfirmedWord(words[last + 1]!)) last++;
  const startSec = first > 0 ? words[first - 1]!.endSec : Math.min(utterance.startSec, words[0]!.startSec);
  const endSec =
    last < words.length - 1 ? words[last + 1]!.startSec : Math.max(utterance.endSec, words[last]!.endSec);
  return { kind: 'stretch', stretch: { first, last, startSec, endSec, fixed: [] } };
}

/** Where the aligner put one word, with its confidence. */
export interface PlacedWord {
  startSec: number;
  endSec: number;
  confidence: number;
}

/** The word tier after a re-alignment, and what became of each word of the stretch. */
export interface AlignedTier {
  words: GoldWord[];
  /** Words that were given new times (or a new confidence). */
  aligned: number[];
  /** Words the aligner could not place: they keep their times. */
  unplaced: number[];
}

/**
 * Puts the aligner's placements (`placed[k]` for word `stretch.first + k`, null where it could not place
 * it) into the word tier: moved words become SIEVE's ('sieve-align', with the aligner's confidence); fixed
 * words and words outside the stretch are unchanged. Returns a reason instead when an unplaced word's old
 * times overlap the new times of its neighbours (there is no tier to give without inventing times).
 */
export function applyPlacements(
  words: readonly GoldWord[],
  stretch: AlignStretch,
  placed: readonly (PlacedWord | null)[],
): AlignedTier | { reason: string } {
  const fixed = new Set(stretch.fixed);
  const out = words.slice();
  const aligned: number[] = [];
  const unplaced: number[] = [];
  for (let i = stretch.first; i <= stretch.last; i++) {
    if (fixed.has(i)) continue;
    const p = placed[i - stretch.first] ?? null;
    if (!p) {
      unplaced.push(i);
      continue;
    }
    const w = words[i]!;
    out[i] = {
      text: w.text,
      startSec: p.startSec,
      endSec: Math.max(p.startSec, p.endSec),
      source: WORD_SOURCE.sieveAlign,
      confidence: Math.min(1, Math.max(0, p.confidence)),
    };
    aligned.push(i);
  }
  for (let i = Math.max(1, stretch.first); i <= Math.min(out.length - 1, stretch.last + 1); i++) {
    const prev = out[i - 1]!;
    const cur = out[i]!;
    if (cur.startSec < prev.endSec)
      return {
        reason:
          `Word ${i} "${prev.text}" (${prev.startSec.toFixed(3)}–${prev.endSec.toFixed(3)} s) and word ${i + 1} ` +
          `"${cur.text}" (${cur.startSec.toFixed(3)}–${cur.endSec.toFixed(3)} s) would overlap: ` +
          `${unplaced.map((k) => `"${words[k]!.text}"`).join(', ') || 'a word'} could not be placed and keeps its old times. ` +
          'Nothing was changed; fix those words by hand, then align again.',
      };
  }
  return { words: out, aligned, unplaced };
}
