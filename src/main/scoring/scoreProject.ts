// Where scores come from: every caller that needs an utterance's scores (the CLI, the API's score methods,
// the report job) asks `scoreProject`. What the cache holds for the current gold, output and settings is
// read in bulk, the rest is scored in a pool of worker threads (or in this thread for one job or a handful
// of pairs), and the new scores are written to the cache in batches, by the workers themselves or by this
// thread. Scores travel as the JSON the cache holds until a caller parses them, so a score reads the same
// whichever way it came (an undefined figure reads as null).
import os from 'node:os';
import { AppError } from '../../core/errors';
import { ProjectStore } from '../store/projectStore';
import { type ScoreCacheRow, scoreCacheReader, scoreCacheWriter } from '../store/scoreCache';
import { type ProjectScores, type ProjectScoresJson, parseScores } from './projectScores';
import { pairScorer } from './scorePair';
import { type ScoringContext, scoringContext } from './scoringContext';
import { runScorePool } from './workerPool';

/** How to score a project. */
export interface ScoreProjectOptions {
  /** The systems to score (all when omitted). */
  systemIds?: readonly number[];
  /** The utterances to score (all when omitted); each must be the project's. */
  utteranceIds?: readonly string[];
  /** Worker threads at most (default: the machine's available parallelism); 1 scores in this thread. */
  jobs?: number;
  /**
   * Called as pairs are done (cached ones count at once), `total` being every (system, utterance) pair:
   * an utterance without a system's output is scored too, as an empty hypothesis (coverage.ts).
   */
  onProgress?: (done: number, total: number) => void;
  /** Called once the cache is read, with how many of the `total` pairs it held valid scores for. */
  onCacheRead?: (cached: number, total: number) => void;
}

/** Below this many pairs to score, starting threads costs more than it saves. */
const IN_THREAD_BELOW = 32;

/** Below this many utterances asked for, the cache is looked up pair by pair rather than read whole. */
const LOOK_UP_BELOW = 32;

/**
 * The utterances to score, in project order: every one, or those asked for (each must be the project's).
 * Those asked for are looked up one by one, so scoring one utterance costs the same in any project.
 */
function utterancesToScore(store: ProjectStore, asked?: readonly string[]): string[] {
  if (!asked) return store.db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
  const ordOf = store.db.prepare('SELECT ord FROM utterance WHERE id = ?').pluck();
  const found = [...new Set(asked)].map((id) => {
    const ord = ordOf.get(id) as number | undefined;
    if (ord === undefined) throw new AppError('NOT_FOUND', `No utterance ${id}.`, { utteranceId: id });
    return { id, ord };
  });
  return found.sort((a, b) => a.ord - b.ord).map((u) => u.id);
}

/** Reads the cached scores valid for the current gold, output and `ctx`'s settings, and what is left to score. */
function cachedAndMissing(
  store: ProjectStore,
  systemIds: readonly number[],
  utteranceIds: readonly string[],
  some: boolean,
  ctx: ScoringContext,
): { cached: ProjectScoresJson; missing: [number, string][]; total: number } {
  const cache = scoreCacheReader(store.db, ctx.signature);
  const cached: ProjectScoresJson = new Map();
  const missing: [number, string][] = [];
  let total = 0;
  store.db.transaction(() => {
    for (const systemId of systemIds) {
      let hits: Map<string, string>;
      // A few utterances are looked up one by one; a whole system's entries are read at once.
      if (some) {
        hits = new Map();
        for (const u of utteranceIds) {
          const hit = cache.pair(systemId, u);
          if (hit !== undefined) hits.set(u, hit);
        }
      } else hits = cache.system(systemId);
      cached.set(systemId, hits);
      for (const u of utteranceIds) {
        total++;
        if (!hits.has(u)) missing.push([systemId, u]);
      }
    }
  })();
  return { cached, missing, total };
}

/** Scores pairs in this thread, a chunk at a time, yielding to the event loop between chunks. */
async function scoreInThread(
  store: ProjectStore,
  ctx: ScoringContext,
  chunks: readonly [number, string][][],
  onScored: (rows: ScoreCacheRow[]) => void,
): Promise<void> {
  const scorePair = pairScorer(store.db, ctx);
  for (const chunk of chunks) {
    const rows: ScoreCacheRow[] = [];
    for (const [systemId, utteranceId] of chunk) {
      const row = scorePair(systemId, utteranceId);
      if (row) rows.push(row);
    }
    onScored(rows);
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * The chosen utterances' scores (all by default) of the chosen systems (all by default), by system id:
 * cached scores where the cache holds them for the current gold, output and settings, the rest scored in
 * `jobs` worker threads (each opening the project file on its own connection and writing what it scores to
 * the cache, unless the project is read-only) or, for one job or a handful of pairs, in this thread and
 * written to the cache here. Accepts an open store or a file.
 */
export async function scoreProject(
  project: string | ProjectStore,
  options: ScoreProjectOptions = {},
): Promise<ProjectScores> {
  return parseScores(await scoreProjectJson(project, options));
}

/**
 * As `scoreProject`, the scores left as the JSON the cache holds: for a caller that hands them to another
 * thread, which parses them there.
 */
export async function scoreProjectJson(
  project: string | ProjectStore,
  options: ScoreProjectOptions = {},
): Promise<ProjectScoresJson> {
  const store = typeof project === 'string' ? ProjectStore.open(project) : project;
  try {
    // In the order of `store.systems()` (by name).
    const systems = store.db.prepare('SELECT id FROM system ORDER BY name').pluck().all() as number[];
    const systemIds = options.systemIds ?? systems;
    for (const id of systemIds)
      if (!systems.includes(id)) throw new AppError('NOT_FOUND', `No system ${id}.`, { systemId: id });
    const utteranceIds = utterancesToScore(store, options.utteranceIds);
    const ctx = scoringContext(store);
    const some = options.utteranceIds !== undefined && utteranceIds.length < LOOK_UP_BELOW;
    const { cached, missing, total } = cachedAndMissing(store, systemIds, utteranceIds, some, ctx);
    let done = total - missing.length;
    options.onCacheRead?.(done, total);
    options.onProgress?.(done, total);

    const jobs = Math.max(1, Math.min(os.availableParallelism(), Math.floor(options.jobs ?? Infinity)));
    const threads = missing.length < IN_THREAD_BELOW ? 1 : jobs;
    // Chunks small enough to balance the workers and report progress, large enough to keep messages few.
    const size = Math.max(8, Math.min(256, Math.ceil(missing.length / (threads * 8))));
    const chunks: [number, string][][] = [];
    for (let k = 0; k < missing.length; k += size) chunks.push(missing.slice(k, k + size));

    const fresh: ProjectScoresJson = new Map(systemIds.map((id) => [id, new Map()]));
    const scored = (rows: readonly ScoreCacheRow[]): void => {
      for (const r of rows) fresh.get(r.systemId)!.set(r.utteranceId, r.value);
      done += rows.length;
      options.onProgress?.(done, total);
    };
    if (threads === 1) {
      // A read-only project is scored all the same; its scores are just not kept.
      const writer = store.readOnly ? null : scoreCacheWriter(store.db, ctx.signature);
      await scoreInThread(store, ctx, chunks, (rows) => {
        writer?.write(rows);
        scored(rows);
      });
    }
    // Workers read the file this connection reads (a read-only project may be read from a snapshot) and
    // write their scores to its cache themselves, so this thread only hands out chunks and collects the
    // scores.
    else
      await runScorePool(
        { file: store.db.name, settings: ctx.settings, cache: !store.readOnly },
        threads,
        chunks,
        scored,
      );

    if (done !== total) options.onProgress?.(total, total);
    const out: ProjectScoresJson = new Map();
    for (const id of systemIds) {
      const m = new Map<string, string>();
      const c = cached.get(id)!;
      const f = fresh.get(id)!;
      for (const u of utteranceIds) {
        const s = f.get(u) ?? c.get(u);
        if (s !== undefined) m.set(u, s);
      }
      out.set(id, m);
    }
    return out;
  } finally {
    if (typeof project === 'string') store.close();
  }
}
