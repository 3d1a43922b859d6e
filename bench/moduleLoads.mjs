// A start-up probe: `NODE_OPTIONS="--import /abs/bench/moduleLoads.mjs" SIEVE_MODULE_LOG=FILE node …` appends
// one line per module file the process (and any Node process it starts with the same environment) loads:
// ES modules as the loader resolves them, CommonJS files and native addons from require's cache at exit.
// bench/cliStart.bench.ts reads the lines, drops duplicates and sums the files' sizes.
import fs from 'node:fs';
import { createRequire, register } from 'node:module';

const log = process.env.SIEVE_MODULE_LOG;
if (log) {
  register(new URL(import.meta.url), { data: { log } });
  const require = createRequire(import.meta.url);
  process.on('exit', () => {
    const files = Object.keys(require.cache);
    if (files.length > 0) fs.appendFileSync(log, files.map((f) => `${f}\n`).join(''));
  });
}

let hookLog;

/** Loader hook: remembers where to write. */
export function initialize(data) {
  hookLog = data?.log;
}

/** Loader hook: writes down every file: URL loaded, then loads it as usual. */
export async function load(url, context, nextLoad) {
  if (hookLog && url.startsWith('file:')) fs.appendFileSync(hookLog, `${url}\n`);
  return nextLoad(url, context);
}
