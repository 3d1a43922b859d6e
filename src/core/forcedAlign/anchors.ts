// Cutting an alignment into pieces the aligner can search: the stretches between words whose times are
// fixed, and, within a long stretch, windows that start on an anchor (the end of a confidently aligned
// word) so that a recording of minutes or hours is never one search that runs out of beam.
import { AppError } from '../errors';

/** A word's place as an aligner window reports it. */
export interface PlacedWord {
  startSec: number;
  endSec: number;
  confidence: number;
}

/** Words `[firstWord, endWord)` to be aligned in the audio `[fromSec, toSec]`. */
export interface Stretch {
  fromSec: number;
  toSec: number;
  firstWord: number;
  endWord: number;
}

/** A word whose times must not move. */
export interface FixedTimes {
  index: number;
  startSec: number;
  endSec: number;
}

/**
 * The stretches left to align when the words `fixed` keep their times: before the first fixed word,
 * between each two, and after the last, each with the audio between its fixed neighbours (or the
 * request's ends). Stretches without words are left out. Throws `INVALID_INPUT` for fixed words out of
 * range, out of order, overlapping, or outside `[fromSec, toSec]`.
 */
export function stretchesBetweenFixed(
  wordCount: number,
  fixed: readonly FixedTimes[],
  fromSec: number,
  toSec: number,
): Stretch[] {
  const sorted = [...fixed].sort((a, b) => a.index - b.index);
  const bad = (why: string): AppError => new AppError('INVALID_INPUT', `Fixed words: ${why}.`);
  let prevIndex = -1;
  let prevEnd = fromSec;
  const out: Stretch[] = [];
  for (const f of sorted) {
    if (!Number.isInteger(f.index) || f.index < 0 || f.index >= wordCount)
      throw bad(`index ${f.index} is not one of the ${wordCount} words`);
    if (f.index === prevIndex) throw bad(`word ${f.index} is given twice`);
    if (!(f.startSec <= f.endSec))
      throw bad(`word ${f.index} ends (${f.endSec}) before it starts (${f.startSec})`);
    if (f.startSec < prevEnd - 1e-9)
      throw bad(`word ${f.index} starts at ${f.startSec} s, before the previous fixed time ${prevEnd} s`);
    if (f.endSec > toSec + 1e-9)
      throw bad(`word ${f.index} ends at ${f.endSec} s, after the audio's end ${toSec} s`);
    if (f.index > prevIndex + 1)
      out.push({ fromSec: prevEnd, toSec: f.startSec, firstWord: prevIndex + 1, endWord: f.index });
    prevIndex = f.index;
    prevEnd = f.endSec;
  }
  if (prevIndex + 1 < wordCount)
    out.push({ fromSec: prevEnd, toSec, firstWord: prevIndex + 1, endWord: wordCount });
  return out;
}

/**
 * Aligns words `[firstWord, endWord)` in `[fromSec, toSec]`: one entry per word, or null if the search
 * failed. An `open` window ends inside the speech: the words are the first ones of the stretch that may
 * fit, and those the audio has no room for come back null (the search may stop after any word).
 */
export type AlignWindow = (
  fromSec: number,
  toSec: number,
  firstWord: number,
  endWord: number,
  open: boolean,
) => Promise<(PlacedWord | null)[] | null>;

/** How long stretches are cut into windows. */
export interface WindowOptions {
  /** The audio of one window, seconds; a stretch up to `finalShare` × this is aligned whole. */
  windowSec: number;
  /** A stretch no longer than `finalShare` × `windowSec` is aligned in one window. */
  finalShare: number;
  /** Words ending within this share of a window are kept; the next window starts at the last anchor there. */
  acceptShare: number;
  /** An open window is offered the words the mean rate puts in this many times its length. */
  overfill: number;
  /**
   * In an open window, a word longer than this many seconds per unit of weight (per phone), or than
   * `longestWordSec` if that is more, is taken for a search that gave up and stretched it over the rest
   * of the window: it and the words after it are not kept.
   */
  secPerWeight: number;
  longestWordSec: number;
  /**
   * In an open window, a pause longer than this between two placed words ends what is kept: a search
   * that gave up there explains the speech after it as silence and places the next words too late.
   */
  longestPauseSec: number;
  /** An anchor is the last of `anchorRun` consecutive words with at least this confidence. */
  anchorConfidence: number;
  anchorRun: number;
}

/**
 * The defaults: 10 s windows offered the words of 12 s, the first 90 % kept, anchors on three words of
 * confidence ≥ 0.5. With the wide beams every word the search has reached stays active, so a window's cost
 * grows with its length times its words: short windows keep a long recording as fast as short utterances.
 */
export const DEFAULT_WINDOWS: WindowOptions = {
  windowSec: 10,
  finalShare: 1.5,
  acceptShare: 0.9,
  overfill: 1.2,
  secPerWeight: 0.25,
  longestWordSec: 1,
  longestPauseSec: 1,
  anchorConfidence: 0.5,
  anchorRun: 3,
};

/**
 * Aligns a stretch window by window. Each window starts at an anchor (the stretch's start, then the end
 * of the last word of a confident run) and is open at its end: it is offered the words that the stretch's
 * mean speaking rate (per unit of `weights`, e.g. phones per word) puts in `overfill` times its length, and
 * the search keeps those that fit; the words of its first `acceptShare` up to the last anchor
 * there (or, without a confident run, up to the last word placed there) are kept, and the next window
 * re-aligns from that anchor on. A window that places no word there is tried again twice as long, up to
 * the rest of the stretch, which is aligned in one last window. `onWindow`
 * hears where the kept words end. Words of a window whose search failed stay null.
 */
export async function alignInWindows(
  stretch: Stretch,
  weights: readonly number[],
  alignWindow: AlignWindow,
  options: WindowOptions = DEFAULT_WINDOWS,
  onWindow?: (doneSec: number) => void,
): Promise<{ words: (PlacedWord | null)[]; windows: number; failedWindows: number }> {
  const n = stretch.endWord - stretch.firstWord;
  const words: (PlacedWord | null)[] = new Array<PlacedWord | null>(n).fill(null);
  let cur = stretch.fromSec;
  let i = 0;
  let windowSec = options.windowSec;
  let windows = 0;
  let failedWindows = 0;
  const weight = (k: number): number => Math.max(weights[stretch.firstWord + k] ?? 1, 1e-6);
  while (i < n) {
    const restSec = stretch.toSec - cur;
    if (restSec <= windowSec * options.finalShare) {
      windows++;
      const got = await alignWindow(cur, stretch.toSec, stretch.firstWord + i, stretch.endWord, false);
      if (got) for (let k = i; k < n; k++) words[k] = got[k - i] ?? null;
      else failedWindows++;
      break;
    }
    let restWeight = 0;
    for (let k = i; k < n; k++) restWeight += weight(k);
    const secPerWeight = restSec / restWeight;
    let j = i;
    let acc = 0;
    while (j < n && (acc + weight(j)) * secPerWeight <= windowSec * options.overfill) acc += weight(j++);
    j = Math.max(j, i + 1);
    const winEnd = cur + windowSec;
    windows++;
    const got = await alignWindow(cur, winEnd, stretch.firstWord + i, stretch.firstWord + j, true);
    if (got) {
      const stretched = got.findIndex((w, k) => {
        if (!w) return false;
        const prev = k > 0 ? got[k - 1] : null;
        const longest = Math.max(options.longestWordSec, options.secPerWeight * weight(i + k));
        return (
          w.endSec - w.startSec > longest ||
          (prev != null && w.startSec - prev.endSec > options.longestPauseSec)
        );
      });
      if (stretched >= 0) got.fill(null, stretched);
    }
    const limit = cur + options.acceptShare * windowSec;
    // A confident run if there is one; else the last word placed in the kept part, so that a stretch of
    // doubtful words costs windows of the usual length, not ever longer ones.
    let anchor = got ? lastAnchor(got, limit, options) : -1;
    if (got && anchor < 0) anchor = lastPlaced(got, limit);
    if (!got || anchor < 0) {
      if (!got) failedWindows++;
      windowSec *= 2;
      continue;
    }
    for (let k = 0; k <= anchor; k++) words[i + k] = got[k] ?? null;
    cur = got[anchor]!.endSec;
    i += anchor + 1;
    windowSec = options.windowSec;
    onWindow?.(cur);
  }
  onWindow?.(stretch.toSec);
  return { words, windows, failedWindows };
}

/** The index of the last word of an unbroken run of placed words from the first that ends by `limitSec`, or −1. */
export function lastPlaced(got: readonly (PlacedWord | null)[], limitSec: number): number {
  let best = -1;
  for (let k = 0; k < got.length; k++) {
    const w = got[k];
    if (!w || w.endSec > limitSec) break;
    best = k;
  }
  return best;
}

/** The index of the last word ending by `limitSec` that closes a run of confident words, or −1. */
export function lastAnchor(
  got: readonly (PlacedWord | null)[],
  limitSec: number,
  options: WindowOptions,
): number {
  let run = 0;
  let best = -1;
  for (let k = 0; k < got.length; k++) {
    const w = got[k];
    if (!w || w.endSec > limitSec) break;
    run = w.confidence >= options.anchorConfidence ? run + 1 : 0;
    if (run >= options.anchorRun) best = k;
  }
  return best;
}
