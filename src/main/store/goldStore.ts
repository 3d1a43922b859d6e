// Reads and writes one utterance's gold standard; every write is a diff, applied in one transaction
// together with its history entry, so an edit is either fully saved or not at all. The undo and redo
// stacks are chains through the history (see migration 0004): a save, an undo or a redo reads and moves
// the tops of the stacks only, however long the utterance's history.
//
// An utterance has layers (schema 5): the adjudicated one, kept in the gold tables and scored against, and
// one per annotator assigned to it, kept whole in annotator_gold. Every function here takes the layer as an
// optional annotator id (absent: the adjudicated layer); an annotator's layer is checked, recorded and
// undone exactly like the adjudicated one, with its own revision and stacks, and never touches the scores.
import { AppError, BugError } from '../../core/errors';
import { DiffConflictError, GoldDiff, applyDiff, reverseDiff } from '../../core/gold/diff';
import { z } from 'zod';
import {
  GoldConcept,
  GoldEntity,
  type GoldField,
  GoldLabels,
  type GoldRecords,
  GoldTree,
  GoldWord,
  goldIssues,
  goldProblems,
} from '../../core/gold/records';
import type { Db } from './openDatabase';
import { WORD_SOURCE, completeWordDiff } from '../../core/gold/wordMarks';
import { immediateTransaction } from './writeTransaction';
import { preparedOnce } from './statementCache';
import { annotatorName, parseLayerGold } from './annotatorStore';

/** Who made an edit and what it was, for the history. */
export interface EditMeta {
  kind: 'edit' | 'undo' | 'redo' | 'import';
  label?: string;
  annotator?: string;
  undoes?: number;
  /**
   * How the words the edit changes get their source and confidence: 'edit' (the default for edits) makes
   * them the annotator's ('manual', no confidence); 'given' keeps the marks they carry (undo, redo,
   * imports and re-alignment do), filling missing ones. See `markWords`.
   */
  wordMarks?: 'edit' | 'given';
  /** The layer edited: an annotator's id; absent, the adjudicated layer. */
  layer?: number;
}

/** What a saved edit returns: the new records, the history entry that holds the diff, the undo state. */
export interface SavedEdit extends EditState {
  gold: GoldRecords;
  historyId: number;
}

/** An utterance's gold revision and whether it has an edit to undo and one to redo. */
export interface EditState {
  goldRev: number;
  canUndo: boolean;
  canRedo: boolean;
}

interface UtteranceRow {
  labels: string;
}

/** An utterance's row as an edit needs it: the gold's labels and revision, and the tops of its stacks. */
interface EditedRow extends UtteranceRow {
  gold_rev: number;
  undo_top: number | null;
  redo_top: number | null;
}

function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', `No utterance with id "${id}".`, { utteranceId: id });
}

/** The utterance's row for reading its gold (the columns every schema version has, for salvage). */
function assertUtterance(db: Db, id: string): UtteranceRow {
  const row = preparedOnce(db, 'SELECT labels FROM utterance WHERE id = ?').get(id) as
    UtteranceRow | undefined;
  if (!row) throw notFound(id);
  return row;
}

/** The utterance's row for editing it. */
function editedRow(db: Db, id: string): EditedRow {
  const row = preparedOnce(db, 'SELECT gold_rev, labels, undo_top, redo_top FROM utterance WHERE id = ?').get(
    id,
  ) as EditedRow | undefined;
  if (!row) throw notFound(id);
  return row;
}

/** An annotator's layer row for editing it. */
interface LayerRow {
  gold: string;
  gold_rev: number;
  undo_top: number | null;
  redo_top: number | null;
}

/** An annotator's layer of an utterance for editing it; NOT_FOUND when there is none. */
function layerRow(db: Db, id: string, layer: number): LayerRow {
  const row = preparedOnce(
    db,
    `SELECT gold, gold_rev, undo_top, redo_top FROM annotator_gold
      WHERE annotator_id = ? AND utterance_id = ?`,
  ).get(layer, id) as LayerRow | undefined;
  if (row) return row;
  const name = annotatorName(db, layer);
  assertUtterance(db, id);
  throw new AppError(
    'NOT_FOUND',
    `Annotator "${name}" has no layer of utterance "${id}": it is not assigned to them.`,
    { utteranceId: id, annotator: name },
  );
}

/** The revision and stack tops of a layer of an utterance (`layer` as in `EditMeta`). */
function stackRow(db: Db, id: string, layer: number | undefined): Omit<EditedRow, 'labels'> {
  return layer === undefined ? editedRow(db, id) : layerRow(db, id, layer);
}

/**
 * The revision of an utterance's gold standard (of the annotator `layer`'s layer when given) and whether
 * there is an edit to undo or to redo.
 */
export function editState(db: Db, utteranceId: string, layer?: number): EditState {
  const u = stackRow(db, utteranceId, layer);
  return { goldRev: u.gold_rev, canUndo: u.undo_top !== null, canRedo: u.redo_top !== null };
}

/** The records of `rows` that `schema` takes; each one it refuses is named in `problems` and left out. */
function valid<T>(
  rows: readonly unknown[],
  schema: z.ZodType<T>,
  what: (k: number) => string,
  problems: string[],
): T[] {
  const out: T[] = [];
  rows.forEach((row, k) => {
    const r = schema.safeParse(row);
    if (r.success) out.push(r.data);
    else
      problems.push(
        `${what(k)} left out: ${r.error.issues[0]?.path.map(String).join('.') || 'value'}: ${r.error.issues[0]?.message ?? 'invalid'}`,
      );
  });
  return out;
}

const confidenceColumn = new WeakMap<Db, boolean>();

/**
 * Whether the file's words have their confidence column (schema version 3 on): a damaged file of an older
 * version, opened only to salvage what reads, is not migrated.
 */
function hasConfidence(db: Db): boolean {
  let has = confidenceColumn.get(db);
  if (has === undefined) {
    has = db.prepare("SELECT 1 FROM pragma_table_info('word') WHERE name = 'confidence'").get() !== undefined;
    confidenceColumn.set(db, has);
  }
  return has;
}

/**
 * The gold standard of one utterance as stored, with what is wrong with it. A record outside the schema's
 * limits (a project written by an older version) is left out and named, so the utterance can still be
 * opened and fixed; the inconsistencies of the rest (`goldProblems`) are listed, not removed.
 */
export function readStoredGold(
  db: Db,
  utteranceId: string,
  layer?: number,
): { gold: GoldRecords; problems: string[] } {
  if (layer !== undefined)
    return { gold: parseLayerGold(layerRow(db, utteranceId, layer).gold, layer, utteranceId), problems: [] };
  return storedGold(db, utteranceId, assertUtterance(db, utteranceId));
}

/** `readStoredGold` of an utterance whose row is read already. */
function storedGold(db: Db, utteranceId: string, u: UtteranceRow): { gold: GoldRecords; problems: string[] } {
  const problems: string[] = [];
  let labels: GoldLabels = {};
  try {
    const parsed = GoldLabels.safeParse(JSON.parse(u.labels));
    if (parsed.success) labels = parsed.data;
    else problems.push(`labels left out: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  } catch {
    problems.push('labels left out: not JSON');
  }
  const gold: GoldRecords = {
    words: valid(
      (
        preparedOnce(
          db,
          hasConfidence(db)
            ? `SELECT text, start_sec AS startSec, end_sec AS endSec, source, confidence
                 FROM word WHERE utterance_id = ? ORDER BY idx`
            : `SELECT text, start_sec AS startSec, end_sec AS endSec, source, NULL AS confidence
                 FROM word WHERE utterance_id = ? ORDER BY idx`,
        ).all(utteranceId) as { confidence: number | null }[]
      ).map(({ confidence, ...w }) => (confidence === null ? w : { ...w, confidence })),
      GoldWord,
      (k) => `word ${k}`,
      problems,
    ),
    trees: valid(
      (
        preparedOnce(
          db,
          'SELECT name, typed, bracket FROM gold_tree WHERE utterance_id = ? ORDER BY ord',
        ).all(utteranceId) as { name: string; typed: number; bracket: string }[]
      ).map((t) => ({ name: t.name, typed: t.typed === 1, bracket: t.bracket })),
      GoldTree,
      (k) => `tree ${k}`,
      problems,
    ),
    entities: valid(
      preparedOnce(
        db,
        `SELECT type, first_word AS firstWord, last_word AS lastWord FROM gold_entity
           WHERE utterance_id = ? ORDER BY idx`,
      ).all(utteranceId),
      GoldEntity,
      (k) => `entity ${k}`,
      problems,
    ),
    concepts: valid(
      preparedOnce(db, 'SELECT attribute, value FROM gold_concept WHERE utterance_id = ? ORDER BY idx').all(
        utteranceId,
      ),
      GoldConcept,
      (k) => `concept ${k}`,
      problems,
    ),
    interpretations: valid(
      preparedOnce(db, 'SELECT text FROM gold_interpretation WHERE utterance_id = ? ORDER BY idx')
        .pluck()
        .all(utteranceId),
      z.string().max(100_000),
      (k) => `interpretation ${k}`,
      problems,
    ),
    labels,
  };
  return { gold, problems };
}

/**
 * The gold standard of one utterance (the adjudicated layer, or the annotator `layer`'s); a record outside
 * the schema (see `readStoredGold`) is left out.
 */
export function readGold(db: Db, utteranceId: string, layer?: number): GoldRecords {
  return readStoredGold(db, utteranceId, layer).gold;
}

/** Replaces one field of an utterance's gold standard in the tables (inside the caller's transaction). */
function writeField(db: Db, id: string, field: GoldField, g: GoldRecords, wordSource: string): void {
  switch (field) {
    case 'words': {
      // The words' marks were completed with the diff (`completeWordDiff`); the fallback is for safety.
      db.prepare('DELETE FROM word WHERE utterance_id = ?').run(id);
      const ins = db.prepare(
        `INSERT INTO word (utterance_id, idx, text, start_sec, end_sec, source, confidence)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      g.words.forEach((w, i) =>
        ins.run(id, i, w.text, w.startSec, w.endSec, w.source ?? wordSource, w.confidence ?? null),
      );
      db.prepare('UPDATE utterance SET transcript = ? WHERE id = ?').run(
        g.words.map((w) => w.text).join(' '),
        id,
      );
      return;
    }
    case 'trees': {
      db.prepare('DELETE FROM gold_tree WHERE utterance_id = ?').run(id);
      const ins = db.prepare(
        'INSERT INTO gold_tree (utterance_id, name, ord, typed, bracket) VALUES (?, ?, ?, ?, ?)',
      );
      g.trees.forEach((t, i) => ins.run(id, t.name, i, t.typed ? 1 : 0, t.bracket));
      return;
    }
    case 'entities': {
      db.prepare('DELETE FROM gold_entity WHERE utterance_id = ?').run(id);
      const ins = db.prepare(
        'INSERT INTO gold_entity (utterance_id, idx, type, first_word, last_word) VALUES (?, ?, ?, ?, ?)',
      );
      g.entities.forEach((e, i) => ins.run(id, i, e.type, e.firstWord, e.lastWord));
      return;
    }
    case 'concepts': {
      db.prepare('DELETE FROM gold_concept WHERE utterance_id = ?').run(id);
      const ins = db.prepare(
        'INSERT INTO gold_concept (utterance_id, idx, attribute, value) VALUES (?, ?, ?, ?)',
      );
      g.concepts.forEach((c, i) => ins.run(id, i, c.attribute, c.value));
      return;
    }
    case 'interpretations': {
      db.prepare('DELETE FROM gold_interpretation WHERE utterance_id = ?').run(id);
      const ins = db.prepare('INSERT INTO gold_interpretation (utterance_id, idx, text) VALUES (?, ?, ?)');
      g.interpretations.forEach((t, i) => ins.run(id, i, t));
      return;
    }
    case 'labels':
      db.prepare('UPDATE utterance SET labels = ? WHERE id = ?').run(JSON.stringify(g.labels), id);
      return;
  }
}

/**
 * Applies `diff` to an utterance's gold standard (the layer `meta.layer`) and records it in the history,
 * in one transaction. A stale diff (its `before` no longer matches) or one that leaves the gold
 * inconsistent is refused and changes nothing. An edit of the adjudicated layer drops the utterance's
 * cached scores; an annotator's layer is not scored, so its edits leave them.
 */
export function applyGoldDiff(db: Db, utteranceId: string, given: GoldDiff, meta: EditMeta): SavedEdit {
  return immediateTransaction(db, (): SavedEdit => {
    const layer = meta.layer;
    let u: Omit<EditedRow, 'labels'>;
    let current: GoldRecords;
    if (layer === undefined) {
      const row = editedRow(db, utteranceId);
      u = row;
      current = storedGold(db, utteranceId, row).gold;
    } else {
      const row = layerRow(db, utteranceId, layer);
      u = row;
      current = parseLayerGold(row.gold, layer, utteranceId);
    }
    const place = stackPlace(db, u, meta);
    const source = meta.kind === 'import' ? WORD_SOURCE.import : WORD_SOURCE.manual;
    const marks = meta.wordMarks ?? (meta.kind === 'edit' ? 'edit' : 'given');
    // The history holds the completed diff, so undo and redo restore each word's source and confidence.
    const diff = completeWordDiff(given, current.words, source, marks);
    let next: GoldRecords;
    try {
      next = applyDiff(current, diff);
    } catch (err) {
      if (err instanceof DiffConflictError)
        throw new AppError('CONFLICT', `Utterance "${utteranceId}": ${err.message}; reload it.`, {
          utteranceId,
          field: err.field,
        });
      const issue = (err as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.[0];
      const why = issue ? `: ${issue.path.map(String).join('.')}: ${issue.message}` : '';
      throw new AppError(
        'INVALID_INPUT',
        `Utterance "${utteranceId}": the edit does not give valid gold${why}.`,
        { utteranceId, error: String(err) },
      );
    }
    // The whole utterance is checked, not only the fields the diff replaces: a diff made against fields
    // that another window has changed since must not leave, say, the tree over words that are gone.
    // What the stored gold already had wrong (written by an older version) does not block other edits.
    const known = new Set(goldProblems(current));
    const problems = goldIssues(next).filter((i) => !known.has(i.message));
    const first = problems[0];
    if (first) {
      const changed = diff.map((c) => c.field);
      const details = { utteranceId, problems: problems.map((i) => i.message) };
      if (!changed.includes(first.field))
        throw new AppError(
          'CONFLICT',
          `Utterance "${utteranceId}": this edit of the ${changed.join(' and ')} does not fit the ` +
            `${first.field} as stored (changed elsewhere?): ${first.message}; reload it.`,
          details,
        );
      throw new AppError('INVALID_INPUT', `Utterance "${utteranceId}": ${first.message}.`, details);
    }
    if (layer === undefined) {
      for (const change of diff) writeField(db, utteranceId, change.field, next, source);
      preparedOnce(db, 'DELETE FROM score_cache WHERE utterance_id = ?').run(utteranceId);
    }
    const at = new Date().toISOString();
    const goldRev = u.gold_rev + 1;
    const historyId = Number(
      preparedOnce(
        db,
        `INSERT INTO history (utterance_id, at, annotator, kind, label, diff, undoes, below, annotator_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        utteranceId,
        at,
        meta.annotator ?? '',
        meta.kind,
        meta.label ?? '',
        JSON.stringify(diff),
        meta.undoes ?? null,
        place.below,
        layer ?? null,
      ).lastInsertRowid,
    );
    const [undoTop, redoTop] = place.tops(historyId);
    if (layer === undefined)
      preparedOnce(
        db,
        `UPDATE utterance SET gold_rev = ?, updated_at = ?, annotator = ?, undo_top = ?, redo_top = ?
         WHERE id = ?`,
      ).run(goldRev, at, meta.annotator ?? '', undoTop, redoTop, utteranceId);
    else
      preparedOnce(
        db,
        `UPDATE annotator_gold SET gold = ?, gold_rev = ?, updated_at = ?, undo_top = ?, redo_top = ?
         WHERE annotator_id = ? AND utterance_id = ?`,
      ).run(JSON.stringify(next), goldRev, at, undoTop, redoTop, layer, utteranceId);
    return { gold: next, historyId, goldRev, canUndo: undoTop !== null, canRedo: redoTop !== null };
  });
}

/**
 * Where a new history entry goes on the stacks: the entry under it, and the tops of the undo and redo
 * stacks once it is written (given its id). An edit or import is pushed on the undo stack and empties the
 * redo stack; an undo (redo) takes the entry it reverses off the undo (redo) stack and is pushed on the
 * other one.
 */
function stackPlace(
  db: Db,
  u: Omit<EditedRow, 'labels'>,
  meta: EditMeta,
): { below: number | null; tops: (entry: number) => [number | null, number | null] } {
  if (meta.kind === 'undo') {
    const rest = belowTop(db, u.undo_top, meta);
    return { below: u.redo_top, tops: (entry) => [rest, entry] };
  }
  if (meta.kind === 'redo') {
    const rest = belowTop(db, u.redo_top, meta);
    return { below: u.undo_top, tops: (entry) => [entry, rest] };
  }
  return { below: u.undo_top, tops: (entry) => [entry, null] };
}

/** The entry under the top of a stack, which an undo or redo (`meta`) must be reversing. */
function belowTop(db: Db, top: number | null, meta: EditMeta): number | null {
  if (top === null || meta.undoes !== top)
    throw new BugError(
      `an ${meta.kind} reverses the top of its stack (entry ${top}), not entry ${meta.undoes}`,
    );
  return preparedOnce(db, 'SELECT below FROM history WHERE id = ?').pluck().get(top) as number | null;
}

interface HistoryRow {
  id: number;
  utterance_id: string;
  annotator_id: number | null;
  kind: EditMeta['kind'];
  label: string;
  diff: string;
  below: number | null;
}

/**
 * The entry `id` on top of an utterance's undo (redo) stack, checked to be one that can be there: an entry
 * of this utterance, not an undo on the undo stack and an undo on the redo stack, and over an older entry.
 * Anything else is damage to the file, named as such; the utterance can still be edited.
 */
function stackTop(
  db: Db,
  utteranceId: string,
  id: number,
  which: 'undo' | 'redo',
  layer: number | undefined,
): HistoryRow {
  const row = preparedOnce(
    db,
    'SELECT id, utterance_id, annotator_id, kind, label, diff, below FROM history WHERE id = ?',
  ).get(id) as HistoryRow | undefined;
  const why = !row
    ? `its history has no entry ${id}`
    : row.utterance_id !== utteranceId
      ? `history entry ${id} is an edit of utterance "${row.utterance_id}"`
      : row.annotator_id !== (layer ?? null)
        ? `history entry ${id} is an edit of another layer`
        : (row.kind === 'undo') !== (which === 'redo')
          ? `history entry ${id} is ${row.kind === 'undo' ? 'an undo' : `an ${row.kind}`}, which is not on the ${which} stack`
          : row.below !== null && row.below >= row.id
            ? `history entry ${id} lies over a newer entry (${row.below})`
            : null;
  if (row && why === null) return row;
  throw new AppError(
    'BAD_FILE',
    `Utterance "${utteranceId}": the ${which} history is damaged in the project file: ${why}. ` +
      `Nothing can be ${which === 'undo' ? 'undone' : 'redone'}; the utterance can still be edited.`,
    { utteranceId, historyId: id, damaged: why },
  );
}

/**
 * The diff a history entry holds. An entry whose diff does not read as one (not JSON, or not a diff: the
 * file was damaged or written by something else) is named as damaged; the utterance's gold itself is
 * intact and can still be edited, and every other entry can still be undone.
 */
function storedDiff(utteranceId: string, row: HistoryRow, which: 'undo' | 'redo'): GoldDiff {
  let why: string;
  try {
    const parsed = GoldDiff.safeParse(JSON.parse(row.diff));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    why = `it is not a change of the gold (${issue?.path.map(String).join('.') || 'value'}: ${issue?.message ?? 'invalid'})`;
  } catch (err) {
    why = `it is not JSON (${(err as Error).message})`;
  }
  const what = row.label ? `"${row.label}" (history entry ${row.id})` : `history entry ${row.id}`;
  throw new AppError(
    'BAD_FILE',
    `Utterance "${utteranceId}": the edit to ${which}, ${what}, is damaged in the project file: ${why}. ` +
      `It cannot be ${which === 'undo' ? 'undone' : 'redone'}; the utterance can still be edited.`,
    { utteranceId, historyId: row.id, damaged: why },
  );
}

/**
 * Undoes (or redoes) the latest edit of an utterance's layer (the annotator `layer`'s, or the adjudicated
 * one); null when there is nothing to undo (redo).
 */
export function undoRedo(
  db: Db,
  utteranceId: string,
  which: 'undo' | 'redo',
  annotator = '',
  layer?: number,
): SavedEdit | null {
  return immediateTransaction(db, (): SavedEdit | null => {
    const u = stackRow(db, utteranceId, layer);
    const topId = which === 'undo' ? u.undo_top : u.redo_top;
    if (topId === null) return null;
    const top = stackTop(db, utteranceId, topId, which, layer);
    const diff = reverseDiff(storedDiff(utteranceId, top, which));
    return applyGoldDiff(db, utteranceId, diff, {
      kind: which,
      label: top.label,
      annotator,
      undoes: top.id,
      ...(layer === undefined ? {} : { layer }),
    });
  });
}
