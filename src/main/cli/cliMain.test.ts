import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/tempProject';

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
