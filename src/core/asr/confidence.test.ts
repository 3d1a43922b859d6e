import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../test/fixtures/sclite/dtl.json';
import { type CtmUtterance, randomCtmCorpus, runScliteCtm, sumRows } from '../../../test/fixtures/sclite/dtl';
import { scliteAvailable } from '../../../test/fixtures/sclite/sclite';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import { NCE_CLAMP, normalisedCrossEntropy, reliabilityDiagram } from './confidence';
import { speakerSummaryText } from './scliteReports';
import { speakerSummary } from './speakerSummary';
import { systemUtterances } from './werInputs';

describe('normalised cross entropy', () => {
  it('is 1 − (cross entropy of the confidences) / (entropy of the correct/incorrect split), in bits', () => {
    const words = [
      { confidence: 0.9, correct: true },
      { confidence: 0.8, correct: true },
      { confidence: 0.3, correct: false },
      { confidence: 0.6, correct: false },
    ];
    // Hand calculation: p = 1/2, H(C) = 4 bits; Σ = log2 .9 + log2 .8 + log2 .7 + log2 .4.
    const sum = Math.log2(0.9) + Math.log2(0.8) + Math.log2(0.7) + Math.log2(0.4);
    const r = normalisedCrossEntropy(words);
    expect(r.nce).toBeCloseTo((4 + sum) / 4, 12);
    expect(r).toMatchObject({ n: 4, correct: 2, outOfRange: 0 });
    expect(r.signature).toMatch(/^nce\|log:2\|clamp:1e-7\|v:/);
  });

  it('clamps confidences of 0 and 1 to [1e-7, 1 − 1e-7] as sclite, and counts ones outside [0, 1]', () => {
    const r = normalisedCrossEntropy([
      { confidence: 1, correct: true },
      { confidence: 0, correct: true },
      { confidence: 1.5, correct: false },
    ]);
    const p = 2 / 3;
    const h = -(2 * Math.log2(p) + Math.log2(1 - p));
    const sum = Math.log2(1 - NCE_CLAMP) + Math.log2(NCE_CLAMP) + Math.log2(NCE_CLAMP);
    expect(r.nce).toBeCloseTo((h + sum) / h, 9);
    expect(r.outOfRange).toBe(1);
  });

  it('is undefined with no words or when every word is right (or every word wrong)', () => {
    expect(normalisedCrossEntropy([]).nce).toBeNull();
    expect(normalisedCrossEntropy([{ confidence: 0.5, correct: true }]).nce).toBeNull();
    expect(normalisedCrossEntropy([{ confidence: 0.5, correct: false }]).nce).toBeNull();
  });

  it('equals a direct per-word sum with natural logs divided by ln 2 (slow oracle)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), {
          minLength: 2,
          maxLength: 40,
        }),
        (raw) => {
          const words = raw.map(([confidence, correct]) => ({ confidence, correct }));
          const n = words.length;
          const c = words.filter((w) => w.correct).length;
          const r = normalisedCrossEntropy(words);
          if (c === 0 || c === n) {
            expect(r.nce).toBeNull();
            return;
          }
          const clamp = (x: number) => Math.min(1 - 1e-7, Math.max(1e-7, x));
          let ll = 0;
          for (const w of words)
            ll += w.correct ? Math.log(clamp(w.confidence)) : Math.log(1 - clamp(w.confidence));
          const p = c / n;
          const h = -(c * Math.log(p) + (n - c) * Math.log(1 - p));
          expect(r.nce).toBeCloseTo((h + ll) / h, 9);
        },
      ),
    );
  });
});

describe('reliability diagram', () => {
  it('bins confidences in tenths, the last bin including 1; empty bins are undefined', () => {
    const r = reliabilityDiagram([
      { confidence: 0.05, correct: false },
      { confidence: 0.95, correct: true },
      { confidence: 1, correct: false },
    ]);
    expect(r.n).toBe(3);
    expect(r.bins).toHaveLength(10);
    expect(r.bins[0]).toEqual({ lo: 0, hi: 0.1, n: 1, meanConfidence: 0.05, accuracy: 0 });
    expect(r.bins[9]!.n).toBe(2);
    expect(r.bins[9]!.accuracy).toBe(0.5);
    expect(r.bins[9]!.meanConfidence).toBeCloseTo(0.975, 12);
    expect(r.bins[5]).toMatchObject({ n: 0, meanConfidence: null, accuracy: null });
    expect(r.ece).toBeCloseTo((1 / 3) * 0.05 + (2 / 3) * 0.475, 12);
    expect(reliabilityDiagram([]).ece).toBeNull();
  });
});

describe('NCE against sclite (stm reference, ctm hypothesis with confidences)', () => {
  function sieveSys(corpus: readonly CtmUtterance[]): string {
    const scored = scoreTranscripts(
      corpus.map((u) => ({ id: u.id, words: u.ref })),
      corpus.map((u) => ({ id: u.id, words: u.hyp.map((h) => h.word) })),
      { ignoreCase: true },
      { alignments: true },
    );
    const speakerOf = new Map(corpus.map((u) => [u.id, u.speaker]));
    const confidences = new Map(corpus.map((u) => [u.id, u.hyp.map((h) => h.confidence)]));
    const words = (speaker: string | null) =>
      scored.utterances
        .filter((u) => speaker === null || speakerOf.get(u.id) === speaker)
        .flatMap((u) =>
          u.alignment
            .filter((p) => p.op !== 'D')
            .map((p) => ({ confidence: confidences.get(u.id)![p.hypIndex]!, correct: p.op === 'C' })),
        );
    const counts = systemUtterances(scored, (id) => speakerOf.get(id)!).counts;
    return speakerSummaryText(
      speakerSummary(counts, (s) => normalisedCrossEntropy(words(s)).nce),
      'hyp.ctm',
    );
  }

  it(`frozen: every figure of sclite's summary with its NCE column (seed ${fixture.nce.seed})`, () => {
    expect(sumRows(sieveSys(randomCtmCorpus(fixture.nce.seed, 60)))).toEqual(sumRows(fixture.nce.sys));
  });

  it.skipIf(!scliteAvailable())(
    `live: a fresh corpus${scliteAvailable() ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)'}`,
    () => {
      const corpus = randomCtmCorpus(777, 90);
      expect(sumRows(sieveSys(corpus))).toEqual(sumRows(runScliteCtm(corpus)));
    },
  );
});
