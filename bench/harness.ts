// A tiny benchmark harness: seeded inputs, size ladders, wall-clock medians, JSON results.
import { performance } from 'node:perf_hooks';

/** One measured case: a name, the parameters it ran with, and its timings. */
export interface BenchResult {
  suite: string;
  name: string;
  params: Record<string, number | string>;
  runs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
  extra?: Record<string, number | string>;
}

/** A suite registers its cases through `measure`; `bench/run.ts` runs every suite and writes JSON. */
export interface BenchSuite {
  name: string;
  run(measure: Measure): Promise<void> | void;
}

/**
 * Times `fn` `runs` times (after one warm-up, unless `warmUp` is false) and records the result;
 * `measure.record` records times taken elsewhere (a browser's, measured in the page).
 */
export type Measure = ((
  name: string,
  params: Record<string, number | string>,
  fn: () => unknown,
  options?: { runs?: number; warmUp?: boolean; extra?: Record<string, number | string> },
) => Promise<BenchResult>) & {
  record(
    name: string,
    params: Record<string, number | string>,
    timesMs: readonly number[],
    extra?: Record<string, number | string>,
  ): BenchResult;
};

/** The result of `timesMs` (at least one), as a `Measure` records it. */
function resultOf(
  suite: string,
  name: string,
  params: Record<string, number | string>,
  timesMs: readonly number[],
  extra?: Record<string, number | string>,
): BenchResult {
  const times = [...timesMs].sort((a, b) => a - b);
  return {
    suite,
    name,
    params,
    runs: times.length,
    medianMs: times[Math.floor(times.length / 2)]!,
    minMs: times[0]!,
    maxMs: times[times.length - 1]!,
    ...(extra ? { extra } : {}),
  };
}

/** Makes a `Measure` that appends to `results`. */
export function makeMeasure(suite: string, results: BenchResult[]): Measure {
  const record: Measure['record'] = (name, params, timesMs, extra) => {
    const result = resultOf(suite, name, params, timesMs, extra);
    results.push(result);
    return result;
  };
  const measure = async (
    name: string,
    params: Record<string, number | string>,
    fn: () => unknown,
    options: { runs?: number; warmUp?: boolean; extra?: Record<string, number | string> } = {},
  ): Promise<BenchResult> => {
    const runs = options.runs ?? 5;
    // A case that takes minutes (a recording of an hour) runs once, without the warm-up.
    if (options.warmUp !== false) await fn();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    const result = record(name, params, times, options.extra);
    console.log(`${suite} › ${name} ${JSON.stringify(params)}  median ${result.medianMs.toFixed(2)} ms`);
    return result;
  };
  return Object.assign(measure, { record });
}

/** Every benchmark input is built from a seed with core's generator, so it is reproducible. */
export { seededRandom } from '../src/core/stats/prng';
