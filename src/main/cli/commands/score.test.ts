import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { corpusScores } from '../../../core/scoring/corpusScores';
import { systemProfile } from '../../../core/scoring/coverage';
import { scoreUtterance } from '../../../core/scoring/scoreUtterance';
import { DEFAULT_SCORING_SETTINGS } from '../../../core/scoring/settings';
import { SIEVE_VERSION } from '../../../core/version';
import { ProjectStore } from '../../store/projectStore';
import { getSystemOutput, importSystemOutputs } from '../../store/systemStore';

const DEMO = path.resolve(import.meta.dirname, '../../../../resources/demo');

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

/** A copy of the demo (never opened in place) in the test's folder. */
function copyDemo(): string {
  fs.cpSync(DEMO, path.join(dir, 'demo'), { recursive: true });
  return 'demo/demo.sieve';
}

interface Figure {
  metric: string;
  value: number | null;
  lo: number | null;
  hi: number | null;
  n: number;
  N: number;
  empty: number;
  partial: boolean;
  signature: string;
}
interface ScoreJson {
  project: string;
  version: string;
  settings: unknown;
  systems: { name: string; figures: Figure[]; utterances?: { id: string; figures: Figure[] }[] }[];
}

/**
 * Every system's corpus figures computed here, one utterance at a time, by system name: every utterance,
 * one without output against the system's profile (an empty hypothesis), or only the covered ones.
 */
function expectedFigures(
  file: string,
  coverage: 'all' | 'covered' = 'all',
): Map<string, ReturnType<typeof corpusScores>> {
  const store = ProjectStore.open(path.join(dir, file));
  try {
    return new Map(
      store.systems().map((s) => {
        const outputs = store.listUtterances().map((u) => getSystemOutput(store.db, s.id, u.id));
        const profile = systemProfile(outputs.filter((o) => o !== null));
        const scores = store
          .listUtterances()
          .map((u, k) => scoreUtterance(store.goldState(u.id).gold, outputs[k]!, undefined, {}, profile));
        return [s.name, corpusScores(scores, { coverage })];
      }),
    );
  } finally {
    store.close();
  }
}

describe('sieve score', () => {
  it('prints every system’s corpus figures with intervals and signatures as JSON', async () => {
    const file = copyDemo();
    const r = await sieve('score', file, '--jobs', '2');
    expect(r.code).toBe(0);
    expect(r.err).toBe(''); // no progress bar when stderr is not a terminal
    const out = JSON.parse(r.out) as ScoreJson;
    expect(out.project).toBe(file);
    expect(out.version).toBe(SIEVE_VERSION);
    expect(out.settings).toEqual(DEFAULT_SCORING_SETTINGS);
    const expected = expectedFigures(file);
    expect(out.systems.map((s) => s.name)).toEqual([...expected.keys()]);
    for (const s of out.systems) {
      const want = expected.get(s.name)!;
      expect(s.figures.map((f) => f.metric)).toEqual(want.map((f) => f.metric));
      s.figures.forEach((f, k) => {
        const w = want[k]!;
        expect(f.value).toBe(Number.isFinite(w.value) ? w.value : null);
        expect(f.lo).toBe(Number.isFinite(w.lo) ? w.lo : null);
        expect(f.signature).toBe(w.signature);
      });
      expect(s.utterances).toBeUndefined();
    }
  });

  it('scores the named systems only, per utterance on request, in Markdown and CSV too', async () => {
    const file = copyDemo();
    const names = (JSON.parse((await sieve('score', file)).out) as ScoreJson).systems.map((s) => s.name);
    const [a, b] = [names[1]!, names[0]!];
    const one = JSON.parse(
      (await sieve('score', file, '--system', `${a},${b}`, '--utterances')).out,
    ) as ScoreJson;
    // The project's order, whatever the order asked in.
    expect(one.systems.map((s) => s.name)).toEqual([b, a]);
    for (const s of one.systems) {
      expect(s.utterances).toHaveLength(12);
      expect(s.utterances![0]!.figures.find((f) => f.metric === 'WER')!.signature).toMatch(/^wer\|/);
    }
    const md = await sieve('score', file, '--system', a, '--format', 'md', '--utterances');
    expect(md.code).toBe(0);
    expect(md.out).toContain(`## ${a}`);
    expect(md.out).not.toContain(`## ${b}\n`);
    expect(md.out).toMatch(
      /\| WER \| \d+\.\d \| \[\d+\.\d, \d+\.\d\] \| 12 \/ 12 \| `wer\\\|costs:sclite\\\|case:fold\\\|missing:empty/,
    );
    expect(md.out).toContain(`### ${a}: per utterance`);
    const csv = await sieve('score', file, '--system', a, '--format', 'csv');
    const lines = csv.out.trimEnd().split('\n');
    expect(lines[0]).toBe('system,utterance,metric,value,lo,hi,n,N,empty,note,signature,bootstrap');
    const wer = lines.find((l) => l.startsWith(`${a},,WER,`))!.split(',');
    const jsonWer = one.systems.find((s) => s.name === a)!.figures.find((f) => f.metric === 'WER')!;
    expect(Number(wer[3])).toBe(jsonWer.value);
    expect(Number(wer[6])).toBe(12);
  });

  it('says where the time went with --timings, on stderr only, the figures unchanged', async () => {
    const file = copyDemo();
    const cold = await sieve('score', file, '--jobs', '2', '--timings');
    const warm = await sieve('score', file, '--jobs', '2');
    expect(cold.out).toBe(warm.out);
    expect(cold.err).toMatch(/^sieve score: timings \{[^\n]*\}\n$/);
    const t = JSON.parse(cold.err.slice('sieve score: timings '.length)) as Record<string, number>;
    expect(Object.keys(t)).toEqual([
      'startMs',
      'totalMs',
      'planMs',
      'firstPairMs',
      'scoringMs',
      'afterScoringMs',
      'closeMs',
      'appBusyMs',
      'appBusyAfterScoringMs',
      'cpuMs',
    ]);
    expect(t.scoringMs! + t.afterScoringMs!).toBeGreaterThanOrEqual(t.totalMs! - 1);
    // The phases follow one another: the plan, the first pair scored, the last, and the close at the end.
    expect(t.firstPairMs).toBeGreaterThan(0);
    expect(t.planMs).toBeLessThanOrEqual(t.firstPairMs! + 1);
    expect(t.firstPairMs).toBeLessThanOrEqual(t.scoringMs! + 1);
    expect(t.closeMs).toBeLessThanOrEqual(t.afterScoringMs! + 1);
    expect(t.appBusyAfterScoringMs).toBeLessThanOrEqual(t.afterScoringMs! + 1);
  });

  it('writes an undefined figure as null and WER as a ratio of sums (hand count)', async () => {
    const { file } = await makeProject(dir);
    const store = ProjectStore.open(file);
    importSystemOutputs(
      store.db,
      'asr',
      [
        // "I want to" heard as "I want two": 1 substitution; "Flight" as "flight": correct when case folds.
        {
          id: 'train-1',
          words: [{ text: 'I' }, { text: 'want' }, { text: 'two' }],
          entities: [],
        },
        { id: 'air-1', words: [{ text: 'flight' }], entities: [] },
      ],
      ['asr.jsonl'],
    );
    store.close();
    const r = await sieve('score', path.basename(file), '--progress');
    expect(r.code).toBe(0);
    const figures = (JSON.parse(r.out) as ScoreJson).systems[0]!.figures;
    expect(figures.find((f) => f.metric === 'WER')!.value).toBeCloseTo(1 / 4, 12);
    // No entity on either side: entity F1 is undefined, so null.
    expect(figures.find((f) => f.metric === 'Entity F1')).toMatchObject({ value: null, lo: null, hi: null });
    expect(r.out).not.toMatch(/NaN|Infinity/);
    expect(r.err).toMatch(/scoring \[#{30}\] 100% 2\/2/);
  });

  it('refuses an unknown system, format or job count with the usage exit code', async () => {
    const file = copyDemo();
    const unknown = await sieve('score', file, '--system', 'nobody');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^sieve score: --system: 'nobody'; expected a system of the project: "/);
    expect(unknown.out).toBe('');
    for (const [flags, line] of [
      [['--format', 'xml'], "--format: 'xml'; expected json, md or csv"],
      [['--jobs', '0'], "--jobs: '0'; expected a whole number from 1 to 9999"],
      [['--jobs', 'many'], "--jobs: 'many'; expected a whole number from 1 to 9999"],
    ] as const) {
      const r = await sieve('score', file, ...flags);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve score: ${line}`);
      expect(r.err).toMatch(/^usage: sieve score PROJECT\.sieve/m);
    }
    expect((await sieve('score')).code).toBe(2);
    expect((await sieve('score', file, '--bogus')).code).toBe(2);
    const missing = await sieve('score', 'missing.sieve');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No project file/);
  });
});

describe('sieve score: every utterance counts', () => {
  it('scores an utterance without output as an empty hypothesis, or leaves it out with --only-covered', async () => {
    const { file } = await makeProject(dir);
    fs.writeFileSync(
      path.join(dir, 'sys.jsonl'),
      [
        // "I want to" heard as "I want two"; nothing for air-1; a line for an utterance the project lacks.
        JSON.stringify({
          id: 'train-1',
          words: [
            { text: 'I', startSec: 0, endSec: 0.1 },
            { text: 'want', startSec: 0.11, endSec: 0.41 },
            { text: 'two', startSec: 0.42, endSec: 0.56 },
          ],
        }),
        JSON.stringify({ id: 'elsewhere-7', words: [{ text: 'x', startSec: 0, endSec: 1 }] }),
      ].join('\n') + '\n',
    );
    const project = path.basename(file);
    const imported = await sieve('import-system', project, 'sys.jsonl', '--name', 'asr');
    expect(imported.err).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain('skipped  elsewhere-7: no such utterance in the project');
    expect(imported.out).toContain('no output  air-1');
    expect(imported.out).toMatch(/1 output\(s\) for utterances the project does not have, skipped/);
    expect(imported.out).toMatch(/1 utterance\(s\) without output, scored as empty hypotheses/);

    const all = (JSON.parse((await sieve('score', project)).out) as ScoreJson).systems[0]!.figures;
    const wer = all.find((f) => f.metric === 'WER')!;
    // sclite: 1 substitution in train-1, air-1's one word deleted: 2 errors of 4 reference words.
    expect(wer).toMatchObject({ value: 0.5, n: 2, N: 2, empty: 1, partial: false });
    expect(wer.signature).toMatch(/\|missing:empty\|v:/);
    expect(all).toEqual(
      expectedFigures(project)
        .get('asr')!
        .map((f) => expect.objectContaining({ metric: f.metric, n: f.n })),
    );

    const covered = await sieve('score', project, '--only-covered');
    const cw = (JSON.parse(covered.out) as ScoreJson).systems[0]!.figures.find((f) => f.metric === 'WER')!;
    expect(cw).toMatchObject({ value: 1 / 3, n: 1, N: 2, empty: 0, partial: true });
    expect(cw.signature).toMatch(/\|missing:skip\|v:/);
    expect((JSON.parse(covered.out) as { settings: { onlyCovered: boolean } }).settings.onlyCovered).toBe(
      true,
    );

    const md = await sieve('score', project, '--format', 'md');
    expect(md.out).toMatch(/\| WER \| 50\.0 \| \[[^\]]*\] \| 2 \/ 2 \(1 without output\) \|/);
    const mdCovered = await sieve('score', project, '--format', 'md', '--only-covered');
    expect(mdCovered.out).toMatch(/\| WER \| 33\.3 \| \[[^\]]*\] \| 1 \/ 2 † \|/);
    const csv = await sieve('score', project, '--format', 'csv', '--only-covered');
    expect(csv.out).toMatch(/^asr,,WER,0\.3333333333333333,[^,]*,[^,]*,1,2,0,,/m);

    // The project's setting does the same as the flag.
    const store = ProjectStore.open(file);
    store.setScoringSettings({ ...DEFAULT_SCORING_SETTINGS, onlyCovered: true });
    store.close();
    const setting = (JSON.parse((await sieve('score', project)).out) as ScoreJson).systems[0]!.figures;
    expect(setting.find((f) => f.metric === 'WER')).toMatchObject({ value: 1 / 3, n: 1, N: 2 });
  });
});
