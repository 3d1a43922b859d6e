import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { correlateInterpretive, readCandidateTable, type CandidateValue } from './interpretive';

const rows = (d: string, pairs: [string, number][]): CandidateValue[] =>
  pairs.map(([candidate, value]) => ({ description: d, candidate, value }));

describe('Interpretive trial figures', () => {
  // Table 2 of Kleinbauer et al.: the object people preferred and the head objects of the system's I1–I3.
  // Scores I1 > I2 > I3, except description 6 where I1 and I2 are equiprobable (plate16 / plate28).
  const table2: [string, string, string[]][] = [
    ['1', 'plate16', ['plate16', 'plate15', 'plate28']],
    ['2', 'box17', ['box17', 'box19', 'carpet23']],
    ['3', 'plate16', ['mug26', 'plate16', 'mug12']],
    ['4', 'bookcase14', ['bookcase10', 'bookcase10', 'bookcase14']],
    ['5', 'mug26', ['mug26', 'mug12', 'mug13']],
    ['6', 'plate28', ['plate16', 'plate28', 'plate15']],
    ['7', 'bookcase10', ['bookcase14', 'bookcase10', 'bookcase14']],
    ['8', 'ball9', ['ball9', 'ball20', 'ball20']],
    ['9', 'portrait18', ['portrait18', 'portrait8', 'portrait27']],
  ];

  it('reproduces §7.1: the favourite is rank 1 in 5.5 descriptions and rank 2 in 2.5 (rank 3 in 1, Table 2)', () => {
    const ratings: CandidateValue[] = [];
    const scores: CandidateValue[] = [];
    for (const [d, fav, heads] of table2) {
      ratings.push(
        ...rows(d, [
          [fav, 8],
          [fav, 10],
        ]),
      );
      for (const h of new Set(heads)) if (h !== fav) ratings.push(...rows(d, [[h, 3]]));
      const p = d === '6' ? [0.4, 0.4, 0.1] : [0.5, 0.3, 0.1];
      scores.push(
        ...rows(
          d,
          heads.map((h, k) => [h, p[k]!] as [string, number]),
        ),
      );
    }
    const res = correlateInterpretive(ratings, scores);
    expect(res.overall.favouriteAt).toEqual([5.5, 2.5, 1]);
    expect(res.descriptions[5]!.favouriteAt).toEqual([0.5, 0.5, 0]);
    expect(res.signature).toBe('correlate|missing:zero|score:max|overall:pooled|v:0.1.0');
  });

  it('correlates mean ratings with best scores per description and pooled (scipy.stats 1.17.1)', () => {
    const ratings = [
      ...rows('d1', [
        ['A', 8],
        ['A', 6],
        ['B', 4],
        ['C', 1],
        ['D', 0],
      ]),
      ...rows('d2', [
        ['P', 9],
        ['Q', 2],
        ['Q', 4],
        ['R', 3],
        ['S', 1],
      ]),
    ];
    const scores = [
      ...rows('d1', [
        ['A', 0.6],
        ['A', 0.2],
        ['B', 0.3],
        ['C', 0.1],
        ['E', 0.05],
      ]),
      ...rows('d2', [
        ['P', 0.5],
        ['Q', 0.5],
        ['R', 0.2],
      ]),
    ];
    const res = correlateInterpretive(ratings, scores);
    // d1: x = 7, 4, 1, 0 (D unscored → 0); y = 0.6, 0.3, 0.1, 0.
    expect(res.descriptions[0]!.pearson.r).toBeCloseTo(0.9960238411119945, 12);
    expect(res.descriptions[0]!.spearman).toEqual({ r: 1, n: 4 });
    expect(res.descriptions[0]).toMatchObject({ unscored: 1, unrated: 1, favouriteAt: [1, 0, 0] });
    // d2: x = 9, 3, 3, 1; y = 0.5, 0.5, 0.2, 0 (S unscored → 0); P shares ranks 1–2 with Q.
    expect(res.descriptions[1]!.pearson.r).toBeCloseTo(0.7071067811865475, 12);
    expect(res.descriptions[1]!.spearman.r).toBeCloseTo(0.8333333333333335, 12);
    expect(res.descriptions[1]!.favouriteAt).toEqual([0.5, 0.5, 0]);
    expect(res.overall.pearson.r).toBeCloseTo(0.8489843259469803, 12);
    expect(res.overall.spearman.r).toBeCloseTo(0.8780487804878049, 12);
    expect(res.overall).toMatchObject({ unscored: 2, unrated: 1, favouriteAt: [1.5, 0.5, 0] });
    expect(res.overall.pearson.n).toBe(8);
    // Dropping unscored candidates: d1 becomes x = 7, 4, 1; y = 0.6, 0.3, 0.1.
    const dropped = correlateInterpretive(ratings, scores, { missing: 'drop' });
    expect(dropped.descriptions[0]!.pearson).toEqual({ r: expect.closeTo(0.9933992677987828, 12), n: 3 });
    expect(() => correlateInterpretive(ratings, scores, { missing: 'error' })).toThrow(
      new MetricInputError('description "d1": candidate "D" is rated but has no system score'),
    );
  });

  it('reads rating and score tables by header name', () => {
    const ok = readCandidateTable(
      'rater,Candidate,rating,description\nr1,mug26,7,d3\nr2,mug26,x,d3\n',
      'rating',
    );
    expect(ok.value).toEqual([{ description: 'd3', candidate: 'mug26', value: 7 }]);
    expect(ok.diagnostics.map((d) => [d.line, d.message])).toEqual([[3, 'rating must be a number, got "x"']]);
    const bad = readCandidateTable('description,object,score\nd1,a,1\n', 'score');
    expect(bad.diagnostics[0]!.message).toBe('the header needs column(s) candidate');
  });
});
