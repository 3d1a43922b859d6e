// The distributions behind the significance tests of NIST SCTK's sc_stats: the standard normal CDF (exactly,
// and as sc_stats reads it from a table) and the binomial tail (exactly, and as sc_stats computes it).

/** erf(x) for x ≥ 0 by its Maclaurin series (|x| < 3: ~40 terms, error below 1e-15). */
function erfSeries(x: number): number {
  let term = x;
  let sum = x;
  const x2 = x * x;
  for (let n = 1; n < 200; n++) {
    term *= -x2 / n;
    const add = term / (2 * n + 1);
    sum += add;
    if (Math.abs(add) < 1e-17 * Math.abs(sum)) break;
  }
  return (2 / Math.sqrt(Math.PI)) * sum;
}

/** erfc(x) for x ≥ 3 by its continued fraction (Lentz), accurate to machine precision there. */
function erfcFraction(x: number): number {
  // erfc(x) = exp(−x²)/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + …))))
  const tiny = 1e-300;
  let f = x;
  let c = x;
  let d = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / f;
}

/** The standard normal cumulative distribution Φ(z), accurate to about 1e-15. */
export function normalCdf(z: number): number {
  if (Number.isNaN(z)) return NaN;
  const x = Math.abs(z) / Math.SQRT2;
  const upper = x < 3 ? 1 - erfSeries(x) : erfcFraction(x); // P(Z > |z|) · 2
  const tail = upper / 2;
  return z >= 0 ? 1 - tail : tail;
}

/** The largest z of sc_stats's normal table (statdist.c `znorm`, 0.00 … 5.14 in steps of 0.01). */
const SCTK_TABLE_MAX_Z = 5.14;

/**
 * Φ(|z|) as SCTK's `normprob` (statdist.c) returns it: looked up in a table at steps of 0.01 and, between two
 * entries, the lower one ("a conservative approximation"), i.e. Φ(⌊100·|z|⌋ / 100); beyond 5.14 the table's
 * last value. The table holds Φ rounded to 7 digits; this computes Φ at the same points, so results agree
 * with sc_stats's to ±1e-7.
 */
export function sctkNormProb(z: number): number {
  const zx = Math.abs(z);
  if (Number.isNaN(zx)) return normalCdf(SCTK_TABLE_MAX_Z);
  if (zx >= SCTK_TABLE_MAX_Z) return normalCdf(SCTK_TABLE_MAX_Z);
  // 1e-9 absorbs binary representation error (0.29 · 100 = 28.999…), the table compares decimals.
  return normalCdf(Math.floor(zx * 100 + 1e-9) / 100);
}

/**
 * The two-sided p-value sc_stats gives a z statistic: 1 − 2·(normprob(|z|) − 0.5), with its floored table
 * (see `sctkNormProb`), as in mtchprs.c and wilcoxon.c.
 */
export function sctkTwoSidedP(z: number): number {
  return 1 - 2 * (sctkNormProb(z) - 0.5);
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9; relative error about 1e-15). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const y = x - 1;
  let a = c[0]!;
  const t = y + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (y + i);
  return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * P(R ≤ k) for R ~ Binomial(n, 1/2) for any n, to about 1e-12 (terms summed downwards from k in ratio
 * form, the first one from log-gamma).
 */
export function binomialLowerTail(k: number, n: number): number {
  if (k < 0) return 0;
  if (k >= n) return 1;
  const logFirst = logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) - n * Math.LN2;
  let term = Math.exp(logFirst);
  let sum = term;
  for (let r = k; r > 0; r--) {
    term *= r / (n - r + 1); // P(r − 1) / P(r)
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return Math.min(1, sum);
}

/**
 * The exact two-sided binomial (sign) test p-value for k successes of one kind and n − k of the other at
 * p = 1/2: 2 · P(R ≤ min(k, n − k)), at most 1; 1 when n = 0.
 */
export function exactBinomialTwoSided(k: number, n: number): number {
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialLowerTail(Math.min(k, n - k), n));
}

/**
 * SCTK's `compute_acc_binomial(R, n, 0.5)` (statdist.c), what sc_stats's sign and McNemar tests use: the
 * exact cumulative sum P(R' ≤ R) while n·p·(1 − p) ≤ 5 (n ≤ 20); beyond that a normal approximation whose
 * z is (0.5·R − n/2)/√(n/4) — the source multiplies R by 0.5 where a continuity correction would add it —
 * read from the floored table. For n > 20 this is far below the exact tail (e.g. R = 14 of n = 30:
 * 0.0018 instead of 0.43), so sc_stats's p-values for more than 20 pairs are not the binomial test's;
 * `exactBinomialTwoSided` gives those.
 */
export function sctkAccBinomial(r: number, n: number): number {
  const p = 0.5;
  if (n * p * (1 - p) <= 5) return binomialLowerTail(r, n);
  const mean = n * p;
  const sd = Math.sqrt(n * p * (1 - p));
  const z = (r * 0.5 - mean) / sd;
  const upper = sctkNormProb(Math.abs(z));
  return z < 0 ? 1 - upper : upper;
}
