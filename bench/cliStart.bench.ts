// CLI start-up as whole processes: `sieve --version`, and `sieve wer` / `structiou` / `ted` on one-line
// inputs, each against `node -e 0` (the anchor: the least a Node process costs) in the same Node. Runs
// alternate (anchor, then every command, the order rotating each round) so that the machine's load falls
// on all alike; each figure is the median over rounds of the run's time over the same round's anchor.
// Goals: `--version` ≤ 1.5× the anchor, the scorers ≤ 2×. On a loaded machine wall times stretch with
// the run queue (the anchor most, in proportion), so each case is also run under /usr/bin/time and its
// mean CPU time is given beside its anchor's.
//
// Measured under two Nodes: the machine's own (the first `node` on PATH outside node_modules, Node 20 on
// Debian 12) and the repository's (devDependency `node`, Node 22, the one `npm run` puts on PATH). Each
// command is also run once with bench/moduleLoads.mjs preloaded, which counts the module files it loads
// and their bytes. Last, the ways a user types the command, from a shell whose PATH has no
// node_modules/.bin: `npx sieve --version` (npm finds the package's own bin; fewer rounds, npx alone
// takes about a second) and `bin/sieve.mjs --version` (what `npm link` puts on PATH; its `#!` line
// starts the machine's Node).
//
// SIEVE_CLI_START_RUNS sets the rounds (default 15, after one warm-up round); SIEVE_BENCH_NO_BUILD skips
// `npm run build` (then out/ must be current); SIEVE_CLI_START_SIEVE names the bin/sieve.mjs to measure
// (default: this checkout's).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchSuite } from './harness';

const ROOT = path.resolve(import.meta.dirname, '..');
// Another checkout's (or a copy's) bin/sieve.mjs, for before/after figures or while out/ is being rebuilt.
const SIEVE = process.env.SIEVE_CLI_START_SIEVE ?? path.join(ROOT, 'bin/sieve.mjs');
const LOAD_HOOK = path.join(ROOT, 'bench/moduleLoads.mjs');

/** One process to time: a name and its arguments after the Node binary. */
interface Case {
  name: string;
  args: string[];
  /** The goal, as a multiple of the anchor; none for the anchor itself. */
  goal?: number;
}

/** Builds the app (bin/sieve.mjs runs out/main/cli.js) unless SIEVE_BENCH_NO_BUILD is set. */
function buildCli(): boolean {
  if (process.env.SIEVE_BENCH_NO_BUILD === undefined)
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  return fs.existsSync(path.join(path.dirname(SIEVE), '../out/main/cli.js'));
}

/** PATH without node_modules/.bin folders: what a user's shell has. */
function userPath(): string {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => !p.includes('node_modules'))
    .join(path.delimiter);
}

/** The first `node` on the user's PATH (the machine's Node), or null. */
function machineNode(): string | null {
  for (const dir of userPath().split(path.delimiter)) {
    const file = path.join(dir, 'node');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.realpathSync(file);
    } catch {
      // not here
    }
  }
  return null;
}

/** The Node the repository carries (devDependency `node`). */
function repoNode(): string | null {
  const file = path.join(ROOT, 'node_modules/node/bin/node');
  return fs.existsSync(file) ? fs.realpathSync(file) : null;
}

/** Wall time of one run; throws with its stderr when it fails. */
function timeRun(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { ms: number; out: string } {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { ms, out: r.stdout };
}

const TIME = '/usr/bin/time';

/**
 * CPU time (user + system) of one run from `/usr/bin/time`, or null without it. Its clock ticks are
 * 10 ms, so only a mean over many runs says something; unlike wall time it hardly depends on the load.
 */
function cpuRun(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  file: string,
): number | null {
  if (!fs.existsSync(TIME)) return null;
  const r = spawnSync(TIME, ['-f', '%U %S', '-o', file, cmd, ...args], { cwd, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  const [user, system] = fs.readFileSync(file, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return (user! + system!) * 1000;
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The module files one run loads (the probe itself left out) and their total size. */
function moduleLoads(
  node: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): { modules: number; kB: number } {
  const log = path.join(cwd, 'modules.log');
  fs.rmSync(log, { force: true });
  const r = spawnSync(node, args, {
    cwd,
    env: { ...env, SIEVE_MODULE_LOG: log, NODE_OPTIONS: `--import ${LOAD_HOOK}` },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`${node} ${args.join(' ')} with the load probe failed: ${r.stderr}`);
  const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n') : [];
  const files = new Set(
    lines.filter((l) => l !== '').map((l) => (l.startsWith('file:') ? fileURLToPath(l) : l)),
  );
  files.delete(LOAD_HOOK);
  let bytes = 0;
  for (const f of files) bytes += fs.statSync(f).size;
  return { modules: files.size, kB: Math.round(bytes / 1000) };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** Run times of each case and their ratios to the same round's anchor. */
type Rounds = Map<string, { ms: number[]; ratios: number[] }>;

/**
 * One round for `measure` (which calls it once to warm up, then once per counted round): every case
 * once, the first one being the anchor, starting each round one case further on.
 */
function alternating(cases: Case[], run: (c: Case) => number): { round: () => void; rounds: Rounds } {
  const rounds: Rounds = new Map(cases.map((c) => [c.name, { ms: [], ratios: [] }]));
  let n = 0;
  const round = (): void => {
    const order = cases.map((_, i) => cases[(i + n) % cases.length]!);
    const ms = new Map(order.map((c) => [c.name, run(c)]));
    if (n++ === 0) return;
    const anchor = ms.get(cases[0]!.name)!;
    for (const c of cases) {
      rounds.get(c.name)!.ms.push(ms.get(c.name)!);
      rounds.get(c.name)!.ratios.push(ms.get(c.name)! / anchor);
    }
  };
  return { round, rounds };
}

const loadavg = (): string =>
  fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').trim() : '—';

/** `sieve --version`, `wer`, `structiou` and `ted` on one-line inputs against `node -e 0`, in two Nodes. */
export const cliStartBench: BenchSuite = {
  name: 'cli-start',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-cli-start-'));
    try {
      if (!buildCli()) {
        console.log('cli-start › skipped: out/main/cli.js is not built (npm run build failed)');
        return;
      }
      const rounds = Number(process.env.SIEVE_CLI_START_RUNS ?? 15);
      fs.writeFileSync(path.join(dir, 'ref.trn'), 'i want to go to berlin (spk1_1)\n');
      fs.writeFileSync(path.join(dir, 'hyp.trn'), 'i want go to berlin please (spk1_1)\n');
      const words = '[["a",0,0.4],["b",0.4,0.9],["c",0.9,1.3]]';
      fs.writeFileSync(
        path.join(dir, 'struct.jsonl'),
        `{"id":"u1","gold":{"tree":"(S (NP a b) (VP c))","words":${words}},` +
          `"pred":{"tree":"(S (NP a) (VP b c))","words":${words}}}\n`,
      );
      fs.writeFileSync(
        path.join(dir, 'ted.jsonl'),
        '{"id":"p1","t1":"(S (NP a b) c)","t2":"(S (NP a) (VP b c))"}\n',
      );
      const cases: Case[] = [
        { name: 'node -e 0', args: ['-e', '0'] },
        { name: 'sieve --version', args: [SIEVE, '--version'], goal: 1.5 },
        { name: 'sieve wer', args: [SIEVE, 'wer', 'ref.trn', 'hyp.trn'], goal: 2 },
        { name: 'sieve structiou', args: [SIEVE, 'structiou', '--jsonl', 'struct.jsonl'], goal: 2 },
        { name: 'sieve ted', args: [SIEVE, 'ted', '--jsonl', 'ted.jsonl'], goal: 2 },
      ];
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: userPath() };
      delete env.NODE_OPTIONS;
      console.log(`cli-start › load before: ${loadavg()}`);
      const nodes = [machineNode(), repoNode()].filter((n): n is string => n !== null);
      for (const node of [...new Set(nodes)]) {
        const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
        // Each case also runs once per round under /usr/bin/time, for its CPU time (the first, warm-up
        // round's is dropped below).
        const cpu = new Map<string, number[]>(cases.map((c) => [c.name, []]));
        const { round, rounds: table } = alternating(cases, (c) => {
          const ms = timeRun(node, c.args, dir, env).ms;
          const cpuMs = cpuRun(node, c.args, dir, env, path.join(dir, 'time.out'));
          if (cpuMs !== null) cpu.get(c.name)!.push(cpuMs);
          return ms;
        });
        const result = await measure(
          'one round: anchor + commands (processes, alternating)',
          { node: version, cases: cases.length },
          round,
          { runs: rounds },
        );
        const extra: Record<string, number | string> = { node, load: loadavg() };
        const cpuMean = (name: string): number | null => {
          const xs = cpu.get(name)!.slice(1);
          return xs.length > 0 ? mean(xs) : null;
        };
        const anchorCpu = cpuMean(cases[0]!.name);
        for (const c of cases) {
          const t = table.get(c.name)!;
          const loads = moduleLoads(node, c.args, dir, env);
          const ratio = median(t.ratios);
          const cpuMs = cpuMean(c.name);
          const cpuRatio = cpuMs !== null && anchorCpu !== null && anchorCpu > 0 ? cpuMs / anchorCpu : null;
          extra[`${c.name}: medianMs`] = Number(median(t.ms).toFixed(1));
          extra[`${c.name}: cpuMeanMs`] = cpuMs === null ? '—' : Number(cpuMs.toFixed(1));
          if (c.goal !== undefined) {
            extra[`${c.name}: ratio`] = Number(ratio.toFixed(2));
            extra[`${c.name}: goal`] = `≤ ${c.goal}× ${ratio <= c.goal ? 'met' : 'not met'}`;
            extra[`${c.name}: cpuRatio`] = cpuRatio === null ? '—' : Number(cpuRatio.toFixed(2));
          }
          extra[`${c.name}: modules`] = loads.modules;
          extra[`${c.name}: kB`] = loads.kB;
          console.log(
            `cli-start › ${version} ${c.name.padEnd(16)} median ${median(t.ms).toFixed(1).padStart(6)} ms` +
              (c.goal === undefined ? ' (anchor)' : `  ${ratio.toFixed(2)}× the anchor (goal ≤ ${c.goal}×)`) +
              `  CPU ${cpuMs === null ? '—' : cpuMs.toFixed(1)} ms` +
              (cpuRatio === null ? '' : ` (${cpuRatio.toFixed(2)}×)`) +
              `  ${loads.modules} modules, ${loads.kB} kB`,
          );
        }
        result.extra = extra;
      }

      // How a user starts it: through npx, or the script itself (its `#!/usr/bin/env node` line).
      const npxRounds = Math.max(3, Math.round(rounds / 5));
      const ways: Case[] = [
        { name: 'node -e 0', args: ['node', '-e', '0'] },
        { name: 'bin/sieve.mjs --version', args: [SIEVE, '--version'] },
        { name: 'npx sieve --version', args: ['npx', 'sieve', '--version'] },
      ];
      const { round, rounds: table } = alternating(
        ways,
        (c) => timeRun(c.args[0]!, c.args.slice(1), ROOT, env).ms,
      );
      const r = await measure(
        'one round: how it is started (processes, alternating)',
        { cases: ways.length },
        round,
        {
          runs: npxRounds,
        },
      );
      const extra: Record<string, number | string> = { load: loadavg() };
      for (const c of ways) {
        const t = table.get(c.name)!;
        extra[`${c.name}: medianMs`] = Number(median(t.ms).toFixed(1));
        extra[`${c.name}: ratio`] = Number(median(t.ratios).toFixed(2));
        console.log(
          `cli-start › ${c.name.padEnd(34)} median ${median(t.ms).toFixed(1).padStart(7)} ms  ` +
            `${median(t.ratios).toFixed(2)}× node -e 0`,
        );
      }
      r.extra = extra;
      console.log(`cli-start › load after: ${loadavg()}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
