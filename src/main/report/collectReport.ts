// Gathers what a report needs from an open project: the gold and speaker of every utterance and, for each
// selected system, its per-utterance scores (as the caller got them from `scoreProject`), N-best lists and
// words.
import { AppError } from '../../core/errors';
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';
import { readGold } from '../store/goldStore';
import type { Db } from '../store/openDatabase';
import type { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';
import { reportAgreement } from '../agreement/projectAgreement';
import type { ReportInput } from './reportModel';

/** The project's systems with the given ids, in project order; every system when omitted. */
export function selectSystems(
  store: ProjectStore,
  systemIds?: readonly number[],
): { id: number; name: string }[] {
  const all = store.systems();
  if (!systemIds) return all.map((s) => ({ id: s.id, name: s.name }));
  for (const id of systemIds)
    if (!all.some((s) => s.id === id)) throw new AppError('NOT_FOUND', `No system ${id}.`, { systemId: id });
  return all.filter((s) => systemIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name }));
}

/**
 * The report's input from a project database: the gold of `utteranceIds` (project order) and, for each of
 * `systems`, the scores `scoresOf` gives and its N-best lists. The app and the report worker both use it.
 */
export function readReportInput(
  db: Db,
  project: string,
  utteranceIds: readonly string[],
  systems: readonly { id: number; name: string }[],
  scoresOf: (systemId: number) => ReadonlyMap<string, UtteranceScores>,
): ReportInput {
  const speakers = new Map(
    (db.prepare('SELECT id, speaker FROM utterance').all() as { id: string; speaker: string | null }[]).map(
      (r) => [r.id, r.speaker ?? ''],
    ),
  );
  const utterances = utteranceIds.map((id) => ({
    id,
    gold: readGold(db, id),
    speaker: speakers.get(id) ?? '',
  }));
  return {
    project,
    utterances,
    systems: systems.map((s) => {
      const nbest = new Map<string, NonNullable<ReturnType<typeof getSystemOutput>>['nbest'] & object>();
      const words = new Map<string, NonNullable<ReturnType<typeof getSystemOutput>>['words'] & object>();
      for (const id of utteranceIds) {
        const out = getSystemOutput(db, s.id, id);
        if (out?.nbest) nbest.set(id, out.nbest);
        if (out?.words) words.set(id, out.words);
      }
      return { systemId: s.id, name: s.name, scores: scoresOf(s.id), nbest, words };
    }),
  };
}

/**
 * The report's input for `systems`, with their per-utterance scores as `scoreProject` gave them, and the
 * agreement between the project's annotators.
 */
export function collectReportInput(
  store: ProjectStore,
  systems: readonly { id: number; name: string }[],
  scores: ReadonlyMap<number, ReadonlyMap<string, UtteranceScores>>,
): ReportInput {
  const name = store.summary().name;
  return {
    ...readReportInput(
      store.db,
      name,
      store.listUtterances().map((u) => u.id),
      systems,
      (id) => scores.get(id)!,
    ),
    agreement: reportAgreement(store.db, name, store.scoringSettings().settings.ignoreCase),
  };
}
