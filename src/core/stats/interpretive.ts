// Interpretive trials (Kleinbauer et al. §5.1, §6.1, §7.1): people rate candidate objects for each
// description; the system scores its interpretations. The figures are the Pearson and Spearman
// correlations between the mean rating of each candidate and the system's score for it, per description
// and overall, and how often the people's favourite is the system's rank-1, -2, -3 interpretation.
import { type Diagnostic, type ParseResult, diagnosticAt, LineIndex } from '../text/diagnostics';
import { pearson, spearman, type Correlation } from './correlation';
import { parseCsv } from './csv';
import { MetricInputError } from '../errors';
import { makeSignature } from './signature';

/** One row of a ratings table (one rater's rating) or of a scores table (one interpretation). */
export interface CandidateValue {
  description: string;
  candidate: string;
  value: number;
}

/**
 * Reads `description,candidate,<valueColumn>` CSV (header names case-insensitive, in any order, other
 * columns such as `rater` ignored). Values must be finite numbers.
 */
export function readCandidateTable(
  text: string,
  valueColumn: 'rating' | 'score',
): ParseResult<CandidateValue[]> {
  const { value: table, diagnostics } = parseCsv(text);
  const out: Diagnostic[] = [...diagnostics];
  const cols = ['description', 'candidate', valueColumn].map((c) =>
    table.header.findIndex((h) => h.toLowerCase() === c),
  );
  if (table.header.length > 0 && cols.some((c) => c < 0)) {
    const missing = ['description', 'candidate', valueColumn].filter((_, k) => cols[k]! < 0);
    out.push(
      diagnosticAt(new LineIndex(text), 0, 'csv.header', `the header needs column(s) ${missing.join(', ')}`),
    );
    return { value: [], diagnostics: out };
  }
  const index = new LineIndex(text);
  const rows: CandidateValue[] = [];
  for (const r of table.records) {
    const raw = r.cells[cols[2]!]!;
    const v = raw === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(v)) {
      out.push(diagnosticAt(index, r.offset, 'csv.number', `${valueColumn} must be a number, got "${raw}"`));
      continue;
    }
    rows.push({ description: r.cells[cols[0]!]!, candidate: r.cells[cols[1]!]!, value: v });
  }
  return { value: rows, diagnostics: out };
}

/**
 * What to do with a rated candidate the system gave no score. `zero` (default): it scores 0, as §7.1
 * does ("implausible interpretations get a score of 0"); `drop`: leave it out; `error`: refuse.
 */
export type MissingScore = 'zero' | 'drop' | 'error';

/** Figures of one description, or of all of them (`description` = null). */
export interface InterpretiveFigures {
  description: string | null;
  pearson: Correlation;
  spearman: Correlation;
  /** favouriteAt[r − 1]: credit for the people's favourite being the system's rank-r interpretation. */
  favouriteAt: number[];
  /** Rated candidates without a system score (zero-filled or dropped, per the rule). */
  unscored: number;
  /** Candidates the system scored that nobody rated (left out: there is no rating to compare). */
  unrated: number;
}

/** The trial's figures per description (in order of first appearance) and overall. */
export interface InterpretiveResult {
  descriptions: InterpretiveFigures[];
  overall: InterpretiveFigures;
  signature: string;
}

function groupBy(rows: readonly CandidateValue[]): Map<string, CandidateValue[]> {
  const m = new Map<string, CandidateValue[]>();
  for (const r of rows) {
    let g = m.get(r.description);
    if (!g) m.set(r.description, (g = []));
    g.push(r);
  }
  return m;
}

/**
 * The credit of each system rank 1 … `ranks` for the people's favourites of one description. A
 * candidate's rank is that of its best interpretation among all the description's interpretations, and a
 * run of equal scores [l, h] shares its ranks as in Equation 2: each rank gets 1/(h − l + 1). Tied
 * favourites share one description's credit equally. (§7.1 counts 5.5 rank-1 and 2.5 rank-2 matches.)
 */
function favourites(means: Map<string, number>, rows: readonly CandidateValue[], ranks: number): number[] {
  const credit = new Array<number>(ranks).fill(0);
  const top = Math.max(...means.values());
  const fav = [...means].filter(([, v]) => v === top).map(([c]) => c);
  for (const c of fav) {
    const own = rows.filter((r) => r.candidate === c);
    if (own.length === 0) continue;
    const best = Math.max(...own.map((r) => r.value));
    const l = 1 + rows.filter((r) => r.value > best).length;
    const h = rows.filter((r) => r.value >= best).length;
    for (let r = l; r <= Math.min(h, ranks); r++) credit[r - 1]! += 1 / (h - l + 1) / fav.length;
  }
  return credit;
}

/**
 * Correlates mean ratings with system scores. A candidate's system score is the score of its best
 * interpretation (§6.1: "the probability assigned … to the top-ranked correct interpretation with the
 * corresponding head object"). The overall correlation pools every (description, candidate) pair.
 */
export function correlateInterpretive(
  ratings: readonly CandidateValue[],
  scores: readonly CandidateValue[],
  options: { missing?: MissingScore; ranks?: number } = {},
): InterpretiveResult {
  const missing = options.missing ?? 'zero';
  const ranks = options.ranks ?? 3;
  const scoreRows = groupBy(scores);
  const descriptions: InterpretiveFigures[] = [];
  const allX: number[] = [];
  const allY: number[] = [];
  const total = { favouriteAt: new Array<number>(ranks).fill(0), unscored: 0, unrated: 0 };
  for (const [description, rated] of groupBy(ratings)) {
    const sums = new Map<string, [number, number]>();
    for (const r of rated) {
      const s = sums.get(r.candidate) ?? [0, 0];
      sums.set(r.candidate, [s[0] + r.value, s[1] + 1]);
    }
    const means = new Map([...sums].map(([c, [sum, count]]) => [c, sum / count]));
    const rows = scoreRows.get(description) ?? [];
    const best = new Map<string, number>();
    for (const r of rows) best.set(r.candidate, Math.max(best.get(r.candidate) ?? -Infinity, r.value));
    const x: number[] = [];
    const y: number[] = [];
    let unscored = 0;
    for (const [c, mean] of means) {
      const s = best.get(c);
      if (s === undefined) {
        unscored++;
        if (missing === 'error') {
          throw new MetricInputError(
            `description "${description}": candidate "${c}" is rated but has no system score`,
          );
        }
        if (missing === 'drop') continue;
      }
      x.push(mean);
      y.push(s ?? 0);
    }
    const unrated = [...best.keys()].filter((c) => !means.has(c)).length;
    const favouriteAt = favourites(means, rows, ranks);
    descriptions.push({
      description,
      pearson: pearson(x, y),
      spearman: spearman(x, y),
      favouriteAt,
      unscored,
      unrated,
    });
    for (const v of x) allX.push(v);
    for (const v of y) allY.push(v);
    favouriteAt.forEach((v, k) => (total.favouriteAt[k]! += v));
    total.unscored += unscored;
    total.unrated += unrated;
  }
  const overall: InterpretiveFigures = {
    description: null,
    pearson: pearson(allX, allY),
    spearman: spearman(allX, allY),
    ...total,
  };
  const signature = makeSignature('correlate', [
    ['missing', missing],
    ['score', 'max'],
    ['overall', 'pooled'],
  ]);
  return { descriptions, overall, signature };
}
