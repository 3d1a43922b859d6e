// The aligner's audio: any stretch of a recording as mono float samples at the acoustic model's rate.
// A WAV file is read stretch by stretch (only the bytes of the stretch, plus the resampling filter's
// margin, are in memory), so a recording of hours needs no more memory than one window; FLAC, MP3 and
// Ogg Vorbis are decoded whole once (their size is capped by MAX_COMPRESSED_AUDIO_BYTES) and kept mono.
import path from 'node:path';
import { AppError } from '../../core/errors';
import { AUDIO_EXTENSIONS, MAX_COMPRESSED_AUDIO_BYTES } from '../audio/audioFile';
import { decodeCompressed } from '../audio/decodeCompressed';
import { openRegularAudio, readWavInfoOf } from '../audio/probeWav';
import { sampleReader } from '../audio/wav';

/** A recording read as mono samples at `rate` Hz, any stretch at a time. */
export interface PcmSource {
  /** The rate of the samples `read` returns. */
  rate: number;
  /** The recording's own rate and channel count. */
  sourceRate: number;
  channels: number;
  durationSec: number;
  /** The samples of `[fromSec, toSec)` (clipped to the recording). */
  read(fromSec: number, toSec: number): Promise<Float32Array>;
  close(): Promise<void>;
}

/** Mono samples of source frames `[from, to)`; frames outside the recording read as 0. */
type ReadFrames = (from: number, to: number) => Promise<Float32Array>;

/** Opens `file` for reading at `rate` Hz. Unsupported or unreadable files are `BAD_FILE` errors naming it. */
export async function openPcmSource(file: string, rate: number): Promise<PcmSource> {
  const ext = path.extname(file).toLowerCase();
  if (!AUDIO_EXTENSIONS.includes(ext))
    throw new AppError('BAD_FILE', `${file}: unsupported audio format; use ${AUDIO_EXTENSIONS.join(', ')}.`, {
      path: file,
    });
  const handle = await openRegularAudio(file);
  if (ext === '.wav' || ext === '.wave') {
    const info = await readWavInfoOf(handle, file);
    const frameBytes = (info.bitsPerSample / 8) * info.channels;
    const sample = sampleReader(info);
    const step = info.bitsPerSample / 8;
    const readFrames: ReadFrames = async (from, to) => {
      const out = new Float32Array(Math.max(0, to - from));
      const a = Math.max(0, from);
      const b = Math.min(info.frames, to);
      if (b <= a) return out;
      const buf = Buffer.allocUnsafe((b - a) * frameBytes);
      const { bytesRead } = await handle.read(buf, 0, buf.length, info.dataOffset + a * frameBytes);
      const frames = Math.floor(bytesRead / frameBytes);
      for (let k = 0; k < frames; k++) {
        let s = 0;
        for (let ch = 0, o = k * frameBytes; ch < info.channels; ch++, o += step) s += sample(buf, o);
        out[a - from + k] = s / info.channels;
      }
      return out;
    };
    return source(info.sampleRate, info.channels, info.frames, rate, readFrames, () => handle.close());
  }
  let mono: Float32Array;
  let sourceRate: number;
  let channels: number;
  try {
    const size = (await handle.stat()).size;
    if (size > MAX_COMPRESSED_AUDIO_BYTES)
      throw new AppError(
        'BAD_FILE',
        `${file}: a compressed file over ${MAX_COMPRESSED_AUDIO_BYTES / 2 ** 20} MiB is not aligned; convert it to WAV.`,
        { path: file },
      );
    const bytes = await handle.readFile();
    const decoded = await decodeCompressed(
      new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      ext,
      file,
    );
    sourceRate = decoded.sampleRate;
    channels = decoded.channelData.length;
    mono = new Float32Array(decoded.samplesDecoded);
    for (const ch of decoded.channelData) for (let i = 0; i < mono.length; i++) mono[i]! += ch[i]! / channels;
  } finally {
    await handle.close();
  }
  const readFrames: ReadFrames = async (from, to) => {
    const out = new Float32Array(Math.max(0, to - from));
    const a = Math.max(0, from);
    const b = Math.min(mono.length, to);
    if (b > a) out.set(mono.subarray(a, b), a - from);
    return Promise.resolve(out);
  };
  return source(sourceRate, channels, mono.length, rate, readFrames, () => Promise.resolve());
}

function source(
  sourceRate: number,
  channels: number,
  frames: number,
  rate: number,
  readFrames: ReadFrames,
  close: () => Promise<void>,
): PcmSource {
  const durationSec = frames / sourceRate;
  const resampler = sourceRate === rate ? null : new Resampler(sourceRate, rate);
  return {
    rate,
    sourceRate,
    channels,
    durationSec,
    close,
    async read(fromSec, toSec) {
      const from = Math.max(0, fromSec);
      const to = Math.min(durationSec, toSec);
      const n = Math.max(0, Math.round((to - from) * rate));
      if (!resampler) {
        const first = Math.round(from * rate);
        return readFrames(first, first + n);
      }
      return resampler.resample(readFrames, from, n);
    },
  };
}

/** Phases of the polyphase filter table: the fractional source position is rounded to 1/PHASES. */
const PHASES = 512;
/** Zero crossings of the windowed sinc on each side of its centre. */
const ZEROS = 12;

/**
 * Band-limited resampling by a Kaiser-windowed sinc (cut-off at 0.95 × the lower Nyquist frequency),
 * tabulated in `PHASES` phases: any stretch is resampled on its own, reading `taps` source frames of
 * margin on each side, so pieces of a recording resample exactly as the whole would.
 */
export class Resampler {
  private readonly table: Float32Array;
  private readonly half: number;
  private readonly ratio: number;

  constructor(
    private readonly from: number,
    private readonly to: number,
  ) {
    this.ratio = from / to;
    // Cut-off as a fraction of the source rate.
    const fc = (0.95 * Math.min(from, to)) / 2 / from;
    this.half = Math.ceil(ZEROS / (2 * fc));
    const width = 2 * this.half;
    this.table = new Float32Array((PHASES + 1) * width);
    const beta = 8.6;
    const i0b = besselI0(beta);
    for (let p = 0; p <= PHASES; p++) {
      const frac = p / PHASES;
      for (let t = 0; t < width; t++) {
        // Tap t sits at source offset (t - half + 1) from floor(x).
        const u = t - this.half + 1 - frac;
        const r = u / this.half;
        const w = Math.abs(r) >= 1 ? 0 : besselI0(beta * Math.sqrt(1 - r * r)) / i0b;
        const x = 2 * fc * u;
        const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
        this.table[p * width + t] = 2 * fc * sinc * w;
      }
    }
  }

  /** `count` output samples from `fromSec` on, reading the source through `readFrames`. */
  async resample(readFrames: ReadFrames, fromSec: number, count: number): Promise<Float32Array> {
    const out = new Float32Array(count);
    if (count === 0) return out;
    const x0 = fromSec * this.from;
    const first = Math.floor(x0) - this.half + 1;
    const last = Math.floor(x0 + (count - 1) * this.ratio) + this.half + 1;
    const src = await readFrames(first, last);
    const width = 2 * this.half;
    const table = this.table;
    for (let m = 0; m < count; m++) {
      const x = x0 + m * this.ratio;
      const base = Math.floor(x);
      const phase = Math.round((x - base) * PHASES);
      const row = phase * width;
      const at = base - this.half + 1 - first;
      let acc = 0;
      for (let t = 0; t < width; t++) acc += src[at + t]! * table[row + t]!;
      out[m] = acc;
    }
    return out;
  }
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const q = (x * x) / 4;
  for (let k = 1; k < 50; k++) {
    term *= q / (k * k);
    sum += term;
    if (term < 1e-12 * sum) break;
  }
  return sum;
}
