// The headline figures of one utterance's scores, one number (or null where the figure is not defined)
// per metric, with the settings signature behind it: what the per-utterance table sorts by, what the
// report's appendix lists and what its plots draw. Corpus figures are not means of these (see
// corpusScores: WER is a ratio of sums); these are the per-sentence values the papers plot.
import type { UtteranceScores } from './scoreUtterance';

/** One per-utterance figure. */
export interface UtteranceMetric {
  metric: string;
  value: number | null;
  signature: string;
}

const finite = (x: number | null | undefined): number | null =>
  x === null || x === undefined || !Number.isFinite(x) ? null : x;

/**
 * The figures of one utterance, in a fixed order: WER and word accuracy (Boros et al.: WA = 1 − WER,
 * so it can be negative), CER, concept accuracy, per tree node accuracy, Struct-IoU (sentence level) and
 * ParsEval F1, entity F1 (`entityF1`: null without entities on either side),
 * FRecall@1 and NDCG@3 (null where the utterance is not scored, e.g. no gold interpretation). A figure
 * the utterance has no gold for, or the system no output part for, is absent; one it counts in but that is
 * undefined (0/0, or not computable, e.g. ParsEval over different words) is null.
 */
export function utteranceMetricList(s: UtteranceScores): UtteranceMetric[] {
  const out: UtteranceMetric[] = [];
  const add = (metric: string, value: number | null | undefined, signature: string): void =>
    void out.push({ metric, value: finite(value), signature });
  if (s.words) {
    const wer = finite(s.words.wer);
    add('WER', wer, s.words.signature);
    add('Word accuracy', wer === null ? null : 1 - wer, s.words.signature);
  }
  if (s.chars) add('CER', s.chars.cer, s.chars.signature);
  if (s.concepts) add('Concept accuracy', s.concepts.accuracy, s.concepts.signature);
  for (const t of s.trees) {
    if (t.tna) add(`Node accuracy (${t.name})`, t.tna.accuracy, t.tna.signature);
    if (t.structIou) add(`Struct-IoU (${t.name})`, t.structIou.score, t.structIou.signature);
    if (t.parseval) add(`ParsEval F1 (${t.name})`, t.parseval.f1, t.parseval.signature);
  }
  if (s.entities) add('Entity F1', entityF1(s.entities), s.entities.signature);
  if (s.nbest) for (const k of ['FRecall@1', 'NDCG@3']) add(k, s.nbest.figures[k] ?? null, s.nbest.signature);
  // A metric the utterance counts in but could not be computed on (ParsEval over different words) is
  // undefined here, listed as null rather than left out.
  for (const u of s.unscored ?? []) add(u.metric, null, u.signature);
  return out;
}

/**
 * Entity F1 = 2·correct / (gold + system entities), undefined (null) when precision or recall is: no
 * entity proposed, or none to find (the rule of `sieve ne`, score.ts).
 */
export function entityF1(e: { correct: number; ref: number; hyp: number }): number | null {
  return e.ref === 0 || e.hyp === 0 ? null : (2 * e.correct) / (e.ref + e.hyp);
}

/** The figures of one utterance as a record, metric → value (see `utteranceMetricList`). */
export function utteranceMetrics(s: UtteranceScores): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const m of utteranceMetricList(s)) out[m.metric] = m.value;
  return out;
}

/** Whether a lower value is better (error rates). */
export function lowerIsBetter(metric: string): boolean {
  return metric === 'WER' || metric === 'CER';
}
