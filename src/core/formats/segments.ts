// Splitting one recording's words into utterances: by a tier of segments (utterance intervals of a TextGrid
// or ELAN tier, WhisperX segments) or, without one, at pauses between the words. Words keep their times
// (seconds from the start of the recording); only their grouping and the utterances' extents are made here.
//
// Both splitters take the words of one speaker in time order (each starts at or after the previous one's
// start) and give utterances in time order that do not overlap one another, every word in exactly one of
// them. A word without times goes with the timed word before it (the first timed word when it leads).

/** A stretch of a recording, in seconds. */
export interface TimeSpan {
  startSec: number;
  endSec: number;
}

/** Something with times, or with none (`null`) where an alignment left it untimed. */
export interface MaybeTimed {
  startSec: number | null;
  endSec: number | null;
}

/** One utterance made by a splitter: its extent in the recording and its words, in their order. */
export interface SplitUtterance<W> extends TimeSpan {
  words: W[];
}

/**
 * The margin kept around an utterance's words when it is cut at pauses: half the pause on each side,
 * but at most this much (so an utterance after a long silence does not start with most of it).
 */
export const PAUSE_MARGIN_SEC = 0.25;

/** How `splitAtPauses` cuts a recording. */
export interface PauseSplitOptions {
  /** Cut at every pause (gap between two words) at least this long; no cut at pauses when absent. */
  pauseSec?: number;
  /**
   * The longest utterance, measured from its first word's start to its last word's end: a longer one is
   * cut at its longest pause, again and again. Only a single word can exceed it (it has no pause inside).
   */
  maxSec?: number;
  /** The recording (or the part of it) the utterances lie within; by default its words' span. */
  within?: TimeSpan;
}

// A boundary placed in a pause, to the microsecond (3.85, not 3.8499999999999996).
const micro = (sec: number): number => Math.round(sec * 1e6) / 1e6;

const timed = (w: MaybeTimed): w is TimeSpan => w.startSec !== null && w.endSec !== null;

/** Groups of consecutive word indices, cut before each index of `cuts` (sorted, each in 1..n-1). */
function groupsAt(n: number, cuts: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  for (const c of cuts) {
    out.push([from, c]);
    from = c;
  }
  if (n > 0) out.push([from, n]);
  return out;
}

/**
 * Cuts `words` into utterances at pauses (`options.pauseSec`) and within utterances longer than
 * `options.maxSec` (at the longest pause inside, ties going to the pause nearest its middle). With
 * neither option the words stay one utterance. Each utterance spans its words plus a margin of half the
 * pause to its neighbour (at most `PAUSE_MARGIN_SEC`, to the microsecond), kept within `options.within`; with no timed word at
 * all, the one utterance spans `options.within` (or is [0, 0]).
 */
export function splitAtPauses<W extends MaybeTimed>(
  words: readonly W[],
  options: PauseSplitOptions = {},
): SplitUtterance<W>[] {
  if (words.length === 0) return [];
  // The timed words (by index) are what pauses are measured between.
  const at: number[] = [];
  const spans: TimeSpan[] = [];
  words.forEach((w, i) => {
    if (!timed(w)) return;
    at.push(i);
    spans.push({ startSec: w.startSec, endSec: w.endSec });
  });
  const t = (k: number): TimeSpan => spans[k]!;
  if (at.length === 0) {
    const span = options.within ?? { startSec: 0, endSec: 0 };
    return [{ startSec: span.startSec, endSec: span.endSec, words: [...words] }];
  }
  const gap = (k: number): number => t(k).startSec - t(k - 1).endSec;
  // Cuts between timed words k-1 and k, as k.
  const cuts: number[] = [];
  if (options.pauseSec !== undefined)
    for (let k = 1; k < at.length; k++) if (gap(k) >= options.pauseSec) cuts.push(k);
  let groups = groupsAt(at.length, cuts);
  if (options.maxSec !== undefined) {
    const max = options.maxSec;
    const done: [number, number][] = [];
    const todo = [...groups].reverse();
    while (todo.length > 0) {
      const [a, b] = todo.pop()!;
      if (b - a < 2 || t(b - 1).endSec - t(a).startSec <= max) {
        done.push([a, b]);
        continue;
      }
      const mid = (t(a).startSec + t(b - 1).endSec) / 2;
      let best = a + 1;
      for (let k = a + 2; k < b; k++) {
        const d = gap(k) - gap(best);
        if (d > 0 || (d === 0 && Math.abs(t(k).startSec - mid) < Math.abs(t(best).startSec - mid))) best = k;
      }
      // The second half is taken after the first, so that the groups come out in order.
      todo.push([best, b], [a, best]);
    }
    groups = done;
  }
  const first = t(0).startSec;
  const last = t(at.length - 1).endSec;
  const within = options.within ?? { startSec: first, endSec: last };
  return groups.map(([a, b], g) => {
    // Untimed words before the first timed word go with the first group; the others with the timed word
    // before them.
    const fromWord = g === 0 ? 0 : at[a]!;
    const toWord = g === groups.length - 1 ? words.length : at[b]!;
    const before = g === 0 ? t(a).startSec - within.startSec : gap(a);
    const after = g === groups.length - 1 ? within.endSec - t(b - 1).endSec : gap(b);
    const lead = Math.max(0, Math.min(PAUSE_MARGIN_SEC, g === 0 ? before : before / 2));
    const tail = Math.max(0, Math.min(PAUSE_MARGIN_SEC, g === groups.length - 1 ? after : after / 2));
    return {
      startSec: Math.min(t(a).startSec, Math.max(within.startSec, micro(t(a).startSec - lead))),
      endSec: Math.max(t(b - 1).endSec, Math.min(within.endSec, micro(t(b - 1).endSec + tail))),
      words: words.slice(fromWord, toWord),
    };
  });
}

/** How much of `w` lies in `s` (negative: how far apart they are). */
function overlap(w: TimeSpan, s: TimeSpan): number {
  return Math.min(w.endSec, s.endSec) - Math.max(w.startSec, s.startSec);
}

/**
 * Puts each word in one of `segments`: the one it overlaps most (ties: the earlier), or, overlapping none,
 * the nearest one. Segments are taken in time order; one that ends up without a word makes no utterance.
 * An utterance spans its segment, widened to its words where a word sticks out, and where two utterances
 * would then overlap, the boundary between them moves to the nearest word edge (never through a word).
 */
export function splitBySegments<W extends MaybeTimed>(
  words: readonly W[],
  segments: readonly TimeSpan[],
): SplitUtterance<W>[] {
  if (words.length === 0) return [];
  const segs = [...segments].sort((p, q) => p.startSec - q.startSec || p.endSec - q.endSec);
  if (segs.length === 0) return splitAtPauses(words);
  // The segment of each word, never before the previous word's (words are in time order).
  const of: number[] = new Array<number>(words.length).fill(-1);
  let floor = 0;
  words.forEach((w, i) => {
    if (!timed(w)) return;
    const mid = (w.startSec + w.endSec) / 2;
    // The last segment starting at or before the word's middle, and its neighbours.
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const m = (lo + hi + 1) >> 1;
      if (segs[m]!.startSec <= mid) lo = m;
      else hi = m - 1;
    }
    let best = -1;
    for (let k = Math.max(floor, lo - 1); k <= Math.min(segs.length - 1, lo + 1); k++)
      if (best < 0 || overlap(w, segs[k]!) > overlap(w, segs[best]!)) best = k;
    if (best < 0) best = floor;
    of[i] = best;
    floor = best;
  });
  // Untimed words go with the timed word before them (the first timed word's segment when they lead).
  const firstTimed = of.find((s) => s >= 0) ?? 0;
  let carry = firstTimed;
  for (let i = 0; i < words.length; i++) {
    if (of[i]! < 0) of[i] = carry;
    else carry = of[i]!;
  }
  const out: (SplitUtterance<W> & { seg: number })[] = [];
  words.forEach((w, i) => {
    const s = of[i]!;
    let u = out[out.length - 1];
    if (!u || u.seg !== s) {
      u = { seg: s, startSec: segs[s]!.startSec, endSec: segs[s]!.endSec, words: [] };
      out.push(u);
    }
    u.words.push(w);
    if (timed(w)) {
      u.startSec = Math.min(u.startSec, w.startSec);
      u.endSec = Math.max(u.endSec, w.endSec);
    }
  });
  // The first timed word's start and the last one's end.
  const edges = (u: SplitUtterance<W>): [number, number] | null => {
    let span: [number, number] | null = null;
    for (const w of u.words) if (timed(w)) span = [span?.[0] ?? w.startSec, w.endSec];
    return span;
  };
  for (let k = 1; k < out.length; k++) {
    const prev = out[k - 1]!;
    const next = out[k]!;
    if (prev.endSec <= next.startSec) continue;
    const lastEnd = edges(prev)?.[1] ?? prev.startSec;
    const firstStart = edges(next)?.[0] ?? next.endSec;
    const b = Math.min(Math.max(next.startSec, lastEnd), firstStart);
    prev.endSec = b;
    next.startSec = b;
  }
  return out.map(({ startSec, endSec, words: ws }) => ({ startSec, endSec, words: ws }));
}
