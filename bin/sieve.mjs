#!/usr/bin/env node
// The `sieve` command: runs the CLI built by `npm run build`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  process.stderr.write('sieve: the CLI is not built yet; run `npm run build` in the SIEVE folder first.\n');
  process.exit(1);
}
// better-sqlite3's Node-API build needs Node 22 or newer; the repo carries one (devDependency `node`).
if (Number(process.versions.node.split('.')[0]) < 22) {
  const bundled = fileURLToPath(new URL('../node_modules/node/bin/node', import.meta.url));
  if (!existsSync(bundled)) {
    process.stderr.write(
      `sieve: needs Node.js 22 or newer (this is ${process.version}); run \`npm ci\` in the SIEVE folder.\n`,
    );
    process.exit(1);
  }
  const r = spawnSync(bundled, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
await import(cli);
