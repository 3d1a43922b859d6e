// Opening and listing large projects: synthetic utterances over one WAV, sizes 1k / 10k.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectManifestInput } from '../src/core/model/projectManifest';
import { createProject } from '../src/main/store/createProject';
import { ProjectStore } from '../src/main/store/projectStore';
import { writeWav } from '../test/helpers/wavFixture';
import { seededRandom, type BenchSuite } from './harness';

function manifest(n: number, audioSec: number, seed: number): ProjectManifestInput {
  const rnd = seededRandom(seed);
  const utterances = Array.from({ length: n }, (_, i) => {
    const start = rnd() * (audioSec - 4);
    const words = Array.from({ length: 10 }, (_, k) => ({
      text: `w${k}`,
      startSec: start + k * 0.3,
      endSec: start + k * 0.3 + 0.25,
    }));
    return {
      id: `utt-${String(i).padStart(6, '0')}`,
      audio: 'a',
      startSec: start,
      endSec: start + 3.2,
      speaker: `spk${i % 7}`,
      words,
    };
  });
  return { name: `synthetic ${n}`, audio: [{ id: 'a', path: 'a.wav' }], utterances };
}

/** Project creation, open (with audio hash check), list and get on 1,000 and 10,000 utterances. */
export const projectOpen: BenchSuite = {
  name: 'project-open',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const audioSec = 600;
      writeWav(path.join(dir, 'a.wav'), audioSec, 16000, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t));
      for (const n of [1000, 10000]) {
        const m = manifest(n, audioSec, 42);
        const file = path.join(dir, `p${n}.sieve`);
        await measure(
          'create',
          { utterances: n, words: n * 10 },
          async () => {
            fs.rmSync(file, { force: true });
            await createProject(file, m, dir);
          },
          { runs: 3 },
        );
        await measure(
          'open',
          { utterances: n, audioMiB: Math.round(fs.statSync(path.join(dir, 'a.wav')).size / 2 ** 20) },
          () => ProjectStore.open(file).close(),
        );
        const store = ProjectStore.open(file);
        await measure('utterance:list', { utterances: n }, () => store.listUtterances());
        await measure(
          'utterance:get',
          { utterances: n },
          () => store.getUtterance(`utt-${String(n >> 1).padStart(6, '0')}`),
          { runs: 50 },
        );
        await measure('audio:peaks', { audioSec }, () => store.peaks(1), { runs: 10 });
        store.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
