// sclite's "SYSTEM SUMMARY PERCENTAGES by SPEAKER" (SCTK scores.c `print_system_summary`): per speaker the
// sentences, reference words and the Corr/Sub/Del/Ins/Err/S.Err percentages, the Sum/Avg row, and the
// Mean, S.D. and Median of each column over the speakers.
import type { UtteranceCounts } from '../stats/sctkTests';

/** One speaker's (or the corpus's) counts and percentages; a percentage is null without reference words. */
export interface SpeakerRow {
  speaker: string;
  sentences: number;
  sentenceErrors: number;
  C: number;
  S: number;
  D: number;
  I: number;
  /** Reference words C + S + D. */
  words: number;
  corr: number | null;
  sub: number | null;
  del: number | null;
  ins: number | null;
  err: number | null;
  /** Sentences with an error, in percent; null without sentences. */
  sErr: number | null;
  /** NCE of the speaker's hypothesis words, where confidences are given. */
  nce?: number | null;
}

/** Mean, S.D. or Median of each column over the speakers. */
export interface SpeakerStatRow {
  sentences: number;
  words: number;
  corr: number | null;
  sub: number | null;
  del: number | null;
  ins: number | null;
  err: number | null;
  sErr: number | null;
  nce?: number | null;
}

/** The whole summary. */
export interface SpeakerSummary {
  rows: SpeakerRow[];
  total: SpeakerRow;
  mean: SpeakerStatRow;
  sd: SpeakerStatRow;
  median: SpeakerStatRow;
  /** Speakers without reference words, left out of the percentage columns' Mean, S.D. and Median (sclite's `+`). */
  speakersWithoutWords: number;
}

/**
 * Mean, standard deviation (n − 1; 0 when the values do not vary or there is one) and median of values,
 * as SCTK's `calc_mean_var_std_dev_Zstat_double`; null for no values (sclite prints 0 there).
 */
export function meanSdMedian(values: readonly number[]): { mean: number; sd: number; median: number } | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((s, x) => s + x, 0) / n;
  const sorted = [...values].sort((a, b) => a - b);
  const median = n % 2 === 0 ? (sorted[n / 2]! + sorted[n / 2 - 1]!) / 2 : sorted[(n - 1) / 2]!;
  let ss = 0;
  for (const x of values) ss += (x - mean) ** 2;
  return { mean, sd: ss !== 0 ? Math.sqrt(ss / (n - 1)) : 0, median };
}

function rowOf(speaker: string, utts: readonly UtteranceCounts[]): SpeakerRow {
  let C = 0;
  let S = 0;
  let D = 0;
  let I = 0;
  let sentenceErrors = 0;
  for (const u of utts) {
    C += u.C;
    S += u.S;
    D += u.D;
    I += u.I;
    if (u.S + u.D + u.I > 0) sentenceErrors++;
  }
  const words = C + S + D;
  const pc = (x: number): number | null => (words === 0 ? null : (100 * x) / words);
  return {
    speaker,
    sentences: utts.length,
    sentenceErrors,
    C,
    S,
    D,
    I,
    words,
    corr: pc(C),
    sub: pc(S),
    del: pc(D),
    ins: pc(I),
    err: pc(S + D + I),
    sErr: utts.length === 0 ? null : (100 * sentenceErrors) / utts.length,
  };
}

/**
 * The summary of one system's utterances by speaker. Speakers are in sclite's order (of their first
 * utterance when the ids are sorted bytewise). `nceOf`, when given, supplies each speaker's NCE and the
 * corpus's (speaker null).
 */
export function speakerSummary(
  utterances: readonly UtteranceCounts[],
  nceOf?: (speaker: string | null) => number | null,
): SpeakerSummary {
  const sorted = [...utterances].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const groups = new Map<string, UtteranceCounts[]>();
  for (const u of sorted) {
    let g = groups.get(u.speaker);
    if (!g) groups.set(u.speaker, (g = []));
    g.push(u);
  }
  const rows = [...groups].map(([speaker, utts]) => rowOf(speaker, utts));
  const total = rowOf('Sum/Avg', sorted);
  if (nceOf) {
    for (const r of rows) r.nce = nceOf(r.speaker);
    total.nce = nceOf(null);
  }
  const withWords = rows.filter((r) => r.words > 0);
  const stat = (pick: (s: NonNullable<ReturnType<typeof meanSdMedian>>) => number): SpeakerStatRow => {
    const of = (xs: number[]): number | null => {
      const s = meanSdMedian(xs);
      return s === null ? null : pick(s);
    };
    const pcts = (f: (r: SpeakerRow) => number | null): number | null => of(withWords.map((r) => f(r)!));
    const out: SpeakerStatRow = {
      sentences: of(rows.map((r) => r.sentences)) ?? 0,
      words: of(rows.map((r) => r.words)) ?? 0,
      corr: pcts((r) => r.corr),
      sub: pcts((r) => r.sub),
      del: pcts((r) => r.del),
      ins: pcts((r) => r.ins),
      err: pcts((r) => r.err),
      sErr: of(rows.map((r) => r.sErr ?? 0)),
    };
    if (nceOf) {
      const defined = rows.map((r) => r.nce).filter((x): x is number => x !== null && x !== undefined);
      out.nce = defined.length === rows.length ? of(defined) : null;
    }
    return out;
  };
  return {
    rows,
    total,
    mean: stat((s) => s.mean),
    sd: stat((s) => s.sd),
    median: stat((s) => s.median),
    speakersWithoutWords: rows.length - withWords.length,
  };
}

/**
 * The summary with every percentage as a fraction (0–1), as JSON and CSV carry figures; counts and NCE are
 * unchanged. The tables for people print the percentages the summary holds.
 */
export function speakerSummaryFractions(summary: SpeakerSummary): SpeakerSummary {
  const f = (x: number | null): number | null => (x === null ? null : x / 100);
  const row = <T extends SpeakerStatRow>(r: T): T => ({
    ...r,
    corr: f(r.corr),
    sub: f(r.sub),
    del: f(r.del),
    ins: f(r.ins),
    err: f(r.err),
    sErr: f(r.sErr),
  });
  return {
    ...summary,
    rows: summary.rows.map(row),
    total: row(summary.total),
    mean: row(summary.mean),
    sd: row(summary.sd),
    median: row(summary.median),
  };
}
