import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import fixture from '../../../test/fixtures/sclite/dtl.json';
import { DTL_CORPORA, runScliteDtl, sumRows } from '../../../test/fixtures/sclite/dtl';
import { type WordPair, scliteAvailable } from '../../../test/fixtures/sclite/sclite';
import { scoreTranscripts } from '../metrics/wordAccuracy';
import { type AnalysedUtterance, errorAnalysis, sortCounted } from './errorAnalysis';
import { dtlText, sctkRound, speakerSummaryText } from './scliteReports';
import { speakerFromId } from './speakers';
import { meanSdMedian, speakerSummary } from './speakerSummary';
import { systemUtterances } from './werInputs';

/** SIEVE's dtl and sum reports for pairs, scored as sclite with or without `-s`. */
function sieveReports(pairs: readonly WordPair[], caseSensitive: boolean) {
  const scored = scoreTranscripts(
    pairs.map((p) => ({ id: p.id, words: p.ref })),
    pairs.map((p) => ({ id: p.id, words: p.hyp })),
    { ignoreCase: !caseSensitive },
    { alignments: true },
  );
  const analysis = errorAnalysis(scored.utterances, { caseFold: !caseSensitive });
  const counts = systemUtterances(scored, (id) => speakerFromId(id, 'rm')).counts;
  return { dtl: dtlText(analysis, 'hyp.trn'), sys: speakerSummaryText(speakerSummary(counts), 'hyp.trn') };
}

/** sclite's report with its own title line and its 'substitions' spelling (SCTK 2.4.10) normalised. */
function normaliseDtl(text: string): string {
  return text
    .replace(
      /^DETAILED OVERALL REPORT FOR THE SYSTEM: .*$/m,
      'DETAILED OVERALL REPORT FOR THE SYSTEM: hyp.trn',
    )
    .replace('with substitions   ', 'with substitutions ');
}

function expectSameAsSclite(
  pairs: readonly WordPair[],
  flags: readonly string[],
  sclite: { dtl: string; sys: string },
) {
  const mine = sieveReports(pairs, flags.includes('-s'));
  expect(mine.dtl).toBe(normaliseDtl(sclite.dtl));
  expect(sumRows(mine.sys)).toEqual(sumRows(sclite.sys));
}

describe('error analysis and summary by speaker against frozen sclite reports (test/fixtures/sclite/dtl.json)', () => {
  for (const run of fixture.runs) {
    it(`${run.name}: the dtl report line for line, every figure of the sum table`, () => {
      const corpus = DTL_CORPORA.find((c) => c.name === run.name)!;
      expectSameAsSclite(corpus.pairs(), run.flags, run);
    });
  }
});

const hasSclite = scliteAvailable();
const skipReason = hasSclite ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSclite)(`error analysis against a live sclite run${skipReason}`, () => {
  it('fresh random pairs, case-folded and case-sensitive', async () => {
    const { randomPairs } = await import('../../../test/fixtures/sclite/sclite');
    for (const flags of [[], ['-s']]) {
      const pairs = randomPairs(9000 + flags.length, 250);
      expectSameAsSclite(pairs, flags, runScliteDtl(pairs, flags));
    }
  });
});

describe('error analysis', () => {
  it('lists each confusion with the utterances it occurs in, once each, in corpus order', () => {
    const u = (id: string, steps: [string | null, string | null][]): AnalysedUtterance => ({
      id,
      alignment: steps.map(([ref, hyp]) => ({
        ref,
        hyp,
        op: ref === null ? 'I' : hyp === null ? 'D' : ref === hyp ? 'C' : 'S',
      })),
    });
    const a = errorAnalysis(
      [
        u('u2', [
          ['a', 'b'],
          ['a', 'b'],
          [null, 'x'],
        ]),
        u('u1', [
          ['a', 'b'],
          ['c', null],
          ['d', 'd'],
        ]),
      ],
      {},
    );
    expect(a.confusions).toEqual([
      { key: 'a ==> b', ref: 'a', hyp: 'b', count: 3, utterances: ['u2', 'u1'] },
    ]);
    expect(a.insertions).toEqual([{ key: 'x', count: 1, utterances: ['u2'] }]);
    expect(a.deletions).toEqual([{ key: 'c', count: 1, utterances: ['u1'] }]);
    expect(a.words).toEqual({ C: 1, S: 3, D: 1, I: 1, ref: 5, hyp: 5, aligned: 6 });
    expect(a.sentences).toEqual({
      total: 2,
      withErrors: 2,
      withSubstitutions: 2,
      withDeletions: 1,
      withInsertions: 1,
    });
  });

  it('sorts by count, then by the text in byte order (slow oracle: pairwise comparison)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.string({ maxLength: 3 }), fc.integer({ min: 1, max: 4 })), { maxLength: 20 }),
        (raw) => {
          const items = [...new Map(raw).entries()].map(([key, count]) => ({ key, count, utterances: [] }));
          const sorted = sortCounted(items);
          for (let k = 1; k < sorted.length; k++) {
            const [p, q] = [sorted[k - 1]!, sorted[k]!];
            expect(p.count > q.count || (p.count === q.count && p.key < q.key)).toBe(true);
          }
        },
      ),
    );
  });

  it("sctkRound rounds half away from zero as sclite's F_ROUND", () => {
    expect(sctkRound(0.25, 1)).toBe('0.3');
    expect(sctkRound(-0.25, 1)).toBe('-0.3');
    expect(sctkRound(66.66666, 1)).toBe('66.7');
  });

  it('meanSdMedian: S.D. with n − 1, 0 for one value; median of an even count is the mean of the middle two', () => {
    expect(meanSdMedian([])).toBeNull();
    expect(meanSdMedian([4])).toEqual({ mean: 4, sd: 0, median: 4 });
    const r = meanSdMedian([1, 2, 3, 10])!;
    expect(r.mean).toBe(4);
    expect(r.median).toBe(2.5);
    expect(r.sd).toBeCloseTo(Math.sqrt(50 / 3), 12);
  });
});
