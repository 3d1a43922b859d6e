import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIEVE_VERSION } from '../../core/version';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(async () => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

describe('sieve CLI', () => {
  it('prints its version and help', async () => {
    expect(await sieve('--version')).toEqual({ code: 0, out: `${SIEVE_VERSION}\n`, err: '' });
    const help = await sieve('--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^ {2}info +Show what a project file holds$/m);
    expect((await sieve('info', '--help')).out).toBe('usage: sieve info FILE.sieve [--json]\n');
  });

  it('info counts utterances, words and audio files', async () => {
    await makeProject(dir);
    const r = await sieve('info', 'test.sieve');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^utterances +2$/m);
    expect(r.out).toMatch(/^words +4$/m);
    expect(r.out).toMatch(/^audio files +2$/m);
    const json = JSON.parse((await sieve('info', 'test.sieve', '--json')).out) as Record<string, unknown>;
    expect(json).toMatchObject({ utterances: 2, words: 4, audioFiles: 2, audioProblems: [] });
  });

  it('info lists missing audio', async () => {
    await makeProject(dir);
    fs.rmSync(path.join(dir, 'audio', 'b.wav'));
    expect((await sieve('info', 'test.sieve')).out).toMatch(/^ {2}missing +audio\/b\.wav$/m);
  });

  it('creates a project from a manifest', async () => {
    const { manifest } = await makeProject(dir);
    fs.writeFileSync(path.join(dir, 'm.json'), JSON.stringify(manifest));
    const r = await sieve('create', 'new.sieve', 'm.json');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect((await sieve('info', 'new.sieve')).out).toMatch(/^words +4$/m);
  });

  it('reports user errors in one line with a non-zero exit code', async () => {
    expect(await sieve('info', 'missing.sieve')).toEqual({
      code: 1,
      out: '',
      err: `sieve info: No project file at ${path.join(dir, 'missing.sieve')}.\n`,
    });
    fs.writeFileSync(path.join(dir, 'm.json'), '{ nope');
    const bad = await sieve('create', 'x.sieve', 'm.json');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('m.json');
    expect((await sieve('frobnicate')).code).toBe(2);
    expect((await sieve('info')).code).toBe(2);
    const flag = await sieve('info', 'x.sieve', '--bogus');
    expect(flag.code).toBe(2);
    expect(flag.err).toBe(
      'sieve info: --bogus: not an option; expected --json\nusage: sieve info FILE.sieve [--json]\n',
    );
  });

  it('names a bad flag or argument of info, create and export in one line, then the usage', async () => {
    for (const [args, line] of [
      [['info'], 'sieve info: arguments: none; expected FILE.sieve'],
      [
        ['info', 'a.sieve', '--json=yes'],
        'sieve info: --json: given a value; expected --json alone (a switch)',
      ],
      [['create', 'x.sieve'], "sieve create: arguments: 'x.sieve'; expected OUT.sieve MANIFEST.json"],
      [
        ['export', 'p.sieve', 'out'],
        'sieve export: --format: not given; expected jsonl, textgrid, ptb, conll, ctm or trn',
      ],
      [
        ['export', 'p.sieve', 'out', '--format', 'xml'],
        "sieve export: --format: 'xml'; expected jsonl, textgrid, ptb, conll, ctm or trn",
      ],
    ] as const) {
      const r = await sieve(...args);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(line);
      expect(r.err.split('\n')[1]).toMatch(new RegExp(`^usage: sieve ${args[0]} `));
    }
  });
});
