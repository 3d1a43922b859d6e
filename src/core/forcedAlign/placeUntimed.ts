// Words an aligner left without times (WhisperX's numbers, Gentle's `not-found-in-audio`) placed between
// their timed neighbours: a plan of the stretches to send to SIEVE's aligner, each run of untimed words
// with the timed words on either side kept fixed, and the merge of what the aligner found back into the
// words. Timed words never move; a word the aligner could not place keeps no time.

/** A word that may lack times. */
export interface MaybeTimedWord {
  startSec: number | null;
  endSec: number | null;
}

/** One run of untimed words and the room the audio leaves for it. */
export interface UntimedStretch {
  /** Index of the first and last untimed word of the run (inclusive). */
  first: number;
  last: number;
  /** The room for the run: from the timed word before it (or the utterance's start) to the one after it. */
  startSec: number;
  endSec: number;
  /** Indexes of the timed neighbours that stay fixed, when there are any. */
  before?: number;
  after?: number;
}

/** A run that cannot be placed, and why. */
export interface UnplaceableRun {
  first: number;
  last: number;
  reason: string;
}

/** The stretches to align, and the runs with no room to place them in. */
export interface UntimedPlan {
  stretches: UntimedStretch[];
  unplaceable: UnplaceableRun[];
}

/** The least room (seconds per word) a run needs: three 10 ms frames for each of a few phones. */
export const MIN_SEC_PER_WORD = 0.06;

const timed = (w: MaybeTimedWord): boolean => w.startSec !== null && w.endSec !== null;

/**
 * Plans where untimed words go: each maximal run of untimed words gets the room between the end of the
 * timed word before it (or `extent.startSec`) and the start of the one after it (or `extent.endSec`).
 * A run with less than `minSecPerWord` per word of room is unplaceable, with the reason.
 */
export function planUntimed(
  words: readonly MaybeTimedWord[],
  extent: { startSec: number; endSec: number },
  options: { minSecPerWord?: number } = {},
): UntimedPlan {
  const minSecPerWord = options.minSecPerWord ?? MIN_SEC_PER_WORD;
  const stretches: UntimedStretch[] = [];
  const unplaceable: UnplaceableRun[] = [];
  let i = 0;
  while (i < words.length) {
    if (timed(words[i]!)) {
      i++;
      continue;
    }
    const first = i;
    while (i < words.length && !timed(words[i]!)) i++;
    const last = i - 1;
    const before = first > 0 ? first - 1 : undefined;
    const after = i < words.length ? i : undefined;
    const startSec = before !== undefined ? words[before]!.endSec! : extent.startSec;
    const endSec = after !== undefined ? words[after]!.startSec! : extent.endSec;
    const count = last - first + 1;
    const room = endSec - startSec;
    if (!(room >= count * minSecPerWord)) {
      unplaceable.push({
        first,
        last,
        reason:
          room <= 0
            ? `no room: the words either side leave no time between ${startSec} s and ${endSec} s`
            : `too little room for ${count} word(s): ${Math.round(room * 1000)} ms between ${startSec} s and ${endSec} s`,
      });
      continue;
    }
    const stretch: UntimedStretch = { first, last, startSec, endSec };
    if (before !== undefined) stretch.before = before;
    if (after !== undefined) stretch.after = after;
    stretches.push(stretch);
  }
  return { stretches, unplaceable };
}

/** Times the aligner found for one word of a stretch (null: it could not place it). */
export type PlacedTimes = { startSec: number; endSec: number; confidence: number } | null;

/** A word after placement: `placed` when SIEVE's aligner gave it its times. */
export type PlacedWord<W extends MaybeTimedWord> = W & { placed?: { confidence: number } };

/**
 * Puts the aligner's times for each stretch's words (`results[k]` for `plan.stretches[k]`, one entry per
 * untimed word of the run, in order) into a copy of `words`. Times that fall outside the stretch's room,
 * overlap the word before, or end before they start are not taken: the word stays untimed and is listed
 * in `notPlaced`, as is every word of an unplaceable run. Timed words are returned unchanged.
 */
export function mergePlaced<W extends MaybeTimedWord>(
  words: readonly W[],
  plan: UntimedPlan,
  results: readonly (readonly PlacedTimes[])[],
): { words: PlacedWord<W>[]; notPlaced: number[] } {
  const out: PlacedWord<W>[] = words.map((w) => ({ ...w }));
  const notPlaced: number[] = [];
  for (const run of plan.unplaceable) for (let i = run.first; i <= run.last; i++) notPlaced.push(i);
  plan.stretches.forEach((s, k) => {
    const found = results[k] ?? [];
    let prevEnd = s.startSec;
    for (let i = s.first; i <= s.last; i++) {
      const t = found[i - s.first] ?? null;
      const fits =
        t !== null &&
        Number.isFinite(t.startSec) &&
        Number.isFinite(t.endSec) &&
        t.startSec >= prevEnd - 1e-9 &&
        t.endSec >= t.startSec &&
        t.endSec <= s.endSec + 1e-9;
      if (!fits) {
        notPlaced.push(i);
        continue;
      }
      out[i] = { ...out[i]!, startSec: t.startSec, endSec: t.endSec, placed: { confidence: t.confidence } };
      prevEnd = t.endSec;
    }
  });
  notPlaced.sort((a, b) => a - b);
  return { words: out, notPlaced };
}
