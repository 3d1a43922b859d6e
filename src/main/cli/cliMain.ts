// Entry of the `sieve` command (bundled to out/main/cli.js, started by bin/sieve.mjs). It loads only the
// command table; the command that runs loads its own module (src/main/cli/commands/index.ts).
import { commandEntry } from './commands';
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

/**
 * Runs this same invocation in the Node the repository carries (devDependency `node`, Node 22) and
 * returns its exit code: a project command's SQLite binding (better-sqlite3's Node-API build) needs
 * Node 22 or newer. Every other command runs in the Node that was started.
 */
async function runInRepoNode(argv: string[]): Promise<number> {
  const { createRequire } = await import('node:module');
  let node: string;
  try {
    node = createRequire(import.meta.url).resolve('node/bin/node');
  } catch {
    process.stderr.write(
      `sieve ${argv[0]}: project files need Node.js 22 or newer (this is ${process.version}); ` +
        'run `npm ci` in the SIEVE folder.\n',
    );
    return 1;
  }
  const { spawnSync } = await import('node:child_process');
  const script = process.argv[1] ?? '';
  const r = spawnSync(node, [...process.execArgv, script, ...argv], { stdio: 'inherit' });
  return r.status ?? 1;
}

const argv = process.argv.slice(2);
const needsNode22 =
  commandEntry(argv[0])?.project === true && Number(process.versions.node.split('.')[0]) < 22;
process.exitCode = needsNode22
  ? await runInRepoNode(argv)
  : await runCli(argv, {
      out: (t) => process.stdout.write(t),
      err: (t) => process.stderr.write(t),
      cwd: process.cwd(),
    });
