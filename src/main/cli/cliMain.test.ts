import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { runSieve } from '../../../test/helpers/runSieve';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI_MAIN = fileURLToPath(new URL('./cliMain.ts', import.meta.url));

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

/** Runs the real `sieve` entry in a child process; its stdout is closed after the first chunk arrives. */
function sieveIntoClosedPipe(
  ...argv: string[]
): Promise<{ code: number | null; signal: string | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI_MAIN, ...argv], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    child.stdout.once('data', () => child.stdout.destroy());
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, err }));
  });
}

describe('sieve as a process', () => {
  it('ends quietly with exit code 0 when the reader closes the pipe early (`sieve ne … | head`)', async () => {
    // Far more output than a pipe buffers, so that writing goes on after the reader is gone.
    const line = "AT THE <L> NEW YORK </L> DESK I'M <P> PHILIP BOROFF </P> <L> MISSISSIPPI </L> REPUBLICAN\n";
    fs.writeFileSync(path.join(dir, 'ref.sgml'), line.repeat(3000));
    fs.writeFileSync(path.join(dir, 'hyp.sgml'), line.repeat(3000));
    const r = await sieveIntoClosedPipe(
      'ne',
      '--ref',
      path.join(dir, 'ref.sgml'),
      '--hyp',
      path.join(dir, 'hyp.sgml'),
      '--format',
      'json',
    );
    expect(r.err).not.toMatch(/EPIPE|at .*:\d+:\d+/);
    expect(r).toMatchObject({ code: 0, signal: null });
  });
});

/** The machine's Node when it is older than 22 (Debian 12's Node 20), with the reason when there is none. */
function olderNode(): { node: string } | { skip: string } {
  const r = spawnSync('/usr/bin/node', ['-p', 'process.versions.node'], { encoding: 'utf8' });
  if (r.status !== 0) return { skip: 'no /usr/bin/node on this machine' };
  const major = Number(r.stdout.split('.')[0]);
  return major < 22
    ? { node: '/usr/bin/node' }
    : { skip: `/usr/bin/node is Node ${major}, not older than 22` };
}
const older = olderNode();
const major = (version: string): number => Number(version.slice(1).split('.')[0]);

// tsx compiles the sources in both Nodes (the project command's whole store): slow on a loaded machine.
describe.skipIf('skip' in older)(
  'skip' in older ? `sieve under an older Node (skipped: ${older.skip})` : 'sieve under an older Node',
  { timeout: 180_000 },
  () => {
    /** Runs the entry in the older Node; `versions` lists the Node of every process the run started. */
    async function sieveInOlderNode(
      ...argv: string[]
    ): Promise<{ code: number | null; out: string; err: string; versions: string[] }> {
      const probe = path.join(dir, 'probe.cjs');
      const log = path.join(dir, 'versions.log');
      fs.writeFileSync(
        probe,
        // Main threads only: a loader's hooks thread runs the preload too.
        `if (require('node:worker_threads').isMainThread) ` +
          `require('node:fs').appendFileSync(${JSON.stringify(log)}, process.version + '\\n');\n`,
      );
      fs.rmSync(log, { force: true });
      const child = spawn((older as { node: string }).node, ['--import', 'tsx', CLI_MAIN, ...argv], {
        cwd: ROOT,
        env: { ...process.env, NODE_OPTIONS: `--require ${probe}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
      child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
      const code = await new Promise<number | null>((resolve, reject) => {
        child.on('error', reject);
        child.on('close', resolve);
      });
      const versions = fs.readFileSync(log, 'utf8').trim().split('\n');
      return { code, out, err, versions };
    }

    it('scores in the Node that was started when no project file is involved', async () => {
      fs.writeFileSync(path.join(dir, 'ref.trn'), 'hello big world (a_1)\n');
      fs.writeFileSync(path.join(dir, 'hyp.trn'), 'hello world (a_1)\n');
      const files = [path.join(dir, 'ref.trn'), path.join(dir, 'hyp.trn')];
      const r = await sieveInOlderNode('wer', ...files);
      expect(r.versions).toHaveLength(1);
      expect(major(r.versions[0]!)).toBeLessThan(22);
      const same = await runSieve(dir, 'wer', ...files);
      expect({ code: r.code, out: r.out, err: r.err }).toEqual(same);
    });

    it("runs a project command again in the repository's Node 22, with the same output", async () => {
      const { file } = await makeProject(dir);
      const r = await sieveInOlderNode('info', file);
      expect(r.versions).toHaveLength(2);
      expect(major(r.versions[0]!)).toBeLessThan(22);
      expect(major(r.versions[1]!)).toBeGreaterThanOrEqual(22);
      const same = await runSieve(dir, 'info', file);
      expect({ code: r.code, out: r.out, err: r.err }).toEqual(same);
    });
  },
);
