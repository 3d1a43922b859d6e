// Correcting the word tier (as in Praat's and ELAN's interval tiers): move a boundary, split, merge,
// insert, delete, retext. Every operation returns whole new gold records in which the trees and the
// entity spans still fit the words, plus notes on anything the change did to them.
import type { GoldRecords, GoldWord } from '../gold/records';
import { refuseUnless } from './editRefused';
import { spliceEntities } from './entities';
import { spliceTrees } from './leafEdit';

/** The shortest word the tier allows, in seconds. */
export const MIN_WORD_SEC = 0.01;
/** Boundaries closer than this are one shared boundary (moved together). */
const SHARED_EPS = 0.0005;

/** The result of a word-tier edit. */
export interface WordEdit {
  gold: GoldRecords;
  notes: string[];
}

/** Times are kept to the millisecond, like the forced alignments they correct. */
export function roundSec(t: number): number {
  return Math.round(t * 1000) / 1000;
}

/** What is wrong with a word text typed by the annotator, or null. */
export function wordTextProblem(text: string): string | null {
  if (text.length === 0) return 'A word cannot be empty.';
  if (/\s/.test(text)) return `A word has no spaces ("${text}"): insert a word for each part.`;
  if (text.length > 500) return 'A word has at most 500 characters.';
  return null;
}

function checkText(text: string): void {
  const p = wordTextProblem(text);
  refuseUnless(p === null, p ?? '');
}

/** Whether word `i`'s edge is shared with its neighbour (no gap between them). */
export function sharesBoundary(words: readonly GoldWord[], i: number, edge: 'start' | 'end'): boolean {
  const w = words[i]!;
  const n = edge === 'start' ? words[i - 1] : words[i + 1];
  if (!n) return false;
  return Math.abs(edge === 'start' ? w.startSec - n.endSec : n.startSec - w.endSec) <= SHARED_EPS;
}

/**
 * Moves the start or end boundary of word `i` to `toSec`. A boundary shared with the neighbour moves for
 * both words; the move is clamped so no word gets shorter than MIN_WORD_SEC and no words overlap, and to
 * `[minSec, maxSec]` (the audio).
 */
export function moveBoundary(
  gold: GoldRecords,
  i: number,
  edge: 'start' | 'end',
  toSec: number,
  limits: { minSec: number; maxSec: number },
): GoldRecords {
  const words = gold.words.map((w) => ({ ...w }));
  const w = words[i];
  refuseUnless(w !== undefined, 'That word no longer exists.');
  const shared = sharesBoundary(gold.words, i, edge);
  let t = roundSec(toSec);
  if (edge === 'start') {
    const prev = words[i - 1];
    const lo = prev ? (shared ? prev.startSec + MIN_WORD_SEC : prev.endSec) : limits.minSec;
    t = Math.min(w.endSec - MIN_WORD_SEC, Math.max(lo, t));
    w.startSec = roundSec(t);
    if (shared) prev!.endSec = w.startSec;
  } else {
    const next = words[i + 1];
    const hi = next ? (shared ? next.endSec - MIN_WORD_SEC : next.startSec) : limits.maxSec;
    t = Math.max(w.startSec + MIN_WORD_SEC, Math.min(hi, t));
    w.endSec = roundSec(t);
    if (shared) next!.startSec = w.endSec;
  }
  return { ...gold, words };
}

function replaceWords(gold: GoldRecords, at: number, remove: number, added: GoldWord[]): WordEdit {
  const oldTexts = gold.words.map((w) => w.text);
  const words = [...gold.words];
  words.splice(at, remove, ...added);
  const trees = spliceTrees(gold.trees, oldTexts, { at, remove, texts: added.map((w) => w.text) });
  const entities = spliceEntities(gold.entities, at, remove, added.length);
  return {
    gold: { ...gold, words, trees: trees.trees, entities: entities.entities },
    notes: [...trees.notes, ...entities.notes],
  };
}

/** Splits word `i` at `atSec` into two words with the given texts (the left one keeps its text by default). */
export function splitWord(gold: GoldRecords, i: number, atSec: number, texts?: [string, string]): WordEdit {
  const w = gold.words[i];
  refuseUnless(w !== undefined, 'Select the word to split.');
  const t = roundSec(atSec);
  refuseUnless(
    t >= w.startSec + MIN_WORD_SEC && t <= w.endSec - MIN_WORD_SEC,
    `The split point must lie inside "${w.text}" (${w.startSec.toFixed(3)}–${w.endSec.toFixed(3)} s).`,
  );
  const [left, right] = texts ?? [w.text, w.text];
  checkText(left);
  checkText(right);
  return replaceWords(gold, i, 1, [
    { text: left, startSec: w.startSec, endSec: t },
    { text: right, startSec: t, endSec: w.endSec },
  ]);
}

/** Merges words `first..last` into one word spanning them (texts joined, unless `text` is given). */
export function mergeWords(gold: GoldRecords, first: number, last: number, text?: string): WordEdit {
  refuseUnless(first >= 0 && last < gold.words.length && first < last, 'Select two or more words to merge.');
  const ws = gold.words.slice(first, last + 1);
  const merged = text ?? ws.map((w) => w.text).join('');
  checkText(merged);
  return replaceWords(gold, first, last - first + 1, [
    { text: merged, startSec: ws[0]!.startSec, endSec: ws[ws.length - 1]!.endSec },
  ]);
}

/**
 * The gap in the word tier that holds `atSec`: where a word would be inserted, and its interval. The
 * utterance's own bounds close the first and the last gap. Null when `atSec` is inside a word or the gap
 * is too short for one.
 */
export function gapAt(
  words: readonly GoldWord[],
  atSec: number,
  bounds: { minSec: number; maxSec: number },
): { index: number; startSec: number; endSec: number } | null {
  let index = 0;
  while (index < words.length && words[index]!.endSec <= atSec) index++;
  const next = words[index];
  if (next && next.startSec < atSec) return null; // inside word `index`
  const startSec = index > 0 ? words[index - 1]!.endSec : Math.min(bounds.minSec, atSec);
  const endSec = next ? next.startSec : Math.max(bounds.maxSec, atSec);
  if (endSec - startSec < MIN_WORD_SEC) return null;
  return { index, startSec, endSec };
}

/** Inserts a word filling the gap that holds `atSec`. */
export function insertWord(
  gold: GoldRecords,
  atSec: number,
  text: string,
  bounds: { minSec: number; maxSec: number },
): WordEdit & { index: number } {
  checkText(text);
  const gap = gapAt(gold.words, atSec, bounds);
  refuseUnless(
    gap !== null,
    'The playhead is not in a gap between words: move it into a pause (or split the word instead).',
  );
  const edit = replaceWords(gold, gap.index, 0, [
    { text, startSec: roundSec(gap.startSec), endSec: roundSec(gap.endSec) },
  ]);
  return { ...edit, index: gap.index };
}

/** Deletes words `first..last`. */
export function deleteWords(gold: GoldRecords, first: number, last: number): WordEdit {
  refuseUnless(first >= 0 && first <= last && last < gold.words.length, 'Select the words to delete.');
  return replaceWords(gold, first, last - first + 1, []);
}

/** Gives word `i` a new text (the trees' leaf follows). */
export function setWordText(gold: GoldRecords, i: number, text: string): WordEdit {
  const w = gold.words[i];
  refuseUnless(w !== undefined, 'That word no longer exists.');
  checkText(text);
  if (text === w.text) return { gold, notes: [] };
  return replaceWords(gold, i, 1, [{ ...w, text }]);
}
