import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../core/api/errors';
import { computePeaks, readWavInfo } from './wav';

/** Waveform envelope resolution stored in the project: enough for word-level zoom, small for an hour. */
export const PEAK_BUCKETS_PER_SEC = 200;

/** What the project records about an audio file when it is added. */
export interface ProbedAudio {
  durationSec: number;
  sampleRate: number;
  channels: number;
  byteSize: number;
  sha256: string;
  peaks: Float32Array;
}

/** SHA-256 of a file's bytes, hex. */
export function hashFile(file: string): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'r');
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      hash.update(n === chunk.length ? chunk : chunk.subarray(0, n));
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** Reads an audio file's facts and its peaks. Only WAV is decoded here for now. */
export function probeAudio(file: string): ProbedAudio {
  if (!fs.existsSync(file))
    throw new AppError('FILE_MISSING', `Audio file not found: ${file}.`, { path: file });
  const ext = path.extname(file).toLowerCase();
  if (ext !== '.wav' && ext !== '.wave') {
    throw new AppError('BAD_FILE', `${file}: only WAV audio can be added to a project yet.`, { path: file });
  }
  const buf = fs.readFileSync(file);
  const info = readWavInfo(buf, file);
  return {
    durationSec: info.durationSec,
    sampleRate: info.sampleRate,
    channels: info.channels,
    byteSize: buf.length,
    sha256: crypto.createHash('sha256').update(buf).digest('hex'),
    peaks: computePeaks(buf, info, PEAK_BUCKETS_PER_SEC),
  };
}
