// Runs the `sieve` CLI in-process with `cwd` as its working folder, collecting what it prints.
import { runCli } from '../../src/main/cli/runCli';

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
