// Corpus figures made in parts: what each utterance brings to them (a corpus item, plain data that crosses
// threads), gathered metric by metric, each interval computed apart (as another thread computes it), give
// exactly the figures `corpusScores` makes from the scores; and scores read back from the cache's JSON give
// the figures the scores gave.
import { describe, expect, it } from 'vitest';
import type { GoldRecords } from '../gold/records';
import type { SystemOutput } from '../model/systemOutput';
import {
  type Coverage,
  collectCorpus,
  corpusFigure,
  corpusInterval,
  corpusItem,
  corpusScores,
} from './corpusScores';
import { systemProfile } from './coverage';
import { type UtteranceScores, scoreUtterance } from './scoreUtterance';
import { DEFAULT_SCORING_SETTINGS } from './settings';

const timed = (texts: string[]) => texts.map((text, i) => ({ text, startSec: i, endSec: i + 0.9 }));

/** A gold utterance of `n` words (n ≥ 2) with a tree, an entity, a concept and an interpretation. */
function gold(n: number): GoldRecords {
  const words = Array.from({ length: n }, (_, k) => `w${k % 5}`);
  return {
    words: timed(words),
    trees: [
      {
        name: 'syntax',
        typed: false,
        bracket: `(S (A ${words
          .slice(0, 2)
          .map((w) => `(T ${w})`)
          .join(' ')}) (B ${words
          .slice(2)
          .map((w) => `(T ${w})`)
          .join(' ')}))`,
      },
    ],
    entities: [{ type: 'P', firstWord: 0, lastWord: 0 }],
    concepts: [{ attribute: 'goal', value: words[0]! }],
    interpretations: [`goal(${words[0]})`],
    labels: {},
  };
}

/** Twelve utterances' scores: some with output (some of it wrong), some without. */
function corpus(): UtteranceScores[] {
  const golds = Array.from({ length: 12 }, (_, k) => gold(2 + (k % 4)));
  const outputs: (SystemOutput | null)[] = golds.map((g, k) =>
    k % 5 === 3
      ? null
      : {
          id: `u${k}`,
          words: g.words.map((w, j) => (j === k % 3 ? { ...w, text: `${w.text}x` } : w)),
          trees: k % 2 === 0 ? [{ name: 'syntax', typed: false, bracket: g.trees[0]!.bracket }] : [],
          entities: k % 3 === 0 ? [] : [{ type: k % 2 ? 'P' : 'L', firstWord: 0, lastWord: 0 }],
          concepts: g.concepts,
          nbest: [{ interpretation: k % 2 ? g.interpretations[0]! : 'other()', score: 1 }],
        },
  );
  const profile = systemProfile(outputs.filter((o) => o !== null));
  return golds.map((g, k) => scoreUtterance(g, outputs[k]!, DEFAULT_SCORING_SETTINGS, {}, profile));
}

describe('corpus figures in parts', () => {
  it.each<Coverage>(['all', 'covered'])(
    'gives corpusScores’ figures from cloned corpus items, intervals computed apart (coverage %s)',
    (coverage) => {
      const scores = corpus();
      expect(scores.some((s) => s.missing)).toBe(true);
      const options = { coverage, resamples: 200, seed: 7 };
      const expected = corpusScores(scores, options);
      const items = structuredClone(scores.map(corpusItem));
      const parts = collectCorpus(items, coverage).map((c) =>
        corpusFigure(c, options, c.stat === null ? undefined : corpusInterval(c.stat, c.values, options)),
      );
      expect(parts).toEqual(expected);
      expect(collectCorpus(items, coverage).map((c) => corpusFigure(c, options))).toEqual(expected);
      expect(expected.map((f) => f.metric)).toContain('NDCG@3');
    },
  );

  it('counts an undefined N-best figure read back from JSON (null) as the scores had it (NaN): not at all', () => {
    const scores = corpus();
    const s = scores.find((x) => x.nbest)!;
    s.nbest = { ...s.nbest!, figures: { ...s.nbest!.figures, 'NDCG@3': NaN } };
    const read = JSON.parse(JSON.stringify(scores)) as UtteranceScores[];
    expect(read.some((x) => (x.nbest?.figures['NDCG@3'] as number | null) === null)).toBe(true);
    const figures = corpusScores(scores, { resamples: 50 });
    expect(corpusScores(read, { resamples: 50 })).toEqual(figures);
    const ndcg = figures.find((f) => f.metric === 'NDCG@3')!;
    expect(ndcg.n).toBe(scores.filter((x) => x.nbest).length - 1);
  });
});
