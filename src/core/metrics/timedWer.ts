// Word error rate of transcripts with word times (CTM): sclite's time-mediated alignment (`-T`) and a
// time-constrained WER in which words may only be paired within a collar.
import { type CostsSpec, costsSignature, resolveCosts } from '../align/costs';
import { MetricInputError } from '../errors';
import type { AlignedPair } from '../align/align';
import {
  type NetWord,
  type WordNetwork,
  alignNetworks,
  collarDistance,
  netWord,
  timeDistance,
  wordDistance,
} from '../align/network';
import type { TimedWord } from '../model/annotation';
import { makeSignature } from '../stats/signature';
import {
  type CorpusWer,
  type UtteranceWer,
  accuracyFromStats,
  combineStats,
  errorRate,
} from './wordAccuracy';

/** How timed transcripts are aligned: by times (`-T`), or by words with pairs limited to a collar. */
export type TimedMode = { kind: 'time-mediated' } | { kind: 'collar'; collarSec: number };

/** Options of `scoreTimedTranscripts`. */
export interface TimedWerOptions {
  mode: TimedMode;
  /** Fold case (and pair ids case-insensitively), as sclite without `-s`. */
  ignoreCase?: boolean;
  /** Edit costs of the collar mode (time-mediated alignment costs times). */
  costs?: CostsSpec;
}

/** A timed transcript: an id and its words with times. */
export interface TimedTranscript {
  id: string;
  words: readonly TimedWord[];
}

/** Signature, e.g. `wer|costs:time|case:fold|time:mediated|v:…` or `wer|costs:sclite|case:fold|collar:0.2|v:…`. */
export function timedWerSignature(options: TimedWerOptions): string {
  const caseField = ['case', options.ignoreCase ? 'fold' : 'exact'] as const;
  if (options.mode.kind === 'time-mediated')
    return makeSignature('wer', [['costs', 'time'], caseField, ['time', 'mediated']]);
  return makeSignature('wer', [
    ['costs', costsSignature(options.costs ?? 'sclite')],
    caseField,
    ['collar', options.mode.collarSec],
  ]);
}

function chain(words: readonly TimedWord[], fold: boolean): WordNetwork {
  const head: NetWord = { text: '', value: '', isNull: false, optDel: false, frag: false };
  // sclite keeps a word's start and duration as read and its end as their sum (`T2 = t1 + dur`, in double
  // precision); the duration is recovered from the stored end (to 9 decimals) so that ties fall alike.
  const nodes = words.map((w) => {
    const start = w.startSec ?? 0;
    const dur = Number(((w.endSec ?? start) - start).toFixed(9));
    return { ...netWord(fold ? w.text.toLowerCase() : w.text), startSec: start, endSec: start + dur };
  });
  return {
    words: [head, ...nodes],
    preds: [[], ...nodes.map((_, k) => [k])],
    finals: [nodes.length],
  };
}

/**
 * sclite's `sort_PATH_time_marks` (SCTK `path.c`), which it applies to CTM alignments: in every run of
 * deletions and insertions, the words are ordered by start time (stably).
 */
function sortByTime(
  pairs: AlignedPair<string>[],
  refWords: readonly TimedWord[],
  hypWords: readonly TimedWord[],
): AlignedPair<string>[] {
  const startOf = (p: AlignedPair<string>): number =>
    (p.op === 'D' ? refWords[p.refIndex]?.startSec : hypWords[p.hypIndex]?.startSec) ?? 0;
  const out = [...pairs];
  let k = 0;
  while (k < out.length) {
    if (out[k]!.op !== 'D' && out[k]!.op !== 'I') {
      k++;
      continue;
    }
    let end = k;
    while (end < out.length && (out[end]!.op === 'D' || out[end]!.op === 'I')) end++;
    const run = out.slice(k, end).sort((x, y) => startOf(x) - startOf(y));
    out.splice(k, run.length, ...run);
    k = end;
  }
  return out;
}

/**
 * Scores timed transcripts paired by id (every reference needs its hypothesis and vice versa). Time-
 * mediated: sclite's `-T` distance (`timeDistance`), so timing decides between equally good word
 * pairings. Collar: the word costs, but a reference and a hypothesis word are paired only when their
 * times are within the collar (`collarDistance`), so a word recognised at the wrong time is an error.
 * Both run sclite's network alignment (single precision, its tie rule), and runs of deletions and
 * insertions are put in time order as sclite does for CTM; words without times count as 0.
 */
export function scoreTimedTranscripts(
  refs: readonly TimedTranscript[],
  hyps: readonly TimedTranscript[],
  options: TimedWerOptions,
): CorpusWer {
  const fold = options.ignoreCase === true;
  const key = (id: string): string => (fold ? id.toLowerCase() : id);
  const byId = new Map(hyps.map((h) => [key(h.id), h]));
  const refIds = new Set(refs.map((r) => key(r.id)));
  const missing = refs.filter((r) => !byId.has(key(r.id))).map((r) => r.id);
  const extra = hyps.filter((h) => !refIds.has(key(h.id))).map((h) => h.id);
  if (missing.length > 0 || extra.length > 0) {
    throw new MetricInputError(
      `${refs.length} reference and ${hyps.length} hypothesis transcripts: ` +
        [
          missing.length > 0 ? `no hypothesis for ${missing.map((i) => `'${i}'`).join(', ')}` : '',
          extra.length > 0 ? `hypothesis ${extra.map((i) => `'${i}'`).join(', ')} not in the reference` : '',
        ]
          .filter((x) => x !== '')
          .join('; '),
    );
  }
  const costs = resolveCosts(options.mode.kind === 'collar' ? (options.costs ?? 'sclite') : 'sclite');
  const distance =
    options.mode.kind === 'time-mediated'
      ? (r: NetWord | null, h: NetWord | null) => timeDistance(r, h)
      : collarDistance(options.mode.collarSec, wordDistance);
  const utterances: UtteranceWer[] = refs.map((r) => {
    const h = byId.get(key(r.id))!;
    const a = alignNetworks(chain(r.words, fold), chain(h.words, fold), costs, distance);
    const { C, S, D, I } = a.counts;
    const stats = { C, S, D, I, N: C + S + D };
    const alignment = sortByTime(a.pairs, r.words, h.words);
    return { id: r.id, stats, wer: errorRate(stats), cost: a.cost, alignment };
  });
  const stats = combineStats(utterances.map((u) => u.stats));
  return {
    stats,
    wer: errorRate(stats),
    wordAccuracy: accuracyFromStats(stats),
    sentencesWithErrors: utterances.filter((u) => u.stats.S + u.stats.D + u.stats.I > 0).length,
    utterances,
    signature: timedWerSignature(options),
  };
}
