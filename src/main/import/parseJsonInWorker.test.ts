// Request bodies parsed away from the app's thread: in turn through the one kept parser thread, and a body
// too large for it in a thread of its own; what is not JSON is said to be so, and the kept thread goes on.
import { describe, expect, it } from 'vitest';
import { parseJsonInWorker } from './readInWorker';

const bytesOf = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('parseJsonInWorker', () => {
  it('parses bodies sent together, each to its own answer, and says which are not JSON', async () => {
    const bodies = Array.from({ length: 20 }, (_, k) =>
      k % 5 === 4 ? `{"k": ${k},` : JSON.stringify({ k, text: 'x'.repeat(k * 1000) }),
    );
    const answers = await Promise.all(bodies.map((b) => parseJsonInWorker(bytesOf(b))));
    answers.forEach((a, k) =>
      expect(a).toEqual(k % 5 === 4 ? { parsed: false } : { parsed: true, value: JSON.parse(bodies[k]!) }),
    );
    // The kept thread still answers after the bodies that were not JSON.
    expect(await parseJsonInWorker(bytesOf('[1,2]'))).toEqual({ parsed: true, value: [1, 2] });
  });

  it('parses a body larger than the kept thread takes, and one in the middle of a larger buffer', async () => {
    const big = JSON.stringify({ text: 'y'.repeat(9 * 1024 * 1024) });
    expect(await parseJsonInWorker(bytesOf(big))).toEqual({ parsed: true, value: JSON.parse(big) });
    const inside = bytesOf(' [3] {"a": 1} ').subarray(5, 13);
    expect(await parseJsonInWorker(inside)).toEqual({ parsed: true, value: { a: 1 } });
  });
});
