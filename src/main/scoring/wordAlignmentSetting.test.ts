// The word alignment scoring setting: time-mediated WER (sclite -T) and WER with a collar in a project,
// named in the signatures only when set, equal to `sieve wer --time-mediated` / `--collar` on CTM files
// of the same words.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScoringSettings } from '../../core/api/contract';
import type { TimedWord } from '../../core/model/annotation';
import { DEFAULT_SCORING_SETTINGS } from '../../core/scoring/settings';
import { copyDemo, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';
import { ProjectStore } from '../store/projectStore';
import { getSystemOutput } from '../store/systemStore';
import { scoringContext } from './scoringContext';
import { scoreProject } from './scoreProject';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-wordalign-')));
afterEach(() => cleanup());

/** CTM lines of `words` for utterance `id`, channel 1. */
function ctm(id: string, words: readonly TimedWord[]): string {
  return words
    .map((w) => `${id} 1 ${w.startSec} ${Number((w.endSec! - w.startSec!).toFixed(9))} ${w.text}\n`)
    .join('');
}

async function compareWithCli(settings: ScoringSettings, flags: string[]): Promise<void> {
  const store = ProjectStore.open(copyDemo(path.join(dir, 'demo')));
  try {
    const before = scoringContext(store).signature;
    expect(before).not.toMatch(/wer-align/);
    store.setScoringSettings(settings);
    const after = scoringContext(store).signature;
    expect(after).toContain(
      settings.wordAlignment === 'collar'
        ? `wer-align:collar|collar:${settings.collarSec}|`
        : 'wer-align:time-mediated|',
    );
    expect(after.replace(/\|wer-align:[^|]*(\|collar:[^|]*)?/, '')).toBe(before);
    const scores = await scoreProject(store, { jobs: 1 });
    let compared = 0;
    for (const system of store.systems()) {
      let ref = '';
      let hyp = '';
      const ids: string[] = [];
      for (const u of store.listUtterances()) {
        const g = store.goldState(u.id).gold.words;
        const h = getSystemOutput(store.db, system.id, u.id)?.words ?? [];
        const timed = [...g, ...h].every((w) => w.startSec != null && w.endSec != null);
        const s = scores.get(system.id)!.get(u.id)!;
        if (!timed) {
          expect(s.words).toBeUndefined();
          expect(s.unscored?.map((x) => x.metric)).toContain('WER');
          continue;
        }
        // The CLI pairs CTM utterances by id: one without words on either side is not in its files.
        if (g.length === 0 || h.length === 0) continue;
        ref += ctm(u.id, g as TimedWord[]);
        hyp += ctm(u.id, h as TimedWord[]);
        ids.push(u.id);
      }
      if (ids.length === 0) continue;
      fs.writeFileSync(path.join(dir, 'ref.ctm'), ref);
      fs.writeFileSync(path.join(dir, 'hyp.ctm'), hyp);
      const r = await runSieve(dir, 'wer', 'ref.ctm', 'hyp.ctm', ...flags, '--format', 'json');
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      const lines = r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const summary = lines.at(-1)!.summary as { signature: string };
      for (const id of ids) {
        const cli = lines.find((l) => l.id === `${id}-1`)!;
        const w = scores.get(system.id)!.get(id)!.words!;
        expect({ C: w.C, S: w.S, D: w.D, I: w.I }, `${system.name} ${id}`).toEqual({
          C: cli.C,
          S: cli.S,
          D: cli.D,
          I: cli.I,
        });
        expect(w.signature).toBe(summary.signature);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
  } finally {
    store.close();
  }
}

describe('word alignment scoring setting', () => {
  it('time-mediated: a new signature, and the counts of sieve wer --time-mediated on the same words', async () => {
    const settings = { ...DEFAULT_SCORING_SETTINGS, wordAlignment: 'time-mediated' as const };
    await compareWithCli(settings, ['--time-mediated']);
  });

  it('collar: named with its width, and the counts of sieve wer --collar on the same words', async () => {
    const settings = { ...DEFAULT_SCORING_SETTINGS, wordAlignment: 'collar' as const, collarSec: 0.1 };
    await compareWithCli(settings, ['--collar', '0.1']);
  });
});
