// WAV files are probed in pieces: the same facts, hash and peaks as reading them whole, for files past
// Node's 2 GiB read limit too, in bounded memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tempProject';
import { MAX_COMPRESSED_AUDIO_BYTES, probeAudio } from './audioFile';
import { probeWav } from './probeWav';
import { computePeaks, readWavInfo } from './wav';

const t = tempDir();
afterAll(() => t.cleanup());

/** A WAV header (with an odd-sized LIST chunk before the data) for `dataBytes` bytes of samples. */
function header(o: { tag: number; channels: number; rate: number; bits: number; dataBytes: number }): Buffer {
  const h = Buffer.alloc(12 + 24 + 12 + 8);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(Math.min(0xffffffff, 4 + 24 + 12 + 8 + o.dataBytes), 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(o.tag, 20);
  h.writeUInt16LE(o.channels, 22);
  h.writeUInt32LE(o.rate, 24);
  h.writeUInt32LE((o.rate * o.channels * o.bits) / 8, 28);
  h.writeUInt16LE((o.channels * o.bits) / 8, 32);
  h.writeUInt16LE(o.bits, 34);
  h.write('LIST\x03\x00\x00\x00abc\x00', 36, 'latin1');
  h.write('data', 48, 'latin1');
  h.writeUInt32LE(Math.min(0xffffffff, o.dataBytes), 52);
  return h;
}

describe('probeWav', () => {
  it('gives what reading the whole file gives, frames split between pieces included', async () => {
    for (const fmt of [
      { tag: 1, channels: 2, rate: 44100, bits: 24 },
      { tag: 1, channels: 1, rate: 16000, bits: 16 },
      { tag: 1, channels: 3, rate: 8000, bits: 8 },
      { tag: 3, channels: 1, rate: 22050, bits: 32 },
    ]) {
      const frameBytes = (fmt.channels * fmt.bits) / 8;
      // Past two 1 MiB pieces, with a trailing odd byte that is not a whole frame.
      const dataBytes = Math.floor((2.5 * 2 ** 20) / frameBytes) * frameBytes + 1;
      const data = crypto.randomBytes(dataBytes);
      if (fmt.tag === 3) for (let o = 0; o + 4 <= dataBytes; o += 4) data.writeFloatLE(Math.sin(o), o);
      const buf = Buffer.concat([header({ ...fmt, dataBytes }), data]);
      const file = path.join(t.dir, `f${fmt.bits}.wav`);
      fs.writeFileSync(file, buf);
      const info = readWavInfo(buf, file);
      expect(await probeWav(file, 200)).toEqual({
        durationSec: info.durationSec,
        sampleRate: fmt.rate,
        channels: fmt.channels,
        byteSize: buf.length,
        sha256: crypto.createHash('sha256').update(buf).digest('hex'),
        peaks: computePeaks(buf, info, 200),
      });
    }
  });

  // Node reads at most 2 GiB into one buffer: such a file failed with ERR_FS_FILE_TOO_LARGE. The file is
  // sparse (no gigabytes written): one second of samples, then 2 GiB of a chunk SIEVE does not read.
  it('probes a WAV file over 2 GiB', async () => {
    const file = path.join(t.dir, 'huge.wav');
    fs.writeFileSync(file, header({ tag: 1, channels: 1, rate: 16000, bits: 16, dataBytes: 32000 }));
    fs.truncateSync(file, 2 ** 31 + 4096);
    const p = await probeAudio(file);
    expect(p).toMatchObject({ durationSec: 1, sampleRate: 16000, channels: 1, byteSize: 2 ** 31 + 4096 });
    expect(p.peaks.length).toBe(200);
  }, 120_000);

  it('refuses a compressed file over the decoding limit before reading it', async () => {
    const file = path.join(t.dir, 'long.mp3');
    fs.writeFileSync(file, '');
    fs.truncateSync(file, MAX_COMPRESSED_AUDIO_BYTES + 1);
    await expect(probeAudio(file)).rejects.toMatchObject({
      code: 'BAD_FILE',
      message: `${file}: 67,108,865 bytes, more than SIEVE decodes from one compressed audio file (64 MiB); convert it to WAV, which is read in pieces.`,
    });
  });
});
