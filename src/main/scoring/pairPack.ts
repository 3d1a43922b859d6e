// A chunk's scored pairs as they cross from a scoring worker to the app thread: every distinct string once
// (the metrics' names, statistics and signatures repeat in every pair), the structure as integers and the
// statistics' values as numbers, both in typed arrays, which a structured clone copies in one piece. A
// structured clone of the pairs themselves copies each pair's strings twice (out of the worker, into the
// app thread) and rebuilds every object from the copy on the app thread, the one thread that all the
// workers' chunks go through.
import type { CorpusItem, CorpusRow } from '../../core/scoring/corpusScores';
import type { ScoredPair } from './workerProtocol';

/** Scored pairs packed by `packPairs`. */
export interface PackedPairs {
  strings: string[];
  /**
   * Per pair: system id, utterance id, which parts it has, then each part's counts and string indices
   * (as doubles, so that any system id fits).
   */
  ints: Float64Array;
  /** The corpus rows' values, row after row. */
  nums: Float64Array;
}

/** What a pair has (bits of its third integer). */
const VALUE = 1;
const CORPUS = 2;
const GOLD_NOTES = 4;

/** Packs `pairs` (as scoring hands them back) for another thread; `unpackPairs` gives them back as they were. */
export function packPairs(pairs: readonly ScoredPair[]): PackedPairs {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const str = (s: string): number => {
    let k = index.get(s);
    if (k === undefined) {
      index.set(s, (k = strings.length));
      strings.push(s);
    }
    return k;
  };
  const ints: number[] = [];
  const nums: number[] = [];
  /** A list: its length (-1 when absent), then each entry's integers. */
  const list = <T>(xs: readonly T[] | undefined, put: (x: T) => void): void => {
    if (!xs) ints.push(-1);
    else {
      ints.push(xs.length);
      for (const x of xs) put(x);
    }
  };
  for (const p of pairs) {
    const c = p.corpus;
    ints.push(
      p.systemId,
      str(p.utteranceId),
      (p.value !== undefined ? VALUE : 0) | (c ? CORPUS : 0) | (p.goldNotes ? GOLD_NOTES : 0),
    );
    if (p.value !== undefined) ints.push(str(p.value));
    if (c) {
      list(c.rows, (r) => {
        ints.push(str(r.metric), str(r.stat), str(r.signature));
        list(r.row, (v) => nums.push(v));
      });
      list(c.expected, (s) => ints.push(str(s)));
      list(c.unscored, (u) => ints.push(str(u.metric), str(u.signature)));
      list(c.missing, (s) => ints.push(str(s)));
    }
    if (p.goldNotes) list(p.goldNotes, (s) => ints.push(str(s)));
  }
  return { strings, ints: Float64Array.from(ints), nums: Float64Array.from(nums) };
}

/** The pairs `packPairs` packed. */
export function unpackPairs({ strings, ints, nums }: PackedPairs): ScoredPair[] {
  let i = 0;
  let v = 0;
  const int = (): number => ints[i++]!;
  const str = (): string => strings[ints[i++]!]!;
  /** A list `list` packed: undefined when absent. */
  const list = <T>(get: () => T): T[] | undefined => {
    const n = int();
    if (n < 0) return undefined;
    const out: T[] = new Array<T>(n);
    for (let k = 0; k < n; k++) out[k] = get();
    return out;
  };
  const out: ScoredPair[] = [];
  while (i < ints.length) {
    const systemId = int();
    const utteranceId = str();
    const has = int();
    const p: ScoredPair = { systemId, utteranceId };
    if (has & VALUE) p.value = str();
    if (has & CORPUS) {
      const rows = list((): CorpusRow => ({
        metric: str(),
        stat: str(),
        signature: str(),
        row: list(() => nums[v++]!)!,
      }))!;
      const expected = list(str);
      const unscored = list(() => ({ metric: str(), signature: str() }));
      const missing = list(str);
      const item: CorpusItem = {
        rows,
        ...(expected ? { expected } : {}),
        ...(unscored ? { unscored } : {}),
        ...(missing ? { missing } : {}),
      };
      p.corpus = item;
    }
    if (has & GOLD_NOTES) p.goldNotes = list(str)!;
    out.push(p);
  }
  return out;
}
