// Where scores come from: every caller that needs an utterance's scores (the CLI, the API's score methods,
// the report job) asks `scoreProject`. What the cache holds for the current gold, output and settings is
// read in bulk, the rest is scored in a pool of worker threads (or in this thread for one job or a handful
// of pairs), and the new scores are written to the cache in batches, by the workers themselves or by this
// thread. Scores travel as the JSON the cache holds until a caller parses them, so a score reads the same
// whichever way it came (an undefined figure reads as null). A caller that wants corpus figures only asks
// `scoreProjectFigures`: the workers then hand back each pair's few corpus statistics instead of its scores
// and compute the figures' bootstrap intervals too, so little is left for this thread after the last pair.
import os from 'node:os';
import { AppError } from '../../core/errors';
import {
  type CorpusCollection,
  type CorpusFigure,
  type CorpusItem,
  type Coverage,
  collectCorpus,
  corpusFigure,
  corpusInterval,
  corpusItem,
} from '../../core/scoring/corpusScores';
import type { UtteranceScores } from '../../core/scoring/scoreUtterance';
import type { BootstrapOptions, Interval } from '../../core/stats/bootstrap';
import { ProjectStore } from '../store/projectStore';
import { scoreCacheReader, scoreCacheWriter } from '../store/scoreCache';
import { type ProjectScores, type ProjectScoresJson, parseScores } from './projectScores';
import type { PairScores } from './scorePair';
import { type ScoringContext, scoringContext } from './scoringContext';
import { startScorePool } from './workerPool';
import type { PairReply, ScoredPair } from './workerProtocol';

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

/** A bootstrap interval computed here or by a scoring worker. */
type IntervalOf = (stat: string, values: Float64Array, options: BootstrapOptions) => Promise<Interval>;

/** What a project's scoring is asked for, what the cache holds of it and what is left to score. */
interface Plan {
  systemIds: readonly number[];
  utteranceIds: readonly string[];
  ctx: ScoringContext;
  cached: ProjectScoresJson;
  /** The pairs left to score, in chunks. */
  chunks: [number, string][][];
  threads: number;
  total: number;
}

/** Reads what the cache holds of what `options` ask for and splits the rest into chunks for `threads` threads. */
function planScoring(store: ProjectStore, options: ScoreProjectOptions): Plan {
  // In the order of `store.systems()` (by name).
  const systems = store.db.prepare('SELECT id FROM system ORDER BY name').pluck().all() as number[];
  const systemIds = options.systemIds ?? systems;
  for (const id of systemIds)
    if (!systems.includes(id)) throw new AppError('NOT_FOUND', `No system ${id}.`, { systemId: id });
  const utteranceIds = utterancesToScore(store, options.utteranceIds);
  const ctx = scoringContext(store);
  const some = options.utteranceIds !== undefined && utteranceIds.length < LOOK_UP_BELOW;
  const { cached, missing, total } = cachedAndMissing(store, systemIds, utteranceIds, some, ctx);
  const jobs = Math.max(1, Math.min(os.availableParallelism(), Math.floor(options.jobs ?? Infinity)));
  const threads = missing.length < IN_THREAD_BELOW ? 1 : jobs;
  return { systemIds, utteranceIds, ctx, cached, chunks: chunked(missing, threads), threads, total };
}

/** The most pairs in a chunk: few enough to report progress often, enough to keep messages few. */
const CHUNK_MOST = 256;
/** The fewest pairs in a chunk (but the last): below it, a message costs more than the pairs. */
const CHUNK_FEWEST = 8;

/**
 * `pairs` in chunks for `threads` threads, handed out in order. For several threads a chunk is at most an
 * eighth of each thread's share of the pairs still left, so the chunks shrink towards the end: when the
 * last chunk is taken, the other threads are busy with chunks no larger, and none waits long for it. One
 * thread's chunks (only for progress) are all the size of its first.
 */
export function chunked<T>(pairs: readonly T[], threads: number): T[][] {
  const sizeFor = (left: number): number =>
    Math.max(CHUNK_FEWEST, Math.min(CHUNK_MOST, Math.ceil(left / (threads * 8))));
  const fixed = threads === 1 ? sizeFor(pairs.length) : 0;
  const chunks: T[][] = [];
  for (let k = 0; k < pairs.length;) {
    const size = fixed || sizeFor(pairs.length - k);
    chunks.push(pairs.slice(k, (k += size)));
  }
  return chunks;
}

/**
 * Scores the plan's chunks, in this thread (one thread, or nothing to score) or in a pool of workers, which
 * write their scores to the cache themselves (this thread writes what it scores); `onScored` receives each
 * chunk's pairs with the parts `reply` asks for, and the pairs the chunk asked for. `after` runs once every
 * pair is scored, the pool still up (its intervals computed by the workers), before the workers' last writes
 * are awaited.
 */
async function scoreChunks(
  store: ProjectStore,
  plan: Plan,
  options: ScoreProjectOptions,
  reply: PairReply,
  onScored: (pairs: readonly ScoredPair[], asked: readonly [number, string][], interval: IntervalOf) => void,
  after?: (interval: IntervalOf) => Promise<void>,
): Promise<void> {
  const { ctx, chunks, total } = plan;
  let done = total - chunks.reduce((n, c) => n + c.length, 0);
  options.onCacheRead?.(done, total);
  options.onProgress?.(done, total);
  const scored = (pairs: readonly ScoredPair[]): void => {
    done += pairs.length;
    options.onProgress?.(done, total);
  };
  if (plan.threads === 1 || chunks.length === 0) {
    const here: IntervalOf = (stat, values, o) => Promise.resolve(corpusInterval(stat, values, o));
    // A read-only project is scored all the same; its scores are just not kept.
    const writer = store.readOnly ? null : scoreCacheWriter(store.db, ctx.signature);
    // Loaded only here: with a pool, this thread never scores, and the scorers load in the workers.
    const { pairScorer, scoredPair } = await import('./scorePair');
    const scorePair = pairScorer(store.db, ctx);
    for (const chunk of chunks) {
      const rows: PairScores[] = [];
      for (const [systemId, utteranceId] of chunk) {
        const row = scorePair(systemId, utteranceId);
        if (row) rows.push(row);
      }
      writer?.write(rows.map((r) => r.row));
      const pairs = rows.map((r) => scoredPair(r, reply));
      onScored(pairs, chunk, here);
      scored(pairs);
      // Yield to the event loop between chunks.
      await new Promise((r) => setImmediate(r));
    }
    if (done !== total) options.onProgress?.(total, total);
    await after?.(here);
    return;
  }
  // Workers read the file this connection reads (a read-only project may be read from a snapshot) and
  // write their scores to its cache themselves, so this thread only hands out chunks and collects the
  // scores.
  const pool = startScorePool(
    { file: store.db.name, settings: ctx.settings, cache: !store.readOnly, reply },
    Math.min(plan.threads, chunks.length),
  );
  try {
    const interval: IntervalOf = (stat, values, o) => pool.interval(stat, values, o);
    await pool.score(chunks, (pairs, k) => {
      onScored(pairs, chunks[k]!, interval);
      scored(pairs);
    });
    if (done !== total) options.onProgress?.(total, total);
    await after?.(interval);
    await pool.drain();
  } finally {
    await pool.stop();
  }
}

/** Runs `use` on the open store, or on `project` opened for the call. */
async function withStore<T>(
  project: string | ProjectStore,
  use: (store: ProjectStore) => Promise<T>,
): Promise<T> {
  const store = typeof project === 'string' ? ProjectStore.open(project) : project;
  try {
    return await use(store);
  } finally {
    if (typeof project === 'string') store.close();
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
export function scoreProjectJson(
  project: string | ProjectStore,
  options: ScoreProjectOptions = {},
): Promise<ProjectScoresJson> {
  return withStore(project, async (store) => {
    const plan = planScoring(store, options);
    const fresh: ProjectScoresJson = new Map(plan.systemIds.map((id) => [id, new Map()]));
    await scoreChunks(store, plan, options, { json: true, corpus: false }, (pairs) => {
      for (const r of pairs) fresh.get(r.systemId)!.set(r.utteranceId, r.value!);
    });
    const out: ProjectScoresJson = new Map();
    for (const id of plan.systemIds) {
      const m = new Map<string, string>();
      const c = plan.cached.get(id)!;
      const f = fresh.get(id)!;
      for (const u of plan.utteranceIds) {
        const s = f.get(u) ?? c.get(u);
        if (s !== undefined) m.set(u, s);
      }
      out.set(id, m);
    }
    return out;
  });
}

/** How `scoreProjectFigures` makes corpus figures. */
export interface ProjectFiguresOptions extends ScoreProjectOptions {
  /** Which utterances count in the figures (named in their signatures). */
  coverage: Coverage;
  /** The bootstrap's settings (its defaults when omitted). */
  bootstrap?: BootstrapOptions;
  /** Whether to hand back every utterance's scores too (parsed here, which costs time). */
  scores?: boolean;
}

/** One system's corpus figures, and what scoring said of its gold. */
export interface SystemFigures {
  /** As `corpusScores` makes them from the system's scores in project order. */
  figures: CorpusFigure[];
  /** What scoring left out of the gold, by utterance (only those it left something out of), in project order. */
  notes: Map<string, { goldNotes: string[] }>;
  /** Every scored utterance's scores, in project order (when asked for). */
  scores?: Map<string, UtteranceScores>;
}

/**
 * The chosen systems' corpus figures over the chosen utterances (all by default), scored as `scoreProject`
 * scores them: the same figures as `corpusScores` of `scoreProject`'s scores, made without moving whole
 * scores between threads. Each worker hands back what a pair brings to the corpus figures instead of its
 * scores, and once a system's pairs are all in, its figures' bootstrap intervals are computed by the workers
 * too, while the next system is scored. In one thread, the same work is done here.
 */
export function scoreProjectFigures(
  project: string | ProjectStore,
  options: ProjectFiguresOptions,
): Promise<Map<number, SystemFigures>> {
  return withStore(project, async (store) => {
    const plan = planScoring(store, options);
    const index = new Map(plan.utteranceIds.map((u, k) => [u, k]));
    const n = plan.utteranceIds.length;
    interface Gathering {
      items: (CorpusItem | undefined)[];
      notes: (string[] | undefined)[];
      scores: (UtteranceScores | undefined)[];
      /** Pairs still being scored. */
      left: number;
      figures: Promise<CorpusFigure[]> | null;
    }
    const gathering = new Map<number, Gathering>();
    const take = (g: Gathering, k: number, s: UtteranceScores): void => {
      g.items[k] = corpusItem(s);
      if (s.goldNotes) g.notes[k] = s.goldNotes;
      if (options.scores) g.scores[k] = s;
    };
    for (const id of plan.systemIds) {
      const g: Gathering = { items: [], notes: [], scores: [], left: 0, figures: null };
      gathering.set(id, g);
      for (const [u, json] of plan.cached.get(id)!)
        take(g, index.get(u)!, JSON.parse(json) as UtteranceScores);
    }
    for (const chunk of plan.chunks) for (const [id] of chunk) gathering.get(id)!.left++;
    // A system's figures, their intervals computed by `interval` (all at once, each a task of its own).
    const figuresOf = (g: Gathering, interval: IntervalOf): Promise<CorpusFigure[]> => {
      const b = options.bootstrap ?? {};
      const collections = collectCorpus(
        g.items.filter((i) => i !== undefined),
        options.coverage,
      );
      // Asked for the longest first (a resample's cost grows with the values it draws from), so that the
      // workers finish the last system's intervals together.
      const asked = new Map<CorpusCollection, Promise<Interval>>();
      for (const c of [...collections].sort((x, y) => y.values.length - x.values.length))
        if (c.stat !== null) asked.set(c, interval(c.stat, c.values, b));
      return Promise.all(
        collections.map(async (c) => corpusFigure(c, b, c.stat === null ? undefined : await asked.get(c))),
      );
    };
    await scoreChunks(
      store,
      plan,
      options,
      { json: options.scores === true, corpus: options.scores !== true },
      (pairs, asked, interval) => {
        for (const p of pairs) {
          const g = gathering.get(p.systemId)!;
          const k = index.get(p.utteranceId)!;
          if (p.value !== undefined) take(g, k, JSON.parse(p.value) as UtteranceScores);
          else {
            g.items[k] = p.corpus!;
            if (p.goldNotes) g.notes[k] = p.goldNotes;
          }
        }
        for (const [id] of asked) {
          const g = gathering.get(id)!;
          if (--g.left === 0) {
            g.figures = figuresOf(g, interval);
            // Awaited once every pair is scored; a failure before then fails the scoring itself.
            g.figures.catch(() => {});
          }
        }
      },
      async (interval) => {
        for (const g of gathering.values()) g.figures ??= figuresOf(g, interval);
        await Promise.all([...gathering.values()].map((g) => g.figures));
      },
    );
    const out = new Map<number, SystemFigures>();
    for (const [id, g] of gathering) {
      const notes = new Map<string, { goldNotes: string[] }>();
      const scores = new Map<string, UtteranceScores>();
      for (let k = 0; k < n; k++) {
        const u = plan.utteranceIds[k]!;
        const [goldNotes, s] = [g.notes[k], g.scores[k]];
        if (goldNotes) notes.set(u, { goldNotes });
        if (s) scores.set(u, s);
      }
      out.set(id, { figures: await g.figures!, notes, ...(options.scores ? { scores } : {}) });
    }
    return out;
  });
}
