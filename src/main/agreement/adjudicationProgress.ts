// How far adjudication has come: of the utterances that two or more annotators annotated, how many are
// adjudicated. An utterance counts as adjudicated when its adjudicated layer's status is done or reviewed,
// or when its adjudicated layer was edited after the last change of any of its annotator layers (an
// adjudicator who took sides and edited without setting a status). One query over the layers' index.
import type { AdjudicationProgress } from '../../core/api/agreementModel';
import type { Db } from '../store/openDatabase';

/** The adjudication progress of the project, counting the layers of `annotators` (ids) only when given. */
export function adjudicationProgress(db: Db, annotators?: readonly number[]): AdjudicationProgress {
  const only = annotators ? `WHERE g.annotator_id IN (SELECT value FROM json_each(?))` : '';
  const row = db
    .prepare(
      `SELECT count(*) AS annotated,
              coalesce(sum(l.layers >= 2), 0) AS multiple,
              coalesce(sum(l.layers >= 2 AND (u.status IN ('done', 'reviewed') OR u.updated_at > l.last)), 0)
                AS adjudicated
         FROM (SELECT g.utterance_id, count(*) AS layers, max(g.updated_at) AS last
                 FROM annotator_gold g ${only} GROUP BY g.utterance_id) l
         JOIN utterance u ON u.id = l.utterance_id`,
    )
    .get(...(annotators ? [JSON.stringify(annotators)] : [])) as Omit<AdjudicationProgress, 'annotators'>;
  const count = annotators
    ? annotators.length
    : (db.prepare('SELECT count(*) FROM annotator').pluck().get() as number);
  return { annotators: count, ...row };
}
