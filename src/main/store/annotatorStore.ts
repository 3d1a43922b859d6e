// The project's annotators, what they are assigned and their own layers of the gold standard (schema 5).
// The adjudicated layer stays in the gold tables (goldStore.ts); an annotator's layer of an utterance is one
// row of annotator_gold holding the whole GoldRecords as JSON. Edits of a layer go through `applyGoldDiff`
// with the layer named, so they are checked and recorded exactly like edits of the adjudicated gold.
import { annotatorNameProblem } from '../../core/api/annotators';
import { AppError } from '../../core/errors';
import { type GoldRecords, GoldRecords as GoldRecordsSchema } from '../../core/gold/records';
import type { AnnotationStatus } from '../../core/model/schemas';
import { seededRandom } from '../../core/stats/prng';
import type { Db } from './openDatabase';
import { preparedOnce } from './statementCache';
import { immediateTransaction } from './writeTransaction';

/** An annotator of the project, with how many utterances they are assigned and how many of them are done. */
export interface AnnotatorInfo {
  id: number;
  name: string;
  createdAt: string;
  /** Utterances assigned to the annotator. */
  assigned: number;
  /** Their layers whose status is 'done' or 'reviewed'. */
  done: number;
}

/** One annotator's layer of one utterance. */
export interface StoredLayer {
  gold: GoldRecords;
  status: AnnotationStatus;
  goldRev: number;
}

/** A layer with the annotator it belongs to. */
export interface NamedLayer extends StoredLayer {
  annotatorId: number;
  name: string;
}

// The rule of an annotator's name lives in core: the studio checks a name by the same rule before asking.
export { annotatorNameProblem };

const LIST_SQL = `
  SELECT a.id, a.name, a.created_at AS createdAt,
         (SELECT count(*) FROM assignment s WHERE s.annotator_id = a.id) AS assigned,
         (SELECT count(*) FROM annotator_gold g
            WHERE g.annotator_id = a.id AND g.status IN ('done', 'reviewed')) AS done
  FROM annotator a`;

/** Every annotator of the project, by name, with their counts. */
export function listAnnotators(db: Db): AnnotatorInfo[] {
  return preparedOnce(db, `${LIST_SQL} ORDER BY a.name`).all() as AnnotatorInfo[];
}

/** One annotator with their counts, by id. */
export function annotatorInfo(db: Db, id: number): AnnotatorInfo {
  const row = preparedOnce(db, `${LIST_SQL} WHERE a.id = ?`).get(id) as AnnotatorInfo | undefined;
  if (!row) throw new AppError('NOT_FOUND', `No annotator with id ${id}.`, { annotatorId: id });
  return row;
}

/** Adds an annotator; a name that is taken, or not a valid name, is refused. */
export function addAnnotator(db: Db, name: string): AnnotatorInfo {
  const problem = annotatorNameProblem(name);
  if (problem) throw new AppError('INVALID_INPUT', `Annotator "${name}": ${problem}.`, { name });
  return immediateTransaction(db, () => {
    if (preparedOnce(db, 'SELECT 1 FROM annotator WHERE name = ?').get(name) !== undefined)
      throw new AppError('CONFLICT', `There is an annotator "${name}" already.`, { name });
    const id = Number(
      preparedOnce(db, 'INSERT INTO annotator (name, created_at) VALUES (?, ?)').run(
        name,
        new Date().toISOString(),
      ).lastInsertRowid,
    );
    return annotatorInfo(db, id);
  });
}

/** The id of the annotator `name`, adding them if there is none (for imports and merges of their gold). */
export function ensureAnnotator(db: Db, name: string): number {
  const id = preparedOnce(db, 'SELECT id FROM annotator WHERE name = ?').pluck().get(name) as
    number | undefined;
  return id ?? addAnnotator(db, name).id;
}

/** The id of the annotator `name`; NOT_FOUND when the project has none of that name. */
export function annotatorId(db: Db, name: string): number {
  const id = preparedOnce(db, 'SELECT id FROM annotator WHERE name = ?').pluck().get(name) as
    number | undefined;
  if (id === undefined)
    throw new AppError('NOT_FOUND', `The project has no annotator "${name}".`, { annotator: name });
  return id;
}

/** The name of the annotator `id`. */
export function annotatorName(db: Db, id: number): string {
  const name = preparedOnce(db, 'SELECT name FROM annotator WHERE id = ?').pluck().get(id) as
    string | undefined;
  if (name === undefined) throw new AppError('NOT_FOUND', `No annotator with id ${id}.`, { annotatorId: id });
  return name;
}

/**
 * The layer an annotator starts from: the adjudicated layer's words (the forced alignment, as the
 * project has them) with no trees, entities, concepts, interpretations or labels. An assignment creates
 * it; an export sends it, and a merge compares with it, where the annotator has no layer yet.
 */
export function startingLayer(db: Db, utteranceId: string): GoldRecords {
  const words = (
    preparedOnce(
      db,
      `SELECT text, start_sec AS startSec, end_sec AS endSec, source, confidence
         FROM word WHERE utterance_id = ? ORDER BY idx`,
    ).all(utteranceId) as {
      text: string;
      startSec: number;
      endSec: number;
      source: string;
      confidence: number | null;
    }[]
  ).map(({ confidence, ...w }) => (confidence === null ? w : { ...w, confidence }));
  return { words, trees: [], entities: [], concepts: [], interpretations: [], labels: {} };
}

/**
 * Assigns utterances to an annotator, creating their layer of each one that has none (see
 * `startingLayer`), in one transaction. Utterances assigned already are left as they are; an unknown
 * utterance id refuses the whole call. Returns how many assignments are new.
 */
export function assign(db: Db, annotator: number, utteranceIds: readonly string[]): number {
  annotatorName(db, annotator);
  return immediateTransaction(db, () => {
    const exists = preparedOnce(db, 'SELECT 1 FROM utterance WHERE id = ?');
    const insert = preparedOnce(
      db,
      'INSERT INTO assignment (annotator_id, utterance_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
    );
    let added = 0;
    for (const id of utteranceIds) {
      if (exists.get(id) === undefined)
        throw new AppError('NOT_FOUND', `No utterance with id "${id}".`, { utteranceId: id });
      if (insert.run(annotator, id).changes === 0) continue;
      added++;
      createLayer(db, annotator, id, startingLayer(db, id));
    }
    return added;
  });
}

/** Writes an annotator's first layer of an utterance unless they have one (inside the caller's transaction). */
export function createLayer(db: Db, annotator: number, utteranceId: string, gold: GoldRecords): boolean {
  return (
    preparedOnce(
      db,
      `INSERT INTO annotator_gold (annotator_id, utterance_id, gold, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (annotator_id, utterance_id) DO NOTHING`,
    ).run(annotator, utteranceId, JSON.stringify(gold), new Date().toISOString()).changes === 1
  );
}

/**
 * Imported gold as an annotator's layer of an utterance (inside the caller's transaction), the utterance
 * assigned to them. A layer they have not edited yet (its starting point, or an earlier import) is
 * replaced; one they have edited is not overwritten: CONFLICT, naming it.
 */
export function importLayer(db: Db, annotator: number, utteranceId: string, gold: GoldRecords): void {
  const rev = preparedOnce(
    db,
    'SELECT gold_rev FROM annotator_gold WHERE annotator_id = ? AND utterance_id = ?',
  )
    .pluck()
    .get(annotator, utteranceId) as number | undefined;
  if (rev !== undefined && rev > 0)
    throw new AppError(
      'CONFLICT',
      `Annotator "${annotatorName(db, annotator)}" has edited their layer of utterance "${utteranceId}": ` +
        'it is not overwritten by an import.',
      { utteranceId, annotator },
    );
  preparedOnce(
    db,
    `INSERT INTO annotator_gold (annotator_id, utterance_id, gold, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (annotator_id, utterance_id) DO UPDATE SET gold = excluded.gold, updated_at = excluded.updated_at`,
  ).run(annotator, utteranceId, JSON.stringify(gold), new Date().toISOString());
  preparedOnce(
    db,
    'INSERT INTO assignment (annotator_id, utterance_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  ).run(annotator, utteranceId);
}

/** Takes utterances off an annotator's assignment; their layers stay (their work is not thrown away). */
export function unassign(db: Db, annotator: number, utteranceIds: readonly string[]): number {
  return immediateTransaction(db, () => {
    const del = preparedOnce(db, 'DELETE FROM assignment WHERE annotator_id = ? AND utterance_id = ?');
    let removed = 0;
    for (const id of utteranceIds) removed += del.run(annotator, id).changes;
    return removed;
  });
}

/**
 * A rule that assigns the project's utterances to annotators (in the project's utterance order, each
 * annotator list in the order given):
 * - `every`: each utterance to `k` annotators; utterance i goes to the annotators i, i+1, …, i+k−1 (mod
 *   the number of annotators), so everyone has the same share within one utterance.
 * - `sample`: each utterance to one annotator in turn (utterance i to annotator i mod n), and a sample of
 *   round(p × utterances) of them, drawn with the seeded generator (a partial Fisher–Yates shuffle of the
 *   utterance positions with mulberry32(seed)), to the next annotator as well: the doubly annotated
 *   agreement sample. The same project, annotators, p and seed give the same assignment.
 */
export type AssignmentRule =
  { kind: 'every'; k: number } | { kind: 'sample'; fraction: number; seed: number };

/** The assignments a rule makes: for each annotator (by position in `annotators`), utterance positions. */
export function ruleAssignments(utterances: number, annotators: number, rule: AssignmentRule): number[][] {
  const out: number[][] = Array.from({ length: annotators }, () => []);
  if (annotators === 0 || utterances === 0) return out;
  if (rule.kind === 'every') {
    if (!Number.isInteger(rule.k) || rule.k < 1 || rule.k > annotators)
      throw new AppError(
        'INVALID_INPUT',
        `Every utterance by ${rule.k} annotators: k must be a whole number from 1 to ${annotators} (the annotators given).`,
        { k: rule.k, annotators },
      );
    for (let i = 0; i < utterances; i++) for (let j = 0; j < rule.k; j++) out[(i + j) % annotators]!.push(i);
    return out;
  }
  if (!(rule.fraction >= 0 && rule.fraction <= 1))
    throw new AppError(
      'INVALID_INPUT',
      `The doubly annotated fraction must be in [0, 1], not ${rule.fraction}.`,
      {
        fraction: rule.fraction,
      },
    );
  if (annotators < 2 && rule.fraction > 0)
    throw new AppError('INVALID_INPUT', 'A doubly annotated sample needs at least two annotators.', {
      annotators,
    });
  const doubled = new Uint8Array(utterances);
  const m = Math.round(rule.fraction * utterances);
  const order = Int32Array.from({ length: utterances }, (_, i) => i);
  const random = seededRandom(rule.seed);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(random() * (utterances - i));
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
    doubled[order[i]!] = 1;
  }
  for (let i = 0; i < utterances; i++) {
    out[i % annotators]!.push(i);
    if (doubled[i]) out[(i + 1) % annotators]!.push(i);
  }
  return out;
}

/**
 * Assigns the project's utterances to `annotators` (ids) by `rule` (see `AssignmentRule`), adding to the
 * assignments they have. Returns how many assignments are new.
 */
export function assignByRule(db: Db, annotators: readonly number[], rule: AssignmentRule): number {
  if (new Set(annotators).size !== annotators.length)
    throw new AppError('INVALID_INPUT', 'An annotator is named twice.', { annotators });
  for (const a of annotators) annotatorName(db, a);
  return immediateTransaction(db, () => {
    const ids = preparedOnce(db, 'SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
    const plan = ruleAssignments(ids.length, annotators.length, rule);
    let added = 0;
    plan.forEach((positions, k) => {
      added += assign(
        db,
        annotators[k]!,
        positions.map((i) => ids[i]!),
      );
    });
    return added;
  });
}

/** The ids of the utterances assigned to an annotator, in the project's utterance order. */
export function assignedUtterances(db: Db, annotator: number): string[] {
  return preparedOnce(
    db,
    `SELECT s.utterance_id FROM assignment s JOIN utterance u ON u.id = s.utterance_id
     WHERE s.annotator_id = ? ORDER BY u.ord`,
  )
    .pluck()
    .all(annotator) as string[];
}

/** Reads a layer's stored JSON; damage to it is named as such (the other layers still read). */
export function parseLayerGold(json: string, annotator: number | string, utteranceId: string): GoldRecords {
  let why: string;
  try {
    const parsed = GoldRecordsSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    why = `${issue?.path.map(String).join('.') || 'value'}: ${issue?.message ?? 'invalid'}`;
  } catch (err) {
    why = `not JSON (${(err as Error).message})`;
  }
  throw new AppError(
    'BAD_FILE',
    `Utterance "${utteranceId}": annotator ${typeof annotator === 'string' ? `"${annotator}"` : annotator}'s layer is damaged in the project file: ${why}.`,
    { utteranceId, annotator, damaged: why },
  );
}

interface LayerRow {
  gold: string;
  status: AnnotationStatus;
  gold_rev: number;
}

/** An annotator's layer of an utterance; null when they have none. */
export function readLayer(db: Db, annotator: number, utteranceId: string): StoredLayer | null {
  const row = preparedOnce(
    db,
    'SELECT gold, status, gold_rev FROM annotator_gold WHERE annotator_id = ? AND utterance_id = ?',
  ).get(annotator, utteranceId) as LayerRow | undefined;
  if (!row) return null;
  return {
    gold: parseLayerGold(row.gold, annotator, utteranceId),
    status: row.status,
    goldRev: row.gold_rev,
  };
}

/** Every annotator's layer of an utterance, by annotator name. */
export function layersOf(db: Db, utteranceId: string): NamedLayer[] {
  const rows = preparedOnce(
    db,
    `SELECT g.annotator_id AS annotatorId, a.name, g.gold, g.status, g.gold_rev
       FROM annotator_gold g JOIN annotator a ON a.id = g.annotator_id
      WHERE g.utterance_id = ? ORDER BY a.name`,
  ).all(utteranceId) as (LayerRow & { annotatorId: number; name: string })[];
  return rows.map((r) => ({
    annotatorId: r.annotatorId,
    name: r.name,
    status: r.status,
    goldRev: r.gold_rev,
    gold: parseLayerGold(r.gold, r.name, utteranceId),
  }));
}

/** Sets the status of an annotator's layer of an utterance (NOT_FOUND when they have no layer of it). */
export function setLayerStatus(
  db: Db,
  annotator: number,
  utteranceId: string,
  status: AnnotationStatus,
): void {
  immediateTransaction(db, () => {
    const changed = preparedOnce(
      db,
      'UPDATE annotator_gold SET status = ?, updated_at = ? WHERE annotator_id = ? AND utterance_id = ?',
    ).run(status, new Date().toISOString(), annotator, utteranceId).changes;
    if (changed === 0)
      throw new AppError(
        'NOT_FOUND',
        `Annotator "${annotatorName(db, annotator)}" has no layer of utterance "${utteranceId}" (not assigned).`,
        { annotator, utteranceId },
      );
  });
}

/** The layers of one utterance, as `eachUtteranceLayers` yields them. */
export interface UtteranceLayers {
  utteranceId: string;
  layers: NamedLayer[];
}

/**
 * Every utterance that has annotator layers, in the project's utterance order, with its layers (only those
 * of `annotators` when given, by id). Rows are read one at a time from SQLite, so a corpus of any size is
 * never held whole; a damaged layer raises BAD_FILE naming it. The connection must not be written to
 * while the iteration runs.
 */
export function* eachUtteranceLayers(
  db: Db,
  options: { annotators?: readonly number[] } = {},
): Generator<UtteranceLayers> {
  const only = options.annotators ? new Set(options.annotators) : null;
  const rows = db
    .prepare(
      `SELECT g.utterance_id AS utteranceId, g.annotator_id AS annotatorId, a.name, g.gold, g.status, g.gold_rev
         FROM annotator_gold g
         JOIN utterance u ON u.id = g.utterance_id
         JOIN annotator a ON a.id = g.annotator_id
        ORDER BY u.ord, a.name`,
    )
    .iterate() as IterableIterator<LayerRow & { utteranceId: string; annotatorId: number; name: string }>;
  let current: UtteranceLayers | null = null;
  for (const r of rows) {
    if (only && !only.has(r.annotatorId)) continue;
    if (current && current.utteranceId !== r.utteranceId) {
      yield current;
      current = null;
    }
    current ??= { utteranceId: r.utteranceId, layers: [] };
    current.layers.push({
      annotatorId: r.annotatorId,
      name: r.name,
      status: r.status,
      goldRev: r.gold_rev,
      gold: parseLayerGold(r.gold, r.name, r.utteranceId),
    });
  }
  if (current) yield current;
}

/** The project_meta keys of the team settings: the owner's annotator name, and blind annotation ('0' off). */
export const OWNER_KEY = 'owner';
export const BLIND_KEY = 'team.blind';

/**
 * How the project's team works: the annotator the owner works as (null until set) and whether annotation
 * is blind (on unless the project turned it off).
 */
export function teamSettings(db: Db): { owner: string | null; blind: boolean } {
  const get = preparedOnce(db, 'SELECT value FROM project_meta WHERE key = ?').pluck();
  const owner = get.get(OWNER_KEY) as string | undefined;
  return { owner: owner ? owner : null, blind: (get.get(BLIND_KEY) as string | undefined) !== '0' };
}

/**
 * Changes the team settings given: the owner becomes an annotator of that name (added if there is none);
 * null clears it.
 */
export function setTeamSettings(
  db: Db,
  settings: { owner?: string | null; blind?: boolean },
): { owner: string | null; blind: boolean } {
  return immediateTransaction(db, () => {
    const put = preparedOnce(
      db,
      'INSERT INTO project_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
    if (settings.owner !== undefined) {
      if (settings.owner !== null) ensureAnnotator(db, settings.owner);
      put.run(OWNER_KEY, settings.owner ?? '');
    }
    if (settings.blind !== undefined) put.run(BLIND_KEY, settings.blind ? '1' : '0');
    return teamSettings(db);
  });
}
