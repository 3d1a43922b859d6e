// `npm start` / `npm run serve`: start the desktop app, or the browser host where Electron cannot run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [mode, ...args] = process.argv.slice(2);

function runHost() {
  const child = spawn(process.execPath, [path.join(root, 'out/main/host.js'), ...args], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
}

/** The Electron executable if it is installed (or can be fetched now), else null. */
function electronBinary() {
  const pkg = path.join(root, 'node_modules/electron');
  if (!fs.existsSync(path.join(pkg, 'package.json'))) return null;
  const pathFile = path.join(pkg, 'path.txt');
  const resolve = () => {
    if (!fs.existsSync(pathFile)) return null;
    const rel = fs.readFileSync(pathFile, 'utf8').trim();
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(pkg, 'dist');
    const exe = path.join(dist, rel);
    return fs.existsSync(exe) ? exe : null;
  };
  const found = resolve();
  if (found) return found;
  // The electron package fetches its binary on first use; try once, quietly, and give up fast offline.
  const r = spawnSync(process.execPath, [path.join(pkg, 'install.js')], {
    stdio: 'ignore',
    timeout: 180_000,
  });
  return r.status === 0 ? resolve() : null;
}

if (mode === 'serve') {
  runHost();
} else {
  const exe = electronBinary();
  if (exe) {
    const child = spawn(exe, [path.join(root, 'out/main/index.js'), ...args], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
  } else {
    console.log(
      'The Electron binary is not installed on this machine, so SIEVE starts in your browser instead.',
    );
    runHost();
  }
}
