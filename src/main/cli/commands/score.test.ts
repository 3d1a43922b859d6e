import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../../test/helpers/tempProject';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';
import { corpusScores } from '../../../core/scoring/corpusScores';
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
  signature: string;
}
interface ScoreJson {
  project: string;
  version: string;
  settings: unknown;
  systems: { name: string; figures: Figure[]; utterances?: { id: string; figures: Figure[] }[] }[];
}

/** Every system's corpus figures computed here, one utterance at a time, by system name. */
function expectedFigures(file: string): Map<string, ReturnType<typeof corpusScores>> {
  const store = ProjectStore.open(path.join(dir, file));
  try {
    return new Map(
      store.systems().map((s) => [
        s.name,
        corpusScores(
          store.listUtterances().flatMap((u) => {
            const o = getSystemOutput(store.db, s.id, u.id);
            return o ? [scoreUtterance(store.goldState(u.id).gold, o)] : [];
          }),
        ),
      ]),
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
    expect(md.out).toMatch(/\| WER \| \d\.\d{3} \| \[\d\.\d{3}, \d\.\d{3}\] \| 12 \| `wer\\\|costs:sclite/);
    expect(md.out).toContain(`### ${a}: per utterance`);
    const csv = await sieve('score', file, '--system', a, '--format', 'csv');
    const lines = csv.out.trimEnd().split('\n');
    expect(lines[0]).toBe('system,utterance,metric,value,lo,hi,n,signature,bootstrap');
    const wer = lines.find((l) => l.startsWith(`${a},,WER,`))!.split(',');
    const jsonWer = one.systems.find((s) => s.name === a)!.figures.find((f) => f.metric === 'WER')!;
    expect(Number(wer[3])).toBe(jsonWer.value);
    expect(Number(wer[6])).toBe(12);
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
    expect(unknown.err).toMatch(/no system named "nobody"; the project has "/);
    expect(unknown.out).toBe('');
    expect((await sieve('score', file, '--format', 'xml')).code).toBe(2);
    expect((await sieve('score', file, '--jobs', '0')).code).toBe(2);
    expect((await sieve('score', file, '--jobs', 'many')).code).toBe(2);
    expect((await sieve('score')).code).toBe(2);
    expect((await sieve('score', file, '--bogus')).code).toBe(2);
    const missing = await sieve('score', 'missing.sieve');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/No project file/);
  });
});
