// How many rows some tables of an open project have, and whether a table changed, without counting or
// reading the whole table again after every write. This connection's own writes are followed by temporary
// triggers (they live only in this connection and are rolled back with the transaction that fired them);
// a commit by another connection (an import worker, a scoring worker, the command line) is seen through
// `PRAGMA data_version`, and then each table is counted once more.
import type { Db } from './openDatabase';
import { preparedOnce } from './statementCache';

/** The per-table counters, in this connection's temporary database. */
const TABLE = 'temp.sieve_table_rows';

/**
 * Row counts and change counters of `tables`, kept up to date by this connection's temporary triggers.
 * Where temporary triggers cannot be made, every question reads the table again (still correct).
 */
export class TableRows {
  /** `PRAGMA data_version` when the counts in the temporary table were last set by counting. */
  private countedAt: number | null = null;
  private readonly followed: boolean;

  constructor(
    private readonly db: Db,
    private readonly tables: readonly string[],
  ) {
    this.followed = this.follow();
  }

  /** Makes the counter table and the triggers; false when this connection cannot. */
  private follow(): boolean {
    try {
      this.db.exec(
        `CREATE TEMP TABLE IF NOT EXISTS sieve_table_rows (name TEXT PRIMARY KEY, rows INTEGER NOT NULL, changes INTEGER NOT NULL)`,
      );
      const insert = this.db.prepare(
        `INSERT INTO ${TABLE} (name, rows, changes) VALUES (?, 0, 0) ON CONFLICT DO NOTHING`,
      );
      for (const t of this.tables) {
        insert.run(t);
        const bump = (rows: string) =>
          `BEGIN UPDATE ${TABLE} SET rows = rows ${rows}, changes = changes + 1 WHERE name = '${t}'; END`;
        this.db.exec(`
          CREATE TEMP TRIGGER IF NOT EXISTS sieve_rows_${t}_insert AFTER INSERT ON main.${t} ${bump('+ 1')};
          CREATE TEMP TRIGGER IF NOT EXISTS sieve_rows_${t}_delete AFTER DELETE ON main.${t} ${bump('- 1')};
          CREATE TEMP TRIGGER IF NOT EXISTS sieve_rows_${t}_update AFTER UPDATE ON main.${t} ${bump('+ 0')};`);
      }
      return true;
    } catch {
      return false;
    }
  }

  private dataVersion(): number {
    return this.db.pragma('data_version', { simple: true }) as number;
  }

  /** Counts every table again when another connection committed since they were last counted. */
  private fresh(): void {
    const version = this.dataVersion();
    if (this.countedAt === version) return;
    const set = preparedOnce(this.db, `UPDATE ${TABLE} SET rows = ? WHERE name = ?`);
    this.db.transaction(() => {
      for (const t of this.tables)
        set.run(this.db.prepare(`SELECT count(*) FROM main.${t}`).pluck().get() as number, t);
    })();
    this.countedAt = version;
  }

  /** How many rows each table has now. */
  counts(): Record<string, number> {
    if (!this.followed)
      return Object.fromEntries(
        this.tables.map((t) => [
          t,
          this.db.prepare(`SELECT count(*) FROM main.${t}`).pluck().get() as number,
        ]),
      );
    this.fresh();
    const rows = preparedOnce(this.db, `SELECT name, rows FROM ${TABLE}`).all() as {
      name: string;
      rows: number;
    }[];
    return Object.fromEntries(rows.map((r) => [r.name, r.rows]));
  }

  /**
   * How many writes of the tables this connection made (not counting other connections' commits): it
   * changes with each write, and only with writes.
   */
  changes(): number {
    if (!this.followed)
      return preparedOnce(this.db, 'SELECT total_changes()', (s) => s.pluck()).get() as number;
    return preparedOnce(
      this.db,
      `SELECT sum(changes) FROM ${TABLE} WHERE name IN (SELECT value FROM json_each(?))`,
      (s) => s.pluck(),
    ).get(JSON.stringify(this.tables)) as number;
  }

  /**
   * What identifies the content of `table` now: it changes with every write of the table by this
   * connection and with every commit by another connection (whatever that one changed).
   */
  state(table: string): string {
    const version = this.dataVersion();
    if (!this.followed) {
      const changes = preparedOnce(this.db, 'SELECT total_changes()', (s) => s.pluck()).get() as number;
      return `${version}:${changes}`;
    }
    const changes = preparedOnce(this.db, `SELECT changes FROM ${TABLE} WHERE name = ?`, (s) =>
      s.pluck(),
    ).get(table) as number;
    return `${version}:${changes}`;
  }
}
