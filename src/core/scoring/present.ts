// One presentation of figures for every output kind (docs/formats.md, "Figures"): tables read by people
// (the studio, HTML and Markdown reports, `sieve score --format md`) show rates, accuracies, F1 and IoU as
// percentages with one decimal; JSON and CSV carry the fraction itself (0–1, full precision). An undefined
// figure (a zero denominator) is `—` in a table, `null` in JSON and an empty cell with a reason in CSV —
// never 0 and never left out. A corpus figure shows n / N beside it and is marked when n < N.

/** What a table shows for an undefined figure. */
export const UNDEFINED = '—';

/** The mark of a corpus figure over fewer utterances than have gold for it. */
export const PARTIAL = '†';

/** A fraction as a percentage for a table (`12.5`), `—` where undefined (null, NaN, ±∞). */
export function percent(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined || !Number.isFinite(x) ? UNDEFINED : (x * 100).toFixed(digits);
}

/** A figure for JSON: the number, or null where undefined. */
export function jsonFigure(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : x;
}

/** How many utterances a corpus figure covers. */
export interface Coverage {
  /** Utterances scored. */
  n: number;
  /** Utterances with gold for the metric. */
  N: number;
  /** Of the n, utterances without the system's output, scored as empty hypotheses. */
  empty: number;
}

/** Whether the figure leaves out utterances that have gold for it. */
export function isPartial(c: Coverage): boolean {
  return c.n < c.N;
}

/** `n / N` for a table, marked `†` when n < N, with the empty hypotheses named: `3 / 3 (1 without output)`. */
export function coverageText(c: Coverage): string {
  const empty = c.empty > 0 ? ` (${c.empty} without output)` : '';
  return `${c.n} / ${c.N}${isPartial(c) ? ` ${PARTIAL}` : ''}${empty}`;
}

/** The legend of the coverage column, for reports. */
export const COVERAGE_LEGEND =
  `n / N: utterances scored of those with gold for the metric; ${PARTIAL} marks a figure over fewer ` +
  'utterances than have gold for it (the system has no output there and only covered utterances count, or ' +
  'the metric is undefined there). "without output": utterances scored as empty hypotheses.';

/** Why a CSV cell is empty: the reason column's text for an undefined figure. */
export const UNDEFINED_REASON = 'undefined (zero denominator)';
