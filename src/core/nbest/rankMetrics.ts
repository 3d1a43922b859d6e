// The per-utterance N-best figures of Kleinbauer et al. §6.2 on one ranked list, given which entries
// are correct. Runs on typed arrays with reusable scratch space: O(N + |K|) per utterance.

/** The figures computed at every cut-off K, in the order of a result row. */
export const NBEST_METRICS = ['NotFound', 'Precision', 'Recall', 'FRecall', 'DCG', 'NDCG'] as const;

/** One of the N-best figures. */
export type NbestMetric = (typeof NBEST_METRICS)[number];

/** One ranked list, reduced to what the figures need. */
export interface Ranking {
  /** correct[j] = 1 when the entry at rank j + 1 is correct (see `markCorrect` for repeats). */
  correct: Uint8Array;
  /**
   * Scores down the list (non-increasing); equal neighbouring scores form a run of equiprobable
   * entries. `null` when the system gave ranks only: every entry is then its own run.
   */
  scores: Float64Array | null;
  /** |C(d)|, the number of distinct gold interpretations (> 0). */
  nGold: number;
}

let discount = new Float64Array([Number.NaN, 1]);
let ideal = new Float64Array([0, 1]);

/** Grows the tables 1/disc(r) (disc(1) = 1, disc(r) = log2 r, Equation 3) and their prefix sums. */
function ensureTables(n: number): void {
  if (discount.length > n) return;
  const size = Math.max(n + 1, discount.length * 2);
  const d = new Float64Array(size);
  const p = new Float64Array(size);
  d[0] = Number.NaN;
  for (let r = 1; r < size; r++) {
    d[r] = r === 1 ? 1 : 1 / Math.log2(r);
    p[r] = p[r - 1]! + d[r]!;
  }
  discount = d;
  ideal = p;
}

/**
 * IDCG: the DCG of an ideal list with `m` correct entries first (Equation 3's denominator). Equation 3
 * prints the upper limit as min{|C(d)|, N}, but the text below it says NDCG@K "considers the minimum
 * of K and this number", which is also Järvelin & Kekäläinen's ideal vector cut at K; callers pass
 * m = min(|C(d)|, K).
 */
export function idealDcg(m: number): number {
  ensureTables(m);
  return ideal[m]!;
}

let fcs = new Float64Array(64);
let cnt = new Float64Array(65);
let fsum = new Float64Array(65);
let dcg = new Float64Array(65);

/** Number of result values per utterance for `nK` cut-offs. */
export function rowWidth(nK: number): number {
  return NBEST_METRICS.length * nK;
}

/**
 * Writes the figures of one ranking into `out[offset …]`, metric-major: the value of metric m at the
 * k-th cut-off is at `offset + m * ks.length + k`. `ks` holds positive integers or Infinity.
 *
 * - fc(I_j) = c_j / (h_j − l_j + 1), Equation 2: the share of correct entries in I_j's run of equal
 *   scores. FRecall@K (Equation 1) and DCG@K sum fc over ranks 1 … min(K, N), so a cut-off inside a run
 *   gets the expected credit over the run's arbitrary internal orders.
 * - NotFound@K, Recall@K and Precision@K take the list order as given (§6.2 defines them on ranks):
 *   NotFound@K = 1 when no correct entry is within rank K; Recall@K = |correct in top K| / |C(d)|;
 *   Precision@K = |correct in top K| / K. Rule: Precision@∞ divides by N, the list length, and is 0 for
 *   an empty list.
 * - DCG@K = fc(I_1) + Σ_{j=2..K} fc(I_j) / log2 j; NDCG@K = DCG@K / IDCG(min(|C(d)|, K)), Equation 3.
 */
export function rankMetrics(r: Ranking, ks: ArrayLike<number>, out: Float64Array, offset: number): void {
  const n = r.correct.length;
  if (fcs.length < n) {
    const size = Math.max(n, fcs.length * 2);
    fcs = new Float64Array(size);
    cnt = new Float64Array(size + 1);
    fsum = new Float64Array(size + 1);
    dcg = new Float64Array(size + 1);
  }
  ensureTables(n);
  const { correct, scores, nGold } = r;
  // Runs of equal scores: l = first rank of the run, h = last (0-based here).
  let l = 0;
  while (l < n) {
    let h = l;
    if (scores) while (h + 1 < n && scores[h + 1] === scores[l]) h++;
    let c = 0;
    for (let t = l; t <= h; t++) c += correct[t]!;
    const share = c / (h - l + 1);
    for (let t = l; t <= h; t++) fcs[t] = share;
    l = h + 1;
  }
  for (let t = 0; t < n; t++) {
    cnt[t + 1] = cnt[t]! + correct[t]!;
    fsum[t + 1] = fsum[t]! + fcs[t]!;
    dcg[t + 1] = dcg[t]! + fcs[t]! * discount[t + 1]!;
  }
  const nK = ks.length;
  for (let k = 0; k < nK; k++) {
    const K = ks[k]!;
    const m = K < n ? K : n;
    const found = cnt[m]!;
    const base = offset + k;
    out[base] = found === 0 ? 1 : 0;
    out[base + nK] = K === Number.POSITIVE_INFINITY ? (n === 0 ? 0 : found / n) : found / K;
    out[base + 2 * nK] = found / nGold;
    out[base + 3 * nK] = fsum[m]! / nGold;
    out[base + 4 * nK] = dcg[m]!;
    out[base + 5 * nK] = dcg[m]! / idealDcg(nGold < K ? nGold : K);
  }
}

const seenScratch = new Set<string>();

/**
 * Marks which entries of a list of canonical forms are correct. Rule: a repeated interpretation is
 * credited only at its first rank in the list as given (also inside a run of equal scores, where its
 * copies count as wrong entries of the run), so |CF(d)| counts distinct interpretations as §6.2's set
 * notation does, and Recall@∞ = FRecall@∞ ≤ 1.
 */
export function markCorrect(
  forms: readonly string[],
  gold: ReadonlySet<string>,
  out?: Uint8Array,
): Uint8Array {
  const correct =
    out && out.length >= forms.length ? out.subarray(0, forms.length) : new Uint8Array(forms.length);
  const seen = seenScratch;
  seen.clear();
  for (let j = 0; j < forms.length; j++) {
    const f = forms[j]!;
    const first = !seen.has(f);
    seen.add(f);
    correct[j] = first && gold.has(f) ? 1 : 0;
  }
  return correct;
}
