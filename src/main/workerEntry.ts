// Where a worker thread's code is and how Node must load it: the built `<name>.js` next to the running
// bundle, or, when running from source (tests, benchmarks, `tsx`), the TypeScript source beside the
// calling module, loaded through tsx's loader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BugError } from '../core/errors';

/** The entry of worker `name` (e.g. `scoreWorker`) for the module at `callerUrl` (its `import.meta.url`). */
export function workerEntry(callerUrl: string, name: string): { file: string; execArgv: string[] } {
  const here = fileURLToPath(callerUrl);
  const dir = path.dirname(here);
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(callerUrl).resolve('tsx')).href;
    return { file: path.join(dir, `${name}.ts`), execArgv: ['--import', tsx] };
  }
  // Bundled: the caller sits in out/main/ or in a shared chunk one folder below it.
  for (const d of [dir, path.dirname(dir)]) {
    const file = path.join(d, `${name}.js`);
    if (fs.existsSync(file)) return { file, execArgv: [] };
  }
  throw new BugError(`${name}.js is not next to ${here}; the build must include it`);
}
