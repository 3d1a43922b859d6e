// Reads RIFF/WAVE files: the header facts the project stores and the samples behind the waveform peaks.
import { AppError } from '../../core/api/errors';

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

/** Parses the chunks of a WAV file; `name` is used in error messages only. */
export function readWavInfo(buf: Buffer, name: string): WavInfo {
  const bad = (why: string): AppError =>
    new AppError('BAD_FILE', `${name}: not a readable WAV file (${why}).`);
  if (
    buf.length < 12 ||
    buf.toString('latin1', 0, 4) !== 'RIFF' ||
    buf.toString('latin1', 8, 12) !== 'WAVE'
  ) {
    throw bad('no RIFF/WAVE header');
  }
  let pos = 12;
  let fmt: Omit<WavInfo, 'frames' | 'durationSec' | 'dataOffset' | 'dataBytes'> | undefined;
  while (pos + 8 <= buf.length) {
    const id = buf.toString('latin1', pos, pos + 4);
    const size = buf.readUInt32LE(pos + 4);
    const body = pos + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > buf.length) throw bad('short fmt chunk');
      let tag = buf.readUInt16LE(body);
      if (tag === WAVE_FORMAT_EXTENSIBLE && size >= 40) tag = buf.readUInt16LE(body + 24);
      const channels = buf.readUInt16LE(body + 2);
      const sampleRate = buf.readUInt32LE(body + 4);
      const bitsPerSample = buf.readUInt16LE(body + 14);
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
      const available = buf.length - body;
      const dataBytes = size === 0 || size === 0xffffffff || size > available ? available : size;
      const frameBytes = (fmt.bitsPerSample / 8) * fmt.channels;
      const frames = Math.floor(dataBytes / frameBytes);
      return { ...fmt, frames, durationSec: frames / fmt.sampleRate, dataOffset: body, dataBytes };
    }
    pos = body + size + (size % 2);
  }
  throw bad(fmt ? 'no data chunk' : 'no fmt chunk');
}

/** Reads one sample (channel `ch` of frame `frame`) as a float in [-1, 1]. */
function sampleReader(buf: Buffer, info: WavInfo): (frame: number, ch: number) => number {
  const bytes = info.bitsPerSample / 8;
  const stride = bytes * info.channels;
  const at = (frame: number, ch: number): number => info.dataOffset + frame * stride + ch * bytes;
  if (info.format === 'float') return (f, c) => buf.readFloatLE(at(f, c));
  switch (info.bitsPerSample) {
    case 8:
      return (f, c) => (buf.readUInt8(at(f, c)) - 128) / 128;
    case 16:
      return (f, c) => buf.readInt16LE(at(f, c)) / 32768;
    case 24:
      return (f, c) => buf.readIntLE(at(f, c), 3) / 8388608;
    default:
      return (f, c) => buf.readInt32LE(at(f, c)) / 2147483648;
  }
}

/** The waveform envelope: max |sample| over all channels in each of ceil(duration × bucketsPerSec) buckets. */
export function computePeaks(buf: Buffer, info: WavInfo, bucketsPerSec: number): Float32Array {
  const framesPerBucket = info.sampleRate / bucketsPerSec;
  const n = Math.max(1, Math.ceil(info.frames / framesPerBucket));
  const peaks = new Float32Array(n);
  const read = sampleReader(buf, info);
  for (let frame = 0; frame < info.frames; frame++) {
    const b = Math.min(n - 1, Math.floor(frame / framesPerBucket));
    let m = peaks[b]!;
    for (let ch = 0; ch < info.channels; ch++) {
      const v = Math.abs(read(frame, ch));
      if (v > m) m = v;
    }
    peaks[b] = m;
  }
  return peaks;
}
