import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MaybeTimedWord, type PlacedTimes, mergePlaced, planUntimed } from './placeUntimed';

const w = (text: string, startSec: number | null = null, endSec: number | null = null) => ({
  text,
  startSec,
  endSec,
});

describe('planUntimed', () => {
  it('gives each run of untimed words the room between its timed neighbours, which stay fixed', () => {
    const words = [w('Hello', 0.1, 0.4), w('2024'), w('and'), w('world', 1.5, 1.9), w('42')];
    expect(planUntimed(words, { startSec: 0, endSec: 2.5 })).toEqual({
      stretches: [
        { first: 1, last: 2, startSec: 0.4, endSec: 1.5, before: 0, after: 3 },
        { first: 4, last: 4, startSec: 1.9, endSec: 2.5, before: 3 },
      ],
      unplaceable: [],
    });
  });

  it('uses the utterance extent where a run has no neighbour, and the whole of it when nothing is timed', () => {
    expect(planUntimed([w('a'), w('b')], { startSec: 1, endSec: 3 }).stretches).toEqual([
      { first: 0, last: 1, startSec: 1, endSec: 3 },
    ]);
  });

  it('refuses a run with no room, or too little, and says why', () => {
    const words = [w('a', 0, 1), w('b'), w('c', 1, 2), w('d'), w('e'), w('f', 2.05, 3)];
    const plan = planUntimed(words, { startSec: 0, endSec: 3 });
    expect(plan.stretches).toEqual([]);
    expect(plan.unplaceable).toEqual([
      { first: 1, last: 1, reason: expect.stringContaining('no room') },
      { first: 3, last: 4, reason: 'too little room for 2 word(s): 50 ms between 2 s and 2.05 s' },
    ]);
  });
});

describe('mergePlaced', () => {
  it('takes times inside the room and marks them placed with their confidence', () => {
    const words = [w('Hello', 0.1, 0.4), w('2024'), w('world', 1.5, 1.9)];
    const plan = planUntimed(words, { startSec: 0, endSec: 2 });
    const r = mergePlaced(words, plan, [[{ startSec: 0.45, endSec: 1.4, confidence: 0.8 }]]);
    expect(r.notPlaced).toEqual([]);
    expect(r.words[1]).toEqual({ text: '2024', startSec: 0.45, endSec: 1.4, placed: { confidence: 0.8 } });
    expect(r.words[0]).toEqual(words[0]);
  });

  it('never takes times outside the room, overlapping or reversed, nor invents any', () => {
    const words = [w('a', 0, 0.5), w('b'), w('c'), w('d'), w('e', 2, 3)];
    const plan = planUntimed(words, { startSec: 0, endSec: 3 });
    const r = mergePlaced(words, plan, [
      [
        { startSec: 0.4, endSec: 0.9, confidence: 1 }, // starts inside "a"
        { startSec: 1.0, endSec: 1.2, confidence: 1 },
        null,
      ],
    ]);
    expect(r.notPlaced).toEqual([1, 3]);
    expect(r.words[1]).toEqual(words[1]);
    expect(r.words[3]).toEqual(words[3]);
    expect(r.words[2]!.startSec).toBe(1.0);
  });

  it('keeps every word and its order, never moves a timed word and keeps placed words in their room (property)', () => {
    const word = fc.oneof(
      fc.constant<MaybeTimedWord>({ startSec: null, endSec: null }),
      fc.constant<MaybeTimedWord>({ startSec: 0, endSec: 0 }), // timed: times assigned below
    );
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 15 }),
        fc.array(
          fc.tuple(
            fc.double({ min: -1, max: 20, noNaN: true }),
            fc.double({ min: 0, max: 3, noNaN: true }),
            fc.boolean(),
          ),
        ),
        (shape, noise) => {
          let t = 0;
          const words = shape.map((s, i) => {
            t += 0.5;
            const out = {
              text: `w${i}`,
              startSec: s.startSec === null ? null : t,
              endSec: s.startSec === null ? null : t + 0.3,
            };
            t += 0.3;
            return out;
          });
          const plan = planUntimed(words, { startSec: 0, endSec: t + 0.5 });
          let k = 0;
          const results: PlacedTimes[][] = plan.stretches.map((s) =>
            Array.from({ length: s.last - s.first + 1 }, () => {
              const [start, len, none] = noise[k++ % Math.max(1, noise.length)] ?? [s.startSec, 0.1, false];
              return none ? null : { startSec: start, endSec: start + len, confidence: 0.5 };
            }),
          );
          const r = mergePlaced(words, plan, results);
          expect(r.words.map((x) => x.text)).toEqual(words.map((x) => x.text));
          words.forEach((orig, i) => {
            if (orig.startSec !== null) expect(r.words[i]).toEqual(orig);
            else if (r.notPlaced.includes(i)) expect(r.words[i]).toEqual(orig);
            else expect(r.words[i]!.placed).toBeDefined();
          });
          // Placed and timed words together are in time order and do not overlap.
          const timed = r.words.filter((x) => x.startSec !== null);
          for (let i = 1; i < timed.length; i++)
            expect(timed[i]!.startSec!).toBeGreaterThanOrEqual(timed[i - 1]!.endSec! - 1e-9);
          // Every untimed word is either placed or reported.
          const untimed = words.flatMap((x, i) => (x.startSec === null ? [i] : []));
          expect(untimed.every((i) => r.notPlaced.includes(i) || r.words[i]!.placed)).toBe(true);
        },
      ),
    );
  });
});
