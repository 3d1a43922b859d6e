// What an assignment request would do, counted without writing anything: the studio shows it before the
// user confirms. The request is turned into (annotator, utterances) the way `assignment:set` does it
// (`assignmentPlan`), so the preview and the assignment cannot disagree about which utterances a rule picks.
import type { AssignmentPreview, AssignmentRequest } from '../../core/api/annotators';
import { AppError } from '../../core/errors';
import { DEFAULT_SEED } from '../../core/stats/prng';
import { type AssignmentRule, annotatorId, listAnnotators, ruleAssignments } from '../store/annotatorStore';
import type { Db } from '../store/openDatabase';
import { preparedOnce } from '../store/statementCache';

/** The store's rule for a request's rule: the seed defaults to the project's default seed. */
export function storeRule(rule: Extract<AssignmentRequest, { rule: unknown }>['rule']): AssignmentRule {
  return rule.kind === 'every'
    ? rule
    : { kind: 'sample', fraction: rule.fraction, seed: rule.seed ?? DEFAULT_SEED };
}

/** The annotators (names) a rule request assigns to: those it names, else every annotator of the project. */
export function ruleAnnotatorNames(db: Db, request: Extract<AssignmentRequest, { rule: unknown }>): string[] {
  return request.annotators ?? listAnnotators(db).map((a) => a.name);
}

/** One annotator's part of a request: the utterances it gives them, as positions in project order. */
interface PlannedPart {
  name: string;
  annotatorId: number;
  positions: readonly number[];
}

/** Each utterance id's position in project order. */
function utterancePositions(db: Db): Map<string, number> {
  const ids = preparedOnce(db, 'SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
  return new Map(ids.map((id, i) => [id, i]));
}

/**
 * The (annotator, utterances) a request names: the ids given, or the project's utterances spread by the
 * rule with `ruleAssignments`, exactly as `assignByRule` spreads them. Unknown annotators and utterances
 * are refused as `assignment:set` refuses them.
 */
function assignmentPlan(
  db: Db,
  request: AssignmentRequest,
  position: ReadonlyMap<string, number>,
): PlannedPart[] {
  if ('utteranceIds' in request) {
    const positions = new Set<number>();
    for (const id of request.utteranceIds) {
      const at = position.get(id);
      if (at === undefined)
        throw new AppError('NOT_FOUND', `No utterance with id "${id}".`, { utteranceId: id });
      positions.add(at);
    }
    return [
      { name: request.annotator, annotatorId: annotatorId(db, request.annotator), positions: [...positions] },
    ];
  }
  const names = ruleAnnotatorNames(db, request);
  if (new Set(names).size !== names.length)
    throw new AppError('INVALID_INPUT', 'An annotator is named twice.', { annotators: names });
  const ids = names.map((n) => annotatorId(db, n));
  const plan = ruleAssignments(position.size, ids.length, storeRule(request.rule));
  return plan.map((positions, k) => ({ name: names[k]!, annotatorId: ids[k]!, positions }));
}

/** Rows of (annotator id, utterance id) of `table` (assignment or annotator_gold). */
function annotatorRows(db: Db, table: 'assignment' | 'annotator_gold'): [number, string][] {
  return preparedOnce(db, `SELECT annotator_id, utterance_id FROM ${table}`).raw().all() as [
    number,
    string,
  ][];
}

/**
 * What `assignment:set` would do with `request`, read from the project without changing it. Counted on
 * utterance positions (project order) with one read of the assignments and one of the layers, so a rule
 * over a large project costs a few passes over arrays.
 */
export function previewAssignment(db: Db, request: AssignmentRequest): AssignmentPreview {
  const position = utterancePositions(db);
  const projectUtterances = position.size;
  const plan = assignmentPlan(db, request, position);
  // Per annotator of the request: which utterances they are assigned and which they have a layer of.
  const slot = new Map(plan.map((part, k) => [part.annotatorId, k]));
  const assigned = plan.map(() => new Uint8Array(projectUtterances));
  const layers = plan.map(() => new Uint8Array(projectUtterances));
  // How many annotators each utterance has now; the new assignments are added below.
  const annotatorsOf = new Int32Array(projectUtterances);
  // (Every row names an utterance of the project: the schema's foreign keys; one that did not is skipped.)
  for (const [annotator, id] of annotatorRows(db, 'assignment')) {
    const pos = position.get(id);
    if (pos === undefined) continue;
    annotatorsOf[pos]!++;
    const k = slot.get(annotator);
    if (k !== undefined) assigned[k]![pos] = 1;
  }
  for (const [annotator, id] of annotatorRows(db, 'annotator_gold')) {
    const k = slot.get(annotator);
    const pos = position.get(id);
    if (k !== undefined && pos !== undefined) layers[k]![pos] = 1;
  }
  const covered = new Uint8Array(projectUtterances);
  let assignments = 0;
  let added = 0;
  let newLayers = 0;
  const annotators = plan.map((part, k) => {
    let partAdded = 0;
    let partLayers = 0;
    for (const pos of part.positions) {
      covered[pos] = 1;
      if (assigned[k]![pos]) continue;
      partAdded++;
      annotatorsOf[pos]!++;
      if (!layers[k]![pos]) partLayers++;
    }
    assignments += part.positions.length;
    added += partAdded;
    newLayers += partLayers;
    return { name: part.name, utterances: part.positions.length, added: partAdded, newLayers: partLayers };
  });
  let utterances = 0;
  let multiple = 0;
  for (let pos = 0; pos < projectUtterances; pos++) {
    if (!covered[pos]) continue;
    utterances++;
    if (annotatorsOf[pos]! >= 2) multiple++;
  }
  return { utterances, assignments, added, newLayers, multiple, projectUtterances, annotators };
}
