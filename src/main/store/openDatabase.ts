import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../../core/errors';
import { compactAfter, migrations } from './migrations';
import {
  SIEVE_APPLICATION_ID,
  canWrite,
  damagedProject,
  readableOrSnapshot,
  readHeader,
  recogniseProject,
  sqliteFailure,
} from './projectFile';

/** The SQLite handle type used across the store. */
export type Db = Database.Database;

/** Applies WAL, foreign keys and a busy timeout: the settings every project connection needs. */
function configure(db: Db, writable: boolean): void {
  if (writable) db.pragma('journal_mode = WAL');
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
      `${db.name} has schema version ${current}, newer than this SIEVE understands (${migrations.length}).`,
      { path: db.name },
    );
  }
  for (let v = current; v < migrations.length; v++) {
    try {
      // A migration is SQL, or a function for one that computes what it fills in (in the same transaction).
      const step: string | ((db: Db) => void) = migrations[v]!;
      db.transaction(() => {
        if (typeof step === 'string') db.exec(step);
        else step(db);
        db.pragma(`user_version = ${v + 1}`);
      }).immediate();
    } catch (err) {
      // A schema version that does not match the tables (e.g. 1 on a version 2 file): damage, not a bug.
      if (err instanceof Database.SqliteError && err.code === 'SQLITE_ERROR')
        throw damagedProject(db.name, `its schema version (${v}) does not match its tables (${err.message})`);
      throw err;
    }
  }
  if (current > 0 && compactAfter.some((v) => v > current)) compactAfterMigration(db);
  return migrations.length;
}

/**
 * Gives the pages a migration freed back to the file system (VACUUM, in a transaction of its own). The file
 * is already migrated and whole: when the file cannot be compacted now (another connection reads it, the
 * disk is full), it is left as it is, its free pages reused by later writes.
 */
function compactAfterMigration(db: Db): void {
  try {
    db.exec('VACUUM');
  } catch (err) {
    if (!(err instanceof Database.SqliteError)) throw err;
  }
}

/** How a project file is opened. */
export interface OpenDatabaseOptions {
  /** Make a new project at `file` (only `sieve create` and imports that create one ask for this). */
  create?: boolean;
  /** Open without writing, even where the file could be written. */
  readOnly?: boolean;
  /** Open a damaged project read-only to copy out what still reads: no integrity check, no migration. */
  salvage?: boolean;
  /**
   * The project is open in this process already and was checked and migrated then (a second connection,
   * e.g. an import's in a worker thread): its pages are not read through again.
   */
  checked?: boolean;
}

/**
 * Opens a project file (or creates one when `create` is set), checks it and migrates it. A file that is
 * not a SIEVE project is refused before SQLite may write a byte to it; a damaged one is refused with one
 * message naming it; one this process may not write is opened read-only (`db.readonly`).
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  if (options.create) {
    const db = new Database(file);
    try {
      configure(db, true);
      migrate(db);
      db.pragma(`application_id = ${SIEVE_APPLICATION_ID}`);
    } catch (err) {
      db.close();
      throw sqliteFailure(file, err);
    }
    return db;
  }
  const header = readHeader(file, { lax: options.salvage });
  const writable = !options.readOnly && !options.salvage && canWrite(file) && canWrite(path.dirname(file));
  const stamped = recogniseProject(file, header, writable);
  let db: Db;
  try {
    db = new Database(file, { fileMustExist: true, readonly: !writable });
    if (!writable) db = readableOrSnapshot(db, file);
  } catch (err) {
    throw sqliteFailure(file, err);
  }
  try {
    configure(db, writable);
    if (!options.salvage) {
      if (!options.checked) checkIntact(db, file);
      checkVersion(db, file, writable);
      if (writable) {
        migrate(db);
        if (!stamped) db.pragma(`application_id = ${SIEVE_APPLICATION_ID}`);
      }
    }
  } catch (err) {
    db.close();
    throw sqliteFailure(file, err);
  }
  return db;
}

/**
 * Above this size the check at open is skipped: `quick_check` reads every page once, about 6 ms per MiB
 * here (0.5 s for an 81 MiB project of 100,000 utterances), so 256 MiB stays within about 2 s.
 */
const CHECK_AT_OPEN_MAX_BYTES = 256 * 2 ** 20;

/** Refuses a project SQLite finds damaged (one pass over every page, for files up to the limit above). */
function checkIntact(db: Db, file: string): void {
  if (fs.statSync(file).size > CHECK_AT_OPEN_MAX_BYTES) return;
  const problems = db.pragma('quick_check(3)', { simple: false }) as { quick_check: string }[];
  const first = problems[0]?.quick_check ?? 'ok';
  if (first !== 'ok') throw damagedProject(file, `SQLite's check reports "${first}"`);
}

/** Refuses a schema version this SIEVE cannot use, before any migration touches the file. */
function checkVersion(db: Db, file: string, writable: boolean): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version < 1) throw damagedProject(file, `its schema version (${version}) is not valid`);
  if (version > migrations.length)
    throw new AppError(
      'BAD_FILE',
      `${file} has schema version ${version}, newer than this SIEVE understands (${migrations.length}).`,
      { path: file },
    );
  if (!writable && version < migrations.length)
    throw new AppError(
      'READ_ONLY',
      `${file} is read-only and has schema version ${version}; this SIEVE needs to upgrade it to ` +
        `version ${migrations.length}, which needs write access.`,
      { path: file },
    );
}
