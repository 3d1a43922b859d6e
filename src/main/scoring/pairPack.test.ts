// Packing a chunk's scored pairs for the app thread gives back exactly the pairs that were packed: on any
// pairs (absent and empty lists, NaN and -0 in rows, strings shared or not) and on the demo's real pairs.
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CorpusItem } from '../../core/scoring/corpusScores';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from '../store/projectStore';
import { packPairs, unpackPairs } from './pairPack';
import { pairScorer, scoredPair } from './scorePair';
import { scoringContext } from './scoringContext';
import type { ScoredPair } from './workerProtocol';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-pairpack-')));
afterEach(() => cleanup());

/** Through a structured clone, as a message to another thread: what `unpackPairs` gets there. */
const acrossThreads = (pairs: readonly ScoredPair[]): ScoredPair[] =>
  unpackPairs(structuredClone(packPairs(pairs)));

const text = fc.oneof(fc.constantFrom('WER', 'ratio', 'wer|v:1', ''), fc.string({ maxLength: 12 }));
const number = fc.oneof(fc.double(), fc.constantFrom(NaN, -0, 0, Infinity, -Infinity), fc.integer());
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const item: fc.Arbitrary<CorpusItem> = fc
  .record({
    rows: fc.array(
      fc.record(
        { metric: text, stat: text, signature: text, row: fc.array(number, { maxLength: 4 }) },
        { noNullPrototype: true },
      ),
      { maxLength: 5 },
    ),
    expected: optional(fc.array(text, { maxLength: 3 })),
    unscored: optional(
      fc.array(fc.record({ metric: text, signature: text }, { noNullPrototype: true }), { maxLength: 2 }),
    ),
    missing: optional(fc.array(text, { maxLength: 2 })),
  })
  .map(({ rows, expected, unscored, missing }) => ({
    rows,
    ...(expected ? { expected } : {}),
    ...(unscored ? { unscored } : {}),
    ...(missing ? { missing } : {}),
  }));
const pair: fc.Arbitrary<ScoredPair> = fc
  .record({
    systemId: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.constant(2 ** 40)),
    utteranceId: text,
    value: optional(fc.string()),
    corpus: optional(item),
    goldNotes: optional(fc.array(text, { minLength: 1, maxLength: 2 })),
  })
  .map(({ systemId, utteranceId, value, corpus, goldNotes }) => ({
    systemId,
    utteranceId,
    ...(value !== undefined ? { value } : {}),
    ...(corpus ? { corpus } : {}),
    ...(goldNotes ? { goldNotes } : {}),
  }));

describe('packPairs', () => {
  it('gives back exactly the pairs it packed', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 20 }), (pairs) => {
        expect(acrossThreads(pairs)).toStrictEqual(pairs);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back the demo’s scored pairs, with their scores as JSON or their corpus items', () => {
    copyDemo(dir);
    const store = ProjectStore.open(path.join(dir, 'demo.sieve'));
    try {
      const score = pairScorer(store.db, scoringContext(store));
      const utterances = store.db.prepare('SELECT id FROM utterance ORDER BY ord').pluck().all() as string[];
      const scored = store
        .systems()
        .flatMap((s) => utterances.map((u) => score(s.id, u)!))
        .filter((p) => p !== null);
      expect(scored.length).toBeGreaterThan(10);
      for (const reply of [
        { json: true, corpus: false },
        { json: false, corpus: true },
        { json: true, corpus: true },
      ]) {
        const pairs = scored.map((p) => scoredPair(p, reply));
        expect(acrossThreads(pairs)).toStrictEqual(pairs);
      }
    } finally {
      store.close();
    }
  });
});
