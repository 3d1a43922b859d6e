import { describe, expect, it } from 'vitest';
import { emptyGold, type GoldRecords } from '../../core/gold/records';
import { perturbationAnalysis } from '../../core/structIou/perturbationAnalysis';
import { parseTreeOrThrow } from '../../core/tree/bracket';
import {
  PERTURBATION_DELTAS,
  PERTURBATION_SAMPLE,
  PERTURBATION_SEED,
  keyedPerturbationCurves,
  perturbationCurves,
} from './perturbationCurve';

function utterance(
  id: string,
  bracket: string,
  words: string[],
  typed = false,
): { id: string; gold: GoldRecords } {
  return {
    id,
    gold: {
      ...emptyGold(),
      words: words.map((text, k) => ({ text, startSec: k * 0.3, endSec: k * 0.3 + 0.25 })),
      trees: [{ name: 'syntax', typed, bracket }],
    },
  };
}

describe('perturbationCurves', () => {
  it('perturbs the usable gold trees against themselves and skips the rest', () => {
    const good = [
      utterance('a', '(S (NP (DT the) (NN train)) (VP (VBZ leaves)))', ['the', 'train', 'leaves']),
      utterance('b', '(S (NP (NNP Bonn)) (VP (VBZ calls) (NP (NNP Berlin))))', ['Bonn', 'calls', 'Berlin']),
    ];
    const bad = utterance('c', '(S (NP (DT the)) (NN train))', ['the', 'train', 'leaves']);
    const typed = { ...utterance('d', '(root:S (word:a))', ['a'], true) };
    const [curve, ...others] = perturbationCurves([good[0]!, bad, good[1]!, typed], { repetitions: 3 });
    expect(others).toEqual([]);
    expect(curve).toMatchObject({ tree: 'syntax', sentences: 2, eligible: 2, skipped: 1 });
    const direct = perturbationAnalysis(
      good.map((u) => {
        const t = parseTreeOrThrow(u.gold.trees[0]!.bracket);
        return { gold: t, pred: t, words: u.gold.words };
      }),
      { kind: 'noise', deltas: PERTURBATION_DELTAS, repetitions: 3, seed: PERTURBATION_SEED },
    );
    expect(curve!.signature).toBe(direct.signature);
    expect(curve!.points[0]).toEqual({ delta: 0, mean: 1, std: 0, corpusMean: 1, corpusStd: 0 });
    expect(curve!.points.slice(1).map((p) => [p.delta, p.mean, p.std])).toEqual(
      direct.points.map((p) => [p.delta, p.sentenceMean, p.sentenceStd]),
    );
    expect(curve!.points.at(-1)!.mean).toBeLessThan(1);
  });

  it('draws large corpora on a seeded sample, the same every time', () => {
    const many = Array.from({ length: PERTURBATION_SAMPLE + 30 }, (_, i) =>
      utterance(`u${i}`, '(S (NP (DT the) (NN train)) (VP (VBZ leaves)))', ['the', 'train', 'leaves']),
    );
    const a = perturbationCurves(many, { repetitions: 1 });
    expect(a[0]).toMatchObject({ sentences: PERTURBATION_SAMPLE, eligible: PERTURBATION_SAMPLE + 30 });
    expect(perturbationCurves(many, { repetitions: 1 })).toEqual(a);
  });

  it('keys each curve by what it is computed from: an edit outside the sample keeps the key, one inside changes it', () => {
    const many = Array.from({ length: PERTURBATION_SAMPLE + 30 }, (_, i) => {
      const verb = i % 2 ? 'leaves' : 'goes';
      return utterance(`u${i}`, `(S (NP (DT the) (NN train)) (VP (VBZ ${verb})))`, ['the', 'train', verb]);
    });
    const [[key, curve]] = keyedPerturbationCurves(many, { repetitions: 1 }) as [[string, unknown]];
    expect(curve).toEqual(perturbationCurves(many, { repetitions: 1 })[0]);
    // A curve kept under the key is used as it is.
    const kept = { ...perturbationCurves(many, { repetitions: 1 })[0]!, signature: 'kept' };
    expect(keyedPerturbationCurves(many, { repetitions: 1 }, (k) => (k === key ? kept : undefined))).toEqual([
      [key, kept],
    ]);
    const moved = (i: number) =>
      many.map((u, j) =>
        j === i
          ? { ...u, gold: { ...u.gold, words: u.gold.words.map((w) => ({ ...w, endSec: w.endSec + 0.01 })) } }
          : u,
      );
    // Which sentences the sample left out: those whose edit keeps the key (a curve is "kept" for every
    // key, so none is computed).
    const keys = many.map((_, i) => keyedPerturbationCurves(moved(i), { repetitions: 1 }, () => kept)[0]![0]);
    expect(keys.filter((k) => k === key)).toHaveLength(30);
    expect(keys.filter((k) => k !== key)).toHaveLength(PERTURBATION_SAMPLE);
    expect(keyedPerturbationCurves(many, { repetitions: 2 }, () => kept)[0]![0]).not.toBe(key);
  });
});
