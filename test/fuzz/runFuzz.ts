// `npm run fuzz [-- --seed S --inputs N --first I --imports M]`: the large fuzz run, by hand. Prints the
// figures, writes them to bench/results/fuzz.json, and writes every failing input to test-results/fuzz/
// so it can be opened or fed to a reader again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fuzzImports } from './fuzzImports';
import { fuzzReaders, makeInput } from './fuzzReaders';
import { isKnown } from './knownFailures';
import { READER_TARGETS } from './readerTargets';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    inputs: { type: 'string', default: '100000' },
    first: { type: 'string', default: '0' },
    imports: { type: 'string', default: '2000' },
  },
});
const seed = Number(values.seed);
const first = Number(values.first);
const inputs = Number(values.inputs);
const root = path.resolve(import.meta.dirname, '..', '..');

const readers = fuzzReaders({
  seed,
  inputs,
  first,
  onProgress: (n) => {
    if (n % 10_000 === 0) console.log(`${n} inputs`);
  },
});
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-fuzz-'));
const imports = await fuzzImports({ seed, count: Number(values.imports), dir, first });
fs.rmSync(dir, { recursive: true, force: true });

const failDir = path.join(root, 'test-results', 'fuzz');
for (const f of readers.failures) {
  const input = makeInput(READER_TARGETS, f.seed, f.index);
  fs.mkdirSync(failDir, { recursive: true });
  fs.writeFileSync(
    path.join(failDir, `${f.seed}-${f.index}-${input.target.name}.in`),
    input.bytes ?? input.text,
  );
}
const rss = process.memoryUsage().rss;
const out = {
  date: new Date().toISOString(),
  node: process.version,
  readers: { ...readers, failures: readers.failures.length },
  imports: { ...imports, failures: imports.failures.length },
  rssMb: Math.round(rss / 2 ** 20),
};
fs.mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench', 'results', 'fuzz.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `${readers.inputs} inputs, ${readers.calls} reader calls in ${(readers.totalMs / 1000).toFixed(1)} s; ` +
    `slowest ${readers.slowest.ms.toFixed(1)} ms (${readers.slowest.reader} #${readers.slowest.index}, ` +
    `${readers.slowest.chars} chars); p99 ${readers.p99Ms.toFixed(2)} ms; ${readers.failures.length} failures`,
);
console.log(
  `${imports.imports} imports (${imports.failed} failed as they should, ${imports.succeeded} succeeded), ` +
    `slowest ${imports.slowestMs.toFixed(0)} ms; ${imports.failures.length} failures; RSS ${out.rssMb} MB`,
);
for (const f of [...readers.failures, ...imports.failures]) {
  console.log(`${isKnown(f) ? 'known ' : ''}${JSON.stringify(f)}`);
}
process.exitCode =
  readers.failures.some((f) => !isKnown(f)) || imports.failures.some((f) => !isKnown(f)) ? 1 : 0;
