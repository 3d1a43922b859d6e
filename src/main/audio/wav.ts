// Reads RIFF/WAVE files: the header facts the project stores and the samples behind the waveform peaks.
import { AppError } from '../../core/errors';

/** What a WAV header says about its audio. */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  format: 'pcm' | 'float';
  frames: number;
  durationSec: number;
  dataOffset: number;
  dataBytes: number;
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Reads up to `length` bytes of a file at `position` (fewer at its end). */
export type ReadAt = (position: number, length: number) => Buffer;

/** Parses the chunks of a WAV file; `name` is used in error messages only. */
export function readWavInfo(buf: Buffer, name: string): WavInfo {
  return readWavInfoAt((p, n) => buf.subarray(p, p + n), buf.length, name);
}

/**
 * Parses the chunks of a WAV file of `size` bytes through `read`, which is asked for the chunk headers
 * and the format only: the samples are not read, so a file of any size is parsed in a few small reads.
 */
export function readWavInfoAt(read: ReadAt, size: number, name: string): WavInfo {
  const bad = (why: string): AppError =>
    new AppError('BAD_FILE', `${name}: not a readable WAV file (${why}).`);
  const head = read(0, 12);
  if (
    head.length < 12 ||
    head.toString('latin1', 0, 4) !== 'RIFF' ||
    head.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw bad('no RIFF/WAVE header');
  }
  let pos = 12;
  let fmt: Omit<WavInfo, 'frames' | 'durationSec' | 'dataOffset' | 'dataBytes'> | undefined;
  while (pos + 8 <= size) {
    const chunk = read(pos, 8);
    if (chunk.length < 8) break;
    const id = chunk.toString('latin1', 0, 4);
    const size32 = chunk.readUInt32LE(4);
    const body = pos + 8;
    if (id === 'fmt ') {
      const f = read(body, 40);
      if (size32 < 16 || f.length < 16) throw bad('short fmt chunk');
      let tag = f.readUInt16LE(0);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size32 >= 40 && f.length >= 26) tag = f.readUInt16LE(24);
      const channels = f.readUInt16LE(2);
      const sampleRate = f.readUInt32LE(4);
      const bitsPerSample = f.readUInt16LE(14);
      if (channels === 0 || sampleRate === 0) throw bad('zero channels or sample rate');
      if (tag === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(bitsPerSample)) {
        fmt = { sampleRate, channels, bitsPerSample, format: 'pcm' };
      } else if (tag === WAVE_FORMAT_IEEE_FLOAT && bitsPerSample === 32) {
        fmt = { sampleRate, channels, bitsPerSample, format: 'float' };
      } else {
        throw bad(`unsupported encoding: format ${tag}, ${bitsPerSample} bits`);
      }
    } else if (id === 'data') {
      if (!fmt) throw bad('data chunk before fmt chunk');
      // Streams written before their length was known carry 0 or 0xFFFFFFFF: the data runs to the end.
      // So does a data chunk over 4 GiB, whose size a 32-bit field cannot hold.
      const available = size - body;
      const dataBytes = size32 === 0 || size32 === 0xffffffff || size32 > available ? available : size32;
      const frameBytes = (fmt.bitsPerSample / 8) * fmt.channels;
      const frames = Math.floor(dataBytes / frameBytes);
      return { ...fmt, frames, durationSec: frames / fmt.sampleRate, dataOffset: body, dataBytes };
    }
    pos = body + size32 + (size32 % 2);
  }
  throw bad(fmt ? 'no data chunk' : 'no fmt chunk');
}

/** Reads the sample at `offset` of `buf` as a float in [-1, 1]. */
export function sampleReader(info: WavInfo): (buf: Buffer, offset: number) => number {
  if (info.format === 'float') return (b, o) => b.readFloatLE(o);
  switch (info.bitsPerSample) {
    case 8:
      return (b, o) => (b.readUInt8(o) - 128) / 128;
    case 16:
      return (b, o) => b.readInt16LE(o) / 32768;
    case 24:
      return (b, o) => b.readIntLE(o, 3) / 8388608;
    default:
      return (b, o) => b.readInt32LE(o) / 2147483648;
  }
}

/**
 * The waveform envelope — max |sample| over all channels in each of ceil(duration × bucketsPerSec)
 * buckets — built from the data chunk's bytes piece by piece, so a file of any size needs only its
 * pieces and the envelope in memory.
 */
export class WavPeaks {
  private readonly peaks: Float32Array;
  private readonly framesPerBucket: number;
  private readonly frameBytes: number;
  private readonly sample: (buf: Buffer, offset: number) => number;
  private frame = 0;
  // The start of a frame split between two pieces.
  private carry = Buffer.alloc(0);

  constructor(
    private readonly info: WavInfo,
    bucketsPerSec: number,
  ) {
    this.framesPerBucket = info.sampleRate / bucketsPerSec;
    this.peaks = new Float32Array(Math.max(1, Math.ceil(info.frames / this.framesPerBucket)));
    this.frameBytes = (info.bitsPerSample / 8) * info.channels;
    this.sample = sampleReader(info);
  }

  /** Adds the next bytes of the data chunk, in order; `bytes` may be reused by the caller afterwards. */
  add(bytes: Buffer): void {
    let start = 0;
    if (this.carry.length > 0) {
      const need = this.frameBytes - this.carry.length;
      if (bytes.length < need) {
        this.carry = Buffer.concat([this.carry, bytes]);
        return;
      }
      this.frames(Buffer.concat([this.carry, bytes.subarray(0, need)]), 0, 1);
      start = need;
    }
    const count = Math.floor((bytes.length - start) / this.frameBytes);
    this.frames(bytes, start, count);
    this.carry = Buffer.from(bytes.subarray(start + count * this.frameBytes));
  }

  /** The envelope of the frames added so far. */
  result(): Float32Array {
    return this.peaks;
  }

  private frames(buf: Buffer, offset: number, count: number): void {
    const n = this.peaks.length;
    const step = this.info.bitsPerSample / 8;
    const end = Math.min(count, this.info.frames - this.frame);
    for (let k = 0; k < end; k++, this.frame++) {
      const b = Math.min(n - 1, Math.floor(this.frame / this.framesPerBucket));
      let m = this.peaks[b]!;
      let o = offset + k * this.frameBytes;
      for (let ch = 0; ch < this.info.channels; ch++, o += step) {
        const v = Math.abs(this.sample(buf, o));
        if (v > m) m = v;
      }
      this.peaks[b] = m;
    }
  }
}

/** The waveform envelope of a whole WAV file in memory (see `WavPeaks`). */
export function computePeaks(buf: Buffer, info: WavInfo, bucketsPerSec: number): Float32Array {
  const peaks = new WavPeaks(info, bucketsPerSec);
  const frameBytes = (info.bitsPerSample / 8) * info.channels;
  peaks.add(buf.subarray(info.dataOffset, info.dataOffset + info.frames * frameBytes));
  return peaks.result();
}
