// Runs the readers over hostile inputs and keeps the figures: every call is timed, a throw (other than
// a `…OrThrow` form's `ParseError`), a call slower than the bound or a diagnostic pointing outside its
// text is a failure, reported with the seed and index that make the input again.
import { performance } from 'node:perf_hooks';
import { decodeText } from '../../src/core/formats/decodeText';
import { badDiagnostic } from '../helpers/mutate';
import { ParseError } from '../../src/core/text/diagnostics';
import { hostileInput } from './hostileInputs';
import { READER_TARGETS, type ReaderTarget } from './readerTargets';

/** What went wrong with one input. */
export interface FuzzFailure {
  reader: string;
  seed: number;
  index: number;
  kind: string;
  problem: 'throw' | 'slow' | 'diagnostic';
  message: string;
  ms: number;
}

/** The figures of a run. */
export interface FuzzFigures {
  seed: number;
  inputs: number;
  calls: number;
  failures: FuzzFailure[];
  slowest: { reader: string; index: number; ms: number; chars: number };
  p99Ms: number;
  totalMs: number;
  perReader: Record<string, { inputs: number; slowestMs: number; p99Ms: number }>;
}

/** Options of `fuzzReaders`. */
export interface FuzzOptions {
  seed: number;
  inputs: number;
  /** Index of the first input (a run can be split, or one input made again). */
  first?: number;
  /** A call slower than this is a failure. */
  slowMs?: number;
  /** Only these readers (by name). */
  readers?: readonly string[];
  onProgress?(done: number): void;
}

function p99(times: number[]): number {
  if (times.length === 0) return 0;
  const sorted = Float64Array.from(times).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
}

function describe(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message.slice(0, 300)}` : String(err);
}

/** The target and text of input `index`, the way the run made it (for reproducing one failure). */
export function makeInput(
  targets: readonly ReaderTarget[],
  seed: number,
  index: number,
): { target: ReaderTarget; kind: string; text: string; bytes?: Uint8Array } {
  const target = targets[index % targets.length]!;
  const input = hostileInput(target, seed, index);
  return input.bytes ? { target, ...input } : { target, kind: input.kind, text: input.text };
}

/** Runs `inputs` hostile inputs, spread round-robin over the readers. */
export function fuzzReaders(options: FuzzOptions): FuzzFigures {
  const { seed, inputs, first = 0, slowMs = 1000 } = options;
  const targets = READER_TARGETS.filter((t) => !options.readers || options.readers.includes(t.name));
  const failures: FuzzFailure[] = [];
  const all: number[] = [];
  const per = new Map<string, number[]>();
  let slowest = { reader: '', index: -1, ms: 0, chars: 0 };
  const t0 = performance.now();
  const timed = <T>(
    reader: string,
    index: number,
    kind: string,
    chars: number,
    fn: () => T,
  ): T | undefined => {
    const start = performance.now();
    let out: T | undefined;
    let thrown: unknown = null;
    try {
      out = fn();
    } catch (err) {
      thrown = err;
    }
    const ms = performance.now() - start;
    all.push(ms);
    let times = per.get(reader);
    if (!times) per.set(reader, (times = []));
    times.push(ms);
    if (ms > slowest.ms) slowest = { reader, index, ms, chars };
    const base = { reader, seed, index, kind, ms };
    if (thrown !== null && !(reader.endsWith('!') && thrown instanceof ParseError))
      failures.push({ ...base, problem: 'throw', message: describe(thrown) });
    if (ms > slowMs)
      failures.push({ ...base, problem: 'slow', message: `${ms.toFixed(0)} ms on ${chars} characters` });
    return out;
  };
  for (let index = first; index < first + inputs; index++) {
    const input = makeInput(targets, seed, index);
    const { target, kind } = input;
    let text = input.text;
    if (input.bytes) {
      const bytes = input.bytes;
      const decoded = timed('decode-text', index, kind, bytes.length, () => decodeText(bytes));
      if (!decoded) continue;
      text = decoded.text;
    }
    const result = timed(target.name, index, kind, text.length, () => target.read(text));
    if (result) {
      const bad = Array.isArray(result.diagnostics)
        ? badDiagnostic(text, result.diagnostics)
        : 'diagnostics is not an array';
      if (bad)
        failures.push({ reader: target.name, seed, index, kind, problem: 'diagnostic', message: bad, ms: 0 });
    }
    if (target.readOrThrow)
      timed(`${target.name}!`, index, kind, text.length, () => target.readOrThrow!(text));
    options.onProgress?.(index - first + 1);
  }
  const perReader: FuzzFigures['perReader'] = {};
  for (const [name, times] of per) {
    perReader[name] = { inputs: times.length, slowestMs: Math.max(...times), p99Ms: p99(times) };
  }
  return {
    seed,
    inputs,
    calls: all.length,
    failures,
    slowest,
    p99Ms: p99(all),
    totalMs: performance.now() - t0,
    perReader,
  };
}
