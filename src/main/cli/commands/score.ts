import path from 'node:path';
import type { ScoringSettings } from '../../../core/api/contract';
import { performance } from 'node:perf_hooks';
import { type CorpusFigure, coverageOf } from '../../../core/scoring/corpusScores';
import { utteranceMetricList } from '../../../core/scoring/utteranceMetrics';
import {
  COVERAGE_LEGEND,
  UNDEFINED,
  coverageText,
  isPartial,
  jsonFigure,
  percent,
} from '../../../core/scoring/present';
import { SIEVE_VERSION } from '../../../core/version';
import { type SystemFigures, scoreProjectFigures } from '../../scoring/scoreProject';
import { goldNoteLines } from '../goldNotes';
import { CSV_HEADER, q, undefinedNote } from '../../report/csvReport';
import { ProjectStore } from '../../store/projectStore';
import type { CliIo, Command } from '../command';
import {
  alternatives,
  choiceOption,
  integerOption,
  optionError,
  parseCliArgs,
  positionalArgs,
} from '../options';

const FORMATS = ['json', 'md', 'csv'] as const;
type Format = (typeof FORMATS)[number];

/** One system's figures, and its per-utterance ones when asked for. */
interface SystemResult {
  name: string;
  figures: CorpusFigure[];
  utterances?: { id: string; figures: { metric: string; value: number | null; signature: string }[] }[];
}

/** A figure for JSON and CSV: NaN and ±Infinity (undefined figures) become null. */
const fin = jsonFigure;

/** The settings as reports show them: a GLM file by its name and hash, not its text. */
function shownSettings(settings: ScoringSettings): Record<string, unknown> {
  const { glm, ...rest } = settings;
  return glm ? { ...rest, glm: `${glm.name}#${glm.sha256}` } : rest;
}

function json(project: string, settings: ScoringSettings, systems: SystemResult[]): string {
  const out = {
    project,
    version: SIEVE_VERSION,
    settings: shownSettings(settings),
    systems: systems.map((s) => ({
      name: s.name,
      figures: s.figures.map((f) => ({
        ...f,
        value: fin(f.value),
        lo: fin(f.lo),
        hi: fin(f.hi),
        partial: isPartial(f),
      })),
      ...(s.utterances ? { utterances: s.utterances } : {}),
    })),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const cell = (s: string): string => s.replace(/\|/g, '\\|');

function markdown(project: string, settings: ScoringSettings, systems: SystemResult[]): string {
  const lines = [
    `# ${project}`,
    '',
    `SIEVE ${SIEVE_VERSION}; settings: ${Object.entries(shownSettings(settings))
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(', ')}.`,
    '',
    `Figures in percent; ${UNDEFINED}: undefined. ${COVERAGE_LEGEND}`,
  ];
  for (const s of systems) {
    lines.push(
      '',
      `## ${s.name}`,
      '',
      '| Metric | Value (%) | 95% interval | n / N | Signature |',
      '|---|---:|---|---:|---|',
    );
    for (const f of s.figures)
      lines.push(
        `| ${cell(f.metric)} | ${percent(f.value)} | [${percent(f.lo)}, ${percent(f.hi)}] | ${coverageText(f)} | \`${cell(f.signature)}\` |`,
      );
    if (s.utterances) {
      const metrics = [...new Set(s.utterances.flatMap((u) => u.figures.map((f) => f.metric)))];
      lines.push('', `### ${s.name}: per utterance`, '');
      lines.push(
        `| Utterance | ${metrics.map(cell).join(' | ')} |`,
        `|---|${metrics.map(() => '---:').join('|')}|`,
      );
      for (const u of s.utterances) {
        const by = new Map(u.figures.map((f) => [f.metric, f.value]));
        lines.push(
          `| ${cell(u.id)} | ${metrics.map((m) => (by.has(m) ? percent(by.get(m)) : '')).join(' | ')} |`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

const csvField = (v: string | number | null): string => q(v === null ? '' : String(v));

/** One table: corpus rows have an empty utterance column, per-utterance rows no interval. */
function csv(systems: SystemResult[]): string {
  // The report's columns without `level`; an undefined value is an empty cell with its reason in `note`.
  const rows: (string | number | null)[][] = [CSV_HEADER.filter((h) => h !== 'level')];
  const note = (v: number | null): string => undefinedNote(fin(v));
  for (const s of systems) {
    for (const f of s.figures)
      rows.push([
        s.name,
        '',
        f.metric,
        fin(f.value),
        fin(f.lo),
        fin(f.hi),
        f.n,
        f.N,
        f.empty,
        note(f.value),
        f.signature,
        f.bootstrap,
      ]);
    for (const u of s.utterances ?? [])
      for (const f of u.figures)
        rows.push([
          s.name,
          u.id,
          f.metric,
          f.value,
          null,
          null,
          null,
          null,
          null,
          note(f.value),
          f.signature,
          null,
        ]);
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

/** A progress bar on stderr, redrawn in place. */
function progressBar(io: CliIo): { update(done: number, total: number): void; end(): void } {
  let shown = '';
  return {
    update(done, total) {
      const width = 30;
      const frac = total === 0 ? 1 : done / total;
      const fill = Math.round(frac * width);
      const text = `scoring [${'#'.repeat(fill)}${'.'.repeat(width - fill)}] ${Math.floor(frac * 100)}% ${done}/${total}`;
      if (text !== shown) io.err(`\r${text}`);
      shown = text;
    },
    end() {
      if (shown !== '') io.err('\r\u001b[K');
    },
  };
}

/** Where one `sieve score` run's time went, in milliseconds (what `--timings` prints). */
interface ScoreTimings {
  /** From the process's start to the start of the scoring (loading the command, opening the project). */
  startMs: number;
  /** From the start of the scoring to the output written and the project closed. */
  totalMs: number;
  /** Until the score cache was read and the pairs left to score were known. */
  planMs: number;
  /** Until the first pair left to score was scored (in a worker thread: the workers' start-up). */
  firstPairMs: number;
  /**
   * Until every pair was scored (read from the cache or scored in this or a worker thread), with the
   * figures of the systems whose pairs were all in before (in one thread, every system's).
   */
  scoringMs: number;
  /** From then to the output written and the project closed: no worker thread shortens it unless it takes part. */
  afterScoringMs: number;
  /** Of which: closing the project (folding its write-ahead log into the file). */
  closeMs: number;
  /** This (the app) thread's busy time, in all and from the last pair scored to the output written. */
  appBusyMs: number;
  appBusyAfterScoringMs: number;
  /** The process's processor time over the run, every thread's (workers' included). */
  cpuMs: number;
}

/**
 * Measures a run: `planned()` once the cache is read, `progress()` as pairs are done, `closing()` before
 * the project is closed and `end()` after (calls after the first of each kind are ignored).
 */
function scoreTimings(): {
  planned(): void;
  progress(done: number, total: number): void;
  closing(): void;
  end(): ScoreTimings;
} {
  // performance.now() counts from the process's start.
  const t0 = performance.now();
  const elu0 = performance.eventLoopUtilization();
  const cpu0 = process.cpuUsage();
  let at: { t: number; elu: ReturnType<typeof performance.eventLoopUtilization> } | null = null;
  let [plan, first, close, done0] = [NaN, NaN, NaN, -1];
  const ms = (x: number): number => Math.round(x);
  return {
    planned() {
      if (Number.isNaN(plan)) plan = performance.now();
    },
    progress(done, total) {
      // The first call says what the cache held; the next, that a pair left to score was scored.
      if (done0 < 0) done0 = done;
      else if (done > done0 && Number.isNaN(first)) first = performance.now();
      if (done === total) at ??= { t: performance.now(), elu: performance.eventLoopUtilization() };
    },
    closing() {
      if (Number.isNaN(close)) close = performance.now();
    },
    end() {
      const t = performance.now();
      const elu = performance.eventLoopUtilization();
      const scored = at ?? { t, elu };
      return {
        startMs: ms(t0),
        totalMs: ms(t - t0),
        planMs: ms(plan - t0),
        firstPairMs: Number.isNaN(first) ? 0 : ms(first - t0),
        scoringMs: ms(scored.t - t0),
        afterScoringMs: ms(t - scored.t),
        closeMs: Number.isNaN(close) ? 0 : ms(t - close),
        appBusyMs: ms(performance.eventLoopUtilization(elu, elu0).active),
        appBusyAfterScoringMs: ms(performance.eventLoopUtilization(elu, scored.elu).active),
        cpuMs: ms(((c) => (c.user + c.system) / 1000)(process.cpuUsage(cpu0))),
      };
    },
  };
}

/** `sieve score PROJECT`: every (or the named) system's corpus figures, scored in worker threads. */
export const score: Command = {
  name: 'score',
  summary:
    'Score a project: corpus figures with 95% intervals and signatures per system, in worker threads, through the score cache',
  usage:
    'sieve score PROJECT.sieve [--system NAME[,NAME…]] [--format json|md|csv] [--jobs N] [--utterances] [--progress]\n' +
    '  [--only-covered] [--timings]\n' +
    "  an utterance without a system's output is scored as an empty hypothesis (sclite's rule: its gold words\n" +
    "  deleted, entities missed, tree nodes deleted, N-best list empty); --only-covered (or the project's\n" +
    '  scoring setting) scores the covered utterances only. Every figure shows n / N: utterances scored of\n' +
    '  those with gold for the metric, and how many of the n had no output. --timings writes where the time\n' +
    '  went to stderr as one JSON line (`sieve score: timings {…}`)',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        system: { type: 'string', multiple: true },
        format: { type: 'string', default: 'json' },
        jobs: { type: 'string' },
        utterances: { type: 'boolean', default: false },
        progress: { type: 'boolean', default: false },
        'only-covered': { type: 'boolean', default: false },
        timings: { type: 'boolean', default: false },
      },
      allowPositionals: true,
    });
    const [project] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const format: Format = choiceOption('--format', values.format, FORMATS);
    const jobs =
      values.jobs === undefined ? undefined : integerOption('--jobs', values.jobs, 1, { min: 1, max: 9999 });
    const store = ProjectStore.open(path.resolve(io.cwd, project));
    const timings = values.timings ? scoreTimings() : null;
    try {
      const all = store.systems();
      let systems = all;
      if (values.system !== undefined) {
        const names = values.system.flatMap((v) => v.split(',')).map((s) => s.trim());
        const unknown = names.filter((n) => n === '' || !all.some((s) => s.name === n));
        if (unknown.length > 0) {
          const known = all.map((s) => JSON.stringify(s.name));
          throw optionError(
            '--system',
            unknown.join(','),
            known.length > 0
              ? `a system of the project: ${alternatives(known)}`
              : 'a system; the project has none',
          );
        }
        systems = all.filter((s) => names.includes(s.name));
      }
      const bar = values.progress || process.stderr.isTTY ? progressBar(io) : null;
      // The project's setting, or --only-covered for this run (named in every signature: `missing:`).
      const stored = store.scoringSettings().settings;
      const settings = values['only-covered'] ? { ...stored, onlyCovered: true } : stored;
      let scores: Map<number, SystemFigures>;
      try {
        scores = await scoreProjectFigures(store, {
          systemIds: systems.map((s) => s.id),
          coverage: coverageOf(settings),
          scores: values.utterances,
          ...(jobs !== undefined ? { jobs } : {}),
          onCacheRead: () => timings?.planned(),
          onProgress: (d: number, t: number) => {
            bar?.update(d, t);
            timings?.progress(d, t);
          },
        });
      } finally {
        bar?.end();
      }
      // Gold that an older version stored invalid was left out of the scoring: say what.
      for (const line of goldNoteLines('score', new Map([...scores].map(([id, s]) => [id, s.notes]))))
        io.err(line);
      const results: SystemResult[] = systems.map((s) => {
        const m = scores.get(s.id)!;
        return {
          name: s.name,
          figures: m.figures,
          ...(m.scores
            ? { utterances: [...m.scores].map(([id, u]) => ({ id, figures: utteranceMetricList(u) })) }
            : {}),
        };
      });
      io.out(
        format === 'json'
          ? json(project, settings, results)
          : format === 'md'
            ? markdown(project, settings, results)
            : csv(results),
      );
    } finally {
      timings?.closing();
      store.close();
    }
    if (timings) io.err(`sieve score: timings ${JSON.stringify(timings.end())}\n`);
    return 0;
  },
};
