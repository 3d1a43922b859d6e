import { describe, expect, it } from 'vitest';
import { nearestWord } from './clock';
import { type Span, boxOf, boxesOf, drawnRange, groupWords, spanBoxes, wordsIn } from './tierWindow';

/** Words of random lengths and pauses, ordered and not overlapping (some sharing a boundary). */
function randomWords(seed: number, n: number): Span[] {
  let x = seed;
  const rand = (): number => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const out: Span[] = [];
  let t = rand() * 2;
  for (let i = 0; i < n; i++) {
    const len = 0.01 + rand() * 0.6;
    out.push({ startSec: +t.toFixed(3), endSec: +(t + len).toFixed(3) });
    t += len + (rand() < 0.3 ? 0 : rand() * 0.8);
  }
  return out;
}

describe('the words a tier draws', () => {
  it('wordsIn is every word meeting the range, as a filter over all words finds them', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const words = randomWords(seed, 200);
      const end = words[words.length - 1]!.endSec;
      for (let k = 0; k < 20; k++) {
        const a = ((seed * 7 + k * 13) % 100) / 100;
        const range = { startSec: a * end - 1, endSec: a * end + (k % 5) * 3 };
        const expected = words
          .map((w, i) => (w.endSec >= range.startSec && w.startSec <= range.endSec ? i : -1))
          .filter((i) => i >= 0);
        const [from, to] = wordsIn(words, range);
        expect(Array.from({ length: to - from }, (_, j) => from + j)).toEqual(expected);
      }
    }
  });

  it('groups cover every word once, in order, and start GROUP_PX apart, so their number is bounded by the width', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const words = randomWords(seed, 500);
      for (const pps of [0.5, 3, 20, 200]) {
        const boxes = groupWords(words, 0, words.length, pps);
        expect(
          boxes.flatMap((b) => Array.from({ length: b.last - b.first + 1 }, (_, j) => b.first + j)),
        ).toEqual(words.map((_, i) => i));
        for (let k = 1; k < boxes.length; k++)
          expect(
            (words[boxes[k]!.first]!.startSec - words[boxes[k - 1]!.first]!.startSec) * pps,
          ).toBeGreaterThanOrEqual(4);
        const widthPx = (words[words.length - 1]!.startSec - words[0]!.startSec) * pps;
        expect(boxes.length).toBeLessThanOrEqual(Math.floor(widthPx / 4) + 1);
        // Finding the box of a word, or of a run of words, agrees with a search through all boxes.
        for (let i = 0; i < words.length; i += 17) {
          expect(boxOf(boxes, i)).toBe(boxes.findIndex((b) => b.first <= i && i <= b.last));
          const [from, to] = boxesOf(boxes, i, i + 9);
          const expected = boxes
            .map((b, k) => (b.last >= i && b.first <= i + 9 ? k : -1))
            .filter((k) => k >= 0);
          expect(Array.from({ length: to - from }, (_, j) => from + j)).toEqual(expected);
        }
      }
    }
  });

  it('draws the visible range and one width more on each side', () => {
    expect(drawnRange({ pps: 100, scrollPx: 1000, widthPx: 500 })).toEqual({ startSec: 5, endSec: 20 });
  });

  it('nearestWord finds the word a search over all words finds (the earlier on a tie)', () => {
    const slow = (words: Span[], t: number): number => {
      let best = -1;
      let dist = Infinity;
      words.forEach((w, i) => {
        const d = t < w.startSec ? w.startSec - t : t > w.endSec ? t - w.endSec : 0;
        if (d < dist) {
          dist = d;
          best = i;
        }
      });
      return best;
    };
    for (let seed = 1; seed <= 30; seed++) {
      const words = randomWords(seed, 100);
      const end = words[words.length - 1]!.endSec + 1;
      for (let t = -1; t < end; t += 0.037) expect(nearestWord(words, t)).toBe(slow(words, t));
      for (const w of words) {
        expect(nearestWord(words, w.startSec)).toBe(slow(words, w.startSec));
        expect(nearestWord(words, w.endSec)).toBe(slow(words, w.endSec));
      }
    }
  });
});

describe('the spans a tier draws (entities, tree nodes, a system)', () => {
  it('spanBoxes draws each span meeting the range once, lane by lane in time order, boxes GROUP_PX apart', () => {
    for (let seed = 1; seed <= 30; seed++) {
      // Three lanes of non-overlapping spans, shuffled together, with a few that cannot be placed.
      const lanes = [randomWords(seed, 120), randomWords(seed + 100, 80), randomWords(seed + 200, 40)];
      const spans: (Span | null)[] = [];
      const laneOf: number[] = [];
      lanes.forEach((l, k) => l.forEach((s) => (spans.push(s), laneOf.push(k))));
      for (let i = spans.length - 1; i > 0; i--) {
        const j = (i * 7919 + seed) % (i + 1);
        [spans[i], spans[j]] = [spans[j]!, spans[i]!];
        [laneOf[i], laneOf[j]] = [laneOf[j]!, laneOf[i]!];
      }
      for (let i = seed % 5; i < spans.length; i += 37) spans[i] = null;
      const end = Math.max(...spans.map((s) => s?.endSec ?? 0));
      for (const pps of [0.3, 4, 40, 400])
        for (const a of [0, 0.3, 0.8]) {
          const range = { startSec: a * end, endSec: a * end + 40 };
          const boxes = spanBoxes(spans, range, pps, (i) => laneOf[i]!);
          // Exactly the spans meeting the range, each once.
          const expected = spans
            .map((s, i) => (s && s.endSec >= range.startSec && s.startSec <= range.endSec ? i : -1))
            .filter((i) => i >= 0);
          expect(boxes.flat().sort((x, y) => x - y)).toEqual(expected);
          for (let k = 0; k < boxes.length; k++) {
            const box = boxes[k]!;
            // One lane per box, its spans in time order.
            expect(new Set(box.map((i) => laneOf[i])).size).toBe(1);
            for (let m = 1; m < box.length; m++)
              expect(spans[box[m]!]!.startSec).toBeGreaterThanOrEqual(spans[box[m - 1]!]!.startSec);
            const prev = boxes[k - 1];
            if (prev && laneOf[prev[0]!] === laneOf[box[0]!])
              expect((spans[box[0]!]!.startSec - spans[prev[0]!]!.startSec) * pps).toBeGreaterThanOrEqual(4);
          }
          // Bounded by the width: per lane, one box per GROUP_PX of the range (and one more for the edge).
          const perLane = Math.floor(((range.endSec - range.startSec + 1.2) * pps) / 4) + 2;
          expect(boxes.length).toBeLessThanOrEqual(3 * perLane);
        }
    }
  });
});
