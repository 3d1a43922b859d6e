// Writes to a project that other windows, hosts or processes may be writing at the same time, and keeps the
// project file itself up to date with what the write-ahead log holds.
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
