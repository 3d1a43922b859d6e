// Scoring throughput at corpus scale: `sieve score` as a whole process on a cold 10,000-utterance × 3-system
// project (the score-project corpus and systems plus a noisier recogniser), `--jobs 1` against `--jobs 2` in
// the same run. Runs alternate (the order swapping each round) so that the machine's load falls on both
// alike; each round's ratio is its `--jobs 1` time over its `--jobs 2` time. Goal: ≥ 1.8× on 2 cores in
// every round; the JSON says whether the median and every round met it, and gives each round's ratio with
// the load average after it. The score cache is emptied before every cold run (not timed), and every run
// must print the same figures. Each run says where its time went (`--timings`): the serial share of a
// `--jobs 2` run is its time outside the scoring (start-up, exit) plus the time after its last pair was
// scored (the last system's intervals, the output, closing the project), over its whole time; with each
// run's processor time (every thread's) and the cores it kept busy on average, these show the effect under
// load too.
//
// Then warm rescoring after one gold edit: how many pairs are scored again (the edited utterance's, one per
// system) and how long it takes, in process (`scoreProject`) and as `sieve score`.
//
// SIEVE_SCORE_SCALE_RUNS sets the rounds (default 3, after one cold `--jobs 2` warm-up run that is not
// counted; about 4 minutes in all on a quiet 2-core machine), SIEVE_SCORE_SCALE_UTTERANCES
// the project's size (default 10,000; smaller only to try the benchmark out); SIEVE_BENCH_NO_BUILD skips
// `npm run build` (then out/ must be current).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { diffGold } from '../src/core/gold/diff';
import { scoreProject } from '../src/main/scoring/scoreProject';
import { ProjectStore } from '../src/main/store/projectStore';
import type { BenchSuite } from './harness';
import { scoringBenchProject } from './scoreProject.bench';

const ROOT = path.resolve(import.meta.dirname, '..');
const SIEVE = path.join(ROOT, 'bin/sieve.mjs');
const N = Number(process.env.SIEVE_SCORE_SCALE_UTTERANCES ?? 10_000);
const SYSTEMS = 3;

/** Builds the app (bin/sieve.mjs runs out/main/cli.js) unless SIEVE_BENCH_NO_BUILD is set. */
function buildCli(): boolean {
  if (process.env.SIEVE_BENCH_NO_BUILD === undefined)
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  return fs.existsSync(path.join(ROOT, 'out/main/cli.js'));
}

const loadavg = (): string =>
  fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').trim() : '—';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Empties the project's score cache and folds the WAL back into the file, so the next run starts cold. */
function emptyCache(file: string): void {
  const store = ProjectStore.open(file);
  try {
    store.db.exec('DELETE FROM score_cache');
    store.db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    store.close();
  }
}

/** What `sieve score --timings` says of a run (src/main/cli/commands/score.ts `ScoreTimings`). */
interface Timings {
  startMs: number;
  totalMs: number;
  planMs: number;
  firstPairMs: number;
  scoringMs: number;
  afterScoringMs: number;
  closeMs: number;
  appBusyMs: number;
  appBusyAfterScoringMs: number;
  cpuMs: number;
}

/** `sieve score FILE --jobs N --timings` in the Node running the bench: its time, output and timings. */
function sieveScore(file: string, jobs: number): { ms: number; out: string; timings: Timings } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [SIEVE, 'score', file, '--jobs', String(jobs), '--timings'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`sieve score --jobs ${jobs} failed: ${r.stderr}`);
  const line = /^sieve score: timings (\{.*\})$/m.exec(r.stderr);
  if (!line) throw new Error(`sieve score --jobs ${jobs} said no timings: ${r.stderr}`);
  return { ms, out: r.stdout, timings: JSON.parse(line[1]!) as Timings };
}

/** The goal: `--jobs 2` at least this many times faster than `--jobs 1`. */
const GOAL = 1.8;

/** The part of a run no second thread shortens: outside the scoring, and after its last pair, in ms. */
const serialMs = (r: { ms: number; timings: Timings }): number =>
  r.ms - r.timings.totalMs + r.timings.afterScoringMs;

/** Cold `sieve score --jobs 1` vs `--jobs 2` on 10,000 × 3, and warm rescoring after one gold edit. */
export const scoreScaleBench: BenchSuite = {
  name: 'score-scale',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-score-scale-'));
    try {
      if (!buildCli()) {
        console.log('score-scale › skipped: out/main/cli.js is not built (npm run build failed)');
        return;
      }
      const file = path.join(dir, 'p.sieve');
      await scoringBenchProject(dir, file, N, SYSTEMS);
      const pairs = N * SYSTEMS;
      const rounds = Number(process.env.SIEVE_SCORE_SCALE_RUNS ?? 3);
      console.log(`score-scale › load before: ${loadavg()}`);
      const outputs = new Set<string>();
      const cold = (jobs: number): { ms: number; timings: Timings } => {
        emptyCache(file);
        const r = sieveScore(file, jobs);
        outputs.add(r.out);
        return r;
      };
      // Warm-up (not counted): the project file read once, the build's modules in the page cache.
      cold(2);

      interface Round {
        one: { ms: number; timings: Timings };
        two: { ms: number; timings: Timings };
        ratio: number;
        load: string;
      }
      const done: Round[] = [];
      const round = (): void => {
        const first = done.length % 2 === 0 ? 1 : 2;
        const a = cold(first);
        const b = cold(3 - first);
        const [one, two] = first === 1 ? [a, b] : [b, a];
        const load = loadavg().split(' ').slice(0, 3).join(' ');
        done.push({ one, two, ratio: one.ms / two.ms, load });
        console.log(
          `score-scale › round ${done.length}: --jobs 1 ${Math.round(one.ms)} ms, --jobs 2 ` +
            `${Math.round(two.ms)} ms, ratio ${(one.ms / two.ms).toFixed(2)}× (load ${load})`,
        );
      };
      const result = await measure(
        'one round: cold sieve score --jobs 1 and --jobs 2 (processes, alternating)',
        { utterances: N, systems: SYSTEMS, pairs },
        round,
        { runs: rounds, warmUp: false },
      );
      const ratios = done.map((r) => r.ratio);
      const ratio = median(ratios);
      const lowest = Math.min(...ratios);
      const [one, two] = [median(done.map((r) => r.one.ms)), median(done.map((r) => r.two.ms))];
      const of = (jobs: 1 | 2, f: (r: { ms: number; timings: Timings }) => number): number =>
        Math.round(median(done.map((r) => f(jobs === 1 ? r.one : r.two))));
      const serialShare = median(done.map((r) => serialMs(r.two) / r.two.ms));
      const cores = (r: { ms: number; timings: Timings }): number => r.timings.cpuMs / r.ms;
      const yes = (b: boolean): string => (b ? 'yes' : 'no');
      result.extra = {
        'jobs 1: medianMs': Math.round(one),
        'jobs 2: medianMs': Math.round(two),
        'jobs 1 / jobs 2: ratio': Number(ratio.toFixed(2)),
        'jobs 1 / jobs 2: lowest ratio': Number(lowest.toFixed(2)),
        ratios: ratios.map((r) => r.toFixed(2)).join(' '),
        goal: `≥ ${GOAL}× in every round`,
        'goal met (median)': yes(ratio >= GOAL),
        'goal met in every round': yes(lowest >= GOAL),
        // Under load, the ratio says little: the scheduler may share the cores between sessions, not threads.
        'every round on a quiet machine (1-minute load ≤ cores)': yes(
          done.every((r) => Number(r.load.split(' ')[0]) <= os.availableParallelism()),
        ),
        'jobs 2: serialMs': of(2, serialMs),
        'jobs 2: serial share': Number(serialShare.toFixed(3)),
        'jobs 2: outsideScoringMs': of(2, (r) => r.ms - r.timings.totalMs),
        'jobs 2: startMs': of(2, (r) => r.timings.startMs),
        'jobs 2: firstPairMs': of(2, (r) => r.timings.firstPairMs),
        'jobs 2: afterLastPairMs': of(2, (r) => r.timings.afterScoringMs),
        'jobs 2: closeMs': of(2, (r) => r.timings.closeMs),
        'jobs 2: appBusyMs': of(2, (r) => r.timings.appBusyMs),
        'jobs 2: appBusyAfterLastPairMs': of(2, (r) => r.timings.appBusyAfterScoringMs),
        'jobs 1: cpuMs': of(1, (r) => r.timings.cpuMs),
        'jobs 2: cpuMs': of(2, (r) => r.timings.cpuMs),
        'jobs 1: cores busy': Number(median(done.map((r) => cores(r.one))).toFixed(2)),
        'jobs 2: cores busy': Number(median(done.map((r) => cores(r.two))).toFixed(2)),
        'round loads': done.map((r) => r.load).join(' / '),
        ...Object.fromEntries(
          done.map((r, k) => [
            `round ${k + 1}`,
            `jobs 1 ${Math.round(r.one.ms)} ms, jobs 2 ${Math.round(r.two.ms)} ms, ratio ` +
              `${r.ratio.toFixed(2)} (${r.ratio >= GOAL ? 'met' : 'not met'}), jobs 2 serial share ` +
              `${(serialMs(r.two) / r.two.ms).toFixed(3)}, load ${r.load}`,
          ]),
        ),
        'jobs 2: pairsPerSec': Math.round(pairs / (two / 1000)),
        outputsIdentical: yes(outputs.size === 1),
        cpus: os.availableParallelism(),
        load: loadavg(),
      };
      console.log(
        `score-scale › cold: --jobs 1 ${Math.round(one)} ms, --jobs 2 ${Math.round(two)} ms, ` +
          `ratio ${ratio.toFixed(2)}× (goal ≥ ${GOAL}× in every round: ${lowest >= GOAL ? 'met' : 'NOT met'}; ` +
          `rounds ${ratios.map((r) => r.toFixed(2)).join(' ')}); ` +
          `--jobs 2 serial ${of(2, serialMs)} ms (${(serialShare * 100).toFixed(1)}%; after the last pair ` +
          `${of(2, (r) => r.timings.afterScoringMs)} ms, app thread busy then ` +
          `${of(2, (r) => r.timings.appBusyAfterScoringMs)} ms); processor time --jobs 1 ` +
          `${of(1, (r) => r.timings.cpuMs)} ms, --jobs 2 ${of(2, (r) => r.timings.cpuMs)} ms; ` +
          `outputs identical: ${outputs.size === 1 ? 'yes' : 'NO'}; load ${loadavg()}`,
      );

      // Warm: everything is cached (the last cold run), then one utterance's gold changes each time.
      let k = 0;
      const editOne = (store: ProjectStore): void => {
        const id = `utt-${String((4321 + k++) % N).padStart(6, '0')}`;
        const g = store.goldState(id).gold;
        store.applyGoldDiff(id, diffGold(g, { ...g, concepts: [{ attribute: 'goal', value: `v${k}` }] }));
      };
      const store = ProjectStore.open(file);
      let rescored = 0;
      try {
        await scoreProject(store);
        const warm = await measure(
          'warm rescore after one gold edit (scoreProject, in process)',
          { utterances: N, systems: SYSTEMS },
          async () => {
            editOne(store);
            let first = true;
            await scoreProject(store, {
              jobs: 2,
              onProgress: (done, total) => {
                if (first) rescored = total - done;
                first = false;
              },
            });
          },
          { runs: 3 },
        );
        warm.extra = { pairsRescored: rescored, pairs };
      } finally {
        store.close();
      }
      const warmProcess = await measure(
        'warm sieve score --jobs 2 after one gold edit (process)',
        { utterances: N, systems: SYSTEMS },
        () => {
          const s = ProjectStore.open(file);
          try {
            editOne(s);
          } finally {
            s.close();
          }
          return sieveScore(file, 2);
        },
        { runs: 3 },
      );
      warmProcess.extra = { 'cold jobs 2: medianMs': Math.round(two), load: loadavg() };
      console.log(`score-scale › warm rescore: ${rescored} of ${pairs} pairs scored again`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
