// Probing a WAV file in pieces: its header, its SHA-256 and its peaks from 1 MiB reads, so memory stays
// small whatever the file's size (Node reads at most 2 GiB into one buffer, and a 1.9 GiB file read whole
// needed 2.2 GB), and other work of the process goes on between the pieces.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { AppError } from '../../core/errors';
import { type WavInfo, WavPeaks, readWavInfoAt } from './wav';

/** How much of a WAV file is read at a time. */
const PIECE_BYTES = 1 << 20;

/** What the project records about an audio file when it is added (what probing it gives). */
export interface ProbedAudio {
  durationSec: number;
  sampleRate: number;
  channels: number;
  byteSize: number;
  sha256: string;
  peaks: Float32Array;
}

/**
 * Opens a regular audio file for reading; a pipe or a device is refused before anything is read from it
 * (a read would wait for a writer, or never end).
 */
export async function openRegularAudio(file: string): Promise<fs.promises.FileHandle> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('FILE_MISSING', `Audio file not found: ${file}.`, { path: file });
    throw new AppError('BAD_FILE', `${file}: cannot be read (${(err as Error).message}).`, { path: file });
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new AppError('BAD_FILE', `${file}: not a regular file (a folder, a device or a pipe).`, {
      path: file,
    });
  }
  return handle;
}

/** The facts of the WAV file open as `handle` (`file` names it in errors), from its header's bytes only. */
export async function readWavInfoOf(handle: fs.promises.FileHandle, file: string): Promise<WavInfo> {
  const size = (await handle.stat()).size;
  return readWavInfoAt(
    (position, length) => {
      const b = Buffer.alloc(length);
      return b.subarray(0, fs.readSync(handle.fd, b, 0, length, position));
    },
    size,
    file,
  );
}

/** Reads a WAV file's facts, SHA-256 and peaks (`bucketsPerSec` of them) in pieces. */
export async function probeWav(file: string, bucketsPerSec: number): Promise<ProbedAudio> {
  const handle = await openRegularAudio(file);
  try {
    const size = (await handle.stat()).size;
    const info = await readWavInfoOf(handle, file);
    const hash = crypto.createHash('sha256');
    const peaks = new WavPeaks(info, bucketsPerSec);
    const dataEnd = info.dataOffset + info.dataBytes;
    const piece = Buffer.allocUnsafe(PIECE_BYTES);
    let at = 0;
    for (;;) {
      const { bytesRead } = await handle.read(piece, 0, piece.length, at);
      if (bytesRead === 0) break;
      const got = piece.subarray(0, bytesRead);
      hash.update(got);
      const from = Math.max(at, info.dataOffset);
      const to = Math.min(at + bytesRead, dataEnd);
      if (to > from) peaks.add(got.subarray(from - at, to - at));
      at += bytesRead;
    }
    if (at !== size)
      throw new AppError('BAD_FILE', `${file}: the file changed while it was read; try again.`, {
        path: file,
      });
    return {
      durationSec: info.durationSec,
      sampleRate: info.sampleRate,
      channels: info.channels,
      byteSize: size,
      sha256: hash.digest('hex'),
      peaks: peaks.result(),
    };
  } finally {
    await handle.close();
  }
}
