// Where SIEVE finds its bundled resources and keeps the user's copy of the demo.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The app root: the nearest folder above this module holding SIEVE's package.json. Searched rather than
 * computed, because the bundler may place this module in out/main or in out/main/chunks.
 */
export function appRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (
      fs.existsSync(pkg) &&
      (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { name?: string }).name === 'sieve'
    )
      return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`SIEVE's package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

/** Whether the absolute, normalized path `p` is `root` or lies inside it. */
export function isInside(p: string, root: string): boolean {
  if (p === root) return true;
  const rel = path.relative(root, p);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/** The real path of `p` (symbolic links followed), or `p` itself when it does not exist. */
export function realOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

/** The user's data folder for SIEVE (overridable with SIEVE_DATA_DIR, as tests do). */
export function userDataDir(): string {
  if (process.env.SIEVE_DATA_DIR) return path.resolve(process.env.SIEVE_DATA_DIR);
  const home = os.homedir();
  if (process.platform === 'win32')
    return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'SIEVE');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'SIEVE');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'sieve');
}

/**
 * The demo project the studio opens by default: a copy of resources/demo in the user's data folder,
 * made on first use so the bundled file is never modified. An existing copy (with the user's edits) is kept.
 */
export function demoProjectPath(resourcesDir = path.join(appRoot(), 'resources')): string {
  const target = path.join(userDataDir(), 'demo');
  const file = path.join(target, 'demo.sieve');
  if (!fs.existsSync(file)) {
    const source = path.join(resourcesDir, 'demo');
    const staging = `${target}.${process.pid}.tmp`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    fs.copyFileSync(path.join(source, 'demo.sieve'), path.join(staging, 'demo.sieve'));
    fs.cpSync(path.join(source, 'audio'), path.join(staging, 'audio'), { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  return file;
}
