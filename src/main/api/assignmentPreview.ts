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

/** One annotator's part of a request: the utterance ids it gives them. */
interface PlannedPart {
  name: string;
  annotatorId: number;
  utteranceIds: string[];
}

/**
 * The (annotator, utterances) a request names: the ids given, or the project's utterances (in project
 * order) spread by the rule with `ruleAssignments`, exactly as `assignByRule` spreads them. Unknown
 * annotators and utterances are refused as `assignment:set` refuses them.
 */
function assignmentPlan(db: Db, request: AssignmentRequest): PlannedPart[] {
  if ('utteranceIds' in request) {
    const exists = preparedOnce(db, 'SELECT 1 FROM utterance WHERE id = ?');
    for (const id of request.utteranceIds)
      if (exists.get(id) === undefined)
        throw new AppError('NOT_FOUND', `No utterance with id "${id}".`, { utteranceId: id });
    return [
      {
        name: request.annotator,
        annotatorId: annotatorId(db, request.annotator),
        utteranceIds: [...new Set(request.utteranceIds)],
      },
    ];
  }
  const names = ruleAnnotatorNames(db, request);
  if (new Set(names).size !== names.length)
    throw new AppError('INVALID_INPUT', 'An annotator is named twice.', { annotators: names });
  const ids = names.map((n) => annotatorId(db, n));
  const utterances = preparedOnce(db, 'SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
  const plan = ruleAssignments(utterances.length, ids.length, storeRule(request.rule));
  return plan.map((positions, k) => ({
    name: names[k]!,
    annotatorId: ids[k]!,
    utteranceIds: positions.map((i) => utterances[i]!),
  }));
}

/** What `assignment:set` would do with `request`, read from the project without changing it. */
export function previewAssignment(db: Db, request: AssignmentRequest): AssignmentPreview {
  const plan = assignmentPlan(db, request);
  const assignedTo = preparedOnce(db, 'SELECT utterance_id FROM assignment WHERE annotator_id = ?').pluck();
  const layersOf = preparedOnce(db, 'SELECT utterance_id FROM annotator_gold WHERE annotator_id = ?').pluck();
  // How many annotators each covered utterance has now; the new assignments are added to it below.
  const covered = new Set<string>();
  for (const part of plan) for (const id of part.utteranceIds) covered.add(id);
  const annotatorsOf = new Map<string, number>();
  for (const row of preparedOnce(
    db,
    'SELECT utterance_id AS id, count(*) AS n FROM assignment GROUP BY utterance_id',
  ).all() as { id: string; n: number }[])
    if (covered.has(row.id)) annotatorsOf.set(row.id, row.n);
  let assignments = 0;
  let added = 0;
  let newLayers = 0;
  const annotators = plan.map((part) => {
    const assigned = new Set(assignedTo.all(part.annotatorId) as string[]);
    const layers = new Set(layersOf.all(part.annotatorId) as string[]);
    let partAdded = 0;
    let partLayers = 0;
    for (const id of part.utteranceIds) {
      if (assigned.has(id)) continue;
      partAdded++;
      annotatorsOf.set(id, (annotatorsOf.get(id) ?? 0) + 1);
      if (!layers.has(id)) partLayers++;
    }
    assignments += part.utteranceIds.length;
    added += partAdded;
    newLayers += partLayers;
    return { name: part.name, utterances: part.utteranceIds.length, added: partAdded, newLayers: partLayers };
  });
  let multiple = 0;
  for (const n of annotatorsOf.values()) if (n >= 2) multiple++;
  const projectUtterances = preparedOnce(db, 'SELECT count(*) FROM utterance').pluck().get() as number;
  return { utterances: covered.size, assignments, added, newLayers, multiple, projectUtterances, annotators };
}
