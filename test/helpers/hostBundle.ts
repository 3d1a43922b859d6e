// The browser host bundled from source the way `npm run build` bundles out/main (the entry and its worker
// entries side by side, packages left to node_modules), once per test process: a host that is started
// again and again then starts in a fraction of the time TypeScript compilation on every start takes.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..', '..');
let bundled: Promise<string> | null = null;
let bundleDir: string | null = null;

/** The bundled host entry (built on the first call; removed when the process exits). */
export function hostBundle(): Promise<string> {
  bundled ??= (async () => {
    // Inside the repository, so that the host finds the app root (package.json) above itself.
    const cache = path.join(root, 'node_modules', '.cache');
    fs.mkdirSync(cache, { recursive: true });
    const dir = fs.mkdtempSync(path.join(cache, 'sieve-host-'));
    bundleDir = dir;
    process.once('exit', removeHostBundle);
    await build({
      entryPoints: {
        host: path.join(root, 'src/main/host/hostMain.ts'),
        importWorker: path.join(root, 'src/main/import/importWorker.ts'),
        scoreWorker: path.join(root, 'src/main/scoring/scoreWorker.ts'),
        reportWorker: path.join(root, 'src/main/report/reportWorker.ts'),
        checkpointWorker: path.join(root, 'src/main/store/checkpointWorker.ts'),
      },
      outdir: dir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
    return path.join(dir, 'host.js');
  })();
  return bundled;
}

/** Removes the bundle (test files call it when they are done; a process exit does too). */
export function removeHostBundle(): void {
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
  bundleDir = null;
  bundled = null;
}
