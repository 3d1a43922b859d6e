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

/** Times `fn` `runs` times (after one warm-up, unless `warmUp` is false) and records the result. */
export type Measure = (
  name: string,
  params: Record<string, number | string>,
  fn: () => unknown,
  options?: { runs?: number; warmUp?: boolean; extra?: Record<string, number | string> },
) => Promise<BenchResult>;

/** Makes a `Measure` that appends to `results`. */
export function makeMeasure(suite: string, results: BenchResult[]): Measure {
  return async (name, params, fn, options = {}) => {
    const runs = options.runs ?? 5;
    // A case that takes minutes (a recording of an hour) runs once, without the warm-up.
    if (options.warmUp !== false) await fn();
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const result: BenchResult = {
      suite,
      name,
      params,
      runs,
      medianMs: times[Math.floor(runs / 2)]!,
      minMs: times[0]!,
      maxMs: times[runs - 1]!,
      ...(options.extra ? { extra: options.extra } : {}),
    };
    results.push(result);
    console.log(`${suite} › ${name} ${JSON.stringify(params)}  median ${result.medianMs.toFixed(2)} ms`);
    return result;
  };
}

/** Every benchmark input is built from a seed with core's generator, so it is reproducible. */
export { seededRandom } from '../src/core/stats/prng';
