// Scoring a whole project: 5,000 utterances of ~20 words (the store-scale corpus) × 2 systems, cold (empty
// score cache) in this thread and in 2 worker threads, and warm (everything read from the cache).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SystemOutput } from '../src/core/model/systemOutput';
import { writeBracket } from '../src/core/tree/bracket';
import { writeCorpus } from '../src/main/import/writeCorpus';
import { scoreProject } from '../src/main/scoring/scoreProject';
import { ProjectStore } from '../src/main/store/projectStore';
import { importSystemOutputs } from '../src/main/store/systemStore';
import { writeWav } from '../test/helpers/wavFixture';
import { type BenchSuite, seededRandom } from './harness';
import { scaleCorpus } from './storeScale.bench';

const N = 5_000;

/** Cold and warm project scoring with 1 and 2 jobs. */
export const scoreProjectBench: BenchSuite = {
  name: 'score-project',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const audioSec = 1800;
      const audio = path.join(dir, 'a.wav');
      writeWav(audio, audioSec, 8000, () => 0);
      const c = scaleCorpus(audio, audioSec, N);
      const file = path.join(dir, 'p.sieve');
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
      importSystemOutputs(store.db, 'asr', asr, ['bench']);
      importSystemOutputs(store.db, 'parser', parser, ['bench']);
      const pairs = 2 * N;
      const words = c.utterances.reduce((s, u) => s + u.words.length, 0);
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
