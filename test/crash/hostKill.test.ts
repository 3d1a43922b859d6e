// The browser host killed with SIGKILL during edit bursts and imports, a bounded number of times
// (`npm run crash:host` runs a hundred and more): see hostKill.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { removeHostBundle } from '../helpers/hostBundle';
import { tempDir } from '../helpers/tempProject';
import { killHostRounds, makeKillProject } from './hostKill';

const KILLS = 10;
const SIZE = 300;
const t = tempDir();
afterAll(() => {
  t.cleanup();
  removeHostBundle();
});

describe('host kills', () => {
  it(`keeps acknowledged edits and whole imports across ${KILLS} kills of the host`, async () => {
    const file = await makeKillProject(t.dir, SIZE);
    const figures = await killHostRounds({ file, dir: t.dir, kills: KILLS, seed: 5, size: SIZE });
    console.info(
      `host kills: ${figures.kills}, ${figures.editsAcknowledged} edits acknowledged; imports complete/none: ` +
        `corpus ${figures.corpusImports.complete}/${figures.corpusImports.none}, ` +
        `system ${figures.systemImports.complete}/${figures.systemImports.none}; ` +
        `restart median ${figures.restartMs.median.toFixed(0)} ms`,
    );
    expect(figures.problems).toEqual([]);
    expect(figures.kills).toBe(KILLS);
    expect(figures.editsAcknowledged).toBeGreaterThan(0);
  }, 120_000);
});
