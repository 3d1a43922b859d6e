// Where a gold word's times come from, and which words the annotator has confirmed. Every word is stored
// with a `source` and a `confidence`; an edit decides them for the words it changes, so undo, redo and
// re-alignment restore them exactly.
import type { GoldDiff } from './diff';
import type { GoldRecords, GoldWord } from './records';

/**
 * The `source` values SIEVE itself writes. Imported alignments keep 'import' or the name of their format
 * ('textgrid', 'json', 'ctm' …).
 */
export const WORD_SOURCE = {
  /** The annotator set one of the word's times by hand (dragged, typed, split, inserted): confirmed. */
  manual: 'manual',
  /** The annotator changed the word's text and left its times as they were: not confirmed. */
  edited: 'edited',
  /** SIEVE's forced aligner placed the word; it has a confidence. */
  sieveAlign: 'sieve-align',
  /** Imported with the corpus. */
  import: 'import',
} as const;

/**
 * A confirmed word: the annotator set its times by hand (source 'manual'). Re-alignment keeps confirmed
 * words where they are and aligns only between them, unless the annotator agrees to move them. A word
 * whose text alone was corrected ('edited') is not confirmed: aligning the utterance again places it.
 */
export function isConfirmedWord(w: GoldWord): boolean {
  return w.source === WORD_SOURCE.manual;
}

/** Below this confidence the studio marks a word for the annotator to listen to. */
export const LOW_CONFIDENCE = 0.5;

/** A word SIEVE aligned with a confidence below `LOW_CONFIDENCE`. */
export function isLowConfidence(w: GoldWord): boolean {
  return w.confidence != null && w.confidence < LOW_CONFIDENCE;
}

function timesKey(w: GoldWord): string {
  return `${w.startSec}\u0000${w.endSec}`;
}

function wordKey(w: GoldWord): string {
  return `${w.startSec}\u0000${w.endSec}\u0000${w.text}`;
}

/** `w` with `source` and with `confidence` (left out when undefined: a word without one has no key). */
function withMarks(w: GoldWord, source: string, confidence: number | undefined): GoldWord {
  const { confidence: _old, ...rest } = w;
  return confidence === undefined ? { ...rest, source } : { ...rest, source, confidence };
}

/**
 * `after` with every word's source set, and its confidence where it has one. A word with the text and times
 * of a word of `before` is one the edit left alone (moved along by an insertion, say): it keeps its marks,
 * taken from that word where it carries none. Any other word is new or changed: with `mode` 'edit' it
 * becomes `source`'s with no confidence, whatever it carries (an edit by hand; 'edited' instead when only
 * its text changed and its times were not `source`'s); with 'given' it keeps its
 * own marks and only a missing source is filled with `source`. Returns `after` itself when nothing changed.
 */
export function markWords(
  before: readonly GoldWord[],
  after: readonly GoldWord[],
  source: string,
  mode: 'edit' | 'given',
): GoldWord[] {
  const known = new Map<string, GoldWord>();
  const sameTimes = new Map<string, GoldWord>();
  for (const b of before) {
    if (!known.has(wordKey(b))) known.set(wordKey(b), b);
    if (!sameTimes.has(timesKey(b))) sameTimes.set(timesKey(b), b);
  }
  // A word edited by hand whose times are a word's of `before` had only its text changed: its times are
  // still that word's, confirmed only if they were.
  const byHand = (w: GoldWord): string => {
    const t = sameTimes.get(timesKey(w));
    return t && t.source !== source ? WORD_SOURCE.edited : source;
  };
  let changed = false;
  const out = after.map((w) => {
    const b = known.get(wordKey(w));
    const next = b
      ? withMarks(w, w.source ?? b.source ?? source, 'source' in w ? w.confidence : b.confidence)
      : mode === 'edit'
        ? withMarks(w, byHand(w), undefined)
        : withMarks(w, w.source ?? source, w.confidence);
    if (
      next.source !== w.source ||
      next.confidence !== w.confidence ||
      'confidence' in next !== 'confidence' in w
    )
      changed = true;
    return next;
  });
  return changed ? out : (after as GoldWord[]);
}

/** `next` with the words an edit by hand changed marked as the annotator's (see `markWords`). */
export function markManualEdit(current: GoldRecords, next: GoldRecords): GoldRecords {
  if (next.words === current.words) return next;
  const words = markWords(current.words, next.words, WORD_SOURCE.manual, 'edit');
  return words === next.words ? next : { ...next, words };
}

/**
 * `diff` with every word's marks present, so it applies to stored words (which always carry them) and
 * undoes exactly. Words of `before` without marks take those of the stored word at the same place when it
 * has the same text and times (a diff recorded before words had marks, or sent by a client that leaves
 * them out); `after` is marked as `markWords` does with `source` and `mode`.
 */
export function completeWordDiff(
  diff: GoldDiff,
  stored: readonly GoldWord[],
  source: string,
  mode: 'edit' | 'given',
): GoldDiff {
  return diff.map((c) => {
    if (c.field !== 'words' || !Array.isArray(c.before) || !Array.isArray(c.after)) return c;
    const before = (c.before as unknown[]).map((w, i) => {
      const s = stored[i];
      if (!s || !isPlainWord(w) || wordKey(w) !== wordKey(s)) return w;
      return 'source' in w ? w : withMarks(w, s.source ?? WORD_SOURCE.import, s.confidence);
    });
    const beforeWords = before.filter(isPlainWord);
    const afterWords = c.after as unknown[];
    if (!afterWords.every(isPlainWord)) return { ...c, before };
    return { ...c, before, after: markWords(beforeWords, afterWords, source, mode) };
  });
}

/** A value shaped enough like a word to be marked (the diff's schema check comes after). */
function isPlainWord(w: unknown): w is GoldWord {
  return (
    typeof w === 'object' &&
    w !== null &&
    typeof (w as GoldWord).text === 'string' &&
    typeof (w as GoldWord).startSec === 'number' &&
    typeof (w as GoldWord).endSec === 'number'
  );
}
