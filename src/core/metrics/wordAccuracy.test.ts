import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import scliteFixture from '../../../test/fixtures/sclite/pairs.json';
import { praLines } from '../align/pra';
import { MetricInputError } from '../errors';
import { SIEVE_VERSION } from '../version';
import paper from './fixtures/paperExamples.json';
import {
  type WordErrorStats,
  accuracyFromStats,
  combineStats,
  errorRate,
  scoreTranscripts,
  scoreWords,
  werSignature,
  wordAccuracy,
} from './wordAccuracy';

const words = (s: string): string[] => (s === '' ? [] : s.split(' '));

describe('word accuracy: the papers’ examples', () => {
  for (const ex of paper.wordAccuracy) {
    it(ex.name, () => {
      const costs = 'costs' in ex ? (ex.costs as 'sclite') : 'equal';
      const r = scoreWords(words(ex.ref), words(ex.hyp), { costs });
      const { C, S, D, I, N } = ex.expected;
      expect(r.stats).toEqual({ C, S, D, I, N });
      expect(Number((100 * wordAccuracy(words(ex.ref), words(ex.hyp), { costs })!).toFixed(1))).toBe(
        ex.expected.accuracyPercent,
      );
      if ('cost' in ex.expected) expect(r.cost).toBe(ex.expected.cost);
      if ('ops' in ex.expected) expect(r.alignment.map((p) => p.op).join('')).toBe(ex.expected.ops);
      // The papers' figures do not depend on the preset: Levenshtein and sclite costs agree here.
      expect(scoreWords(words(ex.ref), words(ex.hyp), { costs: 'sclite' }).stats).toEqual(r.stats);
    });
  }
});

type Run = (typeof scliteFixture.runs)[number];

function scoreRun(run: Run) {
  const refs = scliteFixture.pairs.map(([id, ref]) => ({ id: id!, words: words(ref!) }));
  const hyps = scliteFixture.pairs.map(([id, , hyp]) => ({ id: id!, words: words(hyp!) }));
  return scoreTranscripts(refs, hyps, { costs: 'sclite', ignoreCase: run.ignoreCase });
}

describe('word error rate equals NIST sclite’s (frozen sclite outputs, test/fixtures/sclite/pairs.json)', () => {
  for (const run of scliteFixture.runs) {
    it(`${run.name}: per-utterance counts, alignments and pra lines`, () => {
      const scored = scoreRun(run);
      scored.utterances.forEach((u, k) => {
        const [counts, ops, ...pra] = run.results[k]!;
        const s = u.stats;
        expect({
          id: u.id,
          counts: `${s.C} ${s.S} ${s.D} ${s.I}`,
          ops: u.alignment.map((p) => p.op).join(''),
        }).toEqual({
          id: scliteFixture.pairs[k]![0],
          counts,
          ops,
        });
        expect(praLines(u.alignment, { caseFold: run.ignoreCase })).toEqual(pra);
      });
    });

    it(`${run.name}: the Sum/Avg row`, () => {
      const scored = scoreRun(run);
      const { C, S, D, I, N } = scored.stats;
      const pct = (x: number) => ((100 * x) / N).toFixed(1);
      const ours = [
        String(scored.utterances.length),
        String(N),
        pct(C),
        pct(S),
        pct(D),
        pct(I),
        pct(S + D + I),
        ((100 * scored.sentencesWithErrors) / scored.utterances.length).toFixed(1),
      ];
      expect(run.sumAvg.split(/[\s|]+/).filter((t) => t && t !== 'Sum/Avg')).toEqual(ours);
    });
  }
});

describe('word error rate: corpus rules', () => {
  it('is a ratio of sums, with the empty-reference rule documented on errorRate', () => {
    const a: WordErrorStats = { C: 1, S: 1, D: 0, I: 0, N: 2 };
    const b: WordErrorStats = { C: 0, S: 0, D: 0, I: 3, N: 0 };
    expect(combineStats([a, b])).toEqual({ C: 1, S: 1, D: 0, I: 3, N: 2 });
    expect(errorRate(combineStats([a, b]))).toBe(2);
    expect(errorRate(b)).toBeNull();
    expect(errorRate({ C: 0, S: 0, D: 0, I: 0, N: 0 })).toBe(0);
    expect(accuracyFromStats(b)).toBeNull();
    expect(accuracyFromStats(combineStats([]))).toBe(1);
    expect(scoreWords([], ['x']).wer).toBeNull();
    expect(scoreWords([], []).wer).toBe(0);
  });

  it('pairs utterances by id and names missing, extra and repeated ids', () => {
    const u = (id: string, s = 'a') => ({ id, words: words(s) });
    const r = scoreTranscripts([u('x', 'a b'), u('y', 'c')], [u('y', 'c d'), u('x', 'a b')]);
    expect(r.utterances.map((x) => [x.id, x.wer])).toEqual([
      ['x', 0],
      ['y', 1],
    ]);
    expect(r.stats).toEqual({ C: 3, S: 0, D: 0, I: 1, N: 3 });
    expect(() => scoreTranscripts([u('x'), u('y')], [u('x'), u('z')])).toThrow(
      new MetricInputError(
        "2 reference and 2 hypothesis utterances: no hypothesis for reference id 'y'; hypothesis id 'z' not in the reference",
        { missing: ['y'], extra: ['z'] },
      ),
    );
    expect(() => scoreTranscripts([u('x'), u('x')], [u('x')])).toThrow(/^repeated utterance id 'x'$/);
    const many = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => u(id));
    expect(() => scoreTranscripts(many, [])).toThrow(/'a', 'b', 'c', 'd', 'e' and 2 more$/);
  });

  it('folds case only when asked, and says so in the signature', () => {
    expect(scoreWords(['Hello'], ['hello']).stats.S).toBe(1);
    expect(scoreWords(['Hello'], ['hello'], { ignoreCase: true }).stats.C).toBe(1);
    expect(werSignature({ ignoreCase: true })).toBe(`wer|costs:sclite|case:fold|v:${SIEVE_VERSION}`);
    expect(werSignature({ costs: 'equal' })).toBe(`wer|costs:equal|case:exact|v:${SIEVE_VERSION}`);
    expect(() => scoreWords(['a'], ['b'], { costs: 'nope' as never })).toThrow(MetricInputError);
  });

  it('corpus WER equals the WER of the concatenated counts of any split (property)', () => {
    const utt = fc.record({
      ref: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 6 }),
      hyp: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(utt, { maxLength: 8 }), (pairs) => {
        const refs = pairs.map((p, k) => ({ id: `u${k}`, words: p.ref }));
        const hyps = pairs.map((p, k) => ({ id: `u${k}`, words: p.hyp }));
        const corpus = scoreTranscripts(refs, hyps);
        const each = pairs.map((p) => scoreWords(p.ref, p.hyp).stats);
        expect(corpus.stats).toEqual(combineStats(each));
        expect(corpus.stats.N).toBe(pairs.reduce((n, p) => n + p.ref.length, 0));
        expect(corpus.wer).toBe(errorRate(combineStats(each)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('word error rate: figures without alignments', () => {
  it('gives the same figures when alignments are not kept', () => {
    const refs = scliteFixture.pairs.map(([id, ref]) => ({ id: id!, words: words(ref!) }));
    const hyps = scliteFixture.pairs.map(([id, , hyp]) => ({ id: id!, words: words(hyp!) }));
    const full = scoreTranscripts(refs, hyps, { ignoreCase: true });
    const lean = scoreTranscripts(refs, hyps, { ignoreCase: true }, { alignments: false });
    expect(lean.utterances.every((u) => u.alignment.length === 0)).toBe(true);
    expect(lean.utterances.map((u) => u.stats)).toEqual(full.utterances.map((u) => u.stats));
    expect({ ...lean, utterances: [] }).toEqual({ ...full, utterances: [] });
  });
});
