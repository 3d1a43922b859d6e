// `npm run bench:load [-- --clients 20 --seconds 60 --size 2000 --many 4]`: the browser host (bundled
// from source, on a fresh project) under concurrent clients, first alone, then with one importer that
// imports one system's outputs again and again (the project keeps its size), then with one importer adding
// systems and corpora (one after another), then with `--many` such importers at once, then alone again on
// the project the imports made larger; prints the figures and writes bench/results/load.json with the machine's load
// average before each run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, makeKillProject, startHost } from '../test/crash/hostKill';
import { removeHostBundle } from '../test/helpers/hostBundle';
import { runHostLoad } from './hostLoad';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    size: { type: 'string', default: '2000' },
    many: { type: 'string', default: '4' },
  },
});
const size = Number(values.size);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-load-'));
const file = await makeKillProject(dir, size);
const host = await startHost(file, dir);
const runs = [];
try {
  // Imports make the project larger, and reads of a larger project cost more: the last run, alone again on
  // the project as the imports left it, is what the runs with imports compare with as well as the first.
  const plan = [
    { importers: 0, steady: false },
    { importers: 1, steady: true },
    { importers: 1, steady: false },
    { importers: Number(values.many), steady: false },
    { importers: 0, steady: false },
  ];
  for (const { importers, steady } of plan) {
    const loadAverage = os.loadavg().map((x) => Math.round(x * 100) / 100);
    const figures = await runHostLoad({
      host,
      dir,
      clients: Number(values.clients),
      seconds: Number(values.seconds),
      size,
      importers,
      steady,
      seed: 1,
    });
    const utterances = (await call<{ utterances: number }>(host, 'project:summary', {})).utterances;
    runs.push({ ...figures, steady, loadAverage, utterancesAtEnd: utterances });
    console.log(
      `${figures.clients} clients, ${figures.seconds.toFixed(0)} s, load average ${loadAverage.join(' ')}, ` +
        `${utterances} utterances at the end` +
        (importers > 0
          ? `, ${importers} ${steady ? 'steady ' : ''}importer${importers > 1 ? 's' : ''}: ` +
            `${figures.imports} imports ` +
            `(${figures.requestsDuringImports} requests answered during them)`
          : '') +
        ': ' +
        `${figures.requests} requests (${figures.requestsPerSec.toFixed(0)}/s), ${figures.errors} errors, ` +
        `p50 ${figures.latencyMs.p50.toFixed(1)} ms, p99 ${figures.latencyMs.p99.toFixed(1)} ms, ` +
        `max ${figures.latencyMs.max.toFixed(0)} ms (${figures.latencyMs.slowestMethod}), ` +
        `host RSS ${figures.hostRssMb.start}→${figures.hostRssMb.peak} MB peak, ${figures.lostEdits} lost edits`,
    );
    for (const e of figures.firstErrors) console.log(`  ${e}`);
  }
} finally {
  host.child.kill('SIGTERM');
  await host.exited;
  fs.rmSync(dir, { recursive: true, force: true });
  removeHostBundle();
}
const machine = {
  node: process.version,
  cpus: os.cpus().length,
  cpu: os.cpus()[0]?.model ?? '',
  platform: process.platform,
};
const out = path.join(import.meta.dirname, 'results', 'load.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ suite: 'load', date: new Date().toISOString(), machine, size, runs }, null, 2)}\n`,
);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
process.exitCode = runs.some((r) => r.errors > 0 || r.lostEdits > 0) ? 1 : 0;
