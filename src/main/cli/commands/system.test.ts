import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyDemo, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { scoreProject } from '../../scoring/scoreProject';
import { ProjectStore } from '../../store/projectStore';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-cli-system-')));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

/** The demo's systems, each with its outputs and cached scores counted in the file. */
function rows(file: string): { name: string; outputs: number; cached: number }[] {
  const store = ProjectStore.open(file);
  try {
    return store.systems().map((s) => ({
      name: s.name,
      outputs: s.outputs,
      cached: store.db
        .prepare('SELECT count(*) FROM score_cache WHERE system_id = ?')
        .pluck()
        .get(s.id) as number,
    }));
  } finally {
    store.close();
  }
}

describe('sieve system', () => {
  it('lists, renames, and deletes a system with its cached scores only after --yes', async () => {
    const file = copyDemo(dir);
    await scoreProject(file);
    const before = rows(file);
    const [first] = before;
    expect(first!.cached).toBeGreaterThan(0);

    const list = await sieve('system', 'list', 'demo.sieve', '--json');
    expect(list.code).toBe(0);
    expect((JSON.parse(list.out) as { name: string }[]).map((s) => s.name)).toEqual(
      before.map((s) => s.name),
    );

    expect(await sieve('system', 'rename', 'demo.sieve', first!.name, 'renamed')).toEqual({
      code: 0,
      out: `renamed system "${first!.name}" to "renamed"\n`,
      err: '',
    });
    const renamed = rows(file).find((s) => s.name === 'renamed');
    expect(renamed).toEqual({ ...first, name: 'renamed' });

    // Without --yes nothing is deleted: it says what would go.
    const asked = await sieve('system', 'delete', 'demo.sieve', 'renamed');
    expect(asked).toEqual({
      code: 1,
      out: '',
      err:
        `sieve system: this would delete system "renamed" with its ${first!.outputs} outputs and ` +
        `${first!.cached} cached scores; nothing was deleted. Run again with --yes to delete it.\n`,
    });
    expect(rows(file)).toContainEqual(renamed);

    expect(await sieve('system', 'delete', 'demo.sieve', 'renamed', '--yes')).toEqual({
      code: 0,
      out: `deleted system "renamed": ${first!.outputs} outputs and ${first!.cached} cached scores removed\n`,
      err: '',
    });
    expect(rows(file)).toEqual(before.slice(1));
  });

  it('says what is wrong with a rename or delete, and changes nothing', async () => {
    const file = copyDemo(dir);
    const before = rows(file);
    const [a, b] = before;
    expect(await sieve('system', 'rename', 'demo.sieve', a!.name, b!.name)).toEqual({
      code: 1,
      out: '',
      err: `sieve system: There is already a system named "${b!.name}".\n`,
    });
    expect(await sieve('system', 'delete', 'demo.sieve', 'nope', '--yes')).toEqual({
      code: 1,
      out: '',
      err: 'sieve system: No system "nope".\n',
    });
    const wrong = await sieve('system', 'remove', 'demo.sieve');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/^sieve system: action: 'remove'; expected list, rename or delete\n/);
    const missing = await sieve('system', 'rename', 'demo.sieve', a!.name);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^sieve system: arguments: .*; expected PROJECT\.sieve OLD NEW\n/);
    expect(rows(path.join(dir, 'demo.sieve'))).toEqual(before);
  });
});
