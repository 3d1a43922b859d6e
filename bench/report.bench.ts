// The project report: the demo's, and a synthetic project of 2,000 utterances (10–20 timed words, a gold
// syntax tree, entities, concepts, interpretations and labels) with two systems' outputs. The scores are
// cached first; each case then times the report from the cache, model, plots and HTML.
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
import { type BenchSuite, seededRandom } from './harness';

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

/** The report of the demo and of 2,000 synthetic utterances. */
export const reportBench: BenchSuite = {
  name: 'report',
  async run(measure) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sieve-bench-'));
    try {
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
