import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MaybeTimed, type SplitUtterance, splitAtPauses, splitBySegments } from './segments';

interface W extends MaybeTimed {
  id: number;
}

/** Words in time order: each a gap and a length in milliseconds after the previous; some untimed. */
const wordsArb = fc
  .array(
    fc.record({
      gap: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3000 })),
      len: fc.integer({ min: 0, max: 900 }),
      untimed: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
    }),
    { maxLength: 40 },
  )
  .map((rows) => {
    let at = 500;
    return rows.map((r, id): W => {
      if (r.untimed) return { id, startSec: null, endSec: null };
      const startSec = (at + r.gap) / 1000;
      at += r.gap + r.len;
      return { id, startSec, endSec: at / 1000 };
    });
  });

const timedOf = (ws: readonly W[]): { startSec: number; endSec: number }[] =>
  ws.flatMap((w) =>
    w.startSec === null || w.endSec === null ? [] : [{ startSec: w.startSec, endSec: w.endSec }],
  );

/** What every split keeps: all the words once, in order, untouched; utterances in order, apart, around their words. */
function checkSplit(words: readonly W[], out: SplitUtterance<W>[]): void {
  expect(out.flatMap((u) => u.words)).toEqual(words);
  for (const u of out) {
    expect(u.words.length).toBeGreaterThan(0);
    expect(u.endSec).toBeGreaterThanOrEqual(u.startSec);
    for (const w of timedOf(u.words)) {
      expect(w.startSec).toBeGreaterThanOrEqual(u.startSec);
      expect(w.endSec).toBeLessThanOrEqual(u.endSec);
    }
  }
  for (let k = 1; k < out.length; k++) expect(out[k]!.startSec).toBeGreaterThanOrEqual(out[k - 1]!.endSec);
  // Words are the same objects: times are not copied or rounded.
  out.flatMap((u) => u.words).forEach((w, i) => expect(w).toBe(words[i]));
}

describe('splitAtPauses', () => {
  it('keeps every word once and in order, utterances in order and apart (property)', () => {
    fc.assert(
      fc.property(
        wordsArb,
        fc.option(fc.integer({ min: 0, max: 3000 })),
        fc.option(fc.integer({ min: 0, max: 8000 })),
        (words, pause, max) => {
          const out = splitAtPauses(words, {
            ...(pause !== null ? { pauseSec: pause / 1000 } : {}),
            ...(max !== null ? { maxSec: max / 1000 } : {}),
          });
          checkSplit(words, out);
          if (words.length > 0 && pause === null && max === null) expect(out).toHaveLength(1);
          for (const u of out) {
            const ts = timedOf(u.words);
            // No pause of the cutting length is left inside an utterance.
            if (pause !== null)
              for (let k = 1; k < ts.length; k++)
                expect(ts[k]!.startSec - ts[k - 1]!.endSec).toBeLessThan(pause / 1000);
            // Only a single timed word (no pause inside) may be longer than the maximum.
            if (max !== null && ts.length > 1)
              expect(ts[ts.length - 1]!.endSec - ts[0]!.startSec).toBeLessThanOrEqual(max / 1000);
          }
          // Without a maximum, every cut is at a pause of the cutting length.
          if (pause !== null && max === null)
            for (let k = 1; k < out.length; k++) {
              const a = timedOf(out[k - 1]!.words);
              const b = timedOf(out[k]!.words);
              expect(b[0]!.startSec - a[a.length - 1]!.endSec).toBeGreaterThanOrEqual(pause / 1000);
            }
        },
      ),
    );
  });

  it('keeps utterances within the recording, with at most the margin around their words', () => {
    const words: W[] = [
      { id: 0, startSec: 2, endSec: 2.5 },
      { id: 1, startSec: 2.6, endSec: 3 },
      { id: 2, startSec: 3.2, endSec: 3.4 },
      { id: 3, startSec: null, endSec: null },
      { id: 4, startSec: 9, endSec: 9.95 },
    ];
    const out = splitAtPauses(words, { pauseSec: 1, within: { startSec: 0, endSec: 10 } });
    expect(out.map((u) => [u.startSec, u.endSec, u.words.map((w) => w.id)])).toEqual([
      [1.75, 3.65, [0, 1, 2, 3]],
      [8.75, 10, [4]],
    ]);
    // A maximum cuts at the longest pause inside (0.2 s between words 1 and 2).
    expect(splitAtPauses(words.slice(0, 3), { maxSec: 1 }).map((u) => u.words.map((w) => w.id))).toEqual([
      [0, 1],
      [2],
    ]);
  });

  it('leaves words without any time as one utterance over the recording', () => {
    const words: W[] = [
      { id: 0, startSec: null, endSec: null },
      { id: 1, startSec: null, endSec: null },
    ];
    expect(splitAtPauses(words, { pauseSec: 0.1, within: { startSec: 0, endSec: 4 } })).toEqual([
      { startSec: 0, endSec: 4, words },
    ]);
    expect(splitAtPauses([], { pauseSec: 0.1 })).toEqual([]);
  });
});

/** Segments in time order, apart: each a gap and a length in milliseconds. */
const segmentsArb = fc
  .array(fc.record({ gap: fc.integer({ min: 0, max: 2000 }), len: fc.integer({ min: 1, max: 6000 }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((rows) => {
    let at = 0;
    return rows.map((r) => {
      const startSec = (at + r.gap) / 1000;
      at += r.gap + r.len;
      return { startSec, endSec: at / 1000 };
    });
  });

describe('splitBySegments', () => {
  it('keeps every word once and in order, utterances in order and apart, whatever the segments (property)', () => {
    fc.assert(
      fc.property(
        wordsArb,
        fc.array(
          fc
            .tuple(fc.integer({ min: 0, max: 60000 }), fc.integer({ min: 0, max: 9000 }))
            .map(([a, l]) => ({ startSec: a / 1000, endSec: (a + l) / 1000 })),
          { maxLength: 10 },
        ),
        (words, segments) => checkSplit(words, splitBySegments(words, segments)),
      ),
    );
  });

  it('groups words as the segment holding each of them, when each lies inside one (property)', () => {
    fc.assert(
      fc.property(
        segmentsArb,
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 40 }),
        (segs, picks) => {
          // Words placed inside segments, in time order: in segment p, at p's own slots.
          const slots = segs.flatMap((s, k) => {
            const n = 4;
            const step = (s.endSec - s.startSec) / n;
            return Array.from({ length: n }, (_, j) => ({
              k,
              startSec: s.startSec + j * step,
              endSec: j === n - 1 ? s.endSec : s.startSec + (j + 1) * step,
            }));
          });
          const chosen = [...new Set(picks.map(([a]) => a % slots.length))].sort((p, q) => p - q);
          const words: W[] = chosen.map((c, id) => ({
            id,
            startSec: slots[c]!.startSec,
            endSec: slots[c]!.endSec,
          }));
          const out = splitBySegments(words, [...segs].reverse());
          checkSplit(words, out);
          // The slow reference: the segment each word lies in, by a scan.
          const expected: number[][] = [];
          let last = -1;
          for (const w of words) {
            const k = segs.findIndex((s) => s.startSec <= w.startSec! && w.endSec! <= s.endSec);
            if (k !== last) expected.push([]);
            expected[expected.length - 1]!.push(w.id);
            last = k;
          }
          expect(out.map((u) => u.words.map((w) => w.id))).toEqual(expected);
          // Each utterance is its segment, as the words lie within it.
          for (const u of out) expect(segs).toContainEqual({ startSec: u.startSec, endSec: u.endSec });
        },
      ),
    );
  });

  it('widens an utterance to a word that sticks out and moves a boundary off the words', () => {
    const words: W[] = [
      { id: 0, startSec: 0.5, endSec: 1.5 },
      { id: 1, startSec: 1.9, endSec: 2.4 },
      { id: 2, startSec: 2.4, endSec: 3 },
    ];
    const out = splitBySegments(words, [
      { startSec: 1, endSec: 2 },
      { startSec: 2, endSec: 4 },
    ]);
    // Word 1 is mostly in the second segment; word 0 widens the first one to 0.5 s.
    expect(out.map((u) => [u.startSec, u.endSec, u.words.map((w) => w.id)])).toEqual([
      [0.5, 1.9, [0]],
      [1.9, 4, [1, 2]],
    ]);
  });
});
