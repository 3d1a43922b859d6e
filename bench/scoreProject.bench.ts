// Scoring a whole project: 5,000 utterances of ~20 words (the store-scale corpus) × 2 systems, cold (empty
// score cache) in this thread and in 2 worker threads, and warm (everything read from the cache).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SystemOutput } from '../src/core/model/systemOutput';
import { writeBracket } from '../src/core/tree/bracket';
import type { TreeNode } from '../src/core/tree/tree';
import { type Corpus, writeCorpus } from '../src/main/import/writeCorpus';
import { scoreProject } from '../src/main/scoring/scoreProject';
import { ProjectStore } from '../src/main/store/projectStore';
import { importSystemOutputs } from '../src/main/store/systemStore';
import { writeWav } from '../test/helpers/wavFixture';
import { type BenchSuite, seededRandom } from './harness';
import { scaleCorpus } from './storeScale.bench';

const N = 5_000;

/**
 * Writes the benchmark project to `file`: `n` utterances of the store-scale corpus (audio in `dir`) and
 * `systems` systems' outputs: a recogniser with ~15% of its words wrong and a right-branching tree over its
 * own words, a parser over the gold words with a flat tree (so ParsEval is defined for it), and, third, a
 * noisier recogniser that also drops and inserts words, with entities and concepts of its own.
 */
export async function scoringBenchProject(
  dir: string,
  file: string,
  n: number,
  systems: 2 | 3,
): Promise<void> {
  const audioSec = 1800;
  const audio = path.join(dir, 'a.wav');
  writeWav(audio, audioSec, 8000, () => 0);
  const c = scaleCorpus(audio, audioSec, n);
  await writeCorpus(file, c, { create: true });
  const rnd = seededRandom(11);
  // A recogniser with ~15% of its words wrong and a right-branching tree over its own words, and a
  // parser over the gold words with a flat tree (so ParsEval is defined for it).
  const asr: SystemOutput[] = c.utterances.map((u) => {
    const words = u.words.map((w) => (rnd() < 0.15 ? { ...w, text: `${w.text}x` } : w));
    return {
      id: u.id,
      words,
      trees: [
        {
          name: 'syntax',
          typed: false,
          bracket: writeBracket({
            label: 'S',
            children: words.map((w) => ({ label: 'NN', children: [{ label: w.text, children: [] }] })),
          }),
        },
      ],
      entities: [{ type: rnd() < 0.7 ? 'P' : 'L', firstWord: 1, lastWord: 1 + Math.floor(rnd() * 2) }],
      concepts: u.concepts,
    };
  });
  const parser: SystemOutput[] = c.utterances.map((u) => ({
    id: u.id,
    words: u.words,
    trees: [
      {
        name: 'syntax',
        typed: false,
        bracket: writeBracket({
          label: 'S',
          children: [
            { label: 'NP', children: u.words.slice(0, 3).map((w) => leaf(w.text)) },
            { label: 'VP', children: u.words.slice(3).map((w) => leaf(w.text)) },
          ],
        }),
      },
    ],
  }));
  const store = ProjectStore.open(file);
  try {
    importSystemOutputs(store.db, 'asr', asr, ['bench']);
    importSystemOutputs(store.db, 'parser', parser, ['bench']);
    if (systems === 3)
      importSystemOutputs(store.db, 'asr-noisy', noisyAsr(c.utterances, seededRandom(13)), ['bench']);
  } finally {
    store.close();
  }
}

/** Cold and warm project scoring with 1 and 2 jobs. */
export const scoreProjectBench: BenchSuite = {
  name: 'score-project',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const file = path.join(dir, 'p.sieve');
      await scoringBenchProject(dir, file, N, 2);
      const store = ProjectStore.open(file);
      const pairs = 2 * N;
      const words = store.db.prepare('SELECT count(*) FROM word').pluck().get() as number;
      const cold = (jobs: number) => async () => {
        store.db.exec('DELETE FROM score_cache');
        await scoreProject(store, { jobs });
      };
      try {
        for (const jobs of [1, 2]) {
          const r = await measure(
            `cold, ${jobs === 1 ? 'in this thread' : `${jobs} worker threads`}`,
            { utterances: N, systems: 2, words, jobs },
            cold(jobs),
            { runs: 3 },
          );
          // The machine's load says how far two threads could run in parallel at all.
          r.extra = {
            pairsPerSec: Math.round(pairs / (r.medianMs / 1000)),
            cpus: os.availableParallelism(),
            loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
          };
        }
        await measure('warm (every pair cached)', { utterances: N, systems: 2 }, () => scoreProject(store), {
          runs: 3,
        });
      } finally {
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

function leaf(text: string) {
  return { label: 'T', children: [{ label: text, children: [] }] };
}

/**
 * A recogniser with ~30% word errors (substitutions, deletions and insertions), a right-branching tree over
 * its own words, an entity over its second and third words and a concept of its own for about half.
 */
function noisyAsr(utterances: readonly Corpus['utterances'][number][], rnd: () => number): SystemOutput[] {
  return utterances.map((u) => {
    const words: Corpus['utterances'][number]['words'] = [];
    for (const w of u.words) {
      const x = rnd();
      if (x < 0.08) continue;
      if (x < 0.22) words.push({ ...w, text: `${w.text}y` });
      else if (x < 0.3) words.push(w, { ...w, text: 'uh' });
      else words.push(w);
    }
    if (words.length < 3) words.push(...u.words.slice(0, 3));
    let tree: TreeNode = leaf(words.at(-1)!.text);
    for (let k = words.length - 2; k >= 0; k--)
      tree = { label: 'XP', children: [leaf(words[k]!.text), tree] };
    return {
      id: u.id,
      words,
      trees: [{ name: 'syntax', typed: false, bracket: writeBracket({ label: 'S', children: [tree] }) }],
      entities: [{ type: 'P', firstWord: 1, lastWord: 2 }],
      concepts: rnd() < 0.5 ? u.concepts : [{ attribute: 'goal', value: words[0]!.text }],
    };
  });
}
