// Small WAV files for tests and benchmarks, written directly (16-bit PCM, mono).
import fs from 'node:fs';

/** The 44-byte header of a mono 16-bit PCM WAV of `frames` samples at `sampleRate`. */
export function wavHeader(frames: number, sampleRate: number): Buffer {
  const buf = Buffer.alloc(44);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + frames * 2, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(frames * 2, 40);
  return buf;
}

/** Writes a mono 16-bit WAV whose samples are `fn(t)` in [-1, 1] for `durationSec` seconds. */
export function writeWav(
  file: string,
  durationSec: number,
  sampleRate: number,
  fn: (t: number) => number,
): void {
  const frames = Math.round(durationSec * sampleRate);
  const buf = Buffer.alloc(44 + frames * 2);
  wavHeader(frames, sampleRate).copy(buf);
  for (let i = 0; i < frames; i++) {
    const v = Math.max(-1, Math.min(1, fn(i / sampleRate)));
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  fs.writeFileSync(file, buf);
}
