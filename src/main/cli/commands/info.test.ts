import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProjectManifestInput } from '../../../core/model/projectManifest';
import { DEMO_DIR, copyDemo, tempDir } from '../../../../test/helpers/tempProject';
import { runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-cli-info-')));
afterEach(() => cleanup());

describe('sieve info', () => {
  it("counts the gold trees, entities and concepts, as many as the demo's manifest holds", async () => {
    copyDemo(dir);
    // The counts come from the manifest the demo project was built from, not from the project file.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(DEMO_DIR, 'demo.manifest.json'), 'utf8'),
    ) as ProjectManifestInput;
    const sum = (f: (u: ProjectManifestInput['utterances'][number]) => unknown[] | undefined): number =>
      manifest.utterances.reduce((n, u) => n + (f(u)?.length ?? 0), 0);
    const expected = {
      utterances: manifest.utterances.length,
      words: sum((u) => u.words),
      trees: sum((u) => u.trees),
      entities: sum((u) => u.entities),
      concepts: sum((u) => u.concepts),
    };
    expect(expected.trees).toBeGreaterThan(0);
    expect(expected.entities).toBeGreaterThan(0);
    const text = await runSieve(dir, 'info', 'demo.sieve');
    expect(text.code).toBe(0);
    for (const [what, n] of Object.entries(expected))
      expect(text.out).toMatch(new RegExp(`^${what} +${n}$`, 'm'));
    const json = await runSieve(dir, 'info', 'demo.sieve', '--json');
    expect(JSON.parse(json.out)).toMatchObject(expected);
  });
});
