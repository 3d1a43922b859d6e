// The browser host under concurrent clients: each reads (pages, utterances, gold, summaries) and edits
// its own utterance through the HTTP API for a while, optionally with importers running all along (each
// starts one import after another). Every request is timed; errors are counted and kept; the host's
// resident memory is sampled.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { GoldRecords } from '../src/core/gold/records';
import { goldAtRev } from '../test/crash/crashPlan';
import { call, corpusFiles, type Host, systemJsonl } from '../test/crash/hostKill';
import { seededRandom } from './harness';

/** The figures of one load run. */
export interface LoadFigures {
  clients: number;
  seconds: number;
  /** Importers running all along, each one import at a time. */
  importers: number;
  requests: number;
  /** Requests answered while at least one import was running (started and not yet finished). */
  requestsDuringImports: number;
  requestsPerSec: number;
  errors: number;
  firstErrors: string[];
  latencyMs: { p50: number; p99: number; max: number; slowestMethod: string };
  perMethod: Record<string, { requests: number; p99: number }>;
  edits: number;
  imports: number;
  /**
   * The host's resident memory: at the start and end of the run, its peak (sampled every 250 ms), a sample
   * every `RSS_EVERY_MS` (`samples`), and the lowest and highest sample of the run's second half: memory
   * that is flat once the run has settled keeps these two close.
   */
  hostRssMb: {
    start: number;
    peak: number;
    end: number;
    samples: number[];
    secondHalf: { min: number; max: number };
  };
  /** The host's threads at the end of the run (the app's, V8's and libuv's, and the workers'). */
  hostThreads: number | null;
  /**
   * Processor seconds used during the run: by the host (all its threads, import workers included), by its
   * main thread alone, and by this process (the clients themselves); and the share of the machine's
   * processor time left idle. A load generator short of processor time measures itself, not the host.
   * Null where /proc is not there.
   */
  cpuSec: { host: number | null; hostMainThread: number | null; clients: number; machineIdle: number | null };
  /** Utterances whose gold revision differs from the edits acknowledged for them. */
  lostEdits: number;
}

/** How often the host's memory is sampled for `hostRssMb.samples`. */
const RSS_EVERY_MS = 5000;

/** The threads of process `pid`, from /proc; null elsewhere. */
function threads(pid: number): number | null {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).length;
  } catch {
    return null;
  }
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0; // not Linux: memory is not reported
  }
}

/** Processor seconds a process (or, given `tid`, one of its threads) has used, from /proc; null elsewhere. */
function cpuSeconds(pid: number, tid?: number): number | null {
  try {
    const stat = fs.readFileSync(
      tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`,
      'utf8',
    );
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The kernel's clock ticks per second (USER_HZ), 100 on every Linux Node runs on. */
const CLOCK_TICKS = 100;

/** The machine's processor time so far, idle and in all: the first line of /proc/stat; null elsewhere. */
function machineTicks(): { idle: number; all: number } | null {
  try {
    const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3]! + (f[4] ?? 0), all: f.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

const since = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : Math.round((b - a) * 100) / 100;

function quantile(sorted: Float64Array, q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

/** Runs so far in this process: the imports of each run get their own names. */
let runs = 0;

/** How often an importer asks how its import is going (the studio asks about as often). */
const POLL_MS = 100;

/**
 * Runs `clients` clients against `host` for `seconds` (the project must have utterances `base-0`…
 * `base-{size-1}`, as `makeKillProject` makes them); besides them, each of `importers` more clients
 * imports a system's outputs and a corpus of `size` utterances, one after the other, until the time is up.
 * With `steady`, each importer instead imports the outputs of one system of its own again and again (each
 * import replaces the last), so the project keeps its size and only the imports themselves weigh on the host.
 */
export async function runHostLoad(options: {
  host: Host;
  dir: string;
  clients: number;
  seconds: number;
  size: number;
  importers: number;
  steady?: boolean;
  seed: number;
}): Promise<LoadFigures> {
  const { host, clients, seconds, size } = options;
  const pid = host.child.pid!;
  const times: number[] = [];
  const per = new Map<string, number[]>();
  const firstErrors: string[] = [];
  let errors = 0;
  let edits = 0;
  const run = runs++;
  let imports = 0;
  let running = 0;
  let requestsDuringImports = 0;
  let slowest = { ms: 0, method: '' };
  const rss = { start: rssMb(pid), peak: 0, end: 0 };
  const samples: { at: number; mb: number }[] = [];
  let lastSample = -Infinity;
  const sampler = setInterval(() => {
    const mb = rssMb(pid);
    rss.peak = Math.max(rss.peak, mb);
    const at = performance.now();
    if (at - lastSample >= RSS_EVERY_MS) {
      samples.push({ at, mb });
      lastSample = at;
    }
  }, 250);
  const cpu0 = {
    host: cpuSeconds(pid),
    main: cpuSeconds(pid, pid),
    clients: process.cpuUsage(),
    machine: machineTicks(),
  };
  const end = performance.now() + seconds * 1000;
  const timed = async <T>(method: string, input: unknown): Promise<T | undefined> => {
    const t0 = performance.now();
    try {
      return await call<T>(host, method, input);
    } catch (err) {
      errors++;
      if (firstErrors.length < 10) firstErrors.push(`${method}: ${String(err).slice(0, 300)}`);
      return undefined;
    } finally {
      const ms = performance.now() - t0;
      times.push(ms);
      if (running > 0) requestsDuringImports++;
      let m = per.get(method);
      if (!m) per.set(method, (m = []));
      m.push(ms);
      if (ms > slowest.ms) slowest = { ms, method };
    }
  };
  const acked = new Map<string, number>();
  const client = async (c: number): Promise<void> => {
    const random = seededRandom(options.seed * 1000 + c);
    const own = `base-${c}`;
    while (performance.now() < end) {
      const r = random();
      const other = `base-${Math.floor(random() * size)}`;
      if (r < 0.25) {
        const state = await timed<{ gold: GoldRecords; goldRev: number }>('gold:get', { utteranceId: own });
        if (!state) continue;
        const next = goldAtRev(state.gold, state.goldRev + 1);
        const saved = await timed<{ goldRev: number }>('gold:applyDiff', {
          utteranceId: own,
          diff: [
            { field: 'entities', before: state.gold.entities, after: next.entities },
            { field: 'labels', before: state.gold.labels, after: next.labels },
          ],
        });
        if (saved) {
          acked.set(own, saved.goldRev);
          edits++;
        }
      } else if (r < 0.45) {
        await timed('utterance:list', { offset: Math.floor(random() * size), limit: 50 });
      } else if (r < 0.65) {
        await timed('utterance:get', { utteranceId: other });
      } else if (r < 0.85) {
        await timed('gold:get', { utteranceId: other });
      } else if (r < 0.95) {
        await timed('project:summary', {});
      } else {
        await timed('system:list', {});
      }
    }
  };
  const importer = async (i: number): Promise<void> => {
    for (let k = 0; performance.now() < end; k++) {
      const tag = `load${options.seed}r${run}i${i}x${k}`;
      const job =
        options.steady || k % 2 === 0
          ? await timed<{ id: string }>('system:upload', {
              name: options.steady ? `steady-${i}` : tag,
              files: [{ name: `${tag}.jsonl`, content: systemJsonl(tag, size) }],
            })
          : await timed<{ id: string }>('project:import', corpusFiles(options.dir, tag, size));
      if (!job) continue;
      running++;
      try {
        for (;;) {
          const s = await call<{ state: string; error?: unknown }>(host, 'job:status', { jobId: job.id });
          if (s.state === 'failed') throw new Error(`import ${tag} failed: ${JSON.stringify(s.error)}`);
          if (s.state !== 'running') break;
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
        imports++;
      } catch (err) {
        errors++;
        if (firstErrors.length < 10) firstErrors.push(String(err).slice(0, 300));
      } finally {
        running--;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all([
    ...Array.from({ length: clients }, (_, c) => client(c)),
    ...Array.from({ length: options.importers }, (_, i) => importer(i)),
  ]);
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const clientsCpu = process.cpuUsage(cpu0.clients);
  const machine = machineTicks();
  const cpuSec: LoadFigures['cpuSec'] = {
    host: since(cpu0.host, cpuSeconds(pid)),
    hostMainThread: since(cpu0.main, cpuSeconds(pid, pid)),
    clients: Math.round((clientsCpu.user + clientsCpu.system) / 1e4) / 100,
    machineIdle:
      cpu0.machine && machine
        ? Math.round((1000 * (machine.idle - cpu0.machine.idle)) / (machine.all - cpu0.machine.all)) / 1000
        : null,
  };
  rss.end = rssMb(pid);
  rss.peak = Math.max(rss.peak, rss.end);
  const hostThreads = threads(pid);
  const secondHalf = samples.filter((x) => x.at >= t0 + (elapsed * 1000) / 2).map((x) => x.mb);
  secondHalf.push(rss.end);
  let lostEdits = 0;
  for (const [id, rev] of acked) {
    const state = await call<{ goldRev: number }>(host, 'gold:get', { utteranceId: id });
    if (state.goldRev !== rev) lostEdits++;
  }
  const sorted = Float64Array.from(times).sort();
  const perMethod: LoadFigures['perMethod'] = {};
  for (const [m, ts] of per) {
    perMethod[m] = { requests: ts.length, p99: quantile(Float64Array.from(ts).sort(), 0.99) };
  }
  return {
    clients,
    seconds: elapsed,
    importers: options.importers,
    requests: times.length,
    requestsDuringImports,
    requestsPerSec: times.length / elapsed,
    errors,
    firstErrors,
    latencyMs: {
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: quantile(sorted, 1),
      slowestMethod: slowest.method,
    },
    perMethod,
    edits,
    imports,
    hostRssMb: {
      ...rss,
      samples: samples.map((x) => x.mb),
      secondHalf: { min: Math.min(...secondHalf), max: Math.max(...secondHalf) },
    },
    hostThreads,
    cpuSec,
    lostEdits,
  };
}
