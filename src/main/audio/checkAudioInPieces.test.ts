// Audio files are checked at open (and after an import) by hashing them a piece at a time, so the app's
// thread does other work in between: the same answers as checking them in one go, without holding it up.
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from '../store/projectStore';
import { checkAudio, checkAudioInPieces } from './audioAccess';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
});
afterEach(() => cleanup());

/** Turns of the event loop while `work` runs (none when it never lets go of the thread). */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = (): void => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  const value = await work();
  running = false;
  return { value, turns };
}

describe('checkAudioInPieces', () => {
  const make = (bytes: number): { file: string; expected: { byteSize: number; sha256: string } } => {
    const file = path.join(dir, 'long.wav');
    const data = crypto.randomBytes(bytes);
    fs.writeFileSync(file, data);
    return {
      file,
      expected: { byteSize: bytes, sha256: crypto.createHash('sha256').update(data).digest('hex') },
    };
  };

  it('answers as checkAudio does, letting the thread do other work between its pieces', async () => {
    const { file, expected } = make(6 * 2 ** 20 + 123);
    const inOneGo = await turnsDuring(() => Promise.resolve(checkAudio(file, [dir], expected)));
    const inPieces = await turnsDuring(() => checkAudioInPieces(file, [dir], expected));
    expect(inOneGo.value).toMatchObject({ state: 'ok' });
    expect(inPieces.value).toEqual(inOneGo.value);
    expect(inOneGo.turns).toBe(0);
    // Seven pieces of at most 1 MiB, each read through the thread pool: the loop turns in between.
    expect(inPieces.turns).toBeGreaterThanOrEqual(6);
  });

  it('refuses a changed, an outside and a non-regular file as checkAudio does', async () => {
    const { file, expected } = make(3 * 2 ** 20);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.from([0x42]), 0, 1, 2 * 2 ** 20 + 7);
    fs.closeSync(fd);
    const fifo = path.join(dir, 'pipe.wav');
    execFileSync('mkfifo', [fifo]);
    const cases: [string, readonly string[], { byteSize: number; sha256: string }][] = [
      [file, [dir], expected],
      [file, [dir], { ...expected, byteSize: expected.byteSize + 1 }],
      [file, [path.join(dir, 'elsewhere')], expected],
      [fifo, [dir], expected],
    ];
    const states: string[] = [];
    for (const [f, roots, exp] of cases) {
      const answer = await checkAudioInPieces(f, roots, exp);
      expect(answer).toEqual(checkAudio(f, roots, exp));
      states.push(answer.state);
    }
    expect(states).toEqual(['changed', 'changed', 'outside', 'not-a-file']);
  });

  it("checks a project's audio when it opens with its audio left for later", async () => {
    const { file } = await makeProject(dir);
    const store = ProjectStore.open(file, { audioLater: true });
    try {
      await store.checkNewAudioInPieces();
      const summary = store.summary();
      expect(summary.audioFiles).toBe(2);
      expect(summary.audioProblems).toEqual([]);
      const playing = store.openPlayableAudio(1);
      fs.closeSync(playing.fd);
      expect(playing.size).toBeGreaterThan(44);
    } finally {
      store.close();
    }
  });
});
