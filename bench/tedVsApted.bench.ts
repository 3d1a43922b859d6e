// Tree edit distance as a whole process: `sieve ted` against APTED (Pawlik & Augsten's Java code, the
// reference implementation) on the same pairs, runs alternating between the two so that the machine's
// load falls on both alike; medians, the ratio sieve/APTED, the distances of both (they must agree) and
// the peak resident memory of each process (`/usr/bin/time -f %M`).
//
// APTED is not part of this repository. Build its jar from github.com/DatabaseGroup/apted (javac over
// src/main/java/at/…, with Main-Class at.unisalzburg.dbresearch.apted.util.CommandLine) and point
// SIEVE_APTED_JAR at it. Its command line knows unit costs only, so for 3/3/4 costs and typed trees this
// benchmark compiles a small cost model of its own (below; javac needed) beside it in a temporary folder
// and starts APTED's CommandLine with that model. Without the jar (or without java) the whole-process
// comparison is skipped with the reason printed; the in-process part runs either way.
//
// SIEVE_TED_RUNS sets the runs per side (default 3, after one warm-up pair); SIEVE_TED_SHAPES (parts of
// shape names) and SIEVE_TED_SETTINGS (unit, 3/3/4, 3/3/4 typed), comma-separated, choose a subset;
// SIEVE_TED_SIEVE names another checkout's bin/sieve.mjs to measure (an older build, for before/after).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treeEditDistance } from '../src/core/ted/ted';
import { tedCosts, type TedCosts } from '../src/core/ted/costModel';
import { writeBracket } from '../src/core/tree/bracket';
import type { TreeNode } from '../src/core/tree/tree';
import { seededRandom, type BenchSuite } from './harness';
import { comb, randomTree } from './ted.bench';

const ROOT = path.resolve(import.meta.dirname, '..');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** A path of n nodes (every node the only child of the one above). */
function chain(n: number, seed: number): TreeNode {
  const rnd = seededRandom(seed);
  let t: TreeNode = { label: LETTERS[Math.floor(rnd() * 26)]!, children: [] };
  for (let i = 1; i < n; i++) t = { label: LETTERS[Math.floor(rnd() * 26)]!, children: [t] };
  return t;
}

/** A full binary tree of depth `d` (2^(d+1) − 1 nodes). */
function fullBinary(d: number, seed: number): TreeNode {
  const rnd = seededRandom(seed);
  const make = (level: number): TreeNode => ({
    label: LETTERS[Math.floor(rnd() * 26)]!,
    children: level === 0 ? [] : [make(level - 1), make(level - 1)],
  });
  return make(d);
}

/** A root with n − 1 leaves. */
function wide(n: number, seed: number): TreeNode {
  const rnd = seededRandom(seed);
  const children = Array.from({ length: n - 1 }, () => ({
    label: LETTERS[Math.floor(rnd() * 26)]!,
    children: [],
  }));
  return { label: 'r', children };
}

const CONCEPTS = [
  'AOrigin',
  'ADestination',
  'APlace',
  'ADate',
  'ATime',
  'AFlight',
  'AFlightNumber',
  'AQuery',
];
const WORDS = 'when does the flight to london depart from paris gate twelve at noon is plane delayed'.split(
  ' ',
);

/**
 * A semantic tree in the style of the demo's (Thomae et al. §5): `root:S` over a long utterance of
 * `word:` leaves and `concept:` nodes, each concept over one to four words and now and then a nested
 * concept of its own (as `ADestination (to (APlace London))`); about n nodes.
 */
function semantic(n: number, seed: number): TreeNode {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const word = (): TreeNode => ({ label: pick(WORDS), type: 'word', children: [] });
  const children: TreeNode[] = [];
  let count = 1;
  while (count < n) {
    if (rnd() < 0.4) {
      children.push(word());
      count++;
      continue;
    }
    const inner: TreeNode[] = [];
    const words = 1 + Math.floor(rnd() * 4);
    for (let k = 0; k < words; k++) inner.push(word());
    count += 1 + words;
    if (rnd() < 0.3) {
      inner.push({ label: pick(CONCEPTS), type: 'concept', children: [word()] });
      count += 2;
    }
    children.push({ label: pick(CONCEPTS), type: 'concept', children: inner });
  }
  return { label: 'S', type: 'root', children };
}

const left = (): boolean => true;
const right = (): boolean => false;
const zig = (l: number): boolean => l % 2 === 0;

/** The shapes of ≥ 1,000 nodes; `typed` shapes carry types (the semantic trees). */
const SHAPES: { name: string; make: () => [TreeNode, TreeNode]; typed?: boolean }[] = [
  { name: 'chain 1000', make: () => [chain(1000, 11), chain(1000, 12)] },
  { name: 'chain 2000', make: () => [chain(2000, 13), chain(2000, 14)] },
  { name: 'left comb vs left comb 1000', make: () => [comb(1000, 15, left), comb(1000, 16, left)] },
  { name: 'right comb vs right comb 1000', make: () => [comb(1000, 17, right), comb(1000, 18, right)] },
  { name: 'left comb vs right comb 1000', make: () => [comb(1000, 7, left), comb(1000, 8, right)] },
  { name: 'zigzag 1000', make: () => [comb(1000, 9, zig), comb(1000, 10, zig)] },
  { name: 'full binary 1023', make: () => [fullBinary(9, 19), fullBinary(9, 20)] },
  { name: 'wide 1000', make: () => [wide(1000, 21), wide(1000, 22)] },
  { name: 'random 1000', make: () => [randomTree(1000, 1), randomTree(1000, 2)] },
  { name: 'random 2000', make: () => [randomTree(2000, 3), randomTree(2000, 4)] },
  { name: 'deep random 1000', make: () => [randomTree(1000, 5, 8), randomTree(1000, 6, 8)] },
  { name: 'semantic 1000', make: () => [semantic(1000, 23), semantic(1000, 24)], typed: true },
  { name: 'semantic 2000', make: () => [semantic(2000, 25), semantic(2000, 26)], typed: true },
];

/** Cost settings compared: APTED's own unit-cost CLI, and 3/3/4 (typed where the shape has types). */
const SETTINGS: { name: string; costs: TedCosts; typedOnly?: boolean }[] = [
  { name: 'unit', costs: tedCosts({ ins: 1, del: 1, sub: 1 }) },
  { name: '3/3/4', costs: tedCosts() },
  { name: '3/3/4 typed', costs: tedCosts({ typed: true }), typedOnly: true },
];

/** APTED's bracket notation: `{label{child}…}`; a typed node's label is `type:label`. */
function aptedBracket(t: TreeNode, typed: boolean): string {
  const parts: string[] = [];
  const stack: (TreeNode | '}')[] = [t];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (x === '}') {
      parts.push('}');
      continue;
    }
    parts.push(`{${typed ? `${x.type ?? ''}:` : ''}${x.label}`);
    stack.push('}');
    for (let k = x.children.length - 1; k >= 0; k--) stack.push(x.children[k]!);
  }
  return parts.join('');
}

// A cost model for APTED with SIEVE's costs (insertion, deletion, substitution) and typed labels
// `type:label`, where a substitution across types costs ∞ (Thomae et al. §5); the rest of the command
// line is APTED's own.
const COST_MODEL_JAVA = `
import at.unisalzburg.dbresearch.apted.costmodel.CostModel;
import at.unisalzburg.dbresearch.apted.node.Node;
import at.unisalzburg.dbresearch.apted.node.StringNodeData;
import at.unisalzburg.dbresearch.apted.parser.BracketStringInputParser;
import at.unisalzburg.dbresearch.apted.util.CommandLine;

public final class SieveTedCosts implements CostModel<StringNodeData> {
  private final float ins, del, sub;
  private final boolean typed;

  SieveTedCosts(float ins, float del, float sub, boolean typed) {
    this.ins = ins; this.del = del; this.sub = sub; this.typed = typed;
  }

  public float del(Node<StringNodeData> n) { return del; }

  public float ins(Node<StringNodeData> n) { return ins; }

  public float ren(Node<StringNodeData> a, Node<StringNodeData> b) {
    String x = a.getNodeData().getLabel();
    String y = b.getNodeData().getLabel();
    if (x.equals(y)) return 0f;
    if (typed) {
      int cx = x.indexOf(':');
      if (cx != y.indexOf(':') || !x.regionMatches(0, y, 0, cx)) return Float.POSITIVE_INFINITY;
    }
    return sub;
  }

  /** INS DEL SUB typed|untyped, then APTED's own arguments. */
  public static void main(String[] args) {
    SieveTedCosts costs = new SieveTedCosts(Float.parseFloat(args[0]), Float.parseFloat(args[1]),
        Float.parseFloat(args[2]), args[3].equals("typed"));
    String[] rest = java.util.Arrays.copyOfRange(args, 4, args.length);
    new CommandLine<SieveTedCosts, BracketStringInputParser>(costs, new BracketStringInputParser()).runCommandLine(rest);
  }
}
`;

/** Where APTED is, or why the comparison is skipped. */
function findApted(dir: string): { jar: string; classDir: string } | { skip: string } {
  const jar = process.env.SIEVE_APTED_JAR;
  if (jar === undefined || jar === '')
    return { skip: 'SIEVE_APTED_JAR is not set (path to APTED’s apted.jar)' };
  if (!fs.existsSync(jar)) return { skip: `SIEVE_APTED_JAR names ${jar}, which does not exist` };
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error !== undefined) return { skip: `java is not installed (${java.error.message})` };
  const classDir = path.join(dir, 'apted-costs');
  fs.mkdirSync(classDir);
  fs.writeFileSync(path.join(classDir, 'SieveTedCosts.java'), COST_MODEL_JAVA);
  const javac = spawnSync('javac', ['-cp', jar, '-d', classDir, path.join(classDir, 'SieveTedCosts.java')], {
    encoding: 'utf8',
  });
  if (javac.status !== 0)
    return { skip: `javac could not compile the cost model: ${javac.error?.message ?? javac.stderr}` };
  return { jar, classDir };
}

/** Builds the app (bin/sieve.mjs runs out/main/cli.js) unless SIEVE_BENCH_NO_BUILD is set. */
function buildCli(): boolean {
  if (process.env.SIEVE_BENCH_NO_BUILD === undefined)
    spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  return fs.existsSync(path.join(ROOT, 'out/main/cli.js'));
}

const TIME = '/usr/bin/time';

/** What one run of a process took: wall time, CPU time (user + system, all threads), peak RSS. */
interface Timed {
  ms: number;
  out: string;
  /** null without /usr/bin/time. */
  cpuMs: number | null;
  rssKiB: number | null;
}

/** Runs a command, returning its wall time, its stdout, and (when /usr/bin/time is there) CPU time and peak RSS. */
function timed(cmd: string, args: string[], rssFile: string): Timed {
  const withTime = fs.existsSync(TIME);
  const t0 = performance.now();
  const r = withTime
    ? spawnSync(TIME, ['-f', '%M %U %S', '-o', rssFile, cmd, ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      })
    : spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const ms = performance.now() - t0;
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.slice(0, 3).join(' ')} … failed (${r.status}): ${r.stderr}`);
  if (!withTime) return { ms, out: r.stdout, cpuMs: null, rssKiB: null };
  const [rss, user, sys] = fs.readFileSync(rssFile, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  return { ms, out: r.stdout, cpuMs: (user! + sys!) * 1000, rssKiB: rss! };
}

const fmt = (xs: number[]): string => (xs.length > 0 ? median(xs).toFixed(0) : '—');

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

/** `sieve ted` vs APTED as whole processes on every shape and cost setting, and the core in-process. */
export const tedVsAptedBench: BenchSuite = {
  name: 'ted-vs-apted',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-ted-'));
    try {
      const runs = Number(process.env.SIEVE_TED_RUNS ?? 3);
      const only = process.env.SIEVE_TED_SHAPES?.split(',');
      const onlySettings = process.env.SIEVE_TED_SETTINGS?.split(',');
      const apted = findApted(dir);
      const built = buildCli();
      let skip = 'skip' in apted ? apted.skip : null;
      if (!built) skip = 'out/main/cli.js is not built (npm run build failed)';
      if (skip !== null) console.log(`ted-vs-apted › whole-process comparison skipped: ${skip}`);
      const load = fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').trim() : '—';
      console.log(`ted-vs-apted › load before: ${load}`);
      const rssFile = path.join(dir, 'rss');
      for (const shape of SHAPES) {
        if (only !== undefined && !only.some((o) => shape.name.includes(o))) continue;
        const [a, b] = shape.make();
        for (const setting of SETTINGS) {
          if (setting.typedOnly === true && shape.typed !== true) continue;
          if (onlySettings !== undefined && !onlySettings.includes(setting.name)) continue;
          const typed = setting.costs.typed;
          // Typed shapes are compared with types only in the typed setting; their labels carry the type
          // in APTED's notation either way, so that untyped runs see the same labels on both sides.
          const labelsWithType = shape.typed === true;
          const params = { shape: shape.name, costs: setting.name };
          const expected = treeEditDistance(a, b, setting.costs).distance;
          await measure(
            'treeEditDistance (in-process)',
            params,
            () => treeEditDistance(a, b, setting.costs),
            {
              runs,
            },
          );
          if (skip !== null || !('jar' in apted)) continue;
          const jsonl = path.join(dir, 'pair.jsonl');
          const f1 = path.join(dir, 't1.tree');
          const f2 = path.join(dir, 't2.tree');
          const bracket = (t: TreeNode): string => writeBracket(t, { typed: labelsWithType });
          fs.writeFileSync(jsonl, `${JSON.stringify({ id: 1, t1: bracket(a), t2: bracket(b) })}\n`);
          fs.writeFileSync(f1, `${aptedBracket(a, labelsWithType)}\n`);
          fs.writeFileSync(f2, `${aptedBracket(b, labelsWithType)}\n`);
          const { ins, del, sub } = setting.costs;
          const sieveArgs = [
            process.env.SIEVE_TED_SIEVE ?? path.join(ROOT, 'bin/sieve.mjs'),
            'ted',
            '--jsonl',
            jsonl,
            '--costs',
            `${ins},${del},${sub}`,
          ];
          if (typed) sieveArgs.push('--typed');
          // Unit costs untyped: APTED's own command line; otherwise the cost model compiled above.
          const aptedArgs =
            setting.name === 'unit'
              ? ['-jar', apted.jar, '-f', f1, f2]
              : [
                  '-cp',
                  `${apted.jar}${path.delimiter}${apted.classDir}`,
                  'SieveTedCosts',
                  String(ins),
                  String(del),
                  String(sub),
                  typed ? 'typed' : 'untyped',
                  '-f',
                  f1,
                  f2,
                ];
          const sieveMs: number[] = [];
          const aptedMs: number[] = [];
          const sieveCpu: number[] = [];
          const aptedCpu: number[] = [];
          let sieveRss = 0;
          let aptedRss = 0;
          let sieveDistance = NaN;
          let aptedDistance = NaN;
          let round = 0;
          const pair = await measure(
            'sieve ted + APTED (processes, alternating)',
            params,
            () => {
              const runSieve = (): void => {
                const r = timed(process.execPath, sieveArgs, rssFile);
                sieveDistance = (JSON.parse(r.out.split('\n')[0]!) as { distance: number }).distance;
                if (round > 0) sieveMs.push(r.ms);
                if (round > 0 && r.cpuMs !== null) sieveCpu.push(r.cpuMs);
                sieveRss = Math.max(sieveRss, r.rssKiB ?? 0);
              };
              const runApted = (): void => {
                const r = timed('java', aptedArgs, rssFile);
                aptedDistance = Number(r.out.split('\n')[0]);
                if (round > 0) aptedMs.push(r.ms);
                if (round > 0 && r.cpuMs !== null) aptedCpu.push(r.cpuMs);
                aptedRss = Math.max(aptedRss, r.rssKiB ?? 0);
              };
              if (round % 2 === 0) {
                runSieve();
                runApted();
              } else {
                runApted();
                runSieve();
              }
              round++;
            },
            { runs },
          );
          const s = median(sieveMs);
          const j = median(aptedMs);
          const agree = sieveDistance === expected && aptedDistance === expected;
          pair.extra = {
            sieveMedianMs: Math.round(s),
            aptedMedianMs: Math.round(j),
            sieveOverApted: Number((s / j).toFixed(3)),
            sieveCpuMedianMs: sieveCpu.length > 0 ? Math.round(median(sieveCpu)) : '—',
            aptedCpuMedianMs: aptedCpu.length > 0 ? Math.round(median(aptedCpu)) : '—',
            sievePeakRssMiB: sieveRss > 0 ? Number((sieveRss / 1024).toFixed(1)) : '—',
            aptedPeakRssMiB: aptedRss > 0 ? Number((aptedRss / 1024).toFixed(1)) : '—',
            distance: expected,
            aptedDistance,
            distancesAgree: agree ? 'yes' : 'no',
            aptedRunner:
              setting.name === 'unit' ? 'java -jar apted.jar -f' : 'APTED CommandLine + SieveTedCosts',
          };
          console.log(
            `ted-vs-apted › ${shape.name} [${setting.name}]: sieve ${s.toFixed(0)} ms, APTED ${j.toFixed(0)} ms, ` +
              `ratio ${(s / j).toFixed(2)}; CPU ${fmt(sieveCpu)} vs ${fmt(aptedCpu)} ms; peak RSS ${(sieveRss / 1024).toFixed(0)} vs ${(aptedRss / 1024).toFixed(0)} MiB; ` +
              `distance ${expected} / APTED ${aptedDistance}${agree ? '' : ' — DISAGREE'}`,
          );
        }
      }
      const after = fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').trim() : '—';
      console.log(`ted-vs-apted › load after: ${after}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
