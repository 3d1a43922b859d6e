// Recognises a SIEVE project file before SQLite may write to it: the file itself, SQLite's header, the
// application id stamped on every project and, for projects made before that id existed, their schema.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../core/errors';

/** SQLite's `application_id` of a SIEVE project: the bytes 'SIEV'. */
export const SIEVE_APPLICATION_ID = 0x53494556;

const SQLITE_MAGIC = 'SQLite format 3\0';
const HEADER_BYTES = 100;
/** Tables every SIEVE project has had since its first schema version. */
const SIEVE_TABLES = ['project_meta', 'audio_file', 'utterance', 'word'];

/** What SQLite's 100-byte header says about a file. */
export interface ProjectFileHeader {
  userVersion: number;
  applicationId: number;
}

/** The error for a project SIEVE cannot open because it is damaged, with what may still be saved. */
export function damagedProject(file: string, what: string): AppError {
  return new AppError(
    'BAD_FILE',
    `${file} is damaged: ${what}. SIEVE cannot open it; ` +
      `\`sieve export ${file} --format jsonl OUT.jsonl\` may still copy out what reads.`,
    { path: file, damaged: what },
  );
}

/** The error for an edit or import refused because the project can only be read. */
export function readOnlyProject(file: string): AppError {
  return new AppError(
    'READ_ONLY',
    `${file} is read-only (its permissions, its folder's or its file system's): ` +
      'it can be viewed and scored but not edited.',
    { path: file },
  );
}

function foreign(file: string, why: string): AppError {
  return new AppError('BAD_FILE', `${file} is not a SIEVE project: ${why}. SIEVE leaves it untouched.`, {
    path: file,
  });
}

/**
 * Whether this process may write `p`. Root may write anything, so a file or folder whose permission bits
 * allow nobody to write counts as read-only too: whoever made it so meant it to stay unchanged.
 */
export function canWrite(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.W_OK);
    return (fs.statSync(p).mode & 0o222) !== 0;
  } catch {
    return false;
  }
}

/**
 * Whether SQLite will rebuild part of `file` from a `-wal` with frames or a hot `-journal` beside it. A kill
 * in the middle of a checkpoint leaves page 1 (and its page count) already written while later pages are
 * still only in the WAL, so the file looks truncated until SQLite replays the WAL on opening.
 */
function hasRecoveryFile(file: string): boolean {
  const size = (suffix: string): number => {
    try {
      return fs.statSync(file + suffix).size;
    } catch {
      return 0;
    }
  };
  // A WAL's own header is 32 bytes; anything beyond it is frames.
  return size('-wal') > 32 || size('-journal') > 0;
}

/** Reads and checks SQLite's header of `file`; anything but a plausible SQLite file is a BAD_FILE error. */
export function readHeader(file: string, options: { lax?: boolean } = {}): ProjectFileHeader {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('FILE_MISSING', `No project file at ${file}.`, { path: file });
    throw new AppError('BAD_FILE', `${file} cannot be read (${(err as Error).message}).`, { path: file });
  }
  if (stat.isDirectory())
    throw new AppError('BAD_FILE', `${file} is a folder, not a SIEVE project file.`, { path: file });
  if (!stat.isFile())
    throw new AppError('BAD_FILE', `${file} is not a regular file, so not a SIEVE project.`, { path: file });
  const head = Buffer.alloc(HEADER_BYTES);
  let n: number;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      n = fs.readSync(fd, head, 0, HEADER_BYTES, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    throw new AppError('BAD_FILE', `${file} cannot be read (${(err as Error).message}).`, { path: file });
  }
  if (n < 16 || head.toString('latin1', 0, 16) !== SQLITE_MAGIC)
    throw foreign(file, 'it is not an SQLite file');
  if (n < HEADER_BYTES) throw damagedProject(file, `its SQLite header is cut short (${n} bytes)`);
  // SQLite file format §1.3: the page size is a power of two from 512 to 65536 (stored as 1).
  const raw = head.readUInt16BE(16);
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || (pageSize & (pageSize - 1)) !== 0)
    throw damagedProject(file, `its SQLite header gives an impossible page size (${raw})`);
  if (!options.lax && !hasRecoveryFile(file)) {
    // §1.3.7: the in-header page count holds when the version-valid-for number equals the change counter.
    const pages = head.readUInt32BE(28);
    const sizeValid = pages > 0 && head.readUInt32BE(92) === head.readUInt32BE(24);
    if (stat.size % pageSize !== 0 || (sizeValid && stat.size < pages * pageSize))
      throw damagedProject(
        file,
        `it is truncated (${stat.size} bytes${sizeValid ? ` of ${pages * pageSize}` : ''})`,
      );
  }
  return { userVersion: head.readInt32BE(60), applicationId: head.readUInt32BE(68) };
}

/**
 * Refuses `file` unless it is a SIEVE project: stamped with SIEVE's application id, or made before the id
 * existed (a schema version above 0 and SIEVE's tables). Writes nothing: only an unstamped file with a
 * schema version is opened to read its table names, and SQLite removes the journal files it makes then.
 * Returns whether the file carries the id.
 */
export function recogniseProject(file: string, header: ProjectFileHeader, writable: boolean): boolean {
  if (header.applicationId === SIEVE_APPLICATION_ID) return true;
  if (header.applicationId !== 0)
    throw foreign(
      file,
      `it belongs to another application (SQLite application_id 0x${header.applicationId.toString(16)})`,
    );
  if (header.userVersion === 0) throw foreign(file, 'an SQLite database without a SIEVE schema');
  let tables: string[];
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { fileMustExist: true, readonly: !writable });
    if (!writable) db = readableOrSnapshot(db, file);
    tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  } catch (err) {
    throw sqliteFailure(file, err);
  } finally {
    db?.close();
  }
  if (!SIEVE_TABLES.every((t) => tables.includes(t)))
    throw foreign(file, 'an SQLite database without a SIEVE schema');
  return false;
}

/**
 * A read-only connection to a WAL-mode file needs its `-shm` file, which SQLite cannot create in a folder it
 * may not write (SQLITE_READONLY_DIRECTORY at the first read). Such a project is read from a snapshot: a
 * copy of the file and its `-wal` in a temporary folder, removed when the connection closes. Nothing can be
 * written to a read-only project anyway, so the copy answers every read the original would.
 */
export function readableOrSnapshot(db: Database.Database, file: string): Database.Database {
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return db;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code !== 'SQLITE_READONLY_DIRECTORY' && code !== 'SQLITE_CANTOPEN') throw err;
    db.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-read-only-'));
  try {
    const copy = path.join(dir, path.basename(file));
    fs.copyFileSync(file, copy);
    if (fs.existsSync(`${file}-wal`)) fs.copyFileSync(`${file}-wal`, `${copy}-wal`);
    const snapshot = new Database(copy, { fileMustExist: true, readonly: true });
    const close = snapshot.close.bind(snapshot);
    snapshot.close = () => {
      close();
      fs.rmSync(dir, { recursive: true, force: true });
      return snapshot;
    };
    return snapshot;
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** An SQLite error met while opening or using `file`, as an error that names the file and what to do. */
export function sqliteFailure(file: string, err: unknown): unknown {
  if (err instanceof AppError || !(err instanceof Database.SqliteError)) return err;
  const code = err.code;
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB') return damagedProject(file, err.message);
  if (code.startsWith('SQLITE_READONLY'))
    return new AppError('READ_ONLY', `${file} is read-only: ${err.message}.`, { path: file });
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new AppError(
      'CONFLICT',
      `${file} is busy: another program kept it locked for too long; try again.`,
      // Nothing was written: the same edit may be sent again.
      { path: file, busy: true },
    );
  if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_FULL')
    return new AppError('BAD_FILE', `${file} cannot be read or written (${err.message}).`, { path: file });
  return err;
}
