// The agreement of a project's annotators, read from the store one utterance at a time: for every pair of
// annotators, core's `layerAgreement` on each utterance both annotated (kept as its small sufficient
// statistics, never the layers themselves) pooled by `corpusAgreement` with bootstrap intervals; Fleiss' κ
// and Krippendorff's α of all of them on labels and statuses; per utterance the figures the histograms
// draw and the number of differences an adjudicator has to look at; the adjudication progress.
import type {
  AgreementFigure,
  AgreementPair,
  AgreementUnit,
  AgreementUtterance,
  ProjectAgreement,
} from '../../core/api/agreementModel';
import { type CorpusAgreement, type Figure, corpusAgreement } from '../../core/agreement/corpus';
import { layerDifferences } from '../../core/agreement/differences';
import { fleissKappa } from '../../core/agreement/kappa';
import { krippendorffAlphaNominal } from '../../core/agreement/alpha';
import {
  CATEGORICAL_FIELDS,
  type CategoricalField,
  type UtteranceAgreement,
  categoricalValue,
  layerAgreement,
  withinCount,
} from '../../core/agreement/layers';
import {
  type AgreementOptions,
  agreementSignature,
  resolveAgreementOptions,
} from '../../core/agreement/signature';
import type { AgreementValue } from '../../core/agreement/types';
import { SIEVE_VERSION } from '../../core/version';
import { annotatorId, eachUtteranceLayers, listAnnotators } from '../store/annotatorStore';
import type { Db } from '../store/openDatabase';
import { adjudicationProgress } from './adjudicationProgress';

/** What to compare and how. */
export interface ProjectAgreementRequest {
  /** The project's name, as the model names it. */
  project: string;
  /** The annotators compared, by name (every annotator of the project when absent). */
  annotators?: readonly string[];
  /** Every option that changes a figure (in the signature). */
  options?: AgreementOptions;
  /** Called after each utterance read, with how many of those with annotator layers are done. */
  onProgress?: (done: number) => void;
}

/**
 * The agreement a report shows: null when no utterance has layers of two or more annotators (the report
 * then has no agreement section), else every annotator's, with the project's Ignore case setting.
 */
export function reportAgreement(db: Db, project: string, ignoreCase: boolean): ProjectAgreement | null {
  const doubled = db
    .prepare('SELECT 1 FROM annotator_gold GROUP BY utterance_id HAVING count(*) >= 2 LIMIT 1')
    .get();
  return doubled === undefined ? null : projectAgreement(db, { project, options: { ignoreCase } });
}

/** The names of the categorical fields as tables show them. */
const FIELD_NAME: Record<CategoricalField, string> = {
  inputKind: 'input kind',
  accuracyClass: 'accuracy class',
  knowledgeClass: 'knowledge class',
  cantRepresent: 'cannot represent',
  status: 'status',
};

const orNull = (x: number | undefined): number | null => (x === undefined || !Number.isFinite(x) ? null : x);

/** The measures of one pair's corpus agreement, in the order tables show them. */
export function pairFigures(c: CorpusAgreement): AgreementFigure[] {
  const out: AgreementFigure[] = [];
  const add = (measure: string, unit: AgreementUnit, f: Figure | AgreementValue, utterances = c.utterances) =>
    out.push({
      measure,
      unit,
      value: orNull(f.value),
      lo: orNull('lo' in f ? f.lo : undefined),
      hi: orNull('hi' in f ? f.hi : undefined),
      n: f.n,
      utterances,
      signature: c.signature,
    });
  add('Word error rate', 'fraction', c.words.wer);
  add('Boundary |Δ| mean', 'seconds', c.words.boundaries.meanSec);
  add('Boundary |Δ| median', 'seconds', c.words.boundaries.medianSec);
  for (const w of c.words.boundaries.within)
    add(`Boundaries within ${w.toleranceMs} ms`, 'fraction', w.share);
  for (const t of c.trees) {
    add(`Struct-IoU ${t.name}`, 'fraction', t.structIou, t.utterances);
    add(`Struct-IoU ${t.name} (sentence mean)`, 'fraction', t.structIouSentence, t.utterances);
    add(`ParsEval F1 ${t.name}`, 'fraction', t.parsevalF1, t.utterances);
    add(`Node accuracy ${t.name}`, 'fraction', t.tna, t.utterances);
  }
  add('Entity F1', 'fraction', c.entities.f1);
  add('Entity F1 (type)', 'fraction', c.entities.type);
  add('Entity F1 (extent)', 'fraction', c.entities.extent);
  add('Entity F1 (content)', 'fraction', c.entities.content);
  add('Entity F1 (whole entities)', 'fraction', c.entities.entity);
  add('κ entity word labels', 'coefficient', c.entities.wordKappa);
  add('α_U entity spans', 'coefficient', c.entities.unitizingAlpha);
  add('Concept accuracy', 'fraction', c.concepts.accuracy);
  for (const f of CATEGORICAL_FIELDS) {
    add(`κ ${FIELD_NAME[f]}`, 'coefficient', c.categorical[f].kappa);
    add(`α ${FIELD_NAME[f]}`, 'coefficient', c.categorical[f].alpha);
  }
  return out;
}

/** The units of the per-utterance measures (what the histograms draw). */
export function utteranceMeasureUnit(measure: string): AgreementUnit {
  return measure.startsWith('Boundary |Δ|') ? 'seconds' : 'fraction';
}

/** One utterance's figures for a pair: those that have a per-utterance value. */
export function utteranceValues(
  u: UtteranceAgreement,
  tolerancesMs: readonly number[],
): Record<string, number | null> {
  const deltas = u.words.boundaryDeltasSec;
  const values: Record<string, number | null> = {
    'Word error rate': orNull(u.words.wer),
    'Boundary |Δ| mean': deltas.length === 0 ? null : deltas.reduce((s, d) => s + d, 0) / deltas.length,
  };
  for (const t of tolerancesMs)
    values[`Boundaries within ${t} ms`] = deltas.length === 0 ? null : withinCount(deltas, t) / deltas.length;
  for (const t of u.trees) {
    values[`Struct-IoU ${t.name}`] = orNull(t.structIou?.score);
    if (t.parseval) values[`ParsEval F1 ${t.name}`] = orNull(t.parseval.f1);
    if (t.tna) values[`Node accuracy ${t.name}`] = orNull(t.tna.accuracy);
  }
  values['Entity F1'] = orNull(u.entities.f1);
  values['Concept accuracy'] = orNull(u.concepts.accuracy);
  return values;
}

/** The annotators compared: those named (each must exist), else all, in the order names sort in. */
function chosenAnnotators(db: Db, names: readonly string[] | undefined): { id: number; name: string }[] {
  const chosen = names
    ? [...new Set(names)].map((name) => ({ id: annotatorId(db, name), name }))
    : listAnnotators(db).map((a) => ({ id: a.id, name: a.name }));
  return chosen.sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

/**
 * The agreement of the project's annotators (those of `request.annotators`, else all): per pair over the
 * utterances both annotated, among all of them on the categorical fields when there are three or more, per
 * utterance (most differences first, then in project order) and the adjudication progress. The layers are
 * read one utterance at a time; only per-utterance statistics are kept.
 */
export function projectAgreement(db: Db, request: ProjectAgreementRequest): ProjectAgreement {
  const options = request.options ?? {};
  const resolved = resolveAgreementOptions(options);
  const signature = agreementSignature(options);
  const annotators = chosenAnnotators(db, request.annotators);
  const names = annotators.map((a) => a.name);
  const pairKey = (a: string, b: string): string => JSON.stringify([a, b]);
  const perPair = new Map<string, UtteranceAgreement[]>();
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) perPair.set(pairKey(names[i]!, names[j]!), []);
  const utterances: AgreementUtterance[] = [];
  // Units × annotators of every categorical field, for Fleiss' κ and α among all annotators.
  const units = new Map<CategoricalField, (string | null)[][]>(CATEGORICAL_FIELDS.map((f) => [f, []]));
  let read = 0;
  for (const u of eachUtteranceLayers(db, { annotators: annotators.map((a) => a.id) })) {
    request.onProgress?.(++read);
    if (u.layers.length < 2) continue;
    const layers = [...u.layers].sort((x, y) => names.indexOf(x.name) - names.indexOf(y.name));
    for (let i = 0; i < layers.length; i++)
      for (let j = i + 1; j < layers.length; j++) {
        const a = layers[i]!;
        const b = layers[j]!;
        const agreement = layerAgreement(a.gold, b.gold, options, { a: a.status, b: b.status });
        perPair.get(pairKey(a.name, b.name))!.push(agreement);
        utterances.push({
          utteranceId: u.utteranceId,
          a: a.name,
          b: b.name,
          values: utteranceValues(agreement, resolved.boundaryTolerancesMs),
          differences: layerDifferences(a, b).length,
        });
      }
    for (const f of CATEGORICAL_FIELDS)
      units.get(f)!.push(
        names.map((name) => {
          const l = layers.find((x) => x.name === name);
          return l ? categoricalValue(l.gold, l.status, f) : null;
        }),
      );
  }
  const pairs: AgreementPair[] = [];
  for (const [key, list] of perPair) {
    if (list.length === 0) continue;
    const [a, b] = JSON.parse(key) as [string, string];
    pairs.push({ a, b, utterances: list.length, figures: pairFigures(corpusAgreement(list, options)) });
  }
  const overall: AgreementFigure[] = [];
  if (names.length >= 3)
    for (const f of CATEGORICAL_FIELDS) {
      const us = units.get(f)!;
      const complete = us.filter((vs): vs is string[] => vs.every((v) => v !== null));
      const add = (measure: string, v: AgreementValue, n: number): void => {
        overall.push({
          measure,
          unit: 'coefficient',
          value: orNull(v.value),
          lo: null,
          hi: null,
          n: v.n,
          utterances: n,
          signature,
        });
      };
      add(`Fleiss' κ ${FIELD_NAME[f]}`, fleissKappa(complete), complete.length);
      add(`α ${FIELD_NAME[f]}`, krippendorffAlphaNominal(us), us.length);
    }
  // Most differences first; equal counts keep the project's order (the sort is stable).
  utterances.sort((x, y) => y.differences - x.differences);
  return {
    project: request.project,
    version: SIEVE_VERSION,
    annotators: names,
    signature,
    pairs,
    overall,
    utterances,
    progress: adjudicationProgress(db, request.annotators ? annotators.map((a) => a.id) : undefined),
  };
}
