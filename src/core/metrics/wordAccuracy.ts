// Word error rate and word accuracy (Boros et al. §2.1, eq. (1); Thomae et al. eq. (1)) from a
// minimum-edit-distance alignment; with sclite's costs the counts are those of NIST sclite.
import { type AlignedPair, alignCodes, pairsFromOps } from '../align/align';
import { type CostsSpec, type EditCosts, costsSignature, resolveCosts } from '../align/costs';
import { MetricInputError } from '../errors';
import { alignNetworks } from '../align/network';
import {
  type CharacterOptions,
  type TranscriptReading,
  needsNetwork,
  plainTokens,
  transcriptNetwork,
} from '../align/transcript';
import { makeSignature } from '../stats/signature';

/** How words are compared and what edits cost. */
export interface WerOptions {
  /** `sclite` (3/3/4, the default), `equal` (Levenshtein) or explicit costs. */
  costs?: CostsSpec;
  /**
   * Compare words case-insensitively (`toLowerCase`), as sclite does unless run with `-s`; utterance ids
   * are then paired case-insensitively too (sclite folds the whole line, id included).
   */
  ignoreCase?: boolean;
  /** Read sclite's transcript syntax: alternations `{ a / b / @ }`, `@`, `;tags`, `\` escapes. */
  scliteSyntax?: boolean;
  /** sclite's `-D`: a word in parentheses, `(uh)`, is correct when deleted (with `scliteSyntax`). */
  optionalDeletable?: boolean;
  /** sclite's `-F`: a fragment `th-` / `-ing` matches the word it begins or ends (with `scliteSyntax`). */
  fragments?: boolean;
  /** Score characters instead of words (sclite `-c`): character error rate. */
  characters?: CharacterOptions;
  /**
   * Names of the text filters applied before scoring (a GLM file `name#sha256-prefix`, a normaliser
   * `whisper-en-1`); they change no computation here but enter the signature.
   */
  filters?: { glm?: string; normaliser?: string };
}

/**
 * Sufficient statistics of one utterance (or of a corpus, summed): correct, substituted, deleted and
 * inserted words, and N = C + S + D reference words.
 */
export interface WordErrorStats {
  C: number;
  S: number;
  D: number;
  I: number;
  N: number;
}

/** One scored utterance: its statistics, error rate, alignment cost and alignment. */
export interface UtteranceWer {
  id: string;
  stats: WordErrorStats;
  /** (S + D + I) / N; see `errorRate` for N = 0. */
  wer: number | null;
  cost: number;
  alignment: AlignedPair<string>[];
}

/** A scored corpus: summed statistics, the corpus WER and WA, the utterances, and the settings signature. */
export interface CorpusWer {
  stats: WordErrorStats;
  wer: number | null;
  wordAccuracy: number | null;
  /** Utterances with at least one error (sclite's S.Err numerator). */
  sentencesWithErrors: number;
  utterances: UtteranceWer[];
  signature: string;
}

/**
 * Settings signature of a WER (or CER) result, e.g. `wer|costs:sclite|case:fold|v:0.1.0`. Options off
 * by default appear only when on, after `case`: `trn:sclite` (sclite's syntax read), `optdel:yes`
 * (`-D`), `frag:yes` (`-F`), `split:chars|chars-noascii` and `hyphens:drop` (CER), `glm:NAME#HASH`,
 * `norm:NAME`.
 */
export function werSignature(options: WerOptions = {}): string {
  const fields: [string, string][] = [
    ['costs', costsSignature(options.costs ?? 'sclite')],
    ['case', options.ignoreCase ? 'fold' : 'exact'],
  ];
  if (options.scliteSyntax) fields.push(['trn', 'sclite']);
  if (options.scliteSyntax && options.optionalDeletable) fields.push(['optdel', 'yes']);
  if (options.scliteSyntax && options.fragments) fields.push(['frag', 'yes']);
  if (options.characters) {
    fields.push(['split', options.characters.noAscii ? 'chars-noascii' : 'chars']);
    if (options.characters.deleteHyphens) fields.push(['hyphens', 'drop']);
  }
  if (options.filters?.glm) fields.push(['glm', options.filters.glm]);
  if (options.filters?.normaliser) fields.push(['norm', options.filters.normaliser]);
  return makeSignature(options.characters ? 'cer' : 'wer', fields);
}

/**
 * (S + D + I) / N. Rule for an empty reference (N = 0): 0 when there is no insertion either (nothing
 * to recognise, nothing wrong), null — undefined — when there are insertions (no finite rate fits).
 * The same rule applies to a corpus, whose statistics are sums (a ratio of sums, not a mean of ratios).
 */
export function errorRate(stats: WordErrorStats): number | null {
  const errors = stats.S + stats.D + stats.I;
  if (stats.N === 0) return errors === 0 ? 0 : null;
  return errors / stats.N;
}

/** Word accuracy 1 − WER (Boros et al. eq. (1), as a fraction; can be negative); null when WER is. */
export function accuracyFromStats(stats: WordErrorStats): number | null {
  const wer = errorRate(stats);
  return wer === null ? null : 1 - wer;
}

/** Sums per-utterance statistics into corpus statistics (what bootstrap resampling recombines). */
export function combineStats(items: readonly WordErrorStats[]): WordErrorStats {
  const total: WordErrorStats = { C: 0, S: 0, D: 0, I: 0, N: 0 };
  for (const s of items) {
    total.C += s.C;
    total.S += s.S;
    total.D += s.D;
    total.I += s.I;
    total.N += s.N;
  }
  return total;
}

/**
 * Maps words to integer codes, shared across a corpus so the DP compares integers. Written forms are
 * cached, so each distinct spelling is case-folded once, not every occurrence.
 */
class WordCodes {
  private readonly written = new Map<string, number>();
  private readonly folded = new Map<string, number>();
  constructor(private readonly fold: boolean) {}

  private codeOf(word: string): number {
    if (!this.fold) {
      const id = this.written.size;
      this.written.set(word, id);
      return id;
    }
    const key = word.toLowerCase();
    let id = this.folded.get(key);
    if (id === undefined) {
      id = this.folded.size;
      this.folded.set(key, id);
    }
    this.written.set(word, id);
    return id;
  }

  encode(words: readonly string[]): Int32Array {
    const out = new Int32Array(words.length);
    for (let k = 0; k < words.length; k++) {
      const w = words[k]!;
      const id = this.written.get(w);
      out[k] = id === undefined ? this.codeOf(w) : id;
    }
    return out;
  }
}

function readingOf(options: WerOptions): TranscriptReading | null {
  if (!options.scliteSyntax && !options.characters) return null;
  return {
    syntax: options.scliteSyntax === true,
    fold: options.ignoreCase === true,
    optionalDeletable: options.optionalDeletable === true,
    fragments: options.fragments === true,
    characters: options.characters,
  };
}

function scoreWith(
  id: string,
  refWords: readonly string[],
  hypWords: readonly string[],
  codes: WordCodes,
  costs: EditCosts,
  alignments = true,
  reading: TranscriptReading | null = null,
): UtteranceWer {
  let ref = refWords;
  let hyp = hypWords;
  if (reading) {
    if (needsNetwork(refWords, reading) || needsNetwork(hypWords, reading)) {
      // sclite's syntax in play: align the word networks (alternations, `@`, -D, -F; SCTK net_dp.c).
      const n = alignNetworks(
        transcriptNetwork(refWords, reading),
        transcriptNetwork(hypWords, reading),
        costs,
      );
      const { C, S, I, D } = n.counts;
      const stats = { C, S, D, I, N: C + S + D };
      return { id, stats, wer: errorRate(stats), cost: n.cost, alignment: alignments ? n.pairs : [] };
    }
    // Folded here when characters are split (sclite folds the text first); codes fold again harmlessly.
    ref = plainTokens(refWords, reading);
    hyp = plainTokens(hypWords, reading);
  }
  const a = alignCodes(codes.encode(ref), codes.encode(hyp), costs);
  const { C, S, I, D } = a.counts;
  const stats = { C, S, D, I, N: ref.length };
  const alignment = alignments ? pairsFromOps(a.ops, ref, hyp) : [];
  return { id, stats, wer: errorRate(stats), cost: a.cost, alignment };
}

/** Scores one reference/hypothesis word sequence. */
export function scoreWords(
  ref: readonly string[],
  hyp: readonly string[],
  options: WerOptions = {},
): UtteranceWer {
  const costs = resolveCosts(options.costs ?? 'sclite');
  const codes = new WordCodes(options.ignoreCase ?? false);
  return scoreWith('', ref, hyp, codes, costs, true, readingOf(options));
}

/** Word accuracy of one pair as a fraction (Boros et al. eq. (1) without the factor 100). */
export function wordAccuracy(
  ref: readonly string[],
  hyp: readonly string[],
  options: WerOptions = {},
): number | null {
  return accuracyFromStats(scoreWords(ref, hyp, options).stats);
}

function listIds(ids: readonly string[]): string {
  const shown = ids.slice(0, 5).map((id) => `'${id}'`);
  return ids.length > 5 ? `${shown.join(', ')} and ${ids.length - 5} more` : shown.join(', ');
}

/**
 * Scores a corpus: hypotheses are paired with references by utterance id, every reference needs exactly
 * one hypothesis and vice versa (a missing, extra or repeated id is a `MetricInputError` naming the ids).
 * Utterances come back in reference order. `detail.alignments: false` leaves every `alignment` empty
 * when only the figures are wanted (it changes no number, so it is not part of the signature).
 */
export function scoreTranscripts(
  refs: readonly { id: string; words: readonly string[] }[],
  hyps: readonly { id: string; words: readonly string[] }[],
  options: WerOptions = {},
  detail: { alignments?: boolean } = {},
): CorpusWer {
  const costs = resolveCosts(options.costs ?? 'sclite');
  // sclite folds the whole line, id included, unless `-s`: ids then pair case-insensitively.
  const idKey = options.ignoreCase ? (id: string) => id.toLowerCase() : (id: string) => id;
  const byId = new Map<string, readonly string[]>();
  const repeated: string[] = [];
  for (const h of hyps) {
    const key = idKey(h.id);
    if (byId.has(key)) repeated.push(h.id);
    byId.set(key, h.words);
  }
  const refIds = new Set<string>();
  for (const r of refs) {
    const key = idKey(r.id);
    if (refIds.has(key)) repeated.push(r.id);
    refIds.add(key);
  }
  if (repeated.length > 0)
    throw new MetricInputError(`repeated utterance id ${listIds(repeated)}`, { repeated });
  const missing = refs.filter((r) => !byId.has(idKey(r.id))).map((r) => r.id);
  const extra = hyps.filter((h) => !refIds.has(idKey(h.id))).map((h) => h.id);
  if (missing.length > 0 || extra.length > 0) {
    const parts: string[] = [];
    if (missing.length > 0) parts.push(`no hypothesis for reference id ${listIds(missing)}`);
    if (extra.length > 0) parts.push(`hypothesis id ${listIds(extra)} not in the reference`);
    throw new MetricInputError(
      `${refs.length} reference and ${hyps.length} hypothesis utterances: ${parts.join('; ')}`,
      { missing, extra },
    );
  }
  const codes = new WordCodes(options.ignoreCase ?? false);
  const reading = readingOf(options);
  const keep = detail.alignments ?? true;
  const utterances = refs.map((r) =>
    scoreWith(r.id, r.words, byId.get(idKey(r.id))!, codes, costs, keep, reading),
  );
  const stats = combineStats(utterances.map((u) => u.stats));
  let sentencesWithErrors = 0;
  for (const u of utterances) if (u.stats.S + u.stats.D + u.stats.I > 0) sentencesWithErrors++;
  return {
    stats,
    wer: errorRate(stats),
    wordAccuracy: accuracyFromStats(stats),
    sentencesWithErrors,
    utterances,
    signature: werSignature(options),
  };
}
