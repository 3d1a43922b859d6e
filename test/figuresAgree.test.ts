// One figure and one n wherever a figure is read: `sieve score --format json`, the dashboard's figures
// through the API (`score:corpus`), the HTML, CSV and JSON reports, and the batch commands (`sieve wer`,
// `sieve ne`, `sieve structiou`) run on files written from the project's gold and the systems' outputs —
// for the demo and for a project where one system has output for every other utterance only.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Handlers } from '../src/core/api/contract';
import { writeTrn } from '../src/core/formats/trn';
import type { SystemOutput } from '../src/core/model/systemOutput';
import { dispatch } from '../src/main/api/dispatch';
import { createHandlers } from '../src/main/api/handlers';
import { Session } from '../src/main/api/session';
import { parseCsv } from '../src/main/report/csvReport';
import { ProjectStore } from '../src/main/store/projectStore';
import { getSystemOutput, importSystemOutputs } from '../src/main/store/systemStore';
import { untilJobEnds } from './helpers/jobs';
import { runSieve } from './helpers/runSieve';
import { copyDemo, tempDir } from './helpers/tempProject';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('sieve-agree-')));
afterEach(() => cleanup());

/** A figure as every source gives it: value (null when undefined), n, N and the empty hypotheses. */
interface Seen {
  value: number | null;
  n: number;
  N: number;
  empty: number;
}
/** `system\tmetric` → figure. */
type Figures = Map<string, Seen>;

const key = (system: string, metric: string): string => `${system}\t${metric}`;

async function sieve(...argv: string[]): Promise<string> {
  const r = await runSieve(dir, ...argv);
  if (r.code !== 0) throw new Error(`sieve ${argv.join(' ')}: ${r.err}`);
  return r.out;
}

type FigureLike = { metric: string; value: number | null; n: number; N: number; empty: number };
function collect(systems: readonly { name: string; figures: readonly FigureLike[] }[]): Figures {
  const out: Figures = new Map();
  for (const s of systems)
    for (const f of s.figures)
      out.set(key(s.name, f.metric), { value: f.value, n: f.n, N: f.N, empty: f.empty });
  return out;
}

async function fromScore(file: string): Promise<Figures> {
  return collect(
    (
      JSON.parse(await sieve('score', file, '--format', 'json', '--jobs', '1')) as {
        systems: { name: string; figures: FigureLike[] }[];
      }
    ).systems,
  );
}

async function fromApi(file: string): Promise<Figures> {
  const session = new Session('browser', { allow: [file] });
  try {
    const handlers: Handlers = createHandlers(session);
    const run = (method: string, input: unknown) =>
      dispatch(handlers, method, input, (e) => {
        throw e;
      }) as Promise<{ ok: boolean; value: { id: string; state: string; result?: unknown } }>;
    await run('project:open', { path: file });
    const job = await run('score:corpus', {});
    const end = await untilJobEnds(
      () => run('job:status', { jobId: job.value.id }),
      (st) => st.value.state,
    );
    expect(end.value.state).toBe('done');
    return collect(end.value.result as { name: string; figures: FigureLike[] }[]);
  } finally {
    session.close();
  }
}

async function fromJsonReport(file: string): Promise<Figures> {
  return collect(
    (
      JSON.parse(await sieve('report', file, '--format', 'json')) as {
        systems: { name: string; figures: FigureLike[] }[];
      }
    ).systems,
  );
}

async function fromCsvReport(file: string): Promise<Figures> {
  const [head, ...rows] = parseCsv(await sieve('report', file, '--format', 'csv'));
  const col = (name: string): number => head!.indexOf(name);
  const out: Figures = new Map();
  for (const r of rows.filter((r) => r[col('level')] === 'corpus')) {
    const value = r[col('value')]!;
    if (value === '') expect(r[col('note')]).toMatch(/undefined/);
    out.set(key(r[col('system')]!, r[col('metric')]!), {
      value: value === '' ? null : Number(value),
      n: Number(r[col('n')]),
      N: Number(r[col('N')]),
      empty: Number(r[col('empty')]),
    });
  }
  return out;
}

async function fromHtmlReport(file: string): Promise<Figures> {
  await sieve('report', file, '--out', 'report.html');
  const html = fs.readFileSync(path.join(dir, 'report.html'), 'utf8');
  const attr = (cell: string, name: string): string => {
    const m = new RegExp(` data-${name}="([^"]*)"`).exec(cell);
    if (!m) throw new Error(`no data-${name} in ${cell}`);
    return m[1]!.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
  };
  const out: Figures = new Map();
  for (const [cell] of html.matchAll(/<td class="ci" data-system=[^>]*>/g)) {
    const value = attr(cell, 'value');
    out.set(key(attr(cell, 'system'), attr(cell, 'metric')), {
      value: value === '' ? null : Number(value),
      n: Number(attr(cell, 'n')),
      N: Number(attr(cell, 'total')),
      empty: Number(attr(cell, 'empty')),
    });
  }
  return out;
}

/** Each system's outputs by utterance (null where it has none), and the gold, read from the project. */
function projectData(file: string) {
  const store = ProjectStore.open(file);
  try {
    const utterances = store.listUtterances().map((u) => ({ id: u.id, gold: store.goldState(u.id).gold }));
    const systems = store.systems().map((s) => ({
      name: s.name,
      outputs: utterances.map((u) => getSystemOutput(store.db, s.id, u.id)),
    }));
    return { utterances, systems, ignoreCase: store.scoringSettings().settings.ignoreCase };
  } finally {
    store.close();
  }
}

const write = (name: string, text: string): string => {
  fs.writeFileSync(path.join(dir, name), text);
  return name;
};
const lastJson = (text: string): Record<string, unknown> =>
  JSON.parse(text.trimEnd().split('\n').at(-1)!) as Record<string, unknown>;

/**
 * The figures the batch commands give on files written from the project: an utterance without output
 * is an empty hypothesis line (`(id)` in trn, a document without words, `"pred": null`).
 */
async function fromBatchCommands(file: string, figures: Figures): Promise<number> {
  const { utterances, systems, ignoreCase } = projectData(file);
  expect(ignoreCase).toBe(true);
  let compared = 0;
  for (const s of systems) {
    const has = (part: keyof SystemOutput): boolean => s.outputs.some((o) => o?.[part] !== undefined);
    const expectFigure = (metric: string, value: number | null, n: number): void => {
      const f = figures.get(key(s.name, metric));
      expect(f, `${s.name} ${metric}`).toBeDefined();
      if (f!.value === null) expect(value, `${s.name} ${metric}`).toBeNull();
      else expect(value, `${s.name} ${metric}`).toBeCloseTo(f!.value, 12);
      expect(f!.n, `${s.name} ${metric} n`).toBe(n);
      compared++;
    };

    if (has('words')) {
      const ref = write(
        'ref.trn',
        writeTrn(utterances.map((u) => ({ id: u.id, words: u.gold.words.map((w) => w.text) }))),
      );
      const hyp = write(
        'hyp.trn',
        writeTrn(
          utterances.map((u, k) => ({ id: u.id, words: (s.outputs[k]?.words ?? []).map((w) => w.text) })),
        ),
      );
      const out = await sieve('wer', ref, hyp, '--ignore-case', '--format', 'json');
      const { summary } = lastJson(out) as { summary: { wer: number | null } };
      expectFigure('WER', summary.wer, out.trimEnd().split('\n').length - 1);
    }

    if (has('entities') && has('words')) {
      const doc = (words: readonly { text: string }[], entities: readonly unknown[]) =>
        JSON.stringify({ words: words.map((w) => w.text), entities });
      const ref = write(
        'ref.ne.jsonl',
        utterances.map((u) => doc(u.gold.words, u.gold.entities)).join('\n') + '\n',
      );
      const hyp = write(
        'hyp.ne.jsonl',
        utterances
          .map((_, k) =>
            doc(s.outputs[k]?.words ?? [], s.outputs[k]?.words ? (s.outputs[k]?.entities ?? []) : []),
          )
          .join('\n') + '\n',
      );
      const { summary } = lastJson(await sieve('ne', '--ref', ref, '--hyp', hyp, '--format', 'json')) as {
        summary: { documents: number; entity: { f: number | null } };
      };
      expectFigure('Entity F1', summary.entity.f, summary.documents);
    }

    for (const name of ['syntax']) {
      if (!s.outputs.some((o) => o?.trees?.some((t) => t.name === name))) continue;
      const lines: string[] = [];
      utterances.forEach((u, k) => {
        const g = u.gold.trees.find((t) => t.name === name);
        if (!g) return;
        const side = (
          bracket: string,
          words: readonly { text: string; startSec?: number | null; endSec?: number | null }[],
        ) => ({
          tree: bracket,
          words: words.map((w) => [w.text, w.startSec, w.endSec]),
        });
        const o = s.outputs[k];
        const t = o?.trees?.find((x) => x.name === name);
        // Struct-IoU needs the system's word times; without them the utterance is not scored (n < N).
        if (
          t &&
          !(o!.words ?? []).every((w) => typeof w.startSec === 'number' && typeof w.endSec === 'number')
        )
          return;
        lines.push(
          JSON.stringify({
            id: u.id,
            gold: side(g.bracket, u.gold.words),
            pred: t ? side(t.bracket, o!.words ?? []) : null,
          }),
        );
      });
      const out = await sieve(
        'structiou',
        '--jsonl',
        write('trees.jsonl', lines.join('\n') + '\n'),
        '--corpus',
      );
      const { summary } = lastJson(out) as { summary: { sentences: number; corpus_level: number | null } };
      expectFigure(`Struct-IoU (${name})`, summary.corpus_level, summary.sentences);
    }
  }
  return compared;
}

/** A copy of the demo, and one where a copy of a recogniser has output for every other utterance only. */
function projects(): { demo: string; partial: string } {
  const demo = copyDemo(path.join(dir, 'demo'));
  const partial = copyDemo(path.join(dir, 'partial'));
  const store = ProjectStore.open(partial);
  try {
    const source = store.systems().find((s) => s.name === 'pocketsphinx-domain')!;
    const outputs = store
      .listUtterances()
      .filter((_, k) => k % 2 === 0)
      .map((u) => getSystemOutput(store.db, source.id, u.id)!);
    importSystemOutputs(store.db, 'half-domain', outputs, ['half-domain.jsonl']);
  } finally {
    store.close();
  }
  return { demo, partial };
}

describe('one figure and one n wherever it is read', { timeout: 120_000 }, () => {
  it('agrees across sieve score, the API, every report and the batch commands, with and without partial output', async () => {
    const { demo, partial } = projects();
    for (const file of [demo, partial]) {
      const score = await fromScore(file);
      expect(score.size).toBeGreaterThan(20);
      for (const [source, figures] of [
        ['API', await fromApi(file)],
        ['JSON report', await fromJsonReport(file)],
        ['CSV report', await fromCsvReport(file)],
        ['HTML report', await fromHtmlReport(file)],
      ] as const) {
        expect([...figures.keys()].sort(), source).toEqual([...score.keys()].sort());
        for (const [k, f] of score) expect(figures.get(k), `${source}: ${k}`).toEqual(f);
      }
      expect(await fromBatchCommands(file, score)).toBeGreaterThanOrEqual(file === demo ? 7 : 10);
    }
    // The partial system: every utterance counts, half of them as empty hypotheses.
    const score = await fromScore(partial);
    const wer = score.get(key('half-domain', 'WER'))!;
    expect(wer).toMatchObject({ n: 12, N: 12, empty: 6 });
    expect(wer.value!).toBeGreaterThan(score.get(key('pocketsphinx-domain', 'WER'))!.value!);
  });
});
