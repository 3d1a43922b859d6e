// The input of named-entity scoring (Burger et al. §2): a word sequence with entity spans per document,
// and the integer-coded form of the words that every aligner works on.
import type { EntitySpan, TimedWord } from '../model/annotation';
import { MetricInputError } from '../errors';

/** One document (an utterance): its words, with times where known, and its entity spans. */
export interface NeDocument {
  words: TimedWord[];
  entities: EntitySpan[];
}

/** Words ready for alignment: equal codes mean identical words; times are NaN where absent. */
export interface CodedWords {
  readonly text: readonly string[];
  readonly codes: Int32Array;
  readonly startSec: Float64Array;
  readonly endSec: Float64Array;
}

/** Interns word texts into integer codes shared by the two sides of a comparison. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();

  /** The code of `text`, allocating one the first time it is seen. */
  code(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    return id;
  }

  /** Codes and times of `words`. */
  encode(words: readonly TimedWord[]): CodedWords {
    const n = words.length;
    const codes = new Int32Array(n);
    const startSec = new Float64Array(n);
    const endSec = new Float64Array(n);
    const text: string[] = new Array<string>(n);
    for (let i = 0; i < n; i++) {
      const w = words[i]!;
      text[i] = w.text;
      codes[i] = this.code(w.text);
      startSec[i] = w.startSec ?? Number.NaN;
      endSec[i] = w.endSec ?? Number.NaN;
    }
    return { text, codes, startSec, endSec };
  }
}

/**
 * Checks that every entity of `doc` lies inside its words (0 ≤ firstWord ≤ lastWord < words, integers);
 * the error names the document, the side and the entity.
 */
export function checkNeDocument(doc: NeDocument, what: string): void {
  const n = doc.words.length;
  doc.entities.forEach((e, k) => {
    const ok =
      Number.isInteger(e.firstWord) &&
      Number.isInteger(e.lastWord) &&
      e.firstWord >= 0 &&
      e.firstWord <= e.lastWord &&
      e.lastWord < n;
    if (!ok) {
      throw new MetricInputError(
        `${what}: entity ${k} (${e.type} ${e.firstWord}..${e.lastWord}) is not inside its ${n} words`,
      );
    }
  });
}
