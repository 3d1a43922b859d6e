#!/usr/bin/env node
// The `sieve` command: runs the CLI built by `npm run build` in this Node. A command that opens a project
// file re-runs itself in the repository's Node 22 when this one is older (src/main/cli/cliMain.ts).
import { existsSync } from 'node:fs';

const cli = new URL('../out/main/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('sieve: the CLI is not built yet; run `npm run build` in the SIEVE folder first.\n');
  process.exit(1);
}
await import(cli.href);
