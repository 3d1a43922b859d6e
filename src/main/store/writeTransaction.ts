// Writes to a project that other windows, hosts or processes may be writing at the same time, and keeps the
// project file itself up to date with what the write-ahead log holds.
import Database from 'better-sqlite3';
import { CheckpointThread } from './checkpointThread';
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
 * The log's size, in pages, past which a commit through the app's connection copies the log into the
 * file itself, on its own thread: a safety net for writes `WalCheckpoints` is not told of (40 MiB at
 * SQLite's 4 KiB pages). SQLite's default (1,000 pages) would make an edit committed after an import's
 * write of a few megabytes wait for that copy and two waits for the disk; the checkpoint thread copies it
 * meanwhile.
 */
const APP_AUTOCHECKPOINT_PAGES = 10_000;

/** Leaves checkpoints of `db`, the app's connection to a project, to `WalCheckpoints` (but for the net above). */
export function leaveCheckpointsToThread(db: Db): void {
  if (!db.readonly) db.pragma(`wal_autocheckpoint = ${APP_AUTOCHECKPOINT_PAGES}`);
}

/**
 * The least time between the end of one checkpoint and the start of the next: with many studios moving
 * between utterances and editing all the time (the host under load), checkpoints would otherwise follow
 * each other without end, each waiting twice for the disk.
 */
const MIN_GAP_MS = 200;

/**
 * Copies the write-ahead log into the project file when editing pauses: a few seconds after the last write
 * (a timer that never keeps the process alive; under edits that never pause, at the latest `maxLagMs` after
 * the first one not copied yet) and when the studio moves to another utterance. Until then recent edits
 * live in the `-wal` file next to the project. The copying is done by a thread of its own
 * (`CheckpointThread`), one checkpoint at a time: asked for again meanwhile, it runs once more afterwards
 * (`MIN_GAP_MS` after).
 * PASSIVE never waits for readers or writers.
 */
export class WalCheckpoints {
  private timer: NodeJS.Timeout | null = null;
  private pending = false;
  /** When the oldest write not copied yet was made (`Date.now()`). */
  private pendingSince = 0;
  private utterance: string | null = null;
  /** Writes so far: a write made while a checkpoint runs may not be in it. */
  private writes = 0;
  private running = false;
  private again = false;
  /** The next checkpoint asked for while one ran, due `MIN_GAP_MS` after it. */
  private gap: NodeJS.Timeout | null = null;
  private readonly thread: CheckpointThread;

  constructor(
    file: string,
    private readonly idleMs: number,
    private readonly maxLagMs = 5 * idleMs,
  ) {
    this.thread = new CheckpointThread(file);
  }

  /** A write was committed: checkpoint once no other write follows for `idleMs`. */
  written(): void {
    this.writes++;
    if (!this.pending) this.pendingSince = Date.now();
    this.pending = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (Date.now() - this.pendingSince >= this.maxLagMs) {
      this.checkpoint();
      return;
    }
    this.timer = setTimeout(() => this.checkpoint(), this.idleMs);
    this.timer.unref();
  }

  /** The studio reads utterance `id`: moving from another one checkpoints what was written. */
  visit(id: string): void {
    if (this.utterance !== null && this.utterance !== id) this.checkpoint();
    this.utterance = id;
  }

  /** Starts copying committed pages from the WAL into the project file, if any were written. */
  checkpoint(): void {
    if (!this.pending) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.running || this.gap) {
      this.again = true;
      return;
    }
    this.running = true;
    const writes = this.writes;
    void this.thread.checkpoint().then((a) => {
      this.running = false;
      // Pages a reader still needed stay in the WAL, as do writes made since it began: the next pause
      // (or utterance change) tries again. A checkpoint that failed is an optimisation lost: SQLite
      // completes it on close whatever happens here.
      if ('log' in a && a.checkpointed >= a.log && this.writes === writes) this.pending = false;
      if (this.again) {
        this.again = false;
        this.gap = setTimeout(() => {
          this.gap = null;
          this.again = false; // asked for during the gap: this is that checkpoint
          this.checkpoint();
        }, MIN_GAP_MS);
        this.gap.unref();
      }
    });
  }

  /**
   * Stops the timer and the thread (the project is closing): call it before closing the connection, which,
   * the last one open, checkpoints what is left.
   */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.gap) clearTimeout(this.gap);
    this.timer = null;
    this.gap = null;
    this.thread.close();
  }
}
