import { describe, expect, it } from 'vitest';
import { seededRandom } from '../stats/prng';
import { parseTreeOrThrow } from '../tree/bracket';
import { closeSilences, insertPerturb, noisePerturb } from './perturb';
import { perturbationAnalysis } from './perturbationAnalysis';
import type { WordTime } from './segmentTree';
import { structIou } from './structIou';

const w = (...pairs: [number, number][]): WordTime[] => pairs.map(([s, e]) => ({ startSec: s, endSec: e }));
const items = [
  {
    gold: parseTreeOrThrow('(S (NP (DT the) (NN cat)) (VP (VBD sat) (PP (IN on) (NP (DT the) (NN mat)))))'),
    pred: parseTreeOrThrow('(S (NP (DT the) (NN cat)) (VP (VBD sat)) (PP (IN on) (NP (DT the) (NN mat))))'),
    words: w([0.1, 0.3], [0.3, 0.7], [0.9, 1.2], [1.2, 1.4], [1.4, 1.5], [1.5, 2.0]),
  },
  {
    gold: parseTreeOrThrow('(S (NP (PRP I)) (VP (VBP am) (NP (DT a) (NN cat))))'),
    pred: parseTreeOrThrow('(S (NP (PRP I)) (VP (VBP am) (NP (DT a) (NN cat))))'),
    words: w([1.0, 1.5], [1.8, 2.0], [2.0, 2.2], [2.2, 3.0]),
  },
];

describe('perturbation analysis (§5.1.3, Figure 5)', () => {
  it('starts from the unperturbed scores on the silence-free timeline', () => {
    const a = perturbationAnalysis(items, { kind: 'noise', deltas: [0, 0.5], repetitions: 3 });
    const direct = items.map((it) => {
      const words = closeSilences(it.words);
      return structIou({ tree: it.gold, words }, { tree: it.pred, words });
    });
    expect(direct[1]!.score).toBe(1);
    expect(a.baseline.sentenceLevel).toBeCloseTo((direct[0]!.score + direct[1]!.score) / 2, 12);
    const nodes = direct[0]!.nodes + direct[1]!.nodes;
    expect(a.baseline.corpusLevel).toBeCloseTo(
      (2 * (direct[0]!.matchedIou + direct[1]!.matchedIou)) / nodes,
      12,
    );
    // δ = 0 perturbs nothing: every run equals the baseline, with no spread.
    expect(a.points[0]!.runs).toEqual([a.baseline, a.baseline, a.baseline]);
    expect(a.points[0]!.sentenceStd).toBe(0);
    expect(a.signature).toBe('struct-iou-perturb|kind:noise|k:3|seed:12345|thr:0|flex:yes|v:0.1.0');
  });

  it('lowers the score of a perfect parse as δ grows, with mean and standard deviation per δ', () => {
    const perfect = items.map((it) => ({ ...it, pred: it.gold }));
    for (const kind of ['noise', 'insert'] as const) {
      const a = perturbationAnalysis(perfect, { kind, seed: 7 });
      expect(a.baseline).toEqual({ sentenceLevel: 1, corpusLevel: 1 });
      expect(a.points.map((p) => p.delta)).toEqual([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]);
      for (const p of a.points) {
        expect(p.runs).toHaveLength(5);
        expect(p.sentenceMean).toBeLessThanOrEqual(1);
        const mean = p.runs.reduce((s, r) => s + r.sentenceLevel, 0) / 5;
        const std = Math.sqrt(p.runs.reduce((s, r) => s + (r.sentenceLevel - mean) ** 2, 0) / 5);
        expect(p.sentenceMean).toBeCloseTo(mean, 12);
        expect(p.sentenceStd).toBeCloseTo(std, 12);
      }
      expect(a.points[9]!.sentenceMean).toBeLessThan(a.points[0]!.sentenceMean);
    }
  });

  it('recomputes any run from seed + 1000·d + r, one stream through the sentences', () => {
    const a = perturbationAnalysis(items, { kind: 'insert', deltas: [0.3, 0.6], repetitions: 2, seed: 40 });
    const random = seededRandom(40 + 1000 * 1 + 1);
    const scores = items.map((it) => {
      const words = closeSilences(it.words);
      const p = insertPerturb(it.pred, words, 0.6, random);
      return structIou({ tree: it.gold, words }, p).score;
    });
    expect(a.points[1]!.runs[1]!.sentenceLevel).toBeCloseTo((scores[0]! + scores[1]!) / 2, 12);
    const b = perturbationAnalysis(items, { kind: 'noise', deltas: [0.6], repetitions: 1, seed: 40 });
    const nr = seededRandom(40);
    const noisy = items.map((it) => {
      const words = closeSilences(it.words);
      return structIou({ tree: it.gold, words }, { tree: it.pred, words: noisePerturb(words, 0.6, nr) })
        .score;
    });
    expect(b.points[0]!.runs[0]!.sentenceLevel).toBeCloseTo((noisy[0]! + noisy[1]!) / 2, 12);
    expect(perturbationAnalysis(items, { kind: 'insert', seed: 40 })).toEqual(
      perturbationAnalysis(items, { kind: 'insert', seed: 40 }),
    );
  });

  it('rejects an empty corpus, bad levels and bad repetition counts', () => {
    expect(() => perturbationAnalysis([], { kind: 'noise' })).toThrow('at least one sentence');
    expect(() => perturbationAnalysis(items, { kind: 'noise', deltas: [1.2] })).toThrow('got 1.2');
    expect(() => perturbationAnalysis(items, { kind: 'noise', repetitions: 0 })).toThrow('got 0');
    expect(() => perturbationAnalysis(items, { kind: 'noise', seed: 0.5 })).toThrow('got 0.5');
  });
});
