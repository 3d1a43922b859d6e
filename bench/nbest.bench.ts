// N-best scoring at scale: 100,000 utterances × 50-best (the target is a few seconds), the metric
// kernel alone, JSON-lines reading, and tree canonical forms.
import { parseNbestJsonl } from '../src/core/nbest/nbestJsonl';
import { scoreNbest, type NbestUtterance } from '../src/core/nbest/nbestScorer';
import { markCorrect, rankMetrics, rowWidth } from '../src/core/nbest/rankMetrics';
import { summarise } from '../src/core/nbest/aggregate';
import { seededRandom, type BenchSuite } from './harness';

const KS = [1, 3, 10, Number.POSITIVE_INFINITY];

/** Seeded corpus: `n` utterances, `depth`-best lists of object descriptions with tied runs, 1–3 golds. */
function corpus(n: number, depth: number, seed: number, tree: boolean): NbestUtterance[] {
  const rnd = seededRandom(seed);
  const interp = (k: number): string =>
    tree ? `(REF (OBJ obj${k}) (REL near) (LM obj${(k * 7) % 97}))` : `obj${k} near obj${(k * 7) % 97}`;
  return Array.from({ length: n }, (_, i) => {
    let score = 1;
    const nbest = Array.from({ length: depth }, (_, j) => {
      if (rnd() < 0.7) score *= 0.9; // about 30% of neighbours are equiprobable
      return { interp: interp(j * 13 + (i % 50)), score };
    });
    const gold = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () =>
      interp(Math.floor(rnd() * depth * 2) * 13 + (i % 50)),
    );
    return { id: `u${i}`, nbest, gold, labels: {} };
  });
}

/** Scoring 100k × 50-best, the kernel alone, JSONL reading, and tree canonical forms. */
export const nbestBench: BenchSuite = {
  name: 'nbest',
  async run(measure) {
    const n = 100_000;
    const depth = 50;
    const utts = corpus(n, depth, 7, false);
    await measure(
      'scoreNbest (text interps)',
      { utterances: n, depth, ks: 4 },
      () => scoreNbest(utts, { ks: KS, interp: 'text' }),
      {
        runs: 3,
      },
    );
    const scored = scoreNbest(utts, { ks: KS, interp: 'text' });
    await measure('summarise', { utterances: n, figures: 24 }, () => summarise(scored), { runs: 3 });
    const first10k = Array.from({ length: 10_000 }, (_, i) => i);
    await measure(
      'summarise with bootstrap intervals',
      { utterances: 10_000, figures: 24, resamples: 1000 },
      () => summarise(scored, first10k, { resamples: 1000 }),
      { runs: 3 },
    );

    // The kernel alone: correctness and scores already reduced to typed arrays.
    const rnd = seededRandom(3);
    const correct = Array.from({ length: n }, () =>
      Uint8Array.from({ length: depth }, () => (rnd() < 0.04 ? 1 : 0)),
    );
    const scores = Array.from({ length: n }, () => {
      const s = new Float64Array(depth);
      let v = 1;
      for (let j = 0; j < depth; j++) s[j] = rnd() < 0.7 ? (v *= 0.9) : v;
      return s;
    });
    const out = new Float64Array(n * rowWidth(KS.length));
    await measure('rankMetrics kernel', { utterances: n, depth, ks: 4 }, () => {
      for (let i = 0; i < n; i++)
        rankMetrics({ correct: correct[i]!, scores: scores[i]!, nGold: 3 }, KS, out, i * rowWidth(4));
    });
    const forms = utts[0]!.nbest.map((e) => String(e.interp));
    const gold = new Set(forms.slice(0, 2));
    await measure('markCorrect', { lists: n, depth }, () => {
      for (let i = 0; i < n; i++) markCorrect(forms, gold);
    });

    const m = 20_000;
    const text = corpus(m, depth, 11, false)
      .map((u) => JSON.stringify({ id: u.id, nbest: u.nbest, gold: u.gold }))
      .join('\n');
    await measure(
      'parse JSONL + score',
      { utterances: m, depth, MiB: Math.round(text.length / 2 ** 20) },
      () => scoreNbest(parseNbestJsonl(text).value, { ks: KS }),
      { runs: 3 },
    );
    const trees = corpus(m, depth, 13, true);
    await measure(
      'scoreNbest (bracket trees)',
      { utterances: m, depth },
      () => scoreNbest(trees, { ks: KS, interp: 'tree' }),
      {
        runs: 3,
      },
    );
  },
};
