// Prepared statements kept per open database: preparing the same SQL on every call of a hot read (the
// gold of an utterance, a system's output) costs more than running it.
import type { Statement } from 'better-sqlite3';
import type { Db } from './openDatabase';

const caches = new WeakMap<Db, Map<string, Statement>>();

/** The statement for `sql` on `db`, prepared once (with `setup`, e.g. pluck mode, applied then). */
export function preparedOnce(db: Db, sql: string, setup?: (s: Statement) => Statement): Statement {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    if (setup) s = setup(s);
    cache.set(sql, s);
  }
  return s;
}
