// Character error rate in a project's utterance scores: the same characters and counts as `sieve cer`
// (sclite -c) on the same words, after the same filters as WER, and a corpus row beside WER's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoldRecords } from '../gold/records';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import { corpusScores } from './corpusScores';
import { METRIC, systemProfile } from './coverage';
import { scoreUtterance } from './scoreUtterance';
import { DEFAULT_SCORING_SETTINGS } from './settings';

function gold(texts: readonly string[]): GoldRecords {
  return {
    words: texts.map((text, i) => ({ text, startSec: i, endSec: i + 0.5 })),
    trees: [],
    entities: [],
    concepts: [],
    interpretations: [],
    labels: {},
  };
}
const output = (texts: readonly string[]) => ({ id: 'u', words: texts.map((text) => ({ text })) });

/** What `sieve cer` computes on one utterance (the options it passes, case folded as sclite by default). */
function cliCer(ref: readonly string[], hyp: readonly string[]) {
  return scoreTranscripts([{ id: 'u', words: ref }], [{ id: 'u', words: hyp }], {
    costs: 'sclite',
    ignoreCase: true,
    scliteSyntax: true,
    characters: {},
  });
}

// Plain words: letters, some outside ASCII and some written without spaces, in both cases.
const word = fc
  .array(fc.constantFrom('a', 'b', 'C', 'é', 'ß', '日', '本', '語', 'x', 'Y', "'"), {
    minLength: 1,
    maxLength: 5,
  })
  .map((cs) => cs.join(''));

describe('CER per utterance', () => {
  it('counts characters by hand: one substituted letter and one inserted', () => {
    const s = scoreUtterance(gold(['cat', 'sat']), output(['cut', 'sats']));
    expect(s.chars).toMatchObject({ C: 5, S: 1, D: 0, I: 1, N: 6 });
    expect(s.chars!.cer).toBeCloseTo(2 / 6, 12);
    expect(s.chars!.signature).toMatch(/^cer\|costs:sclite\|case:fold\|split:chars\|v:/);
    expect(s.words).toMatchObject({ S: 2, N: 2 });
  });

  it('equals sieve cer on the same words (property)', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), fc.array(word, { maxLength: 8 }), (ref, hyp) => {
        const s = scoreUtterance(gold(ref), output(hyp)).chars!;
        const c = cliCer(ref, hyp);
        expect({ C: s.C, S: s.S, D: s.D, I: s.I, N: s.N }).toEqual(c.stats);
        expect(s.cer).toBe(c.wer);
      }),
      { numRuns: 300 },
    );
  });

  it('is a corpus figure beside WER with n / N; an utterance without words counts as an empty hypothesis', () => {
    const profile = systemProfile([output(['a'])]);
    const scored = [
      scoreUtterance(gold(['ab', 'cd']), output(['ab', 'ce']), DEFAULT_SCORING_SETTINGS, {}, profile),
      scoreUtterance(gold(['xyz']), null, DEFAULT_SCORING_SETTINGS, {}, profile),
    ];
    expect(scored[1]!.chars).toMatchObject({ C: 0, D: 3, N: 3, cer: 1 });
    const figures = corpusScores(scored, { resamples: 200, seed: 1 });
    const cer = figures.find((f) => f.metric === METRIC.cer)!;
    expect(cer).toMatchObject({ n: 2, N: 2, empty: 1 });
    // A ratio of sums: (1 substitution + 3 deletions) / 7 characters.
    expect(cer.value).toBeCloseTo(4 / 7, 12);
    expect(cer.signature).toMatch(/^cer\|.*\|missing:empty\|v:/);
    expect(figures.map((f) => f.metric)).toEqual([METRIC.wer, METRIC.cer]);
    const covered = corpusScores(scored, { resamples: 200, seed: 1, coverage: 'covered' });
    expect(covered.find((f) => f.metric === METRIC.cer)).toMatchObject({ n: 1, N: 2, value: 1 / 4 });
  });
});
