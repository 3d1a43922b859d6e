// Scores a whole project: what the cache holds for the current gold, output and settings is read in bulk,
// the rest is scored in a pool of worker threads (or in this thread for one job or a handful of pairs), and
// the new scores are written to the cache in batches, by the workers themselves or by this thread.
import os from 'node:os';
import { type UtteranceScores, scoreUtterance } from '../../core/scoring/scoreUtterance';
import { AppError } from '../../core/errors';
import { readGold } from '../store/goldStore';
import { ProjectStore } from '../store/projectStore';
import { scoreCacheWriter } from '../store/scoreCache';
import { getSystemOutput, getSystemProfile } from '../store/systemStore';
import { type ScoringContext, scoringContext } from './projectScores';
import { runScorePool } from './workerPool';

/** How to score a project. */
export interface ScoreProjectOptions {
  /** The systems to score (all when omitted). */
  systemIds?: readonly number[];
  /** Worker threads at most (default: the machine's available parallelism); 1 scores in this thread. */
  jobs?: number;
  /**
   * Called as pairs are done (cached ones count at once), `total` being every (system, utterance) pair:
   * an utterance without a system's output is scored too, as an empty hypothesis (coverage.ts).
   */
  onProgress?: (done: number, total: number) => void;
}

/** Below this many pairs to score, starting threads costs more than it saves. */
const IN_THREAD_BELOW = 32;

/** Scores per system id: utterance id → scores, in the project's utterance order. */
export type ProjectScores = Map<number, Map<string, UtteranceScores>>;

/** Reads the cached scores valid for the current gold, output and `ctx`'s settings, and what is left to score. */
function cachedAndMissing(
  store: ProjectStore,
  systemIds: readonly number[],
  ctx: ScoringContext,
): { cached: Map<number, Map<string, UtteranceScores>>; missing: [number, string][]; total: number } {
  const utterances = store.db.prepare('SELECT id FROM utterance').pluck();
  const valid = store.db.prepare(
    `SELECT c.utterance_id AS u, c.value AS v FROM score_cache c
       JOIN utterance t ON t.id = c.utterance_id
       JOIN system s ON s.id = c.system_id
      WHERE c.system_id = ? AND c.metric = 'utterance' AND c.signature = ?
        AND c.gold_rev = t.gold_rev AND c.output_rev = s.output_rev`,
  );
  const cached = new Map<number, Map<string, UtteranceScores>>();
  const missing: [number, string][] = [];
  let total = 0;
  store.db.transaction(() => {
    for (const systemId of systemIds) {
      const hits = new Map<string, UtteranceScores>();
      for (const row of valid.all(systemId, ctx.signature) as { u: string; v: string }[])
        hits.set(row.u, JSON.parse(row.v) as UtteranceScores);
      cached.set(systemId, hits);
      for (const u of utterances.all() as string[]) {
        total++;
        if (!hits.has(u)) missing.push([systemId, u]);
      }
    }
  })();
  return { cached, missing, total };
}

/** One pair scored in this thread, with the revisions of the gold and the output it was computed from. */
interface ScoredPair {
  systemId: number;
  utteranceId: string;
  scores: UtteranceScores;
  goldRev: number;
  outputRev: number;
}

/** Writes scored pairs to the cache in one transaction, with the revisions they were computed from. */
function cacheWriter(store: ProjectStore, ctx: ScoringContext): (results: readonly ScoredPair[]) => void {
  // A read-only project is scored all the same; its scores are just not kept.
  if (store.readOnly) return () => {};
  const writer = scoreCacheWriter(store.db, ctx.signature);
  return (results) =>
    writer.write(
      results.map((r) => ({
        systemId: r.systemId,
        utteranceId: r.utteranceId,
        goldRev: r.goldRev,
        outputRev: r.outputRev,
        value: JSON.stringify(r.scores),
      })),
    );
}

/** Scores pairs in this thread, a chunk at a time, yielding to the event loop between chunks. */
async function scoreInThread(
  store: ProjectStore,
  ctx: ScoringContext,
  chunks: readonly [number, string][][],
  onScored: (results: ScoredPair[]) => void,
): Promise<void> {
  const revs = store.db.prepare(
    'SELECT (SELECT gold_rev FROM utterance WHERE id = ?) AS g, (SELECT output_rev FROM system WHERE id = ?) AS o',
  );
  for (const chunk of chunks) {
    const results: ScoredPair[] = [];
    for (const [systemId, utteranceId] of chunk) {
      const r = revs.get(utteranceId, systemId) as { g: number | null; o: number | null };
      if (r.g === null || r.o === null) continue;
      const output = getSystemOutput(store.db, systemId, utteranceId);
      const profile = getSystemProfile(store.db, systemId);
      const gold = readGold(store.db, utteranceId);
      const scores = scoreUtterance(gold, output, ctx.settings, ctx.deps, profile);
      results.push({ systemId, utteranceId, scores, goldRev: r.g, outputRev: r.o });
    }
    onScored(results);
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Every utterance's scores of the chosen systems (all by default), by system id: cached scores where the
 * cache holds them for the current gold, output and settings, the rest scored in `jobs` worker threads
 * (each opening the project file on its own connection and writing what it scores to the cache, unless the
 * project is read-only) or, for one job or a handful of pairs, in this thread. Scores from the cache or
 * from workers are read from JSON (an undefined figure reads as null). Accepts an open store or a file.
 */
export async function scoreProject(
  project: string | ProjectStore,
  options: ScoreProjectOptions = {},
): Promise<ProjectScores> {
  const store = typeof project === 'string' ? ProjectStore.open(project) : project;
  try {
    const systems = store.systems();
    const systemIds = options.systemIds ?? systems.map((s) => s.id);
    for (const id of systemIds)
      if (!systems.some((s) => s.id === id))
        throw new AppError('NOT_FOUND', `No system ${id}.`, { systemId: id });
    const ctx = scoringContext(store);
    const { cached, missing, total } = cachedAndMissing(store, systemIds, ctx);
    let done = total - missing.length;
    options.onProgress?.(done, total);

    const jobs = Math.max(1, Math.min(os.availableParallelism(), Math.floor(options.jobs ?? Infinity)));
    const threads = missing.length < IN_THREAD_BELOW ? 1 : jobs;
    // Chunks small enough to balance the workers and report progress, large enough to keep messages few.
    const size = Math.max(8, Math.min(256, Math.ceil(missing.length / (threads * 8))));
    const chunks: [number, string][][] = [];
    for (let k = 0; k < missing.length; k += size) chunks.push(missing.slice(k, k + size));

    const fresh = new Map<number, Map<string, UtteranceScores>>(systemIds.map((id) => [id, new Map()]));
    const scored = (n: number): void => {
      done += n;
      options.onProgress?.(done, total);
    };
    if (threads === 1) {
      const write = cacheWriter(store, ctx);
      await scoreInThread(store, ctx, chunks, (results) => {
        write(results);
        for (const r of results) fresh.get(r.systemId)!.set(r.utteranceId, r.scores);
        scored(results.length);
      });
    }
    // Workers read the file this connection reads (a read-only project may be read from a snapshot) and
    // write their scores to its cache themselves, so this thread only hands out chunks and collects the
    // scores, read from JSON as a warm run reads them from the cache.
    else
      await runScorePool(
        { file: store.db.name, settings: ctx.settings, cache: !store.readOnly },
        threads,
        chunks,
        (rows) => {
          for (const r of rows)
            fresh.get(r.systemId)!.set(r.utteranceId, JSON.parse(r.value) as UtteranceScores);
          scored(rows.length);
        },
      );

    if (done !== total) options.onProgress?.(total, total);
    const order = store.listUtterances().map((u) => u.id);
    const out: ProjectScores = new Map();
    for (const id of systemIds) {
      const m = new Map<string, UtteranceScores>();
      const c = cached.get(id)!;
      const f = fresh.get(id)!;
      for (const u of order) {
        const s = f.get(u) ?? c.get(u);
        if (s) m.set(u, s);
      }
      out.set(id, m);
    }
    return out;
  } finally {
    if (typeof project === 'string') store.close();
  }
}
