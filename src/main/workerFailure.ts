// An error thrown in a worker thread, carried to the app process so that it is answered as the same error
// thrown there would be: an API error keeps its code and details, an SQLite error its code (so the
// project's file can be named in what it means for the user: damaged, read-only, busy).
import Database from 'better-sqlite3';
import { AppError, type ApiErrorShape } from '../core/errors';

/** What a worker posts when its work fails. */
export interface WorkerFailure {
  /** The API error it was, or null. */
  error: ApiErrorShape | null;
  message: string;
  /** SQLite's code (`SQLITE_BUSY`, `SQLITE_CORRUPT` …) when SQLite raised it. */
  sqliteCode?: string;
}

/** The failure a worker posts for `err`. */
export function workerFailure(err: unknown): WorkerFailure {
  return {
    error: err instanceof AppError ? err.toShape() : null,
    message: err instanceof Error ? err.message : String(err),
    ...(err instanceof Database.SqliteError ? { sqliteCode: err.code } : {}),
  };
}

/** The error to raise in the app process for a failure a worker posted. */
export function workerError(f: WorkerFailure): Error {
  if (f.error) return new AppError(f.error.code, f.error.message, f.error.details);
  if (f.sqliteCode) return new Database.SqliteError(f.message, f.sqliteCode);
  return new Error(f.message);
}
