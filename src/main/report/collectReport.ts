// Gathers what a report needs from an open project: the gold of every utterance and, for each selected
// system, its per-utterance scores (from the score cache, or as given by the caller) and N-best lists.
import { AppError } from '../../core/api/errors';
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';
import { systemScores } from '../scoring/projectScores';
import { readGold } from '../store/goldStore';
import type { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';
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
 * The report's input for `systems`. `scores` supplies a system's per-utterance scores when the caller has
 * them already (scored in worker threads); otherwise they come from `systemScores` (the cache).
 */
export function collectReportInput(
  store: ProjectStore,
  systems: readonly { id: number; name: string }[],
  scores?: ReadonlyMap<number, ReadonlyMap<string, UtteranceScores>>,
): ReportInput {
  const list = store.listUtterances();
  const utterances = list.map((u) => ({ id: u.id, gold: readGold(store.db, u.id) }));
  return {
    project: store.summary().name,
    utterances,
    systems: systems.map((s) => {
      const nbest = new Map<string, NonNullable<ReturnType<typeof getSystemOutput>>['nbest'] & object>();
      for (const u of list) {
        const out = getSystemOutput(store.db, s.id, u.id);
        if (out?.nbest) nbest.set(u.id, out.nbest);
      }
      return {
        systemId: s.id,
        name: s.name,
        scores: scores?.get(s.id) ?? systemScores(store, s.id),
        nbest,
      };
    }),
  };
}
