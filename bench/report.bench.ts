// The project report: the demo's, and a synthetic project of 2,000 utterances (10–20 timed words, a gold
// syntax tree, entities, concepts, interpretations and labels) with two systems' outputs. The scores are
// cached first; each case then times the report from the cache, model, plots and HTML. Then a large
// project (`SIEVE_REPORT_SIZE`, default 20,000 utterances × 3 systems; 0 leaves it out): the HTML report
// built warm, its size, opened in Chromium (time to interactive, memory), and the dashboard's plots job
// made and asked for again; each figure with the machine's load average.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectManifestInput } from '../src/core/model/projectManifest';
import type { SystemOutput } from '../src/core/model/systemOutput';
import { collectReportInput, selectSystems } from '../src/main/report/collectReport';
import { reportText } from '../src/main/report/exportReport';
import { buildReport } from '../src/main/report/reportModel';
import { renderPlots } from '../src/main/report/renderPlots';
import { scoreProject } from '../src/main/scoring/scoreProject';
import { createProject } from '../src/main/store/createProject';
import { ProjectStore } from '../src/main/store/projectStore';
import { writeWav } from '../test/helpers/wavFixture';
import { type BenchSuite, type Measure, seededRandom } from './harness';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { untilJobEnds } from '../test/helpers/jobs';
import { coverageOf } from '../src/core/scoring/corpusScores';
import { createHandlers } from '../src/main/api/handlers';
import { Session } from '../src/main/api/session';
import { csvReport } from '../src/main/report/csvReport';
import { appendixAbridged } from '../src/main/report/htmlReport';
import { diffGold } from '../src/core/gold/diff';
import { readGold } from '../src/main/store/goldStore';
import { rendererRssMb } from './listScale';
import { scoringBenchProject } from './scoreProject.bench';

const VOCAB = [
  'train',
  'to',
  'Berlin',
  'from',
  'Bonn',
  'at',
  'noon',
  'the',
  'flight',
  'leaves',
  'Paris',
  'news',
];
const CITIES = ['Berlin', 'Bonn', 'Paris', 'Rome', 'Oslo'];

/** A right-branching syntax tree over `words`: (S (NP w0 w1) (VP w2 (NP …) …)). */
function tree(words: readonly string[]): string {
  const leaf = (w: string): string => `(NN ${w})`;
  const build = (from: number): string => {
    const rest = words.length - from;
    if (rest <= 2) return `(NP ${words.slice(from).map(leaf).join(' ')})`;
    return `(VP ${leaf(words[from]!)} ${leaf(words[from + 1]!)} ${build(from + 2)})`;
  };
  return `(S (NP ${leaf(words[0]!)} ${leaf(words[1]!)}) ${build(2)})`;
}

/** A synthetic project: seeded words, gold, and two systems that substitute and drop words at two rates. */
export function syntheticReportManifest(n: number, seed: number): ProjectManifestInput {
  const rnd = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const utterances: ProjectManifestInput['utterances'] = [];
  const outputs: SystemOutput[][] = [[], []];
  for (let i = 0; i < n; i++) {
    const count = 10 + Math.floor(rnd() * 11);
    const start = (i % 150) * 4;
    const texts = Array.from({ length: count }, () => pick(VOCAB));
    const words = texts.map((text, k) => ({
      text,
      startSec: start + k * 0.18,
      endSec: start + k * 0.18 + 0.15,
    }));
    const from = pick(CITIES);
    const to = pick(CITIES);
    const id = `utt-${String(i).padStart(5, '0')}`;
    utterances.push({
      id,
      audio: 'a',
      startSec: start,
      endSec: start + count * 0.18 + 0.2,
      words,
      trees: [{ name: 'syntax', typed: false, bracket: tree(texts) }],
      entities: [{ type: 'LOCATION', firstWord: 2, lastWord: 2 }],
      concepts: [
        { attribute: 'sourcecity', value: from },
        { attribute: 'goalcity', value: to },
      ],
      interpretations: [`sourcecity:${from} goalcity:${to}`],
      labels: {
        inputKind: 'asr',
        accuracyClass: rnd() < 0.8 ? 'perfect-1' : 'imperfect-1',
        knowledgeClass: rnd() < 0.85 ? 'known' : 'unknown-oov',
      },
    });
    [0.05, 0.3].forEach((rate, s) => {
      const hyp = words.flatMap((w) => {
        const r = rnd();
        if (r < rate / 3) return [];
        return [{ ...w, text: r < rate ? pick(VOCAB) : w.text }];
      });
      if (hyp.length < 3) hyp.push(...words.slice(0, 3 - hyp.length));
      const hypTexts = hyp.map((w) => w.text);
      const wrong = rnd() < rate * 2;
      outputs[s]!.push({
        id,
        words: hyp,
        trees: [{ name: 'syntax', typed: false, bracket: tree(hypTexts) }],
        entities: [{ type: 'LOCATION', firstWord: 2, lastWord: 2 }],
        concepts: [
          { attribute: 'sourcecity', value: wrong ? pick(CITIES) : from },
          { attribute: 'goalcity', value: to },
        ],
        nbest: [
          { interpretation: `sourcecity:${wrong ? pick(CITIES) : from} goalcity:${to}`, score: 0.9 },
          { interpretation: `sourcecity:${from} goalcity:${to}`, score: 0.5 },
          { interpretation: `goalcity:${to}`, score: 0.1 },
        ],
      });
    });
  }
  return {
    name: `synthetic ${n}`,
    audio: [{ id: 'a', path: 'a.wav' }],
    utterances,
    systems: [
      { name: 'asr-good', outputs: outputs[0]! },
      { name: 'asr-poor', outputs: outputs[1]! },
    ],
  };
}

/** Times one project's report: model alone, plots, and the whole HTML file (scores from the cache). */
async function measureReport(
  measure: Parameters<BenchSuite['run']>[0],
  label: string,
  file: string,
  runs: number,
): Promise<void> {
  const store = ProjectStore.open(file);
  try {
    const systems = selectSystems(store);
    // Scored and cached once; every case below reads the cache as the CLI and the API do.
    await scoreProject(store);
    const cached = () => scoreProject(store, { jobs: 1 });
    const utterances = store.listUtterances().length;
    const params = { project: label, utterances, systems: systems.length };
    const model = buildReport(collectReportInput(store, systems, await cached()));
    await measure(
      'model (gold, cached scores, intervals, tests, N-best, perturbation)',
      params,
      async () => buildReport(collectReportInput(store, systems, await cached())),
      { runs },
    );
    await measure(
      'plots (Vega-Lite → SVG)',
      { ...params, plots: model.plots.length },
      () => renderPlots(model.plots),
      {
        runs,
      },
    );
    const html = await reportText(model, 'html');
    await measure(
      'whole HTML report',
      params,
      async () => reportText(buildReport(collectReportInput(store, systems, await cached())), 'html'),
      { runs, extra: { htmlKiB: Math.round(Buffer.byteLength(html) / 1024) } },
    );
  } finally {
    store.close();
  }
}

/** The machine's load average (1, 5, 15 min), which wall-clock figures depend on. */
const loadAverage = (): string =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Runs the `report:plots` job of `session` and returns its wall-clock time in ms. */
async function plotsJob(session: Session): Promise<number> {
  const t0 = performance.now();
  const started = createHandlers(session)['report:plots']({});
  const end = await untilJobEnds(
    () => session.jobs.status(started.id),
    (s) => s.state,
    20,
  );
  if (end.state !== 'done') throw new Error(`the plots job ended ${end.state}: ${end.error?.message}`);
  return performance.now() - t0;
}

/**
 * Opens the HTML report `file` in Debian's Chromium: the time from navigation to the first frame after
 * the load event (the page then answers input: it has no script), the DOM's size, the JS heap and the
 * renderers' resident memory.
 */
async function openInChromium(file: string): Promise<Record<string, number | string>> {
  const browser = await chromium.launch({
    executablePath: process.env.SIEVE_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const t0 = performance.now();
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
    // A frame after the load event: style, layout and paint of the whole document are done.
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
    const interactiveMs = Math.round(performance.now() - t0);
    const domNodes = (await page.evaluate("document.getElementsByTagName('*').length")) as number;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heap = (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize');
    const rss = rendererRssMb(process.pid);
    return {
      interactiveMs,
      domNodes,
      jsHeapMb: heap ? Math.round(heap.value / 1e6) : '—',
      rendererRssMb: Math.max(...rss),
      renderersRssMb: rss.join(' '),
    };
  } finally {
    await browser.close();
  }
}

/**
 * A large project's report (`SIEVE_REPORT_SIZE` utterances, default 20,000, × 3 systems: the scoring
 * benchmark's project), with a warm score cache: the HTML report built as `sieve report --out` builds it
 * (with the CSV beside it), its size, opening it in Chromium, and the dashboard's plots job made once and
 * asked for again (answered from what was kept).
 */
async function measureLargeReport(measure: Measure, dir: string, n: number): Promise<void> {
  const file = path.join(dir, 'large.sieve');
  const made = performance.now();
  await scoringBenchProject(dir, file, n, 3);
  const store = ProjectStore.open(file);
  const params = { project: 'large', utterances: n, systems: 3 };
  try {
    const scoring = performance.now();
    await scoreProject(store);
    console.log(
      `report › large project made in ${Math.round(scoring - made)} ms, scored in ${Math.round(performance.now() - scoring)} ms`,
    );
    const systems = selectSystems(store);
    const out = path.join(dir, 'large-report.html');
    let html = '';
    const load = loadAverage();
    const t0 = performance.now();
    const model = buildReport(collectReportInput(store, systems, await scoreProject(store)), {
      coverage: coverageOf(store.scoringSettings().settings),
    });
    const modelMs = performance.now() - t0;
    html = await reportText(model, 'html', appendixAbridged(model) ? { fullTable: 'large-report.csv' } : {});
    fs.writeFileSync(out, html);
    fs.writeFileSync(path.join(dir, 'large-report.csv'), csvReport(model));
    const buildMs = performance.now() - t0;
    measure.record('large: whole HTML report, warm cache (as sieve report --out)', params, [buildMs], {
      modelMs: Math.round(modelMs),
      htmlKiB: Math.round(Buffer.byteLength(html) / 1024),
      csvBesideKiB: Math.round(fs.statSync(path.join(dir, 'large-report.csv')).size / 1024),
      tableRows: html.match(/<tr>/g)?.length ?? 0,
      svgPaths: html.match(/<path/g)?.length ?? 0,
      loadAverage: load,
      goal: 'build < 10 s warm',
    });
    const opened = await openInChromium(out);
    measure.record('large: HTML report opened in Chromium', params, [Number(opened.interactiveMs)], {
      ...opened,
      loadAverage: loadAverage(),
      goal: 'interactive < 2 s, < 400 MB',
    });
  } finally {
    store.close();
  }
  const session = new Session('browser');
  await session.openChecked(file);
  try {
    const load = loadAverage();
    const first = await plotsJob(session);
    const again = await plotsJob(session);
    const again2 = await plotsJob(session);
    measure.record('large: dashboard plots job, first (cache warm, nothing kept)', params, [first], {
      loadAverage: load,
    });
    measure.record('large: dashboard plots job asked for again (kept)', params, [again, again2], {
      loadAverage: loadAverage(),
      goal: 'plots < 3 s warm',
    });
    // A gold edit: one utterance's concepts dropped. Its pairs are scored again and the plots made anew;
    // the perturbation curves are kept unless the utterance is in their sample.
    const project = session.project;
    const id = project.listUtterances().at(-1)!.id;
    const before = readGold(project.db, id);
    project.applyGoldDiff(id, diffGold(before, { ...before, concepts: [] }), 'bench');
    const editLoad = loadAverage();
    const edited = await plotsJob(session);
    measure.record('large: dashboard plots job after a gold edit', params, [edited], {
      loadAverage: editLoad,
    });
  } finally {
    session.close();
  }
}

/** The report of the demo, of 2,000 synthetic utterances and of a large project. */
export const reportBench: BenchSuite = {
  name: 'report',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
      const large = Number(process.env.SIEVE_REPORT_SIZE ?? 20_000);
      if (large > 0) {
        fs.mkdirSync(path.join(dir, 'large'));
        await measureLargeReport(measure, path.join(dir, 'large'), large);
      }
      fs.cpSync(path.resolve(import.meta.dirname, '../resources/demo'), path.join(dir, 'demo'), {
        recursive: true,
      });
      await measureReport(measure, 'demo', path.join(dir, 'demo', 'demo.sieve'), 5);
      writeWav(path.join(dir, 'a.wav'), 620, 8000, (t) => 0.3 * Math.sin(2 * Math.PI * 220 * t));
      const file = path.join(dir, 'synthetic.sieve');
      await createProject(file, syntheticReportManifest(2000, 7), dir);
      await measureReport(measure, 'synthetic', file, 3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
