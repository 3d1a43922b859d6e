// Entry of the `sieve` command (bundled to out/main/cli.js, started by bin/sieve.mjs).
import { runCli } from './runCli';

const code = await runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
});
process.exitCode = code;
