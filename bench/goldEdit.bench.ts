// The cost of saving one gold edit (and of an undo) as a function of the utterance's history: an edit
// on an utterance with 1,000 edits behind it against an edit on a fresh utterance, in the same run.
//
// Measured 2026-11-25 on 2 shared cores at a load average of about 14, three alternating runs each: when a
// save replayed the utterance's whole history (commit 9cb7011), the edit with 1,000 edits of history took
// 1.8–6.3 ms against 0.72–0.75 ms fresh (ratio 2.5–8.4), undo + redo 13–17 ms; with the stacks kept as
// chains, 0.42–0.62 ms against 0.48–0.56 ms (ratio 0.87–1.11), undo + redo 1.2–1.5 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diffGold } from '../src/core/gold/diff';
import type { GoldRecords } from '../src/core/gold/records';
import { writeCorpus } from '../src/main/import/writeCorpus';
import { ProjectStore } from '../src/main/store/projectStore';
import type { BenchSuite } from './harness';
import { scaleCorpus, toneWav } from './storeScale.bench';

const UTTERANCES = 300;
const HISTORY = 1000;
const RUNS = 100;

/**
 * The same small edit every time: the root of the utterance's tree relabelled, S to SQ and back, as the
 * tree editor saves it. Its diff holds the whole tree (about 20 words) before and after.
 */
function relabelled(g: GoldRecords): GoldRecords {
  const trees = g.trees.map((t, i) =>
    i === 0
      ? {
          ...t,
          bracket: t.bracket.startsWith('(S ') ? `(SQ ${t.bracket.slice(3)}` : `(S ${t.bracket.slice(4)}`,
        }
      : t,
  );
  return { ...g, trees };
}

/** One gold edit (ProjectStore.applyGoldDiff, as the API's gold:applyDiff runs it) by history length. */
export const goldEditBench: BenchSuite = {
  name: 'gold-edit',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const audioSec = 600;
      const audio = toneWav(dir, audioSec);
      const c = scaleCorpus(audio, audioSec, UTTERANCES);
      const file = path.join(dir, 'p.sieve');
      await writeCorpus(file, c, { create: true });
      const s = ProjectStore.open(file);
      try {
        const ids = c.utterances.map((u) => u.id);
        const long = ids[0]!;
        let g = s.goldState(long).gold;
        for (let k = 0; k < HISTORY; k++) {
          const next = relabelled(g);
          s.applyGoldDiff(long, diffGold(g, next), `edit ${k}`);
          g = next;
        }
        // Each run edits an utterance nobody edited before (the warm-up takes the first); the golds the
        // diffs are made from are read before the clock starts.
        const golds = ids.slice(1).map((id) => ({ id, gold: s.goldState(id).gold }));
        let fresh = 0;
        const anchor = await measure(
          'edit, fresh utterance (no history)',
          { utterances: UTTERANCES, history: 0 },
          () => {
            const { id, gold } = golds[fresh++]!;
            return s.applyGoldDiff(id, diffGold(gold, relabelled(gold)), 'relabel');
          },
          { runs: RUNS },
        );
        const editLong = await measure(
          `edit, utterance with ${HISTORY} edits of history`,
          { utterances: UTTERANCES, history: HISTORY },
          () => {
            const next = relabelled(g);
            const saved = s.applyGoldDiff(long, diffGold(g, next), 'relabel');
            g = next;
            return saved;
          },
          { runs: RUNS },
        );
        const undoLong = await measure(
          `undo + redo, utterance with ${HISTORY} edits of history`,
          { utterances: UTTERANCES, history: HISTORY },
          () => {
            s.undoRedo(long, 'undo');
            return s.undoRedo(long, 'redo');
          },
          { runs: RUNS },
        );
        // The ratios against the anchor, with the machine's load, go with the long-history figures.
        const load = os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ');
        editLong.extra = {
          'ratio to the fresh edit': Number((editLong.medianMs / anchor.medianMs).toFixed(2)),
          loadavg: load,
        };
        undoLong.extra = {
          'ratio to the fresh edit': Number((undoLong.medianMs / anchor.medianMs).toFixed(2)),
          loadavg: load,
        };
        console.log(
          `gold-edit ratios: edit ${editLong.extra['ratio to the fresh edit']}, undo+redo ${undoLong.extra['ratio to the fresh edit']} (load ${load})`,
        );
      } finally {
        s.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
