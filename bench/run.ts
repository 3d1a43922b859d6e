// `npm run bench [-- suite…]`: runs the benchmark suites and writes bench/results/<suite>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeMeasure, type BenchResult, type BenchSuite } from './harness';
import { suites } from './suites';

const here = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const outDir = path.join(here, 'results');
fs.mkdirSync(outDir, { recursive: true });

for (const suite of suites as readonly BenchSuite[]) {
  if (wanted.length > 0 && !wanted.includes(suite.name)) continue;
  const results: BenchResult[] = [];
  await suite.run(makeMeasure(suite.name, results));
  const file = path.join(outDir, `${suite.name}.json`);
  const machine = {
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '',
    platform: process.platform,
  };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ suite: suite.name, date: new Date().toISOString(), machine, results }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
