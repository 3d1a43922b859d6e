import fs from 'node:fs';
import Database from 'better-sqlite3';
import { AppError } from '../../core/api/errors';
import { migrations } from './migrations';

/** The SQLite handle type used across the store. */
export type Db = Database.Database;

const SQLITE_MAGIC = 'SQLite format 3\0';

/** Applies WAL, foreign keys and a busy timeout: the settings every project connection needs. */
function configure(db: Db): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

/** Brings the schema up to date, each migration in its own transaction with the version bump. */
export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    throw new AppError(
      'BAD_FILE',
      `The project file has schema version ${current}, newer than this SIEVE understands (${migrations.length}).`,
    );
  }
  for (let v = current; v < migrations.length; v++) {
    db.transaction(() => {
      db.exec(migrations[v]!);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
  return migrations.length;
}

/**
 * Opens an existing project file (or creates one when `create` is set) and migrates it.
 * A missing file or a file that is not SQLite is a user error, never a crash.
 */
export function openDatabase(file: string, options: { create?: boolean } = {}): Db {
  if (!options.create) {
    if (!fs.existsSync(file))
      throw new AppError('FILE_MISSING', `No project file at ${file}.`, { path: file });
    const fd = fs.openSync(file, 'r');
    try {
      const head = Buffer.alloc(16);
      const n = fs.readSync(fd, head, 0, 16, 0);
      if (n < 16 || head.toString('latin1') !== SQLITE_MAGIC) {
        throw new AppError('BAD_FILE', `${file} is not a SIEVE project (not an SQLite file).`, {
          path: file,
        });
      }
    } finally {
      fs.closeSync(fd);
    }
  }
  const db = new Database(file, { fileMustExist: !options.create });
  try {
    configure(db);
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
