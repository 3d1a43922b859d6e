import crypto from 'node:crypto';
import path from 'node:path';
import { AppError } from '../../core/errors';
import { COMPRESSED_AUDIO, decodeCompressed, peaksOfDecoded } from './decodeCompressed';
import { type ProbedAudio, openRegularAudio, probeWav } from './probeWav';

/** Waveform envelope resolution stored in the project: enough for word-level zoom, small for an hour. */
export const PEAK_BUCKETS_PER_SEC = 200;

export type { ProbedAudio } from './probeWav';

/**
 * The largest FLAC, MP3 or Ogg Vorbis file read (64 MiB): it is decoded whole in memory, at 4 bytes per
 * sample and channel (an hour of CD audio takes 1.2 GB). WAV files are read in pieces and have no limit.
 */
export const MAX_COMPRESSED_AUDIO_BYTES = 64 * 1024 * 1024;

/** The bytes of a regular compressed audio file, refused over the size limit before it is read. */
async function readRegularFile(file: string): Promise<Buffer> {
  const handle = await openRegularAudio(file);
  try {
    const { size } = await handle.stat();
    if (size > MAX_COMPRESSED_AUDIO_BYTES)
      throw new AppError(
        'BAD_FILE',
        `${file}: ${size.toLocaleString('en-US')} bytes, more than SIEVE decodes from one compressed audio file (64 MiB); convert it to WAV, which is read in pieces.`,
        { path: file },
      );
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Audio file extensions a project accepts (lower case, with the dot). */
export const AUDIO_EXTENSIONS: readonly string[] = ['.wav', '.wave', ...Object.keys(COMPRESSED_AUDIO)];

/** Reads an audio file's facts and its peaks: WAV directly, FLAC / MP3 / Ogg Vorbis by decoding. */
export async function probeAudio(file: string): Promise<ProbedAudio> {
  const ext = path.extname(file).toLowerCase();
  if (!AUDIO_EXTENSIONS.includes(ext)) {
    throw new AppError('BAD_FILE', `${file}: unsupported audio format; use ${AUDIO_EXTENSIONS.join(', ')}.`, {
      path: file,
    });
  }
  if (ext === '.wav' || ext === '.wave') return probeWav(file, PEAK_BUCKETS_PER_SEC);
  const buf = await readRegularFile(file);
  const sha256 = crypto.createHash('sha256').update(buf).digest('hex');
  const decoded = await decodeCompressed(
    new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
    ext,
    file,
  );
  return {
    durationSec: decoded.samplesDecoded / decoded.sampleRate,
    sampleRate: decoded.sampleRate,
    channels: decoded.channelData.length,
    byteSize: buf.length,
    sha256,
    peaks: peaksOfDecoded(decoded, PEAK_BUCKETS_PER_SEC),
  };
}
