// The project file's size, and how fast its systems' outputs and cached scores read back, on the benchmark
// project of 20,000 utterances × 3 systems (`scoringBenchProject`), scored: the file as SIEVE writes it now
// (rowid tables of compressed JSON, src/main/store/storedJson.ts) against the previous encoding (schema
// version 5: WITHOUT ROWID tables of JSON text), both measured in this run. The previous encoding is a copy
// of the scored project with the two tables written back as version 5 had them (every value the same JSON
// text), then compacted as the current file is; the copy is then migrated (0006), which is timed too.
//
// Reads alternate between the two files, round by round (the order swapping each round), so that the
// machine's load falls on both alike; each is read as the store reads it, JSON.parse included:
// - every cached score of every system (the score cache's valid entries, as a warm rescore reads them);
// - 2,000 outputs, one at a time (every 30th pair, as the studio opens an utterance and scoring reads it).
// The figures are medians of the rounds' times and the ratio previous / current (above 1: the current file
// reads faster), in wall-clock time and in this process's processor time. Goal: the scored project under 250 MB, reads as fast as before or faster.
//
// SIEVE_FILE_SIZE_UTTERANCES sets the project's size (default 20,000; smaller only to try the benchmark out),
// SIEVE_FILE_SIZE_ROUNDS the rounds of reads (default 5, after one warm-up round).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { scoreProject } from '../src/main/scoring/scoreProject';
import { openDatabase } from '../src/main/store/openDatabase';
import { scoreCacheReader } from '../src/main/store/scoreCache';
import { getSystemOutput } from '../src/main/store/systemStore';
import { takeBackCompactOutputs } from '../test/helpers/tempProject';
import type { BenchSuite } from './harness';
import { scoringBenchProject } from './scoreProject.bench';

const N = Number(process.env.SIEVE_FILE_SIZE_UTTERANCES ?? 20_000);
const ROUNDS = Number(process.env.SIEVE_FILE_SIZE_ROUNDS ?? 5);
const SYSTEMS = 3;

const loadavg = (): string =>
  fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').trim() : '—';
const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The file's size once its WAL is folded back into it. */
function settledSize(file: string): number {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return fs.statSync(file).size;
}

/** The reads both files answer: each returns what it read, so the two can be checked to agree. */
interface Reads {
  cachedScores(): unknown[];
  outputs(): unknown[];
}

/** The current file read by the store's own readers. */
function currentReads(
  db: Database.Database,
  signature: string,
  systems: number[],
  pairs: [number, string][],
): Reads {
  const cache = scoreCacheReader(db, signature);
  return {
    cachedScores: () =>
      systems.flatMap((s) => [...cache.system(s).values()].map((v) => JSON.parse(v) as unknown)),
    outputs: () => pairs.map(([s, u]) => getSystemOutput(db, s, u)),
  };
}

/** The version-5 file read as version 5's store read it (the same statements, the values JSON text). */
function previousReads(
  db: Database.Database,
  signature: string,
  systems: number[],
  pairs: [number, string][],
): Reads {
  const valid = db.prepare(`SELECT c.utterance_id AS u, c.value AS v FROM score_cache c
     JOIN utterance t ON t.id = c.utterance_id
     JOIN system s ON s.id = c.system_id
    WHERE c.system_id = ? AND c.metric = 'utterance' AND c.signature = ?
      AND c.gold_rev = t.gold_rev AND c.output_rev = s.output_rev`);
  const output = db
    .prepare('SELECT output FROM system_output WHERE system_id = ? AND utterance_id = ?')
    .pluck();
  return {
    cachedScores: () =>
      systems.flatMap((s) => {
        const m = new Map<string, string>();
        for (const row of valid.all(s, signature) as { u: string; v: string }[]) m.set(row.u, row.v);
        return [...m.values()].map((v) => JSON.parse(v) as unknown);
      }),
    outputs: () =>
      pairs.map(([s, u]) => {
        const text = output.get(s, u) as string | undefined;
        return text === undefined ? null : { id: u, ...(JSON.parse(text) as object) };
      }),
  };
}

/** File size and read speed of the current encoding against the previous one. */
export const fileSizeBench: BenchSuite = {
  name: 'file-size',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-size-'));
    try {
      const file = path.join(dir, 'p.sieve');
      await scoringBenchProject(dir, file, N, SYSTEMS);
      const imported = settledSize(file);
      const t0 = performance.now();
      await scoreProject(file, {});
      const scoringMs = performance.now() - t0;
      const scored = settledSize(file);

      // The previous encoding: the same project with the two tables as version 5 wrote them.
      const previous = path.join(dir, 'v5.sieve');
      fs.copyFileSync(file, previous);
      const raw = new Database(previous);
      takeBackCompactOutputs(raw);
      raw.pragma('user_version = 5');
      raw.exec('VACUUM');
      raw.close();
      const previousScored = settledSize(previous);
      const previousCopy = path.join(dir, 'v5-migrated.sieve');
      fs.copyFileSync(previous, previousCopy);

      const a = new Database(file, { readonly: true });
      const b = new Database(previous, { readonly: true });
      try {
        const signature = a.prepare('SELECT DISTINCT signature FROM score_cache').pluck().get() as string;
        const systems = a.prepare('SELECT id FROM system ORDER BY id').pluck().all() as number[];
        const pairs = (
          a.prepare('SELECT system_id, utterance_id FROM system_output ORDER BY rowid').raw().all() as [
            number,
            string,
          ][]
        ).filter((_, k) => k % 30 === 0);
        const reads = {
          current: currentReads(a, signature, systems, pairs),
          previous: previousReads(b, signature, systems, pairs),
        };
        // Both files hold the same: every read agrees (the warm-up round).
        for (const what of ['cachedScores', 'outputs'] as const) {
          const [x, y] = [reads.current[what](), reads.previous[what]()];
          if (JSON.stringify(x) !== JSON.stringify(y))
            throw new Error(`The two files read differently: ${what}`);
        }
        const perEncoding = () => ({
          cachedScores: { current: [] as number[], previous: [] as number[] },
          outputs: { current: [] as number[], previous: [] as number[] },
        });
        // Wall-clock times, and this process's processor time (less moved by other processes' load).
        const [times, cpu] = [perEncoding(), perEncoding()];
        for (let r = 0; r < ROUNDS; r++) {
          const order = r % 2 === 0 ? (['current', 'previous'] as const) : (['previous', 'current'] as const);
          for (const what of ['cachedScores', 'outputs'] as const)
            for (const which of order) {
              const [t, c] = [performance.now(), process.cpuUsage()];
              reads[which][what]();
              times[what][which].push(performance.now() - t);
              const used = process.cpuUsage(c);
              cpu[what][which].push((used.user + used.system) / 1000);
            }
        }
        const load = loadavg();
        const params = { utterances: N, systems: SYSTEMS };
        measure.record('scored project file', params, [scoringMs], {
          whatTheTimeIs: 'scoring the project cold, every pair (scoreProject, default jobs)',
          importedMB: mb(imported),
          scoredMB: mb(scored),
          previousEncodingScoredMB: mb(previousScored),
          sizeRatioPreviousOverCurrent: Math.round((previousScored / scored) * 100) / 100,
          goalScoredMB: '< 250',
          loadAverage: load,
        });
        for (const [what, label, count] of [
          ['cachedScores', 'read every cached score, parsed', systems.length * N],
          ['outputs', 'read 2,000 outputs one at a time, parsed', pairs.length],
        ] as const) {
          const t = times[what];
          const ratio = Math.round((median(t.previous) / median(t.current)) * 100) / 100;
          const cpuRatio = Math.round((median(cpu[what].previous) / median(cpu[what].current)) * 100) / 100;
          for (const which of ['current', 'previous'] as const) {
            const r = measure.record(`${label} (${which} encoding)`, { ...params, values: count }, t[which], {
              encoding:
                which === 'current'
                  ? 'rowid tables, compressed JSON (schema 6)'
                  : 'WITHOUT ROWID, JSON text (schema 5)',
              speedRatioPreviousOverCurrent: ratio,
              cpuMedianMs: Math.round(median(cpu[what][which]) * 10) / 10,
              cpuRatioPreviousOverCurrent: cpuRatio,
              loadAverage: load,
            });
            console.log(
              `file-size › ${r.name}  median ${r.medianMs.toFixed(1)} ms (previous / current ${ratio}; ` +
                `processor time ${cpuRatio})`,
            );
          }
        }
      } finally {
        a.close();
        b.close();
      }

      // Migrating the version-5 copy: the tables rewritten, then the file compacted.
      const m0 = performance.now();
      openDatabase(previousCopy).close();
      const migrateMs = performance.now() - m0;
      measure.record(
        'migrate the version-5 project (0006, then VACUUM)',
        { utterances: N, systems: SYSTEMS },
        [migrateMs],
        {
          beforeMB: mb(previousScored),
          afterMB: mb(settledSize(previousCopy)),
          loadAverage: loadavg(),
        },
      );
      console.log(
        `file-size › imported ${mb(imported)} MB, scored ${mb(scored)} MB, previous encoding ${mb(previousScored)} MB; migration ${Math.round(migrateMs)} ms`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
