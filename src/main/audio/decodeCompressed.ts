// FLAC, MP3 and Ogg Vorbis decoding (WebAssembly decoders, no native code), for duration and peaks. Each
// decoder is loaded when a file of its format is first decoded: loading one costs a new thread (every
// import runs in one) tens of milliseconds of processor time, and most imports and commands decode none.
import { AppError } from '../../core/errors';

/** Decoded PCM: one Float32Array per channel. */
export interface DecodedAudio {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
}

interface Decoder {
  ready: Promise<void>;
  decodeFile(data: Uint8Array): Promise<DecodedAudio & { errors: unknown[] }>;
  free(): void | Promise<void>;
}

const oggVorbis = async (): Promise<Decoder> =>
  new (await import('@wasm-audio-decoders/ogg-vorbis')).OggVorbisDecoder() as unknown as Decoder;

/** The audio file extensions (lower case, with the dot) this module decodes, and their decoders. */
export const COMPRESSED_AUDIO: Readonly<Record<string, () => Promise<Decoder>>> = {
  '.flac': async () => new (await import('@wasm-audio-decoders/flac')).FLACDecoder() as unknown as Decoder,
  '.mp3': async () => {
    // mpg123-decoder has no decodeFile; its synchronous decode takes the whole file.
    const d = new (await import('mpg123-decoder')).MPEGDecoder();
    return { ready: d.ready, decodeFile: (data) => Promise.resolve(d.decode(data)), free: () => d.free() };
  },
  '.ogg': oggVorbis,
  '.oga': oggVorbis,
};

/** Where the first audio frame of a FLAC file starts, and its total samples (0 = unknown), from its header. */
export function flacLayout(bytes: Uint8Array): { firstFrame: number; totalSamples: number } | null {
  if (bytes.length < 42 || String.fromCharCode(...bytes.subarray(0, 4)) !== 'fLaC') return null;
  // STREAMINFO is the first metadata block: total samples are its 36 bits starting at bit 108.
  const si = 8;
  const totalSamples =
    (bytes[si + 13]! & 0x0f) * 2 ** 32 +
    ((bytes[si + 14]! << 24) >>> 0) +
    (bytes[si + 15]! << 16) +
    (bytes[si + 16]! << 8) +
    bytes[si + 17]!;
  let pos = 4;
  for (;;) {
    if (pos + 4 > bytes.length) return null;
    const last = (bytes[pos]! & 0x80) !== 0;
    const len = (bytes[pos + 1]! << 16) | (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    pos += 4 + len;
    if (last) return { firstFrame: pos, totalSamples };
  }
}

/**
 * FLAC through the WebAssembly decoder, which drops a file's last frame (its parser only accepts a frame
 * once it sees the next frame's header): decode the audio frames followed by a copy of them, and cut at the
 * total sample count the header gives.
 */
async function decodeFlac(
  bytes: Uint8Array,
  decoder: Decoder,
): Promise<DecodedAudio & { errors: unknown[] }> {
  const layout = flacLayout(bytes);
  if (!layout || layout.totalSamples === 0) return decoder.decodeFile(bytes);
  const padded = new Uint8Array(bytes.length * 2 - layout.firstFrame);
  padded.set(bytes, 0);
  padded.set(bytes.subarray(layout.firstFrame), bytes.length);
  const out = await decoder.decodeFile(padded);
  const n = Math.min(out.samplesDecoded, layout.totalSamples);
  return { ...out, samplesDecoded: n, channelData: out.channelData.map((c) => c.subarray(0, n)) };
}

/** Decodes a whole FLAC, MP3 or Ogg Vorbis file; undecodable data is a BAD_FILE error naming the file. */
export async function decodeCompressed(bytes: Uint8Array, ext: string, name: string): Promise<DecodedAudio> {
  const make = COMPRESSED_AUDIO[ext];
  if (!make) throw new AppError('BAD_FILE', `${name}: unsupported audio format "${ext}".`, { path: name });
  const decoder = await make();
  try {
    await decoder.ready;
    const out = ext === '.flac' ? await decodeFlac(bytes, decoder) : await decoder.decodeFile(bytes);
    if (out.samplesDecoded === 0 || out.sampleRate === 0 || out.channelData.length === 0) {
      throw new AppError('BAD_FILE', `${name}: no audio could be decoded (${ext.slice(1).toUpperCase()}).`, {
        path: name,
      });
    }
    return out;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'BAD_FILE',
      `${name}: not a readable ${ext.slice(1).toUpperCase()} file (${String(err)}).`,
      {
        path: name,
      },
    );
  } finally {
    await decoder.free();
  }
}

/** Peaks (largest absolute sample per bucket, channels mixed) of decoded audio. */
export function peaksOfDecoded(audio: DecodedAudio, bucketsPerSec: number): Float32Array {
  const framesPerBucket = audio.sampleRate / bucketsPerSec;
  const n = Math.max(1, Math.ceil(audio.samplesDecoded / framesPerBucket));
  const peaks = new Float32Array(n);
  for (const ch of audio.channelData) {
    for (let i = 0; i < audio.samplesDecoded; i++) {
      const b = Math.min(n - 1, Math.floor(i / framesPerBucket));
      const v = Math.abs(ch[i]!);
      if (v > peaks[b]!) peaks[b] = v;
    }
  }
  return peaks;
}
