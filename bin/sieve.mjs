#!/usr/bin/env node
// The `sieve` command: runs the CLI built by `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('sieve: the CLI is not built yet; run `npm run build` in the SIEVE folder first.\n');
  process.exit(1);
}
await import(cli);
