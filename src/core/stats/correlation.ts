// Correlation between people's ratings and a system's scores, for Interpretive trials (Kleinbauer et
// al. §6.1: "the Spearman rank correlation coefficient and Pearson correlation coefficient").
import { MetricInputError } from '../errors';

/** A correlation coefficient with the number of pairs behind it. */
export interface Correlation {
  r: number;
  n: number;
}

function check(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length) {
    throw new MetricInputError(`correlation needs paired values: ${x.length} ratings and ${y.length} scores`);
  }
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i]!) || !Number.isFinite(y[i]!)) {
      throw new MetricInputError(`correlation: pair ${i} is not finite (${x[i]}, ${y[i]})`);
    }
  }
  return x.length;
}

/**
 * Pearson's r. Rules: with fewer than 2 pairs, or when either side is constant (zero variance), r is
 * undefined and returned as NaN — never 0 — so a report shows it as undefined rather than as "no
 * correlation". Two passes (means first) keep it accurate for large offsets.
 */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): Correlation {
  const n = check(x, y);
  if (n < 2) return { r: Number.NaN, n };
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return { r: Number.NaN, n };
  // Rounding can push |r| a hair past 1 for perfectly linear data.
  return { r: Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy))), n };
}

/** 1-based ranks in ascending order; tied values share the average of the ranks they span. */
export function averageRanks(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((i, j) => x[i]! - x[j]!);
  const ranks = new Float64Array(n);
  let start = 0;
  while (start < n) {
    let end = start + 1;
    while (end < n && x[order[end]!] === x[order[start]!]) end++;
    // Positions start … end−1 hold equal values: ranks start+1 … end, whose mean is (start+1+end)/2.
    const rank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) ranks[order[k]!] = rank;
    start = end;
  }
  return ranks;
}

/**
 * Spearman's ρ: Pearson's r of the average ranks, which is the standard treatment of ties (the
 * 1 − 6Σd²/(n(n²−1)) shortcut is exact only without ties). Same undefined rules as `pearson`.
 */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): Correlation {
  check(x, y);
  return pearson(averageRanks(x), averageRanks(y));
}
