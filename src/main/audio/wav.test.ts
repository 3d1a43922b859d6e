import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { computePeaks, readWavInfo } from './wav';

/** Builds a WAV buffer with the given format fields and raw data bytes. */
function wav(opts: {
  tag: number;
  channels: number;
  rate: number;
  bits: number;
  data: Buffer;
  extraChunk?: boolean;
}): Buffer {
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(opts.tag, 8);
  fmt.writeUInt16LE(opts.channels, 10);
  fmt.writeUInt32LE(opts.rate, 12);
  fmt.writeUInt32LE((opts.rate * opts.channels * opts.bits) / 8, 16);
  fmt.writeUInt16LE((opts.channels * opts.bits) / 8, 20);
  fmt.writeUInt16LE(opts.bits, 22);
  const list = Buffer.from('LIST\x03\x00\x00\x00abc\x00', 'latin1'); // odd-sized chunk with its pad byte
  const dataHead = Buffer.alloc(8);
  dataHead.write('data', 0, 'latin1');
  dataHead.writeUInt32LE(opts.data.length, 4);
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    ...(opts.extraChunk ? [list] : []),
    fmt,
    dataHead,
    opts.data,
  ]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

describe('readWavInfo', () => {
  it('reads 16-bit PCM, skipping unknown (odd-sized) chunks', () => {
    const data = Buffer.alloc(8000 * 2);
    const info = readWavInfo(
      wav({ tag: 1, channels: 1, rate: 8000, bits: 16, data, extraChunk: true }),
      'x.wav',
    );
    expect(info).toMatchObject({
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      format: 'pcm',
      frames: 8000,
    });
    expect(info.durationSec).toBe(1);
  });

  it('reads stereo 24-bit PCM and 32-bit float', () => {
    expect(
      readWavInfo(wav({ tag: 1, channels: 2, rate: 48000, bits: 24, data: Buffer.alloc(6 * 480) }), 'a')
        .durationSec,
    ).toBeCloseTo(0.01, 12);
    expect(
      readWavInfo(wav({ tag: 3, channels: 1, rate: 16000, bits: 32, data: Buffer.alloc(4 * 16) }), 'b'),
    ).toMatchObject({
      format: 'float',
      frames: 16,
    });
  });

  it('refuses what it cannot read, naming the file', () => {
    const bad = (buf: Buffer): string => {
      try {
        readWavInfo(buf, 'bad.wav');
      } catch (err) {
        expect(err).toBeInstanceOf(AppError);
        return (err as AppError).message;
      }
      throw new Error('expected failure');
    };
    expect(bad(Buffer.from('not a wav file at all'))).toMatch(/^bad\.wav: .*RIFF/);
    expect(bad(wav({ tag: 2, channels: 1, rate: 8000, bits: 4, data: Buffer.alloc(4) }))).toMatch(
      /unsupported encoding/,
    );
    expect(
      bad(wav({ tag: 1, channels: 1, rate: 8000, bits: 16, data: Buffer.alloc(4) }).subarray(0, 30)),
    ).toMatch(/short fmt|no fmt|no data/);
  });
});

describe('computePeaks', () => {
  it('gives the max |sample| per bucket over all channels', () => {
    const rate = 1000;
    const data = Buffer.alloc(rate * 2 * 2); // 1 s stereo 16-bit
    for (let i = 0; i < rate; i++) {
      data.writeInt16LE(i < 500 ? 16384 : -8192, i * 4); // left: 0.5 then -0.25
      data.writeInt16LE(i === 900 ? -32768 : 0, i * 4 + 2); // right: one full-scale click at 0.9 s
    }
    const buf = wav({ tag: 1, channels: 2, rate, bits: 16, data });
    const peaks = computePeaks(buf, readWavInfo(buf, 'p.wav'), 10);
    expect(Array.from(peaks)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5, 0.25, 0.25, 0.25, 0.25, 1]);
  });
});
