// Corpus statistics at scale: 1,000 bootstrap resamples over 10,000 items (the target is about a
// second), paired bootstrap, approximate randomisation and rank correlation.
import { bootstrapInterval, pairedBootstrap } from '../src/core/stats/bootstrap';
import { spearman } from '../src/core/stats/correlation';
import { approximateRandomisation } from '../src/core/stats/randomisation';
import { meanStatistic, ratioStatistic, type CorpusStatistic } from '../src/core/stats/statistic';
import { seededRandom, type BenchSuite } from './harness';

/** Mean without the fromSums fast path: every resample goes through combine() with weights. */
const generalMean: CorpusStatistic = {
  name: 'mean-general',
  width: 1,
  combine: (v, w) => meanStatistic.combine(v, w),
};

/** Bootstrap, paired bootstrap, randomisation and Spearman on seeded data. */
export const statsBench: BenchSuite = {
  name: 'stats',
  async run(measure) {
    const n = 10_000;
    const rnd = seededRandom(5);
    const a = Float64Array.from({ length: n }, () => rnd());
    const b = Float64Array.from({ length: n }, () => rnd() * 0.9);
    // WER-shaped items: [errors, reference words].
    const wa = Float64Array.from({ length: 2 * n }, (_, k) =>
      k % 2 ? 5 + Math.floor(rnd() * 20) : Math.floor(rnd() * 6),
    );
    const wb = Float64Array.from({ length: 2 * n }, (_, k) => (k % 2 ? wa[k]! : Math.floor(rnd() * 5)));
    await measure('bootstrap mean', { items: n, resamples: 1000 }, () => bootstrapInterval(meanStatistic, a));
    await measure('bootstrap ratio of sums (WER)', { items: n, resamples: 1000 }, () =>
      bootstrapInterval(ratioStatistic(), wa),
    );
    await measure(
      'bootstrap general combine()',
      { items: n, resamples: 1000 },
      () => bootstrapInterval(generalMean, a),
      {
        runs: 3,
      },
    );
    await measure('paired bootstrap ratio (WER)', { items: n, resamples: 1000 }, () =>
      pairedBootstrap(ratioStatistic(), wa, wb),
    );
    await measure(
      'approximate randomisation mean',
      { items: n, trials: 10000 },
      () => approximateRandomisation(meanStatistic, a, b),
      {
        runs: 3,
      },
    );
    await measure(
      'approximate randomisation ratio (WER)',
      { items: n, trials: 10000 },
      () => approximateRandomisation(ratioStatistic(), wa, wb),
      { runs: 3 },
    );
    const x = Float64Array.from({ length: 100_000 }, () => Math.floor(rnd() * 11));
    const y = Float64Array.from({ length: 100_000 }, () => rnd());
    await measure('spearman with ties', { pairs: 100_000 }, () => spearman(x, y));
  },
};
