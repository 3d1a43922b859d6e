// The project store at corpus scale: 10,000 utterances of ~20 words with gold trees and entities, three
// systems' outputs; import, open, a page of the list, one utterance's gold, a gold edit.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBracket } from '../src/core/tree/bracket';
import type { TreeNode } from '../src/core/tree/tree';
import { diffGold } from '../src/core/gold/diff';
import { type Corpus, writeCorpus } from '../src/main/import/writeCorpus';
import { ProjectStore } from '../src/main/store/projectStore';
import { importSystemOutputs } from '../src/main/store/systemStore';
import { writeWav } from '../test/helpers/wavFixture';
import { seededRandom, type BenchSuite } from './harness';

const N = 10_000;

/** A seeded corpus of `count` utterances of 15–25 words, each with a tree, an entity and a concept. */
export function scaleCorpus(audioFile: string, audioSec: number, count = N): Corpus {
  const rnd = seededRandom(3);
  return {
    name: 'scale',
    audio: [{ key: 'a', file: audioFile }],
    utterances: Array.from({ length: count }, (_, i) => {
      const n = 15 + Math.floor(rnd() * 11);
      const start = rnd() * (audioSec - 10);
      const words = Array.from({ length: n }, (_, k) => ({
        text: `w${Math.floor(rnd() * 500)}`,
        startSec: start + k * 0.3,
        endSec: start + k * 0.3 + 0.25,
      }));
      // A right-branching tree with a preterminal per word.
      let tree: TreeNode = {
        label: 'NP',
        children: [{ label: 'NN', children: [{ label: words[n - 1]!.text, children: [] }] }],
      };
      for (let k = n - 2; k >= 0; k--)
        tree = {
          label: 'XP',
          children: [{ label: 'DT', children: [{ label: words[k]!.text, children: [] }] }, tree],
        };
      return {
        id: `utt-${String(i).padStart(6, '0')}`,
        audio: 'a',
        startSec: start,
        endSec: start + n * 0.3 + 0.1,
        speaker: `spk${i % 13}`,
        words,
        trees: [{ name: 'syntax', typed: false, bracket: writeBracket({ label: 'S', children: [tree] }) }],
        entities: [{ type: 'P', firstWord: 1, lastWord: 2 }],
        concepts: [{ attribute: 'goal', value: words[0]!.text }],
      };
    }),
  };
}

/** A WAV of `seconds` of a quiet 220 Hz tone at 8 kHz in `dir`, for corpora whose audio is not listened to. */
export function toneWav(dir: string, seconds: number): string {
  const file = path.join(dir, 'a.wav');
  writeWav(file, seconds, 8000, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t));
  return file;
}

/** Store operations at 10,000 utterances (~200,000 words). */
export const storeScale: BenchSuite = {
  name: 'store-scale',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const audioSec = 3600;
      const audio = toneWav(dir, audioSec);
      const c = scaleCorpus(audio, audioSec);
      const words = c.utterances.reduce((s, u) => s + u.words.length, 0);
      const file = path.join(dir, 'p.sieve');
      await measure(
        'import corpus (gold words, trees, entities, concepts)',
        { utterances: N, words },
        async () => {
          for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
          await writeCorpus(file, c, { create: true });
        },
        { runs: 3 },
      );
      const store = ProjectStore.open(file);
      try {
        const outputs = c.utterances.map((u) => ({
          id: u.id,
          words: u.words.map((w) => ({ ...w, text: w.text + 'x' })),
        }));
        await measure(
          'import system outputs (re-import replaces)',
          { utterances: N, systems: 3 },
          () => {
            for (const s of ['asr-a', 'asr-b', 'asr-c']) importSystemOutputs(store.db, s, outputs, ['bench']);
          },
          { runs: 3 },
        );
      } finally {
        store.close();
      }
      await measure('open', { utterances: N, audioMiB: Math.round(fs.statSync(audio).size / 2 ** 20) }, () =>
        ProjectStore.open(file).close(),
      );
      const s = ProjectStore.open(file);
      try {
        await measure(
          'page of 100 (middle of the list)',
          { utterances: N },
          () => s.utteranceWindow({ offset: 5000, limit: 100 }),
          { runs: 20 },
        );
        await measure(
          'page of 100, filtered',
          { utterances: N },
          () => s.utteranceWindow({ offset: 0, limit: 100, filter: 'spk7 w42' }),
          { runs: 20 },
        );
        let f = 0;
        await measure(
          'page of 100, a new filter each time (one scan)',
          { utterances: N },
          () => s.utteranceWindow({ offset: 0, limit: 100, filter: `w${f++ % 500}`, locate: 'utt-005000' }),
          { runs: 20 },
        );
        // The summary's counts are kept until the project changes; the reference is what every summary
        // used to cost, counting the five tables.
        await measure(
          'summary counts, whole tables (reference)',
          { utterances: N, words },
          () => {
            for (const t of ['utterance', 'word', 'gold_tree', 'gold_entity', 'gold_concept'])
              s.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get();
          },
          { runs: 10 },
        );
        await measure('project summary (counts kept)', { utterances: N, words }, () => s.summary(), {
          runs: 20,
        });
        let st = 0;
        await measure(
          'project summary after a status change (counted again)',
          { utterances: N, words },
          () => {
            s.setStatus('utt-000007', st++ % 2 === 0 ? 'done' : 'todo');
            s.summary();
          },
          { runs: 10 },
        );
        await measure('gold of one utterance', {}, () => s.goldState('utt-004321'), { runs: 50 });
        let g = s.goldState('utt-000042').gold;
        let k = 0;
        await measure(
          'gold edit (diff + history, one transaction)',
          {},
          () => {
            const next = { ...g, labels: { cantRepresent: k++ % 2 === 0 } };
            s.applyGoldDiff('utt-000042', diffGold(g, next));
            g = next;
          },
          { runs: 50 },
        );
      } finally {
        s.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
