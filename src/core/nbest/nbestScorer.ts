// Scores a corpus of N-best lists (Kleinbauer et al. §6.2, Generative trials): canonical forms,
// correctness, then the per-utterance figures of rankMetrics into one flat table.
import { MetricInputError } from '../errors';
import { makeSignature } from '../stats/signature';
import { canonicalInterpretation, type InterpKind } from './canonical';
import type { NbestLabels } from './labels';
import { markCorrect, NBEST_METRICS, rankMetrics, rowWidth, type NbestMetric } from './rankMetrics';

/** One ranked entry: an interpretation and its score (`null` scores: ranks only, no ties). */
export interface NbestEntry {
  interp: unknown;
  score: number | null;
}

/** One utterance of a Generative trial. */
export interface NbestUtterance {
  id: string;
  nbest: readonly NbestEntry[];
  /** Gold interpretations; several when the utterance is ambiguous, none when nothing is correct. */
  gold: readonly unknown[];
  labels: NbestLabels;
}

/** Settings of a scoring run. */
export interface NbestOptions {
  /** Cut-offs; positive integers and Infinity (default 1, 3, 10, ∞ as in Table 3). */
  ks?: readonly number[];
  /** How interpretations are compared (default `auto`). */
  interp?: InterpKind;
}

/**
 * Why an utterance has no figures. Rules: a CantRepresent utterance is counted and excluded from every
 * other figure (§6.2); an utterance with no gold interpretation is counted and excluded too, because
 * Recall, FRecall and NDCG divide by |C(d)| = 0 and "no correct interpretation found" says nothing about
 * the system there.
 */
export type UtteranceStatus = 'scored' | 'cantRepresent' | 'noGold';

/** The figures of every utterance, row-major: utterance i's row starts at i · rowWidth(ks.length). */
export interface NbestScores {
  ks: number[];
  ids: string[];
  labels: NbestLabels[];
  status: UtteranceStatus[];
  /** Distinct gold interpretations per utterance. */
  nGold: Int32Array;
  /** Length of each returned list. */
  nReturned: Int32Array;
  /** Figures; NaN in the rows of excluded utterances. */
  values: Float64Array;
  /** `nbest|interp:…|ties:fc|ideal:min(C,K)|repeats:first|v:…`. */
  signature: string;
}

/** The cut-offs of Table 3. */
export const DEFAULT_KS: readonly number[] = [1, 3, 10, Number.POSITIVE_INFINITY];

/** Sorted, de-duplicated cut-offs; anything but a positive integer or Infinity is an input error. */
export function normaliseKs(ks: readonly number[]): number[] {
  if (ks.length === 0) throw new MetricInputError('at least one cut-off K is needed');
  for (const k of ks) {
    if (!(Number.isInteger(k) && k > 0) && k !== Number.POSITIVE_INFINITY) {
      throw new MetricInputError(`a cut-off K must be a positive integer or inf, got ${k}`);
    }
  }
  return [...new Set(ks)].sort((a, b) => a - b);
}

/** A figure's name: `Recall@3`, `NDCG@inf`. */
export function figureName(metric: NbestMetric, k: number): string {
  return `${metric}@${k === Number.POSITIVE_INFINITY ? 'inf' : k}`;
}

/** The settings signature of a run. */
export function nbestSignature(interp: InterpKind): string {
  return makeSignature('nbest', [
    ['interp', interp],
    ['ties', 'fc'],
    ['ideal', 'min(C,K)'],
    ['repeats', 'first'],
  ]);
}

/** The key that pairs utterances across systems: the id, and the input kind when labelled. */
export function utteranceKey(id: string, labels: NbestLabels): string {
  return labels.input ? `${id}/${labels.input}` : id;
}

function scoresOf(u: NbestUtterance): Float64Array | null {
  const list = u.nbest;
  const given = list.filter((e) => e.score !== null).length;
  if (given === 0) return null;
  if (given !== list.length) {
    throw new MetricInputError(
      `utterance "${u.id}": either every entry has a score or none does (${given} of ${list.length} have one)`,
    );
  }
  const scores = new Float64Array(list.length);
  for (let j = 0; j < list.length; j++) {
    const s = list[j]!.score!;
    if (!Number.isFinite(s)) throw new MetricInputError(`utterance "${u.id}": rank ${j + 1} has score ${s}`);
    // Equiprobable runs (Equation 2) are contiguous only in a list ranked by score.
    if (j > 0 && s > scores[j - 1]!) {
      throw new MetricInputError(
        `utterance "${u.id}": scores must not increase down the list (rank ${j + 1} has ${s} after ${scores[j - 1]} at rank ${j})`,
      );
    }
    scores[j] = s;
  }
  return scores;
}

function canonical(
  u: NbestUtterance,
  where: 'gold' | 'rank',
  k: number,
  value: unknown,
  interp: InterpKind,
): string {
  try {
    return canonicalInterpretation(value, interp);
  } catch (err) {
    if (err instanceof MetricInputError)
      throw new MetricInputError(`utterance "${u.id}", ${where} ${k}: ${err.message}`);
    throw err;
  }
}

/** Scores every utterance; throws a `MetricInputError` naming the utterance on bad input. */
export function scoreNbest(utterances: readonly NbestUtterance[], options: NbestOptions = {}): NbestScores {
  const ks = normaliseKs(options.ks ?? DEFAULT_KS);
  const interp = options.interp ?? 'auto';
  const width = rowWidth(ks.length);
  const n = utterances.length;
  const values = new Float64Array(n * width).fill(Number.NaN);
  const status: UtteranceStatus[] = new Array<UtteranceStatus>(n);
  const nGold = new Int32Array(n);
  const nReturned = new Int32Array(n);
  const keys = new Set<string>();
  let correctBuf = new Uint8Array(64);
  for (let i = 0; i < n; i++) {
    const u = utterances[i]!;
    const key = utteranceKey(u.id, u.labels);
    if (keys.has(key)) {
      const hint = u.labels.input ? '' : ' (text and ASR versions of one description need labels.input)';
      throw new MetricInputError(`utterance "${key}" appears twice${hint}`);
    }
    keys.add(key);
    nReturned[i] = u.nbest.length;
    const gold = new Set(u.gold.map((g, k) => canonical(u, 'gold', k + 1, g, interp)));
    nGold[i] = gold.size;
    if (u.labels.cantRepresent) {
      status[i] = 'cantRepresent';
      continue;
    }
    const stated = u.labels.accuracyCount;
    if (stated && (stated === '=1') !== (gold.size === 1)) {
      throw new MetricInputError(
        `utterance "${u.id}": accuracy class says ${u.labels.accuracy}${stated} but there ${gold.size === 1 ? 'is 1 distinct gold interpretation' : `are ${gold.size} distinct gold interpretations`}`,
      );
    }
    const scores = scoresOf(u);
    if (gold.size === 0) {
      status[i] = 'noGold';
      continue;
    }
    status[i] = 'scored';
    const forms = u.nbest.map((e, j) => canonical(u, 'rank', j + 1, e.interp, interp));
    if (correctBuf.length < forms.length) correctBuf = new Uint8Array(forms.length * 2);
    const correct = markCorrect(forms, gold, correctBuf);
    rankMetrics({ correct, scores, nGold: gold.size }, ks, values, i * width);
  }
  return {
    ks,
    ids: utterances.map((u) => u.id),
    labels: utterances.map((u) => u.labels),
    status,
    nGold,
    nReturned,
    values,
    signature: nbestSignature(interp),
  };
}

/** The value of `metric` at cut-off index `k` for utterance `i` (NaN when it was excluded). */
export function figureAt(s: NbestScores, i: number, metric: NbestMetric, k: number): number {
  return s.values[i * rowWidth(s.ks.length) + NBEST_METRICS.indexOf(metric) * s.ks.length + k]!;
}
