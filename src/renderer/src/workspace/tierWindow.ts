// Which boxes a tier draws: only the words in the visible time range plus a margin, and, where words are
// narrower than a few pixels at the zoom, runs of them drawn as one box. What is drawn is bounded by the
// tier's width on screen, not by the length of the recording.

/** A time interval on the axis, in seconds. */
export interface Span {
  startSec: number;
  endSec: number;
}

/** What the axis shows: pixels per second, scroll offset and visible width, in pixels. */
export interface View {
  pps: number;
  scrollPx: number;
  widthPx: number;
}

/** One drawn box: words `first..last` (one word, or a run too narrow to draw one by one). */
export interface DrawnBox {
  first: number;
  last: number;
}

/** A run of words starting closer than this many pixels to the run's first word is drawn as one box. */
export const GROUP_PX = 4;

/** The time range drawn for `view`: the visible range and one more width of it on each side. */
export function drawnRange(view: View): Span {
  const pps = view.pps > 0 ? view.pps : 1;
  const start = view.scrollPx / pps;
  const width = Math.max(view.widthPx, 1) / pps;
  return { startSec: start - width, endSec: start + 2 * width };
}

/** The visible time range of `view`. */
export function visibleRange(view: View): Span {
  const pps = view.pps > 0 ? view.pps : 1;
  return { startSec: view.scrollPx / pps, endSec: (view.scrollPx + Math.max(view.widthPx, 1)) / pps };
}

/** Whether `inner` lies within `outer`. */
export function covers(outer: Span, inner: Span): boolean {
  return outer.startSec <= inner.startSec && inner.endSec <= outer.endSec;
}

/**
 * The indices `[first, last)` of the words (ordered by time, not overlapping) that meet `range`: the
 * first whose end is at or after its start, up to the last whose start is at or before its end.
 */
export function wordsIn(words: readonly Span[], range: Span): [number, number] {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.endSec < range.startSec) lo = mid + 1;
    else hi = mid;
  }
  const first = lo;
  hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.startSec <= range.endSec) lo = mid + 1;
    else hi = mid;
  }
  return [first, lo];
}

/**
 * The boxes for words `[from, to)` at `pps` pixels per second: each word alone, except that a word
 * starting less than `GROUP_PX` pixels after the first word of the box before joins that box. So
 * consecutive boxes start at least `GROUP_PX` pixels apart, and their number is bounded by the drawn
 * width whatever the number of words.
 */
export function groupWords(words: readonly Span[], from: number, to: number, pps: number): DrawnBox[] {
  const out: DrawnBox[] = [];
  let box: DrawnBox | null = null;
  let boxStart = 0;
  for (let i = from; i < to; i++) {
    const w = words[i]!;
    if (box && (w.startSec - boxStart) * pps < GROUP_PX) {
      box.last = i;
      continue;
    }
    box = { first: i, last: i };
    boxStart = w.startSec;
    out.push(box);
  }
  return out;
}

/** The position in `boxes` (ordered) of the box holding word `i`, or -1. */
export function boxOf(boxes: readonly DrawnBox[], i: number): number {
  let lo = 0;
  let hi = boxes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const b = boxes[mid]!;
    if (i < b.first) hi = mid - 1;
    else if (i > b.last) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/** The positions in `boxes` of the boxes holding any of words `first..last`, as `[from, to)`. */
export function boxesOf(boxes: readonly DrawnBox[], first: number, last: number): [number, number] {
  if (first < 0 || last < first) return [0, 0];
  let lo = 0;
  let hi = boxes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (boxes[mid]!.last < first) lo = mid + 1;
    else hi = mid;
  }
  const from = lo;
  hi = boxes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (boxes[mid]!.first <= last) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}

/**
 * The boxes to draw of `spans` (in any order; null for one that cannot be placed) that meet `range`, at
 * `pps` pixels per second. Spans are drawn in lanes (`lane(i)`, e.g. a tree's rows; the spans of one lane
 * do not overlap): within a lane, a span starting less than `GROUP_PX` pixels after the first span of the
 * box before joins that box. Each box lists its spans' indices in time order, and the boxes come lane by
 * lane, in time order. So the boxes of a lane are bounded by the drawn width, whatever the number of spans;
 * the spans outside `range` are only looked at, never drawn.
 */
export function spanBoxes(
  spans: readonly (Span | null)[],
  range: Span,
  pps: number,
  lane: (i: number) => number = () => 0,
): number[][] {
  const inRange: number[] = [];
  for (let i = 0; i < spans.length; i++) {
    const s = spans[i];
    if (s && s.endSec >= range.startSec && s.startSec <= range.endSec) inRange.push(i);
  }
  inRange.sort((a, b) => lane(a) - lane(b) || spans[a]!.startSec - spans[b]!.startSec || a - b);
  const out: number[][] = [];
  let box: number[] | null = null;
  let boxLane = 0;
  let boxStart = 0;
  for (const i of inRange) {
    const s = spans[i]!;
    const l = lane(i);
    if (box && l === boxLane && (s.startSec - boxStart) * pps < GROUP_PX) {
      box.push(i);
      continue;
    }
    box = [i];
    boxLane = l;
    boxStart = s.startSec;
    out.push(box);
  }
  return out;
}
