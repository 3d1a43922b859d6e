// Entry of the `sieve` command (bundled to out/main/cli.js, started by bin/sieve.mjs).
import { runCli } from './runCli';

// A reader that stops early (`sieve ne … | head`) closes the pipe: the command then ends at once and
// quietly, with exit code 0, since the output nobody reads is no error. A closed stderr is ignored (the
// command ends with its own code). Any other write error is still raised.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
  process.exit(0);
});
process.stderr.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code !== 'EPIPE') throw err;
});

const code = await runCli(process.argv.slice(2), {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  cwd: process.cwd(),
});
process.exitCode = code;
