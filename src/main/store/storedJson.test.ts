import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { seededRandom } from '../../core/stats/prng';
import { decodeStoredJson, encodeStoredJson } from './storedJson';

/** A JSON text of `n` random values: words, times, nulls, nested lists, and characters beyond ASCII. */
function randomJson(rnd: () => number, n: number): string {
  const pieces = ['Straße', '東京', 'naïve', '😀', '"quoted"', 'back\\slash', '\u2028', ''];
  const value = (depth: number): unknown => {
    const x = rnd();
    if (x < 0.2) return pieces[Math.floor(rnd() * pieces.length)];
    if (x < 0.4) return rnd() * 1000;
    if (x < 0.5) return null;
    if (x < 0.6) return x < 0.55;
    if (depth > 3) return Math.floor(rnd() * 100);
    if (x < 0.8) return Array.from({ length: Math.floor(rnd() * 5) }, () => value(depth + 1));
    return Object.fromEntries(
      Array.from({ length: Math.floor(rnd() * 5) }, (_, k) => [`k${k}`, value(depth + 1)]),
    );
  };
  return JSON.stringify(Array.from({ length: n }, () => value(0)));
}

describe('stored JSON', () => {
  it('reads back every JSON text exactly as it was written', () => {
    const rnd = seededRandom(5);
    const texts = ['{}', '[]', '{"words":[]}', JSON.stringify({ s: '\ud800 lone surrogate' })];
    for (let k = 0; k < 200; k++) texts.push(randomJson(rnd, 1 + Math.floor(rnd() * 200)));
    for (const t of texts) expect(decodeStoredJson(encodeStoredJson(t), 'p.sieve')).toBe(t);
  });

  it('is one tag byte (1: raw DEFLATE) and the compressed UTF-8 text', () => {
    const json = JSON.stringify({
      words: Array.from({ length: 50 }, (_, k) => ({ text: `w${k}`, startSec: k })),
    });
    const stored = encodeStoredJson(json);
    expect(stored[0]).toBe(1);
    expect(zlib.inflateRawSync(stored.subarray(1)).toString('utf8')).toBe(json);
    expect(stored.length).toBeLessThan(json.length / 3);
  });

  it('refuses a value it cannot read, naming the project', () => {
    const bad = (bytes: number[]): AppError => {
      try {
        decodeStoredJson(Uint8Array.from(bytes), '/x/p.sieve');
      } catch (err) {
        return err as AppError;
      }
      throw new Error('read');
    };
    for (const [bytes, what] of [
      [[], 'is empty'],
      [[7, 1, 2], 'an encoding this SIEVE does not know (7)'],
      [[1, 0xff, 0xff, 0xff], 'does not decompress'],
    ] as const) {
      const err = bad([...bytes]);
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe('BAD_FILE');
      expect(err.message).toContain('/x/p.sieve is damaged');
      expect(err.message).toContain(what);
    }
  });
});
