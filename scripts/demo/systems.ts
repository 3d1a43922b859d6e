// The demo's systems: recorded pocketsphinx outputs turned into stored system outputs (truecased words
// with times and lattice confidences, baseline trees, entities and concepts, an N-best interpretation list).
import type { SystemOutput } from '../../src/core/model/systemOutput';
import { annotate } from './baselines';
import { extractConcepts, interpretationOf } from './conceptRules';
import { truecase } from './lexicon';
import { round3 } from './pocketsphinx';
import { isWord, type LatticeLink, type RecognizedUtterance, stripVariant } from './recognize';

/** pocketsphinx's frame length in seconds (-frate 100). */
const FRAME_SEC = 0.01;
/** pocketsphinx computes log-likelihoods in this base (-logbase 1.0001). */
const LOG_BASE = 1.0001;
/** N-best probabilities are rounded to this many decimals. */
const SCORE_DECIMALS = 6;

/** A recognized word: its dictionary form (lower case, variant stripped) and span in seconds. */
export interface HypWord {
  word: string;
  startSec: number;
  endSec: number;
}

/**
 * The words of a -hypseg line: after `id S n T n A n L n` come `startFrame ascr lscr word` groups and
 * the end frame; a word ends where the next segment starts. Silences and fillers are dropped.
 */
export function parseHypseg(line: string): HypWord[] {
  const tok = line.trim().split(/\s+/);
  if (tok[1] !== 'S' || tok[3] !== 'T' || tok[5] !== 'A' || tok[7] !== 'L' || (tok.length - 10) % 4 !== 0)
    throw new Error(`not a -hypseg line: ${line}`);
  const out: HypWord[] = [];
  for (let k = 9; k + 4 < tok.length; k += 4) {
    const word = tok[k + 3]!;
    if (!isWord(word)) continue;
    const sf = Number(tok[k]);
    const next = Number(tok[k + 4]);
    out.push({
      word: stripVariant(word),
      startSec: round3(sf * FRAME_SEC),
      endSec: round3(next * FRAME_SEC),
    });
  }
  return out;
}

/**
 * Confidence of a recognized word: the summed posterior of the lattice links with the same word whose
 * span contains the word's midpoint (a time-based word posterior; pronunciation variants and alternative
 * boundaries of one word add up), at most 1, to three decimals.
 */
export function confidence(w: HypWord, lattice: readonly LatticeLink[]): number {
  const mid = (w.startSec + w.endSec) / 2;
  let sum = 0;
  for (const [word, start, end, p] of lattice) if (word === w.word && start <= mid && mid < end) sum += p;
  return round3(Math.min(1, sum));
}

/** An N-best line: its words (fillers and variants removed) and path score. */
export function parseNbestLine(line: string): { words: string[]; score: number } {
  const tok = line.trim().split(/\s+/);
  const score = Number(tok.pop());
  if (!Number.isInteger(score)) throw new Error(`N-best line without a score: ${line}`);
  return { words: tok.filter(isWord).map(stripVariant), score };
}

/**
 * The N-best interpretation list: each hypothesis gets the probability LOG_BASE^score normalised over
 * the list, is interpreted by the concept rules, and hypotheses with the same interpretation pool their
 * probability (as paths with the same word string already do). Best first; ties keep list order.
 */
export function nbestInterpretations(lines: readonly string[]): { interpretation: string; score: number }[] {
  const hyps = lines.map(parseNbestLine);
  if (hyps.length === 0) return [];
  const best = Math.max(...hyps.map((h) => h.score));
  const weights = hyps.map((h) => LOG_BASE ** (h.score - best));
  const total = weights.reduce((s, x) => s + x, 0);
  const pooled = new Map<string, number>();
  hyps.forEach((h, i) => {
    const interp = interpretationOf(extractConcepts(truecase(h.words)));
    pooled.set(interp, (pooled.get(interp) ?? 0) + weights[i]! / total);
  });
  const scale = 10 ** SCORE_DECIMALS;
  return [...pooled.entries()]
    .map(([interpretation, p]) => ({ interpretation, score: Math.round(p * scale) / scale }))
    .sort((a, b) => b.score - a.score);
}

/** The stored output of one utterance: truecased words with times and confidences, baselines, N-best. */
export function systemOutput(rec: RecognizedUtterance): SystemOutput {
  const hyp = parseHypseg(rec.hypseg);
  const words = truecase(hyp.map((h) => h.word));
  const base = annotate(words);
  return {
    id: rec.id,
    words: hyp.map((h, i) => ({
      text: words[i]!,
      startSec: h.startSec,
      endSec: h.endSec,
      confidence: confidence(h, rec.lattice),
    })),
    ...(base.trees.length > 0 ? { trees: base.trees } : {}),
    entities: base.entities,
    concepts: base.concepts,
    nbest: nbestInterpretations(rec.nbest),
  };
}
