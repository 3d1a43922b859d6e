// Writes to a project that other windows, hosts or processes may be writing at the same time, and keeps the
// project file itself up to date with what the write-ahead log holds.
import Database from 'better-sqlite3';
import type { Db } from './openDatabase';
import { sqliteFailure } from './projectFile';

/** Runs `fn` in one transaction that takes the write lock as it begins (a savepoint when nested). */
export function immediateTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/**
 * Runs `fn` in a transaction that takes SQLite's write lock when it begins (BEGIN IMMEDIATE). A deferred
 * transaction that reads and then writes cannot upgrade a WAL snapshot another writer has moved past, and
 * fails at once with "database is locked"; an immediate one waits for the lock (the busy timeout) and then
 * reads the latest state. A lock still held after that wait is a CONFLICT naming the file.
 */
export function writeTransaction<T>(file: string, db: Db, fn: () => T): T {
  try {
    return immediateTransaction(db, fn);
  } catch (err) {
    throw sqliteFailure(file, err);
  }
}

/** How long a write waits for another connection's write lock before it is a CONFLICT (the busy timeout). */
const LOCK_WAIT_MS = 5000;

/**
 * The longest pause between two tries for the write lock. An edit mostly waits for an import's write of a
 * few tens of milliseconds: tried at least this often, it follows within a few milliseconds of the lock's
 * release, and a try costs a few microseconds.
 */
const MAX_PAUSE_MS = 5;

function isBusy(err: unknown): boolean {
  return err instanceof Database.SqliteError && err.code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `fn` as `writeTransaction` does, but waits for the write lock without blocking the thread: while
 * another connection writes (an import in a worker thread), SQLite's busy handler would put this whole
 * thread to sleep — in the app process, every other call with it. Instead BEGIN IMMEDIATE is tried without
 * waiting and tried again a few milliseconds later, the event loop free in between; once begun, `fn` and
 * the commit run at once, with nothing else in between. A lock still held after the busy timeout is a
 * CONFLICT naming the file, as from `writeTransaction`.
 */
export async function writeWhenFree<T>(file: string, db: Db, fn: () => T): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    if (!db.inTransaction) {
      const timeout = db.pragma('busy_timeout', { simple: true }) as number;
      db.pragma('busy_timeout = 0');
      let begun = false;
      try {
        db.exec('BEGIN IMMEDIATE');
        begun = true;
      } catch (err) {
        if (!isBusy(err) || Date.now() >= deadline) throw sqliteFailure(file, err);
      } finally {
        db.pragma(`busy_timeout = ${timeout}`);
      }
      if (begun) {
        try {
          const result = fn(); // its own transaction, if any, is a savepoint inside this one
          db.exec('COMMIT');
          return result;
        } catch (err) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw sqliteFailure(file, err);
        }
      }
    } else if (Date.now() >= deadline) {
      throw sqliteFailure(file, new Database.SqliteError('database is locked', 'SQLITE_BUSY'));
    }
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/**
 * Copies the write-ahead log into the project file when editing pauses: a few seconds after the last write
 * (a timer that never keeps the process alive) and when the studio moves to another utterance. Until then
 * recent edits live in the `-wal` file next to the project. PASSIVE never waits for readers or writers.
 */
export class WalCheckpoints {
  private timer: NodeJS.Timeout | null = null;
  private pending = false;
  private utterance: string | null = null;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {}

  /** A write was committed: checkpoint once no other write follows for `idleMs`. */
  written(): void {
    this.pending = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.checkpoint(), this.idleMs);
    this.timer.unref();
  }

  /** The studio reads utterance `id`: moving from another one checkpoints what was written. */
  visit(id: string): void {
    if (this.utterance !== null && this.utterance !== id) this.checkpoint();
    this.utterance = id;
  }

  /** Copies committed pages from the WAL into the project file, if any were written. */
  checkpoint(): void {
    // Inside a transaction (a read of the gold while saving an edit) the edit's own write schedules it.
    if (!this.pending || !this.db.open || this.db.inTransaction) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      const [r] = this.db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      // Pages a reader still needs stay in the WAL; the next pause tries again.
      this.pending = !r || r.checkpointed < r.log;
    } catch {
      // A checkpoint is an optimisation: SQLite completes it on close whatever happens here.
    }
  }

  /** Stops the timer (the project is closing; SQLite checkpoints on close). */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
