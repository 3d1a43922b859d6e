// `npm run bench:load [-- --clients 20 --seconds 60 --size 2000 --many 4 --steady-only]`: the browser host
// (bundled from source, on a fresh project holding one system's outputs) under concurrent clients, first
// alone, then with one importer that imports that system's outputs again and again (the project keeps its
// size), then alone again, then with one importer adding systems and corpora (one after another), then with
// `--many` such importers at once, then alone again on the project the imports made larger (`--steady-only`
// stops after the second run alone); prints the figures and writes bench/results/load.json with the
// machine's load average before each run and the run with the steady importer against the runs alone
// around it (same project, same minutes of the machine's load).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, makeKillProject, startHost, systemJsonl, waitJob } from '../test/crash/hostKill';
import { removeHostBundle } from '../test/helpers/hostBundle';
import { runHostLoad } from './hostLoad';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    size: { type: 'string', default: '2000' },
    many: { type: 'string', default: '4' },
    'steady-only': { type: 'boolean', default: false },
  },
});
const size = Number(values.size);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-load-'));
const file = await makeKillProject(dir, size);
const host = await startHost(file, dir);
const runs = [];
try {
  // The system the steady importer re-imports is there from the start, so that the runs alone around it
  // read the same project (a system's outputs make some reads cost more).
  const setup = await call<{ id: string }>(host, 'system:upload', {
    name: 'steady-0',
    files: [{ name: 'steady-0.jsonl', content: systemJsonl('steady', size) }],
  });
  await waitJob(host, setup.id, () => {});
  // Imports make the project larger, and reads of a larger project cost more: the last run, alone again on
  // the project as the imports left it, is what the runs with imports compare with as well as the first.
  const plan = [
    { importers: 0, steady: false },
    { importers: 1, steady: true },
    { importers: 0, steady: false },
    ...(values['steady-only']
      ? []
      : [
          { importers: 1, steady: false },
          { importers: Number(values.many), steady: false },
          { importers: 0, steady: false },
        ]),
  ];
  for (const { importers, steady } of plan) {
    const loadAverage = os.loadavg().map((x) => Math.round(x * 100) / 100);
    const phase =
      importers === 0
        ? 'alone'
        : steady
          ? 'steady importer'
          : `${importers} importer${importers > 1 ? 's' : ''} (systems and corpora)`;
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
    const loadAverageAfter = os.loadavg().map((x) => Math.round(x * 100) / 100);
    runs.push({ phase, ...figures, steady, loadAverage, loadAverageAfter, utterancesAtEnd: utterances });
    console.log(
      `${phase}: ${figures.clients} clients, ${figures.seconds.toFixed(0)} s, ` +
        `load average ${loadAverage.join(' ')} before, ${loadAverageAfter.join(' ')} after, ` +
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
        `host RSS ${figures.hostRssMb.start}→${figures.hostRssMb.peak} MB peak, ` +
        `${figures.hostRssMb.secondHalf.min}–${figures.hostRssMb.secondHalf.max} MB in the second half, ` +
        `${figures.lostEdits} lost edits; ` +
        `processor s: host ${figures.cpuSec.host ?? '—'} (main thread ${figures.cpuSec.hostMainThread ?? '—'}), ` +
        `clients ${figures.cpuSec.clients}, machine idle ${figures.cpuSec.machineIdle === null ? '—' : `${Math.round(figures.cpuSec.machineIdle * 100)} %`}`,
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
// The steady importer's run (the second) against the two runs alone around it, on the same project: what
// an import running all along costs the clients, as ratios (1 is free; throughput below 1, p99 above).
const [before, steady, after] = runs;
const mean = (a: number, b: number): number => (a + b) / 2;
const steadyVsAlone =
  before && steady && after
    ? {
        requestsPerSec: steady.requestsPerSec / mean(before.requestsPerSec, after.requestsPerSec),
        p99: steady.latencyMs.p99 / mean(before.latencyMs.p99, after.latencyMs.p99),
        p50: steady.latencyMs.p50 / mean(before.latencyMs.p50, after.latencyMs.p50),
      }
    : null;
if (steadyVsAlone)
  console.log(
    `steady importer against alone (mean of the runs before and after): throughput × ` +
      `${steadyVsAlone.requestsPerSec.toFixed(2)}, p99 × ${steadyVsAlone.p99.toFixed(2)}, p50 × ${steadyVsAlone.p50.toFixed(2)}`,
  );
// One line per run, in order, with the figures the issue's goals are about (the full figures are in `runs`).
const phases = runs.map((r) => ({
  phase: r.phase,
  loadAverage: { before: r.loadAverage, after: r.loadAverageAfter },
  requestsPerSec: Math.round(r.requestsPerSec),
  p50Ms: Math.round(r.latencyMs.p50 * 10) / 10,
  p99Ms: Math.round(r.latencyMs.p99 * 10) / 10,
  errors: r.errors,
  lostEdits: r.lostEdits,
  imports: r.imports,
  hostRssMb: {
    start: r.hostRssMb.start,
    peak: r.hostRssMb.peak,
    end: r.hostRssMb.end,
    secondHalf: r.hostRssMb.secondHalf,
  },
}));
const measured =
  `The browser host under ${values.clients} concurrent clients (reads and edits of their own utterance) ` +
  `for ${values.seconds} s per run on a project of ${size} utterances: alone, with one importer re-importing ` +
  `a system's ${size} outputs all along ("steady importer"), alone again` +
  (values['steady-only'] ? '' : `, then with importers adding systems and corpora, and alone again`) +
  `. Requests per second, latency quantiles, errors, lost edits (acknowledged edits not read back), the ` +
  `host's resident memory (peak, and lowest and highest in each run's second half) and processor time; the ` +
  `machine's load average before and after each run. steadyVsAlone: the steady importer's run against the ` +
  `mean of the runs alone before and after it (same project, same minutes).`;
const out = path.join(import.meta.dirname, 'results', 'load.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ suite: 'load', measured, date: new Date().toISOString(), machine, size, steadyVsAlone, phases, runs }, null, 2)}\n`,
);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
process.exitCode = runs.some((r) => r.errors > 0 || r.lostEdits > 0) ? 1 : 0;
