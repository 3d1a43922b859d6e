// The playhead time as a tiny external store: the waveform reports it many times a second during
// playback, and only what depends on it (the playhead line, the time readout, the current word) follows.
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

type Listener = () => void;

/** The playhead position in seconds. */
export class Clock {
  time = 0;
  private readonly listeners = new Set<Listener>();
  private afterTick: ((startMs: number) => void) | null = null;

  set(t: number): void {
    if (t === this.time) return;
    const start = performance.now();
    this.time = t;
    for (const l of this.listeners) l();
    this.afterTick?.(start);
  }

  /**
   * Calls `f` after the listeners of each change, with the `performance.now()` of its start (for measures);
   * returns the function that stops it.
   */
  onTick(f: (startMs: number) => void): () => void {
    this.afterTick = f;
    return () => {
      if (this.afterTick === f) this.afterTick = null;
    };
  }

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

/** A value computed from the playhead time; the component re-renders only when the value changes. */
export function useClock<T>(clock: Clock, select: (t: number) => T): T {
  return useSyncExternalStore(clock.subscribe, () => select(clock.time));
}

/**
 * Calls `apply` with the current word now and whenever the playhead moves to another word, without
 * re-rendering anything: tiers mark their boxes in place. `deps` name what `apply` draws on (the boxes);
 * when they change, the mark is applied again.
 */
export function useCurrentWordEffect(
  clock: Clock,
  words: readonly { startSec: number; endSec: number }[],
  apply: (current: number) => void,
  deps: readonly unknown[],
): void {
  const applyRef = useRef(apply);
  useLayoutEffect(() => {
    applyRef.current = apply;
  });
  useLayoutEffect(() => {
    let shown: number | null = null;
    const update = (): void => {
      const c = currentWordAt(words, clock.time);
      if (c === shown) return;
      shown = c;
      applyRef.current(c);
    };
    update();
    return clock.subscribe(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's
  }, [clock, words, ...deps]);
}

/** Index of the word whose interval holds `t`, or -1 (intervals are half-open, as a playhead crosses them). */
export function wordAt(words: readonly { startSec: number; endSec: number }[], t: number): number {
  let lo = 0;
  let hi = words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = words[mid]!;
    if (t < w.startSec) hi = mid - 1;
    else if (t >= w.endSec) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * The word shown as current at `t`. A word played to its end leaves the playhead on its end boundary,
 * which is also the next word's start: the word just played stays current.
 */
export function currentWordAt(words: readonly { startSec: number; endSec: number }[], t: number): number {
  const i = wordAt(words, t - 0.002);
  return i >= 0 ? i : wordAt(words, t);
}

/** The word nearest to `t` (for pointers over a pause); words are ordered by time. */
export function nearestWord(words: readonly { startSec: number; endSec: number }[], t: number): number {
  // The first word ending at or after `t`: it holds `t`, or `t` is in the pause before it.
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid]!.endSec < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo === words.length) return words.length - 1;
  const w = words[lo]!;
  if (lo === 0 || t >= w.startSec) return lo;
  // Between two words: the closer one (the earlier one on a tie).
  return t - words[lo - 1]!.endSec <= w.startSec - t ? lo - 1 : lo;
}
