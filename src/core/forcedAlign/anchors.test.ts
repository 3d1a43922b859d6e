import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOWS, alignInWindows, lastAnchor, lastPlaced, stretchesBetweenFixed } from './anchors';
import type { AlignWindow, PlacedWord } from './anchors';

describe('stretchesBetweenFixed', () => {
  it('cuts around fixed words, leaving out stretches without words', () => {
    expect(stretchesBetweenFixed(6, [], 0, 5)).toEqual([{ fromSec: 0, toSec: 5, firstWord: 0, endWord: 6 }]);
    expect(
      stretchesBetweenFixed(
        6,
        [
          { index: 3, startSec: 2, endSec: 2.5 },
          { index: 0, startSec: 0.1, endSec: 0.4 },
          { index: 4, startSec: 2.5, endSec: 3 },
        ],
        0,
        5,
      ),
    ).toEqual([
      { fromSec: 0.4, toSec: 2, firstWord: 1, endWord: 3 },
      { fromSec: 3, toSec: 5, firstWord: 5, endWord: 6 },
    ]);
  });

  it('refuses fixed words out of range, repeated, overlapping or past the audio', () => {
    expect(() => stretchesBetweenFixed(2, [{ index: 2, startSec: 0, endSec: 1 }], 0, 5)).toThrow(
      'Fixed words: index 2 is not one of the 2 words.',
    );
    expect(() =>
      stretchesBetweenFixed(
        3,
        [
          { index: 0, startSec: 0, endSec: 1 },
          { index: 1, startSec: 0.5, endSec: 2 },
        ],
        0,
        5,
      ),
    ).toThrow('word 1 starts at 0.5 s, before the previous fixed time 1 s');
    expect(() => stretchesBetweenFixed(3, [{ index: 1, startSec: 2, endSec: 1 }], 0, 5)).toThrow(
      'ends (1) before',
    );
    expect(() => stretchesBetweenFixed(3, [{ index: 1, startSec: 4, endSec: 6 }], 0, 5)).toThrow(
      'after the audio',
    );
  });
});

/**
 * A fake aligner for a recording whose word k truly spans [k, k + 1) s: a window places the words its
 * audio holds where they are; the words past its end come back null from an open window, and are squeezed
 * into the last half second with a low confidence by a closed one. Words in `doubtful` get confidence 0.2.
 */
function fakeRecording(doubtful: Set<number> = new Set()): {
  align: AlignWindow;
  calls: [number, number, number, number, boolean][];
} {
  const calls: [number, number, number, number, boolean][] = [];
  const align: AlignWindow = async (from, to, first, end, open) => {
    calls.push([from, to, first, end, open]);
    const out: (PlacedWord | null)[] = [];
    for (let k = first; k < end; k++) {
      const fits = k + 1 <= to + 1e-9;
      out.push(
        fits
          ? { startSec: k, endSec: k + 1, confidence: doubtful.has(k) ? 0.2 : 0.9 }
          : open
            ? null
            : { startSec: to - 0.5, endSec: to, confidence: 0.1 },
      );
    }
    return Promise.resolve(out);
  };
  return { align, calls };
}

describe('alignInWindows', () => {
  const options = { ...DEFAULT_WINDOWS, windowSec: 10, finalShare: 1.5, acceptShare: 0.75 };

  it('aligns a short stretch in one window', async () => {
    const { align, calls } = fakeRecording();
    const r = await alignInWindows(
      { fromSec: 0, toSec: 12, firstWord: 0, endWord: 12 },
      new Array(12).fill(1),
      align,
      options,
    );
    expect(calls).toEqual([[0, 12, 0, 12, false]]);
    expect(r.words.map((w) => w!.startSec)).toEqual([...Array(12).keys()]);
  });

  it('walks a long stretch from anchor to anchor, each word placed once, every window starting on an anchor', async () => {
    const { align, calls } = fakeRecording();
    const done: number[] = [];
    const r = await alignInWindows(
      { fromSec: 0, toSec: 100, firstWord: 0, endWord: 100 },
      new Array(100).fill(1),
      align,
      options,
      (d) => done.push(d),
    );
    expect(r.words.map((w) => w!.startSec)).toEqual([...Array(100).keys()]);
    expect(r.words.every((w) => w!.confidence === 0.9)).toBe(true);
    // Each window starts where the previous window's kept words end, on a word boundary.
    for (const [from, , first] of calls) expect(from).toBe(first);
    // Open windows are offered the words of 12 s (overfill 1.2); the last window is closed.
    expect(calls[1]).toEqual([7, 17, 7, 19, true]);
    expect(calls.at(-1)![4]).toBe(false);
    expect(done.at(-1)).toBe(100);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(r.failedWindows).toBe(0);
  });

  it('without a confident run keeps the words placed in the kept part', async () => {
    const { align, calls } = fakeRecording(new Set([1, 3, 5, 6]));
    const r = await alignInWindows(
      { fromSec: 0, toSec: 60, firstWord: 0, endWord: 60 },
      new Array(60).fill(1),
      align,
      options,
    );
    // Window [0, 10) keeps words ending by 7.5 s (0–6); 1, 3, 5 and 6 are doubtful, so no three confident
    // words in a row: the words up to 6 are kept all the same and the next window starts at word 7.
    expect(calls[1]).toEqual([7, 17, 7, 19, true]);
    expect(r.words.map((w) => w!.startSec)).toEqual([...Array(60).keys()]);
    expect(r.words[5]!.confidence).toBe(0.2);
  });

  it('tries a window whose search places nothing again twice as long', async () => {
    const { align: inner, calls } = fakeRecording();
    const align: AlignWindow = (from, to, first, end, open) =>
      to - from < 20 && from === 0
        ? (calls.push([from, to, first, end, open]), Promise.resolve(null))
        : inner(from, to, first, end, open);
    const r = await alignInWindows(
      { fromSec: 0, toSec: 60, firstWord: 0, endWord: 60 },
      new Array(60).fill(1),
      align,
      options,
    );
    expect(calls[0]).toEqual([0, 10, 0, 12, true]);
    expect(calls[1]).toEqual([0, 20, 0, 24, true]);
    expect(r.failedWindows).toBe(1);
    expect(r.words.map((w) => w!.startSec)).toEqual([...Array(60).keys()]);
  });

  it('keeps nothing of an open window after a long pause or a stretched word', async () => {
    const calls: number[] = [];
    // Words truly one second each; in the first window word 3 comes after a 2.5 s pause (the search
    // explained speech as silence), in the second word 9 is stretched over 4 s.
    const align: AlignWindow = async (from, to, first, end) => {
      calls.push(first);
      const out: (PlacedWord | null)[] = [];
      for (let k = first; k < end; k++) {
        let w: PlacedWord | null = k + 1 <= to ? { startSec: k, endSec: k + 1, confidence: 0.9 } : null;
        if (from === 0 && k === 3) w = { startSec: 5.5, endSec: 6.5, confidence: 0.9 };
        if (from === 3 && k === 9) w = { startSec: 9, endSec: 13, confidence: 0.9 };
        out.push(w);
      }
      return Promise.resolve(out);
    };
    const r = await alignInWindows(
      { fromSec: 0, toSec: 40, firstWord: 0, endWord: 40 },
      new Array(40).fill(1),
      align,
      options,
    );
    // Window 1 keeps words 0–2 (before the pause); window 2 starts at word 3 and keeps 3–8.
    expect(calls.slice(0, 3)).toEqual([0, 3, 9]);
    expect(r.words.map((w) => w!.startSec)).toEqual([...Array(40).keys()]);
  });

  it('leaves the words of a failed last window null and counts it', async () => {
    const fail: AlignWindow = async () => Promise.resolve(null);
    const r = await alignInWindows(
      { fromSec: 0, toSec: 30, firstWord: 2, endWord: 5 },
      [1, 1, 1, 1, 1],
      fail,
      options,
    );
    expect(r.words).toEqual([null, null, null]);
    expect(r.failedWindows).toBeGreaterThan(0);
  });

  it('lastAnchor is the last word of a confident run ending by the limit; lastPlaced of any run from the first', () => {
    const w = (endSec: number, confidence: number): PlacedWord => ({
      startSec: endSec - 1,
      endSec,
      confidence,
    });
    const o = { ...options, anchorRun: 2, anchorConfidence: 0.5 };
    expect(lastAnchor([w(1, 0.9), w(2, 0.9), w(3, 0.1), w(4, 0.9), w(5, 0.9), w(6, 0.9)], 5.5, o)).toBe(4);
    expect(lastAnchor([w(1, 0.9), w(2, 0.1), w(3, 0.9)], 10, o)).toBe(-1);
    expect(lastAnchor([w(1, 0.9), null, w(3, 0.9)], 10, o)).toBe(-1);
    expect(lastPlaced([w(1, 0.1), w(2, 0.1), null, w(4, 0.9)], 10)).toBe(1);
    expect(lastPlaced([w(1, 0.1), w(2, 0.1)], 1.5)).toBe(0);
    expect(lastPlaced([null, w(2, 0.9)], 10)).toBe(-1);
  });
});
