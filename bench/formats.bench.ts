// Reading and writing the interchange formats at project scale: 10,000 utterances of 20 words (200,000
// words) with a tree and an entity each, seeded; one big file per format, plus 10,000 small TextGrids
// (the Montreal Forced Aligner writes one per utterance).
import type { UtteranceAnnotation } from '../src/core/model/annotation';
import { parseConcepts, writeConcepts } from '../src/core/formats/concepts';
import { parseCtm, writeCtm } from '../src/core/formats/ctm';
import { parseEaf, writeEaf } from '../src/core/formats/eaf';
import { matchLeaves } from '../src/core/formats/leafMatch';
import { parseNbestJsonl, writeNbestJsonl } from '../src/core/formats/nbestJsonl';
import { parsePtb, splitTimedLeaves, writePtb } from '../src/core/formats/ptb';
import { parseSystemJsonl, writeSystemJsonl } from '../src/core/formats/systemJsonl';
import { parseTextGrid, writeTextGrid } from '../src/core/formats/textGrid';
import { intervalTier, parseTextGridWords, wordLabels } from '../src/core/formats/textGridWords';
import type { TreeNode } from '../src/core/tree/tree';
import { seededRandom, type BenchSuite } from './harness';

function corpus(n: number, wordsPer: number, seed: number): UtteranceAnnotation[] {
  const rnd = seededRandom(seed);
  const vocab = Array.from({ length: 2000 }, (_, k) => `w${k.toString(36)}`);
  return Array.from({ length: n }, (_, i) => {
    let t = rnd() * 10;
    const words = Array.from({ length: wordsPer }, () => {
      const startSec = Math.round(t * 1000) / 1000;
      t += 0.1 + rnd() * 0.4;
      return {
        text: vocab[Math.floor(rnd() * vocab.length)]!,
        startSec,
        endSec: Math.round(t * 1000) / 1000,
      };
    });
    // A right-branching tree of 4-word phrases over the words.
    const phrases: TreeNode[] = [];
    for (let k = 0; k < wordsPer; k += 4) {
      phrases.push({
        label: 'NP',
        children: words.slice(k, k + 4).map((w) => ({ label: w.text, children: [] })),
      });
    }
    return {
      id: `utt-${String(i).padStart(6, '0')}`,
      words,
      trees: [{ name: 'syntax', typed: false, tree: { label: 'S', children: phrases } }],
      entities: [{ type: 'LOC', firstWord: 2, lastWord: 4 }],
      concepts: [
        { attribute: 'goalcity', value: words[3]!.text },
        { attribute: 'time', value: '10:30' },
      ],
      nbest: [
        { interpretation: `goalcity:${words[3]!.text}`, score: -1 },
        { interpretation: `goalcity:${words[4]!.text}`, score: -2 },
      ],
    };
  });
}

const mib = (s: string): number => Math.round((s.length / 2 ** 20) * 10) / 10;

/** Parse and write throughput of every format on 10,000 utterances / 200,000 words. */
export const formatsBench: BenchSuite = {
  name: 'formats',
  async run(measure) {
    const n = 10_000;
    const wordsPer = 20;
    const us = corpus(n, wordsPer, 7);
    const params = { utterances: n, words: n * wordsPer };

    const jsonl = writeSystemJsonl(us);
    await measure('annotations-jsonl:write', params, () => writeSystemJsonl(us), { runs: 3 });
    await measure('annotations-jsonl:parse', { ...params, MiB: mib(jsonl) }, () => parseSystemJsonl(jsonl), {
      runs: 3,
    });

    const ctm = writeCtm(us.map((u) => ({ id: u.id, words: u.words! })));
    await measure('ctm:parse', { ...params, MiB: mib(ctm) }, () => parseCtm(ctm), { runs: 3 });

    const ptb = writePtb(us.map((u) => ({ id: u.id, tree: u.trees![0]!.tree, words: u.words! })));
    await measure(
      'ptb-timed:parse+split+match',
      { ...params, MiB: mib(ptb) },
      () => {
        for (const t of parsePtb(ptb).value) {
          const { tree, words } = splitTimedLeaves(t.tree);
          matchLeaves(tree, words);
        }
      },
      { runs: 3 },
    );

    const small = us.map((u) =>
      writeTextGrid({ xmin: 0, xmax: 20, tiers: [intervalTier('words', wordLabels(u.words!), 0, 20)] }),
    );
    await measure(
      'textgrid:parse-words (one file per utterance)',
      params,
      () => {
        for (const s of small) parseTextGridWords(s);
      },
      { runs: 3 },
    );

    const allWords = us.flatMap((u, i) =>
      u.words!.map((w) => ({ ...w, startSec: w.startSec! + i * 30, endSec: w.endSec! + i * 30 })),
    );
    const bigGrid = writeTextGrid({
      xmin: 0,
      xmax: n * 30,
      tiers: [intervalTier('words', wordLabels(allWords), 0, n * 30)],
    });
    await measure(
      'textgrid:parse (one file, long form)',
      { words: allWords.length, MiB: mib(bigGrid) },
      () => parseTextGrid(bigGrid),
      { runs: 3 },
    );

    const eaf = writeEaf([
      {
        id: 'words',
        annotations: allWords.map((w) => ({ startSec: w.startSec, endSec: w.endSec, value: w.text })),
      },
    ]);
    await measure('eaf:parse (one file)', { words: allWords.length, MiB: mib(eaf) }, () => parseEaf(eaf), {
      runs: 3,
    });

    const concepts = writeConcepts(us.map((u) => ({ id: u.id, concepts: u.concepts! })));
    await measure('concepts:parse', { utterances: n, MiB: mib(concepts) }, () => parseConcepts(concepts), {
      runs: 3,
    });

    const nbest = writeNbestJsonl(us.map((u) => ({ id: u.id, nbest: u.nbest! })));
    await measure('nbest-jsonl:parse', { utterances: n, MiB: mib(nbest) }, () => parseNbestJsonl(nbest), {
      runs: 3,
    });
  },
};
