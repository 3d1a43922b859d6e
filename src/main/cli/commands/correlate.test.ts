import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

// Expected correlations: scipy.stats 1.17.1 on the same numbers (see src/core/stats/interpretive.test.ts).
const ratings = [
  'rater,description,candidate,rating',
  'r1,d1,A,8',
  'r2,d1,A,6',
  'r1,d1,B,4',
  'r1,d1,C,1',
  'r1,d1,D,0',
];
const scores = ['description,candidate,score', 'd1,A,0.6', 'd1,A,0.2', 'd1,B,0.3', 'd1,C,0.1', 'd1,E,0.05'];

describe('sieve correlate', () => {
  it('prints correlations per description and overall with the n behind them', async () => {
    fs.writeFileSync(path.join(dir, 'ratings.csv'), ratings.join('\n'));
    fs.writeFileSync(path.join(dir, 'scores.csv'), scores.join('\r\n'));
    const r = await sieve('correlate', 'ratings.csv', 'scores.csv');
    expect(r.err).toBe('');
    expect(r.out.split('\n').slice(0, 4)).toEqual([
      'description  n  Pearson  Spearman  rank1  rank2  rank3  unscored  unrated',
      'd1           4   0.9960    1.0000      1      0      0         1        1',
      '-------------------------------------------------------------------------',
      'overall      4   0.9960    1.0000      1      0      0         1        1',
    ]);
    expect(r.out).toContain('correlate|missing:zero|score:max|overall:pooled|v:0.1.0');
    const json = JSON.parse(
      (await sieve('correlate', 'ratings.csv', 'scores.csv', '--format', 'json', '--missing', 'drop')).out,
    );
    expect(json.descriptions[0]).toMatchObject({ description: 'd1', n: 3, unscored: 1, unrated: 1 });
    expect(json.descriptions[0].pearson).toBeCloseTo(0.9933992677987828, 12);
    expect(json.signature).toBe('correlate|missing:drop|score:max|overall:pooled|v:0.1.0');
  });

  it('reports bad tables with their location, and unscored candidates under --missing error', async () => {
    fs.writeFileSync(path.join(dir, 'ratings.csv'), [...ratings, 'r2,d1,B,lots'].join('\n'));
    fs.writeFileSync(path.join(dir, 'scores.csv'), scores.join('\n'));
    expect(await sieve('correlate', 'ratings.csv', 'scores.csv')).toEqual({
      code: 1,
      out: '',
      err: 'ratings.csv:7:1: rating must be a number, got "lots"\n',
    });
    fs.writeFileSync(path.join(dir, 'ratings.csv'), ratings.join('\n'));
    expect((await sieve('correlate', 'ratings.csv', 'scores.csv', '--missing', 'error')).err).toBe(
      'sieve correlate: description "d1": candidate "D" is rated but has no system score\n',
    );
    const one = await sieve('correlate', 'ratings.csv');
    expect(one.code).toBe(2);
    expect(one.err).toMatch(
      /^sieve correlate: arguments: 'ratings\.csv'; expected RATINGS\.csv SCORES\.csv\nusage: sieve correlate/,
    );
    const maybe = await sieve('correlate', 'ratings.csv', 'scores.csv', '--missing', 'maybe');
    expect(maybe.code).toBe(2);
    expect(maybe.err.split('\n')[0]).toBe(
      "sieve correlate: --missing: 'maybe'; expected zero, drop or error",
    );
  });
});
