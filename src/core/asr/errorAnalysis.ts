// Error analysis of word alignments as NIST sclite's `dtl` report gives it (SCTK sc_dtl.c, alex.c): sentence
// and word counts, confusion pairs, inserted, deleted, substituted and falsely recognised words, each with
// the utterances it occurs in. It reads alignments already made (the WER engine's), it does not re-align.
import type { EditOp } from '../align/align';

/** One aligned step as the analysis reads it: the operation and both sides (null where absent). */
export interface AnalysedStep {
  op: EditOp;
  ref: string | null;
  hyp: string | null;
}

/** An utterance's alignment. */
export interface AnalysedUtterance {
  id: string;
  alignment: readonly AnalysedStep[];
}

/** A word (or a `ref ==> hyp` pair) with how often it occurs and in which utterances (ids in corpus order, once each). */
export interface CountedWord {
  /** The word, or for a confusion pair `REF ==> HYP` as sclite prints it. */
  key: string;
  count: number;
  utterances: string[];
}

/** A confusion pair: a reference word and the word recognised in its place. */
export interface ConfusionPair extends CountedWord {
  ref: string;
  hyp: string;
}

/** The whole analysis of one system. */
export interface ErrorAnalysis {
  sentences: {
    total: number;
    withErrors: number;
    withSubstitutions: number;
    withDeletions: number;
    withInsertions: number;
  };
  words: { C: number; S: number; D: number; I: number; ref: number; hyp: number; aligned: number };
  confusions: ConfusionPair[];
  insertions: CountedWord[];
  deletions: CountedWord[];
  /** Reference words that were substituted. */
  substitutions: CountedWord[];
  /** Hypothesis words that stood in for a reference word ("falsely recognized"). */
  falselyRecognized: CountedWord[];
}

/** How words are written in the analysis. */
export interface ErrorAnalysisOptions {
  /** Fold words to lower case, as sclite does when it scores case-insensitively (its default). */
  caseFold?: boolean;
}

/** Byte-wise (UTF-16 code unit) order, as C's strcmp orders ASCII. */
function byCode(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * sclite's order for each list (alex.c `AUTO_LEX_printout`): by count, highest first; equal counts by the
 * word (for a pair, the `ref ==> hyp` text) in byte order.
 */
export function sortCounted<T extends CountedWord>(items: Iterable<T>): T[] {
  return [...items].sort((a, b) => b.count - a.count || byCode(a.key, b.key));
}

class Tally<T extends CountedWord> {
  readonly map = new Map<string, T>();
  constructor(private readonly make: (key: string) => T) {}
  add(key: string, id: string): void {
    let e = this.map.get(key);
    if (!e) this.map.set(key, (e = this.make(key)));
    e.count++;
    if (e.utterances.at(-1) !== id) e.utterances.push(id);
  }
  sorted(): T[] {
    return sortCounted(this.map.values());
  }
}

/** sclite's text of a confusion pair. */
export function confusionKey(ref: string, hyp: string): string {
  return `${ref} ==> ${hyp}`;
}

/**
 * Analyses a corpus's alignments: per utterance whether it has substitutions, deletions, insertions; the
 * word counts (hypothesis words = C + S + I, aligned words = C + S + D + I); and the tallies of confusion
 * pairs, insertions, deletions, substituted reference words and falsely recognised hypothesis words, each
 * sorted as sclite prints them. An utterance id may occur once per list entry however often it repeats.
 */
export function errorAnalysis(
  utterances: readonly AnalysedUtterance[],
  options: ErrorAnalysisOptions = {},
): ErrorAnalysis {
  const norm = options.caseFold ? (w: string) => w.toLowerCase() : (w: string) => w;
  const word = (key: string): CountedWord => ({ key, count: 0, utterances: [] });
  const confusions = new Tally<ConfusionPair>((key) => {
    const [ref, hyp] = key.split(' ==> ') as [string, string];
    return { key, ref, hyp, count: 0, utterances: [] };
  });
  const insertions = new Tally(word);
  const deletions = new Tally(word);
  const substitutions = new Tally(word);
  const falselyRecognized = new Tally(word);
  const sentences = { total: 0, withErrors: 0, withSubstitutions: 0, withDeletions: 0, withInsertions: 0 };
  const words = { C: 0, S: 0, D: 0, I: 0, ref: 0, hyp: 0, aligned: 0 };
  for (const u of utterances) {
    let s = 0;
    let d = 0;
    let ins = 0;
    for (const step of u.alignment) {
      if (step.op === 'C') words.C++;
      else if (step.op === 'S') {
        s++;
        const r = norm(step.ref ?? '');
        const h = norm(step.hyp ?? '');
        confusions.add(confusionKey(r, h), u.id);
        substitutions.add(r, u.id);
        falselyRecognized.add(h, u.id);
      } else if (step.op === 'D') {
        d++;
        deletions.add(norm(step.ref ?? ''), u.id);
      } else {
        ins++;
        insertions.add(norm(step.hyp ?? ''), u.id);
      }
    }
    words.S += s;
    words.D += d;
    words.I += ins;
    sentences.total++;
    if (s + d + ins > 0) sentences.withErrors++;
    if (s > 0) sentences.withSubstitutions++;
    if (d > 0) sentences.withDeletions++;
    if (ins > 0) sentences.withInsertions++;
  }
  words.ref = words.C + words.S + words.D;
  words.hyp = words.C + words.S + words.I;
  words.aligned = words.C + words.S + words.D + words.I;
  return {
    sentences,
    words,
    confusions: confusions.sorted(),
    insertions: insertions.sorted(),
    deletions: deletions.sorted(),
    substitutions: substitutions.sorted(),
    falselyRecognized: falselyRecognized.sorted(),
  };
}
