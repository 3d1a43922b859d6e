// Bootstrap confidence intervals for corpus figures (Efron's percentile bootstrap), and the paired
// version for two systems scored on the same items: one resample of item indices is applied to both
// systems, so the interval of the difference reflects the pairing.
import { MetricInputError } from '../errors';
import { DEFAULT_SEED, randomIndex, seededRandom } from './prng';
import { makeSignature } from './signature';
import { checkItemStats, type CorpusStatistic } from './statistic';

/** Resampling settings; every field shows in the result's signature. */
export interface BootstrapOptions {
  /** Number of resamples (default 1,000). */
  resamples?: number;
  /** PRNG seed (default 12345). */
  seed?: number;
  /** Coverage of the interval (default 0.95). */
  confidence?: number;
}

/** A corpus figure with its percentile interval. */
export interface Interval {
  value: number;
  lo: number;
  hi: number;
}

/** What the bootstrap reports besides the intervals. */
export interface BootstrapInfo {
  n: number;
  resamples: number;
  seed: number;
  confidence: number;
  /** Resamples whose figure was undefined (NaN, e.g. a 0/0 ratio); they are left out of the quantiles. */
  undefinedResamples: number;
  /** `boot|stat:…|n:…|seed:…|ci:…|q:type7|v:…`. */
  signature: string;
}

/** One system's figure and interval. */
export type BootstrapResult = Interval & BootstrapInfo;

/** Two systems' figures, their difference (a − b), each with its interval from the same resamples. */
export interface PairedBootstrapResult extends BootstrapInfo {
  a: Interval;
  b: Interval;
  delta: Interval;
}

function settings(options: BootstrapOptions): Required<BootstrapOptions> {
  const resamples = options.resamples ?? 1000;
  const seed = options.seed ?? DEFAULT_SEED;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new MetricInputError(`resamples must be a positive integer, got ${resamples}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new MetricInputError(`confidence must be between 0 and 1, got ${confidence}`);
  }
  return { resamples, seed, confidence };
}

/**
 * The p-quantile of ascending `sorted[0 … m)` by linear interpolation between order statistics
 * (Hyndman & Fan type 7, the default of R and NumPy). NaN when m = 0.
 */
export function quantile(sorted: ArrayLike<number>, m: number, p: number): number {
  if (m === 0) return Number.NaN;
  const h = (m - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, m - 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Sorts the defined figures to the front and returns the interval; also how many were undefined. */
function percentile(value: number, figures: Float64Array, confidence: number): Interval & { bad: number } {
  let m = 0;
  for (let r = 0; r < figures.length; r++) if (!Number.isNaN(figures[r]!)) figures[m++] = figures[r]!;
  const defined = figures.subarray(0, m).sort();
  const tail = (1 - confidence) / 2;
  return {
    value,
    lo: quantile(defined, m, tail),
    hi: quantile(defined, m, 1 - tail),
    bad: figures.length - m,
  };
}

/**
 * Fills `out[r]` (and `outB[r]` when a second system is given) with the figure of resample r. Every
 * resample draws n item indices with replacement from one seeded stream, so a and b see the same items.
 */
function resample(
  stat: CorpusStatistic,
  n: number,
  a: Float64Array,
  b: Float64Array | null,
  s: Required<BootstrapOptions>,
  outA: Float64Array,
  outB: Float64Array | null,
): void {
  const random = seededRandom(s.seed);
  const width = stat.width;
  if (stat.fromSums) {
    // Additive figures: accumulate the drawn items' statistics straight into column sums.
    const sumsA = new Float64Array(width);
    const sumsB = new Float64Array(width);
    for (let r = 0; r < s.resamples; r++) {
      sumsA.fill(0);
      sumsB.fill(0);
      for (let k = 0; k < n; k++) {
        const base = randomIndex(random, n) * width;
        for (let c = 0; c < width; c++) sumsA[c]! += a[base + c]!;
        if (b) for (let c = 0; c < width; c++) sumsB[c]! += b[base + c]!;
      }
      outA[r] = stat.fromSums(sumsA, n);
      if (b && outB) outB[r] = stat.fromSums(sumsB, n);
    }
    return;
  }
  // General figures: the resample is a vector of multiplicities handed to combine().
  const weights = new Float64Array(n);
  for (let r = 0; r < s.resamples; r++) {
    weights.fill(0);
    for (let k = 0; k < n; k++) weights[randomIndex(random, n)]! += 1;
    outA[r] = stat.combine(a, weights);
    if (b && outB) outB[r] = stat.combine(b, weights);
  }
}

/** The signature of bootstrap settings; `stat` is left out when one signature covers several figures. */
export function bootstrapSignature(stat: string | null, options: BootstrapOptions = {}): string {
  const s = settings(options);
  return makeSignature('boot', [
    ...(stat === null ? [] : [['stat', stat] as const]),
    ['n', s.resamples],
    ['seed', s.seed],
    ['ci', s.confidence],
    ['q', 'type7'],
  ]);
}

function info(stat: CorpusStatistic, n: number, s: Required<BootstrapOptions>, bad: number): BootstrapInfo {
  const signature = bootstrapSignature(stat.name, s);
  return {
    n,
    resamples: s.resamples,
    seed: s.seed,
    confidence: s.confidence,
    undefinedResamples: bad,
    signature,
  };
}

/**
 * Percentile bootstrap interval of one system's corpus figure. Rule: with no items the figure and the
 * interval are NaN (there is nothing to resample).
 */
export function bootstrapInterval(
  stat: CorpusStatistic,
  values: Float64Array,
  options: BootstrapOptions = {},
): BootstrapResult {
  const s = settings(options);
  const n = checkItemStats(stat, values);
  const value = stat.combine(values);
  if (n === 0) return { value, lo: Number.NaN, hi: Number.NaN, ...info(stat, 0, s, 0) };
  const figures = new Float64Array(s.resamples);
  resample(stat, n, values, null, s, figures, null);
  const { bad, ...interval } = percentile(value, figures, s.confidence);
  return { ...interval, ...info(stat, n, s, bad) };
}

/**
 * Paired bootstrap of two systems on the same n items (item i of `a` and of `b` is the same utterance):
 * intervals for a, b and a − b from shared resamples.
 */
export function pairedBootstrap(
  stat: CorpusStatistic,
  a: Float64Array,
  b: Float64Array,
  options: BootstrapOptions = {},
): PairedBootstrapResult {
  const s = settings(options);
  const n = checkItemStats(stat, a, 'system A');
  const nb = checkItemStats(stat, b, 'system B');
  if (n !== nb) throw new MetricInputError(`paired bootstrap needs the same items: ${n} in A and ${nb} in B`);
  const va = stat.combine(a);
  const vb = stat.combine(b);
  const nan = { lo: Number.NaN, hi: Number.NaN };
  if (n === 0) {
    return {
      a: { value: va, ...nan },
      b: { value: vb, ...nan },
      delta: { value: va - vb, ...nan },
      ...info(stat, 0, s, 0),
    };
  }
  const fa = new Float64Array(s.resamples);
  const fb = new Float64Array(s.resamples);
  resample(stat, n, a, b, s, fa, fb);
  const fd = new Float64Array(s.resamples);
  for (let r = 0; r < s.resamples; r++) fd[r] = fa[r]! - fb[r]!;
  const { bad: badA, ...ia } = percentile(va, fa, s.confidence);
  const { bad: badB, ...ib } = percentile(vb, fb, s.confidence);
  const { bad: badD, ...id } = percentile(va - vb, fd, s.confidence);
  return { a: ia, b: ib, delta: id, ...info(stat, n, s, Math.max(badA, badB, badD)) };
}

/**
 * Intervals for several figures of the same n items at once (e.g. every N-best figure at every K). The
 * resamples are drawn once and shared, which gives exactly what separate `bootstrapInterval` calls
 * with the same seed give (the same index stream) at a fraction of the cost.
 */
export function bootstrapIntervals(
  stats: readonly CorpusStatistic[],
  values: readonly Float64Array[],
  options: BootstrapOptions = {},
): BootstrapResult[] {
  const s = settings(options);
  const ns = stats.map((st, k) => checkItemStats(st, values[k]!));
  const n = ns[0] ?? 0;
  if (stats.length !== values.length || ns.some((m) => m !== n)) {
    throw new MetricInputError(
      `bootstrapIntervals needs one value array per figure, all over the same items`,
    );
  }
  if (n === 0 || stats.some((st) => !st.fromSums))
    return stats.map((st, k) => bootstrapInterval(st, values[k]!, s));
  const offsets = stats.map((_, k) => stats.slice(0, k).reduce((w, st) => w + st.width, 0));
  const total = stats.reduce((w, st) => w + st.width, 0);
  // Item-major copy of every figure's statistics, so one draw reads one contiguous row.
  const rows = new Float64Array(n * total);
  stats.forEach((st, k) => {
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < st.width; c++) rows[i * total + offsets[k]! + c] = values[k]![i * st.width + c]!;
    }
  });
  const random = seededRandom(s.seed);
  const sums = new Float64Array(total);
  const figures = stats.map(() => new Float64Array(s.resamples));
  for (let r = 0; r < s.resamples; r++) {
    sums.fill(0);
    for (let d = 0; d < n; d++) {
      const base = randomIndex(random, n) * total;
      for (let c = 0; c < total; c++) sums[c]! += rows[base + c]!;
    }
    stats.forEach(
      (st, k) => (figures[k]![r] = st.fromSums!(sums.subarray(offsets[k]!, offsets[k]! + st.width), n)),
    );
  }
  return stats.map((st, k) => {
    const { bad, ...interval } = percentile(st.combine(values[k]!), figures[k]!, s.confidence);
    return { ...interval, ...info(st, n, s, bad) };
  });
}
