// Systems and their imported outputs (the scores cached for them are scoreCache.ts's).
import { AppError } from '../../core/errors';
import type { SystemOutput } from '../../core/model/systemOutput';
import { type SystemProfile, byName } from '../../core/scoring/coverage';
import type { Db } from './openDatabase';
import { immediateTransaction } from './writeTransaction';
import { preparedOnce } from './statementCache';
import { decodeStoredJson, encodeStoredJson } from './storedJson';

/** A system as listed in the project. */
export interface SystemInfo {
  id: number;
  name: string;
  sourceFiles: string[];
  importedAt: string;
  settings: Record<string, unknown>;
  outputs: number;
}

/** What an import of system outputs did. */
export interface SystemImportSummary {
  system: SystemInfo;
  replaced: boolean;
  added: number;
  /** Outputs left out: for utterance ids the project does not have. */
  skipped: { id: string; reason: string }[];
  /** The project's utterances without an output, in project order (scored as empty hypotheses). */
  uncovered: string[];
  /** What the imported outputs hold, summed over them (N-best lists: how many outputs have one). */
  counts: { words: number; trees: number; entities: number; concepts: number; nbest: number };
}

interface SystemRow {
  id: number;
  name: string;
  source_files: string;
  imported_at: string;
  settings: string;
  outputs: number;
}

function toInfo(r: SystemRow): SystemInfo {
  return {
    id: r.id,
    name: r.name,
    sourceFiles: JSON.parse(r.source_files) as string[],
    importedAt: r.imported_at,
    settings: JSON.parse(r.settings) as Record<string, unknown>,
    outputs: r.outputs,
  };
}

const SYSTEM_SELECT = `SELECT s.*, (SELECT count(*) FROM system_output o WHERE o.system_id = s.id) AS outputs
  FROM system s`;

/**
 * Each system's count of outputs, with the revision it was counted at (per connection). A system's outputs
 * change only with its revision: an import bumps `output_rev` and sets `imported_at` (a system deleted and
 * another imported under its id differs in `imported_at`), and utterances, whose deletion would take
 * outputs with them, are never deleted. Counting walks the system's entries of the outputs' (system,
 * utterance) index, one per output, which `system:list` would otherwise do on every call.
 */
const outputCounts = new WeakMap<Db, Map<number, { rev: string; outputs: number }>>();

/** Every system of the project, by name. */
export function listSystems(db: Db): SystemInfo[] {
  const rows = preparedOnce(
    db,
    `SELECT s.*, s.output_rev || '|' || s.imported_at AS rev FROM system s ORDER BY s.name`,
  ).all() as (Omit<SystemRow, 'outputs'> & { rev: string })[];
  let counts = outputCounts.get(db);
  if (!counts) outputCounts.set(db, (counts = new Map()));
  const count = preparedOnce(db, 'SELECT count(*) FROM system_output WHERE system_id = ?', (st) =>
    st.pluck(),
  );
  return rows.map((r) => {
    let known = counts.get(r.id);
    if (!known || known.rev !== r.rev) {
      known = { rev: r.rev, outputs: count.get(r.id) as number };
      counts.set(r.id, known);
    }
    return toInfo({ ...r, outputs: known.outputs });
  });
}

/** One system by name or id. */
export function getSystem(db: Db, key: string | number): SystemInfo {
  const row = db
    .prepare(`${SYSTEM_SELECT} WHERE ${typeof key === 'number' ? 's.id' : 's.name'} = ?`)
    .get(key) as SystemRow | undefined;
  if (!row)
    throw new AppError('NOT_FOUND', `No system ${typeof key === 'number' ? key : `"${key}"`}.`, {
      system: key,
    });
  return toInfo(row);
}

/**
 * A system's outputs ready to be written: each one's utterance id, its stored value (its JSON encoded by
 * storedJson.ts) and what it holds (words, trees, entities, concepts, whether it has an N-best list; five
 * numbers per output). Made before the write lock is taken, and cheap to pass between threads (strings,
 * bytes and numbers, no object per word).
 */
export interface PreparedOutputs {
  ids: string[];
  stored: Uint8Array[];
  counts: number[];
}

/** Prepares `outputs` for `writeSystemOutputs`; two outputs for one utterance are refused. */
export function prepareOutputs(outputs: readonly SystemOutput[]): PreparedOutputs {
  const prepared: PreparedOutputs = { ids: [], stored: [], counts: [] };
  const seen = new Set<string>();
  for (const o of outputs) {
    if (seen.has(o.id))
      throw new AppError('INVALID_INPUT', `Two outputs for utterance "${o.id}".`, { id: o.id });
    seen.add(o.id);
    const { id, ...rest } = o;
    prepared.ids.push(id);
    prepared.stored.push(encodeStoredJson(JSON.stringify(rest)));
    prepared.counts.push(
      o.words?.length ?? 0,
      o.trees?.length ?? 0,
      o.entities?.length ?? 0,
      o.concepts?.length ?? 0,
      o.nbest ? 1 : 0,
    );
  }
  return prepared;
}

/**
 * Imports a system's outputs in one transaction. Re-importing a system replaces all its outputs at once;
 * outputs for utterance ids the project does not have are skipped and reported. An import in which no
 * output matches an utterance is refused (it is almost certainly the wrong file).
 */
export function importSystemOutputs(
  db: Db,
  name: string,
  outputs: readonly SystemOutput[],
  sourceFiles: readonly string[],
  settings: Record<string, unknown> = {},
): SystemImportSummary {
  return writeSystemOutputs(db, name, prepareOutputs(outputs), sourceFiles, settings);
}

/**
 * `importSystemOutputs` of outputs `prepareOutputs` prepared: what is done under the write lock is only
 * what must see the project as it is (which utterances it has) and the writing itself.
 */
export function writeSystemOutputs(
  db: Db,
  name: string,
  outputs: PreparedOutputs,
  sourceFiles: readonly string[],
  settings: Record<string, unknown> = {},
): SystemImportSummary {
  return immediateTransaction(db, (): SystemImportSummary => {
    const known = db.prepare('SELECT 1 FROM utterance WHERE id = ?').pluck();
    const skipped: { id: string; reason: string }[] = [];
    const keep: number[] = [];
    outputs.ids.forEach((id, k) => {
      if (known.get(id) === undefined) skipped.push({ id, reason: 'no such utterance in the project' });
      else keep.push(k);
    });
    if (keep.length === 0)
      throw new AppError(
        'INVALID_INPUT',
        `None of the ${outputs.ids.length} outputs is for an utterance of this project.`,
      );
    const at = new Date().toISOString();
    const existing = db.prepare('SELECT id FROM system WHERE name = ?').pluck().get(name) as
      number | undefined;
    let id: number;
    if (existing !== undefined) {
      id = existing;
      db.prepare('DELETE FROM system_output WHERE system_id = ?').run(id);
      db.prepare('DELETE FROM score_cache WHERE system_id = ?').run(id);
      db.prepare(
        'UPDATE system SET source_files = ?, imported_at = ?, settings = ?, output_rev = output_rev + 1 WHERE id = ?',
      ).run(JSON.stringify(sourceFiles), at, JSON.stringify(settings), id);
    } else {
      id = Number(
        db
          .prepare('INSERT INTO system (name, source_files, imported_at, settings) VALUES (?, ?, ?, ?)')
          .run(name, JSON.stringify(sourceFiles), at, JSON.stringify(settings)).lastInsertRowid,
      );
    }
    const ins = db.prepare('INSERT INTO system_output (system_id, utterance_id, output) VALUES (?, ?, ?)');
    for (const k of keep) ins.run(id, outputs.ids[k], outputs.stored[k]);
    const uncovered = db
      .prepare(
        `SELECT u.id FROM utterance u
          WHERE NOT EXISTS (SELECT 1 FROM system_output o WHERE o.system_id = ? AND o.utterance_id = u.id)
          ORDER BY u.ord`,
      )
      .pluck()
      .all(id) as string[];
    const counts = { words: 0, trees: 0, entities: 0, concepts: 0, nbest: 0 };
    for (const k of keep) {
      const c = outputs.counts;
      counts.words += c[5 * k]!;
      counts.trees += c[5 * k + 1]!;
      counts.entities += c[5 * k + 2]!;
      counts.concepts += c[5 * k + 3]!;
      counts.nbest += c[5 * k + 4]!;
    }
    return {
      system: getSystem(db, id),
      replaced: existing !== undefined,
      added: keep.length,
      counts,
      skipped,
      uncovered,
    };
  });
}

/** A system's output for one utterance, or null when it has none. */
export function getSystemOutput(db: Db, systemId: number, utteranceId: string): SystemOutput | null {
  const stored = preparedOnce(
    db,
    'SELECT output FROM system_output WHERE system_id = ? AND utterance_id = ?',
    (st) => st.pluck(),
  ).get(systemId, utteranceId) as Uint8Array | undefined;
  if (stored === undefined) return null;
  return { id: utteranceId, ...(JSON.parse(decodeStoredJson(stored, db.name)) as Omit<SystemOutput, 'id'>) };
}

const profiles = new WeakMap<Db, Map<number, { rev: string; profile: SystemProfile }>>();

/**
 * What a system outputs over the project (coverage.ts): the parts any of its outputs has. Read from every
 * output and kept per output revision, so it is read once per import on each connection.
 */
export function getSystemProfile(db: Db, systemId: number): SystemProfile {
  // The import time is part of the revision: a system deleted and another imported under its id (SQLite
  // reuses the largest id) is a new revision even though both start at output_rev 0.
  const rev = preparedOnce(db, "SELECT output_rev || '|' || imported_at FROM system WHERE id = ?", (st) =>
    st.pluck(),
  ).get(systemId) as string | undefined;
  if (rev === undefined) throw new AppError('NOT_FOUND', `No system ${systemId}.`, { systemId });
  let bySystem = profiles.get(db);
  if (!bySystem) profiles.set(db, (bySystem = new Map()));
  const known = bySystem.get(systemId);
  if (known && known.rev === rev) return known.profile;
  // As SQLite's JSON functions read it from the text: a part counts when any output has its key, whatever
  // its value; a tree name is typed when any of its trees says `typed: true`.
  const parts = { words: false, concepts: false, entities: false, nbest: false };
  const typedTrees = new Map<string, boolean>();
  const outputs = preparedOnce(db, 'SELECT output FROM system_output WHERE system_id = ?', (st) =>
    st.pluck(),
  ).iterate(systemId) as IterableIterator<Uint8Array>;
  for (const stored of outputs) {
    const o = JSON.parse(decodeStoredJson(stored, db.name)) as Record<string, unknown>;
    const words = Object.hasOwn(o, 'words');
    parts.words ||= words;
    parts.concepts ||= Object.hasOwn(o, 'concepts');
    parts.nbest ||= Object.hasOwn(o, 'nbest');
    parts.entities ||= words && Object.hasOwn(o, 'entities');
    if (Array.isArray(o.trees))
      for (const t of o.trees as { name: string; typed?: unknown }[])
        typedTrees.set(t.name, typedTrees.get(t.name) === true || t.typed === true || t.typed === 1);
  }
  const profile: SystemProfile = {
    ...parts,
    trees: [...typedTrees].map(([name, typed]) => ({ name, typed })).sort(byName),
  };
  bySystem.set(systemId, { rev, profile });
  return profile;
}

/** What a system's name must be: 1–200 characters, not blank, no space at either end; null when it is fine. */
export function systemNameProblem(name: string): string | null {
  if (name.trim().length === 0) return 'A system needs a name.';
  if (name !== name.trim()) return 'A system name cannot start or end with a space.';
  if (name.length > 200) return 'A system name has at most 200 characters.';
  return null;
}

/** Renames a system (its outputs and cached scores stay: they are keyed on its id, not its name). */
export function renameSystem(db: Db, key: string | number, newName: string): SystemInfo {
  return immediateTransaction(db, () => {
    const sys = getSystem(db, key);
    const problem = systemNameProblem(newName);
    if (problem) throw new AppError('INVALID_INPUT', problem, { name: newName });
    if (newName === sys.name) return sys;
    const taken = db.prepare('SELECT 1 FROM system WHERE name = ?').pluck().get(newName);
    if (taken !== undefined)
      throw new AppError('CONFLICT', `There is already a system named "${newName}".`, { name: newName });
    db.prepare('UPDATE system SET name = ? WHERE id = ?').run(newName, sys.id);
    return getSystem(db, sys.id);
  });
}

/** What deleting a system removed. */
export interface SystemDeleteSummary {
  name: string;
  outputs: number;
  cachedScores: number;
}

/** Deletes a system with its outputs and its cached scores, in one transaction. */
export function deleteSystem(db: Db, key: string | number): SystemDeleteSummary {
  return immediateTransaction(db, () => {
    const sys = getSystem(db, key);
    // The rows go explicitly rather than by the foreign keys' cascade, so the counts are what was removed.
    const cachedScores = db.prepare('DELETE FROM score_cache WHERE system_id = ?').run(sys.id).changes;
    const outputs = db.prepare('DELETE FROM system_output WHERE system_id = ?').run(sys.id).changes;
    db.prepare('DELETE FROM system WHERE id = ?').run(sys.id);
    // A system imported later may get the same id: nothing known about this one may be taken for it.
    profiles.get(db)?.delete(sys.id);
    outputCounts.get(db)?.delete(sys.id);
    return { name: sys.name, outputs, cachedScores };
  });
}
