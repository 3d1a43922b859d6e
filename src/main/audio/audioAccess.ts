// Reading a project's audio safely: only regular files, only inside the project's folder (or folders the
// user added), and, when served, only the very file that was checked when the project opened. A FIFO or a
// device would block or never end a read; a path out of the folder, or a file swapped for a symbolic link
// afterwards, would serve some other file as audio.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AudioState } from '../../core/model/schemas';
import { isInside, realOrSelf } from '../paths';

/** What identifies the checked file: its real path, device and inode, and its size. */
export interface AudioIdentity {
  real: string;
  dev: bigint;
  ino: bigint;
  size: number;
}

/** An audio file open for reading: the caller closes `fd` (or hands it to a stream that does). */
export interface OpenAudio {
  fd: number;
  size: number;
  file: string;
}

/** Why an audio file is not read, for the project's summary and the error served. */
export interface AudioRefusal {
  state: Exclude<AudioState, 'ok'>;
  reason: string;
}

// Not following a last symbolic link, and not waiting for a writer if the file turns out to be a FIFO.
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0);

/**
 * Opens `file` when it lies inside one of `roots` (as written and once symbolic links are followed) and
 * is a regular file; otherwise says why not. Nothing is opened for a path outside the roots.
 */
export function openAudio(
  file: string,
  roots: readonly string[],
): { open: OpenAudio; identity: AudioIdentity } | AudioRefusal {
  const given = path.resolve(file);
  const outside: AudioRefusal = {
    state: 'outside',
    reason: 'lies outside the project folder and the folders added to it',
  };
  if (!roots.some((r) => isInside(given, path.resolve(r)))) return outside;
  let real: string;
  try {
    real = fs.realpathSync.native(given);
  } catch {
    return { state: 'missing', reason: 'is missing' };
  }
  if (!roots.some((r) => isInside(real, realOrSelf(path.resolve(r))))) return outside;
  let fd: number;
  try {
    fd = fs.openSync(real, OPEN_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { state: 'missing', reason: 'is missing' };
    if (code === 'ELOOP') return { state: 'changed', reason: 'was replaced while it was being opened' };
    return { state: 'not-a-file', reason: `cannot be read (${code ?? 'error'})` };
  }
  const st = fs.fstatSync(fd, { bigint: true });
  if (!st.isFile()) {
    fs.closeSync(fd);
    return { state: 'not-a-file', reason: 'is not a regular file (a folder, a device or a pipe)' };
  }
  const size = Number(st.size);
  return { open: { fd, size, file: real }, identity: { real, dev: st.dev, ino: st.ino, size } };
}

/** SHA-256 of the first `size` bytes read from `fd` (a regular file's length when it was checked). */
function hashFd(fd: number, size: number): string {
  const hash = crypto.createHash('sha256');
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  while (position < size) {
    const n = fs.readSync(fd, chunk, 0, Math.min(chunk.length, size - position), position);
    if (n === 0) break;
    hash.update(chunk.subarray(0, n));
    position += n;
  }
  return hash.digest('hex');
}

/**
 * SHA-256 as `hashFd`, read in 1 MiB pieces through the thread pool: the calling thread hashes one piece
 * at a time (a few milliseconds each) and answers other work in between, however large the file.
 */
async function hashFdInPieces(fd: number, size: number): Promise<string> {
  const hash = crypto.createHash('sha256');
  const chunk = Buffer.allocUnsafe(1 << 20);
  let position = 0;
  while (position < size) {
    const n = await new Promise<number>((resolve, reject) =>
      fs.read(fd, chunk, 0, Math.min(chunk.length, size - position), position, (err, bytes) =>
        err ? reject(err) : resolve(bytes),
      ),
    );
    if (n === 0) break;
    hash.update(chunk.subarray(0, n));
    position += n;
  }
  return hash.digest('hex');
}

/** What checking an audio file found: its identity to recheck when served, or why it is refused. */
export type AudioCheck = { state: 'ok'; identity: AudioIdentity } | AudioRefusal;

/**
 * `checkAudio` without holding up the thread while the file is hashed: what the app process uses, where a
 * long audio file hashed in one go would keep every other call waiting.
 */
export async function checkAudioInPieces(
  file: string,
  roots: readonly string[],
  expected: { byteSize: number; sha256: string },
): Promise<AudioCheck> {
  const opened = openAudio(file, roots);
  if ('state' in opened) return opened;
  try {
    if (
      opened.identity.size !== expected.byteSize ||
      (await hashFdInPieces(opened.open.fd, opened.identity.size)) !== expected.sha256
    )
      return { state: 'changed', reason: 'has changed since it was added to the project' };
    return { state: 'ok', identity: opened.identity };
  } finally {
    fs.closeSync(opened.open.fd);
  }
}

/**
 * Checks an audio file against what the project recorded when it was added: a regular file inside the
 * roots, of the same size and content hash. Returns its identity to recheck when it is served.
 */
export function checkAudio(
  file: string,
  roots: readonly string[],
  expected: { byteSize: number; sha256: string },
): AudioCheck {
  const opened = openAudio(file, roots);
  if ('state' in opened) return opened;
  try {
    if (opened.identity.size !== expected.byteSize)
      return { state: 'changed', reason: 'has changed since it was added to the project' };
    if (hashFd(opened.open.fd, opened.identity.size) !== expected.sha256)
      return { state: 'changed', reason: 'has changed since it was added to the project' };
    return { state: 'ok', identity: opened.identity };
  } finally {
    fs.closeSync(opened.open.fd);
  }
}

/**
 * Opens an audio file to serve it: still inside the roots, still a regular file, and the same file (device,
 * inode, size) as the one checked when the project opened. Returns the open file or why it is refused.
 */
export function reopenAudio(
  file: string,
  roots: readonly string[],
  checked: AudioIdentity,
): OpenAudio | AudioRefusal {
  const opened = openAudio(file, roots);
  if ('state' in opened) return opened;
  const now = opened.identity;
  if (now.dev !== checked.dev || now.ino !== checked.ino || now.size !== checked.size) {
    fs.closeSync(opened.open.fd);
    return { state: 'changed', reason: 'has been replaced since the project was opened' };
  }
  return opened.open;
}
