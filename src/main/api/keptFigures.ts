// Corpus figures kept with the state of the project they were computed from, so the dashboard shown again
// (a page loaded anew, the list left and come back to) answers them at once instead of reading every cached
// score and resampling each figure again. The state is what the score cache's validity rests on: the
// scoring signature (settings and the shape of the scores), the coverage, every utterance's gold revision in
// project order, and the system's output revision. Kept in the app process for as long as the project is
// open. The analyses made from the same state (the dashboard's plots, N-best breakdowns and ASR analysis,
// the perturbation curves of the gold) are kept the same way, so a page loaded again does not make them anew.
import { createHash } from 'node:crypto';
import type { CorpusReport } from '../../core/api/contract';
import type { Coverage } from '../../core/scoring/corpusScores';
import { scoringContextFor } from '../scoring/scoringContext';
import type { ProjectStore } from '../store/projectStore';
import { preparedOnce } from '../store/statementCache';

/** One system's figures as the dashboard shows them. */
type Figures = CorpusReport[number]['figures'];

/** Systems' figures kept at most (a few settings' worth of a handful of systems). */
const KEPT = 64;

const kept = new WeakMap<ProjectStore, Map<string, Figures>>();

/** Analyses kept at most per kind: a few states' worth (an edit and its undo). */
const KEPT_ANALYSES = 4;

const keptByKind = new WeakMap<ProjectStore, Map<string, Map<string, unknown>>>();

/**
 * What the figures of the open project rest on, but for the system: its scoring signature, the coverage
 * and every utterance's id and gold revision in project order (a hash of them).
 */
export function figuresState(project: ProjectStore, coverage: Coverage): string {
  const { signature } = scoringContextFor(project.scoringSettings().settings);
  const hash = createHash('sha256');
  const rows = preparedOnce(project.db, 'SELECT id, gold_rev FROM utterance ORDER BY ord', (s) =>
    s.raw(),
  ).all() as [string, number][];
  for (const [id, rev] of rows) hash.update(`${id}\u0000${rev}\u0001`);
  return `${signature}|${JSON.stringify(coverage)}|${hash.digest('base64url')}`;
}

/**
 * The key of `systemId`'s figures in `state` (`figuresState`) with its outputs' revision and import as they
 * are now: taken before the figures are computed, so outputs replaced meanwhile do not get them.
 */
export function figuresKey(project: ProjectStore, state: string, systemId: number): string {
  const row = preparedOnce(project.db, 'SELECT output_rev, imported_at FROM system WHERE id = ?').get(
    systemId,
  ) as { output_rev: number; imported_at: string } | undefined;
  return `${state}|${systemId}|${row ? `${row.output_rev}|${row.imported_at}` : 'gone'}`;
}

/** The figures kept under `key` (`figuresKey`), or null. */
export function keptFigures(project: ProjectStore, key: string): Figures | null {
  return kept.get(project)?.get(key) ?? null;
}

/** Keeps figures under `key` (`figuresKey`), with the few most recently kept others. */
export function keepFigures(project: ProjectStore, key: string, figures: Figures): void {
  let map = kept.get(project);
  if (!map) kept.set(project, (map = new Map()));
  map.delete(key);
  map.set(key, figures);
  for (const k of map.keys()) {
    if (map.size <= KEPT) break;
    map.delete(k);
  }
}

/**
 * The key of an analysis of `systemIds` (in this order) in `state` (`figuresState`): the state and each
 * system's outputs' revision and import as they are now, taken before the analysis is made.
 */
export function analysisKey(project: ProjectStore, state: string, systemIds: readonly number[]): string {
  const hash = createHash('sha256');
  for (const id of systemIds) hash.update(`${figuresKey(project, state, id)}\u0001`);
  return hash.digest('base64url');
}

/** The analysis of `kind` kept under `key`, or null; `kind` names the type its values have. */
export function keptAnalysis<T>(project: ProjectStore, kind: AnalysisKind<T>, key: string): T | null {
  return (keptByKind.get(project)?.get(kind.name)?.get(key) as T | undefined) ?? null;
}

/** Keeps an analysis of `kind` under `key`, with the few most recently kept others of its kind. */
export function keepAnalysis<T>(project: ProjectStore, kind: AnalysisKind<T>, key: string, value: T): void {
  let kinds = keptByKind.get(project);
  if (!kinds) keptByKind.set(project, (kinds = new Map()));
  let map = kinds.get(kind.name);
  if (!map) kinds.set(kind.name, (map = new Map()));
  map.delete(key);
  map.set(key, value);
  for (const k of map.keys()) {
    if (map.size <= (kind.keep ?? KEPT_ANALYSES)) break;
    map.delete(k);
  }
}

/** Every analysis of `kind` kept, with its key, least recently kept first. */
export function keptAnalyses<T>(project: ProjectStore, kind: AnalysisKind<T>): [string, T][] {
  return [...(keptByKind.get(project)?.get(kind.name) ?? [])] as [string, T][];
}

/** A kind of kept analysis: its name, and (as a type only) what its values are. */
export interface AnalysisKind<T> {
  readonly name: string;
  /** How many of this kind are kept at most (default 4). */
  readonly keep?: number;
  /** Never set: carries `T`, so a kind's values are read back with the type they were kept with. */
  readonly type?: T;
}
