// N-best scoring at scale: 100,000 utterances × 50-best (the target is a few seconds) with text and
// with bracket-tree interpretations, the metric kernel alone, JSON-lines reading, and summaries with
// bootstrap intervals. Each case builds its own data so the previous one can be collected.
import { summarise } from '../src/core/nbest/aggregate';
import { parseNbestUtterances } from '../src/core/formats/nbestJsonl';
import { scoreNbest, type NbestUtterance } from '../src/core/nbest/nbestScorer';
import { markCorrect, rankMetrics, rowWidth } from '../src/core/nbest/rankMetrics';
import { seededRandom, type BenchSuite, type Measure } from './harness';

const KS = [1, 3, 10, Number.POSITIVE_INFINITY];
const N = 100_000;
const DEPTH = 50;

/** Seeded corpus: `n` utterances, `depth`-best lists with runs of equal scores (about 30%), 1–3 golds. */
function corpus(n: number, depth: number, seed: number, tree: boolean): NbestUtterance[] {
  const rnd = seededRandom(seed);
  const interp = (k: number): string =>
    tree ? `(REF (OBJ obj${k}) (REL near) (LM obj${(k * 7) % 97}))` : `obj${k} near obj${(k * 7) % 97}`;
  return Array.from({ length: n }, (_, i) => {
    let score = 1;
    const nbest = Array.from({ length: depth }, (_, j) => {
      if (rnd() < 0.7) score *= 0.9;
      return { interp: interp(j * 13 + (i % 50)), score };
    });
    const gold = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () =>
      interp(Math.floor(rnd() * depth * 2) * 13 + (i % 50)),
    );
    return { id: `u${i}`, nbest, gold, labels: {} };
  });
}

async function textCase(measure: Measure): Promise<void> {
  const utts = corpus(N, DEPTH, 7, false);
  await measure(
    'scoreNbest (text interps)',
    { utterances: N, depth: DEPTH, ks: 4 },
    () => scoreNbest(utts, { ks: KS, interp: 'text' }),
    { runs: 3 },
  );
  const scored = scoreNbest(utts, { ks: KS, interp: 'text' });
  await measure('summarise', { utterances: N, figures: 24 }, () => summarise(scored), { runs: 3 });
  const first10k = Array.from({ length: 10_000 }, (_, i) => i);
  await measure(
    'summarise with bootstrap intervals',
    { utterances: 10_000, figures: 24, resamples: 1000 },
    () => summarise(scored, first10k, { resamples: 1000 }),
    { runs: 3 },
  );
}

async function treeCase(measure: Measure): Promise<void> {
  const utts = corpus(N, DEPTH, 13, true);
  await measure(
    'scoreNbest (canonical bracket trees)',
    { utterances: N, depth: DEPTH },
    () => scoreNbest(utts, { ks: KS, interp: 'tree' }),
    { runs: 3 },
  );
  // The same trees written loosely (extra spaces, bracketed leaves) take the rewriting path.
  for (const u of utts)
    for (const e of u.nbest) e.interp = (e.interp as string).replace(/ obj(\d+)\)/g, '  (obj$1) )');
  await measure(
    'scoreNbest (loosely written bracket trees)',
    { utterances: N, depth: DEPTH },
    () => scoreNbest(utts, { ks: KS, interp: 'tree' }),
    { runs: 3 },
  );
}

async function kernelCase(measure: Measure): Promise<void> {
  const rnd = seededRandom(3);
  const correct = Array.from({ length: N }, () =>
    Uint8Array.from({ length: DEPTH }, () => (rnd() < 0.04 ? 1 : 0)),
  );
  const scores = Array.from({ length: N }, () => {
    const s = new Float64Array(DEPTH);
    let v = 1;
    for (let j = 0; j < DEPTH; j++) s[j] = rnd() < 0.7 ? (v *= 0.9) : v;
    return s;
  });
  const out = new Float64Array(N * rowWidth(KS.length));
  await measure('rankMetrics kernel', { utterances: N, depth: DEPTH, ks: 4 }, () => {
    for (let i = 0; i < N; i++) {
      rankMetrics({ correct: correct[i]!, scores: scores[i]!, nGold: 3 }, KS, out, i * rowWidth(4));
    }
  });
  const forms = Array.from({ length: DEPTH }, (_, j) => `obj${j} near obj${(j * 7) % 97}`);
  const gold = new Set(forms.slice(0, 2));
  await measure('markCorrect', { lists: N, depth: DEPTH }, () => {
    for (let i = 0; i < N; i++) markCorrect(forms, gold);
  });
}

async function jsonlCase(measure: Measure): Promise<void> {
  const m = 20_000;
  const text = corpus(m, DEPTH, 11, false)
    .map((u) => JSON.stringify({ id: u.id, nbest: u.nbest, gold: u.gold }))
    .join('\n');
  await measure(
    'parse JSONL + score',
    { utterances: m, depth: DEPTH, MiB: Math.round(text.length / 2 ** 20) },
    () => scoreNbest(parseNbestUtterances(text).value, { ks: KS }),
    { runs: 3 },
  );
}

/** Scoring 100k × 50-best (text and trees), the kernel, JSONL reading, summaries with intervals. */
export const nbestBench: BenchSuite = {
  name: 'nbest',
  async run(measure) {
    await textCase(measure);
    await treeCase(measure);
    await kernelCase(measure);
    await jsonlCase(measure);
  },
};
