// Runs the `sieve` CLI in-process with `cwd` as its working folder, collecting what it prints.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { runCli } from '../../src/main/cli/runCli';
import { tempDir } from './tempProject';

/** What one CLI run printed and its exit code. */
export interface SieveRun {
  code: number;
  out: string;
  err: string;
}

/** Runs `sieve ...argv` in `cwd`. */
export async function runSieve(cwd: string, ...argv: string[]): Promise<SieveRun> {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t), cwd });
  return { code, out, err };
}

/**
 * A fresh temporary folder for every test of the calling file (removed after it), with `sieve` running
 * there and `write` putting a file into it (returning its name, for the command line).
 */
export function cliSandbox(): {
  dir(): string;
  sieve(...argv: string[]): Promise<SieveRun>;
  write(name: string, text: string): string;
} {
  let current: { dir: string; cleanup: () => void } | null = null;
  beforeEach(() => {
    current = tempDir();
  });
  afterEach(() => current?.cleanup());
  const dir = (): string => {
    if (!current) throw new Error('cliSandbox: no test is running');
    return current.dir;
  };
  return {
    dir,
    sieve: (...argv) => runSieve(dir(), ...argv),
    write: (name, text) => {
      fs.writeFileSync(path.join(dir(), name), text);
      return name;
    },
  };
}
