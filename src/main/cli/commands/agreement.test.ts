import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from '../../../../test/helpers/runSieve';
import { makeProject } from '../../../../test/helpers/tempProject';
import type { ProjectAgreement } from '../../../core/api/agreementModel';
import { agreementTable } from '../../../core/agreement/corpus';
import { agreementSignature } from '../../../core/agreement/signature';
import type { GoldRecords } from '../../../core/gold/records';
import { pairFigures } from '../../agreement/projectAgreement';
import { addAnnotator, createLayer, layersOf, setLayerStatus } from '../../store/annotatorStore';
import { readGold } from '../../store/goldStore';
import { ProjectStore } from '../../store/projectStore';

const { dir, sieve } = cliSandbox();

/** The adjudicated gold of train-1 (I want to) with a tree, entities and concepts to compare. */
const TRAIN: Omit<GoldRecords, 'words'> = {
  trees: [{ name: 'syntax', typed: false, bracket: '(S (NP (PRP I)) (VP (VBP want) (TO to)))' }],
  entities: [{ type: 'PERSON', firstWord: 0, lastWord: 0 }],
  concepts: [{ attribute: 'intent', value: 'travel' }],
  interpretations: [],
  labels: { inputKind: 'asr' },
};

/**
 * A project with three annotators: ann and bob on both utterances (bob's train-1 with the boundary
 * between "want" and "to" 30 ms later, another tree and another entity type), cy on train-1 only.
 */
async function threeAnnotators(): Promise<string> {
  const { file } = await makeProject(dir());
  const store = ProjectStore.open(file);
  try {
    const db = store.db;
    const [ann, bob, cy] = ['ann', 'bob', 'cy'].map((n) => addAnnotator(db, n).id) as [
      number,
      number,
      number,
    ];
    const train: GoldRecords = { ...readGold(db, 'train-1'), ...TRAIN };
    const air = readGold(db, 'air-1');
    const words = train.words.map((w, i) =>
      i === 1 ? { ...w, endSec: w.endSec + 0.03 } : i === 2 ? { ...w, startSec: w.startSec + 0.03 } : w,
    );
    const bobs: GoldRecords = {
      ...train,
      words,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (NP (PRP I)) (VP (VBP want) (S (TO to))))' }],
      entities: [{ type: 'LOCATION', firstWord: 0, lastWord: 0 }],
    };
    db.transaction(() => {
      createLayer(db, ann, 'train-1', train);
      createLayer(db, bob, 'train-1', bobs);
      createLayer(db, cy, 'train-1', train);
      createLayer(db, ann, 'air-1', air);
      createLayer(db, bob, 'air-1', air);
    })();
    setLayerStatus(db, ann, 'train-1', 'done');
    setLayerStatus(db, bob, 'train-1', 'in_progress');
  } finally {
    store.close();
  }
  return path.basename(file);
}

describe('sieve agreement', () => {
  it('prints every pair’s figures as JSON: the same as the whole table computed in memory, nulls for undefined', async () => {
    const file = await threeAnnotators();
    const r = await sieve('agreement', file, '--format', 'json', '--utterances');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as ProjectAgreement;
    expect(out.annotators).toEqual(['ann', 'bob', 'cy']);
    expect(out.signature).toBe(
      agreementSignature({ ignoreCase: true, bootstrap: { resamples: 1000, seed: 12345 } }),
    );
    expect(out.progress).toEqual({ annotators: 3, annotated: 2, multiple: 2, adjudicated: 0 });

    // The reference: core's table over every utterance's layers held at once.
    const store = ProjectStore.open(path.join(dir(), file));
    let expected;
    try {
      expected = agreementTable(
        ['train-1', 'air-1'].map((id) => ({
          id,
          layers: layersOf(store.db, id).map((l) => ({ annotator: l.name, gold: l.gold, status: l.status })),
        })),
        { ignoreCase: true },
      );
    } finally {
      store.close();
    }
    expect(out.pairs.map((p) => [p.a, p.b, p.utterances])).toEqual([
      ['ann', 'bob', 2],
      ['ann', 'cy', 1],
      ['bob', 'cy', 1],
    ]);
    out.pairs.forEach((p, k) => expect(p.figures).toEqual(pairFigures(expected.pairs[k]!.corpus)));

    const annBob = new Map(out.pairs[0]!.figures.map((f) => [f.measure, f]));
    // Six boundary times on train-1 (each word's start and end; two of them 30 ms apart), two on air-1.
    expect(annBob.get('Boundary |Δ| mean')).toMatchObject({ n: 8, unit: 'seconds' });
    expect(annBob.get('Boundary |Δ| mean')!.value).toBeCloseTo((0.03 * 2) / 8, 12);
    expect(annBob.get('Boundaries within 20 ms')!.value).toBeCloseTo(6 / 8, 12);
    expect(annBob.get('Entity F1 (type)')!.value).toBe(0);
    expect(annBob.get('Concept accuracy')!.value).toBe(1);
    // Every utterance has inputKind asr in both layers: κ is 0/0, undefined, null — never 0.
    expect(annBob.get('κ input kind')).toMatchObject({ value: null, lo: null, hi: null });
    // Among all three: Fleiss' κ and α on labels and statuses.
    expect(out.overall.map((f) => f.measure)).toContain("Fleiss' κ status");
    // Per utterance, most differences first.
    expect(out.utterances[0]).toMatchObject({ utteranceId: 'train-1', a: 'ann', b: 'bob' });
    expect(out.utterances[0]!.differences).toBeGreaterThan(0);
    expect(out.utterances.map((u) => u.differences)).toEqual(
      [...out.utterances.map((u) => u.differences)].sort((x, y) => y - x),
    );
  });

  it('prints Markdown with — for undefined figures and CSV with empty cells and their reason', async () => {
    const file = await threeAnnotators();
    const md = await sieve('agreement', file, '--annotators', 'ann,bob');
    expect(md.code).toBe(0);
    expect(md.out).toContain('## ann × bob (2 utterances)');
    expect(md.out).not.toContain('× cy');
    expect(md.out).toMatch(/\| Boundary \\\|Δ\\\| mean \| ms \| 7\.5 \| \[.*\] \| 8 \| 2 \|/);
    expect(md.out).toMatch(/\| κ input kind \| coefficient \| — \| \[—, —\] \| \d+ \| 2 \|/);
    expect(md.out).toContain('Signature: `agreement\\|');
    expect(md.out).toContain('2 utterance(s) with layers of two or more annotators');

    const csv = await sieve('agreement', file, '--annotators', 'ann,bob', '--format', 'csv');
    const lines = csv.out.trimEnd().split('\n');
    expect(lines[0]).toBe('a,b,utterance,measure,unit,value,lo,hi,n,utterances,note,signature');
    const kappa = lines.find((l) => l.includes(',κ input kind,'))!;
    expect(kappa).toMatch(
      /^ann,bob,,κ input kind,coefficient,,,,\d+,2,undefined \(zero denominator\),"agreement\|/,
    );
  });

  it('puts every option that changes a figure into the signature', async () => {
    const file = await threeAnnotators();
    const r = await sieve(
      'agreement',
      file,
      '--format',
      'json',
      '--tolerances',
      '5,40',
      '--resamples',
      '200',
      '--seed',
      '7',
      '--error-rate',
      'b-against-a',
      '--case-sensitive',
      '--entity-tolerance',
      '0',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as ProjectAgreement;
    expect(out.signature).toBe(
      agreementSignature({
        ignoreCase: false,
        boundaryTolerancesMs: [5, 40],
        errorRate: 'b-against-a',
        ne: { tolerance: 0 },
        bootstrap: { resamples: 200, seed: 7 },
      }),
    );
    expect(out.signature).toMatch(/tol-ms:5,40\|.*boot:200\|seed:7/);
    const measures = out.pairs[0]!.figures.map((f) => f.measure);
    expect(measures).toContain('Boundaries within 40 ms');
    expect(measures).not.toContain('Boundaries within 20 ms');
    for (const f of out.pairs[0]!.figures) expect(f.signature).toBe(out.signature);

    // The project's Ignore case setting applies unless --case-sensitive is given.
    const store = ProjectStore.open(path.join(dir(), file));
    try {
      store.setScoringSettings({ ...store.scoringSettings().settings, ignoreCase: false });
    } finally {
      store.close();
    }
    const exact = JSON.parse((await sieve('agreement', file, '--format', 'json')).out) as ProjectAgreement;
    expect(exact.signature).toContain('|case:exact|');
  });

  it('refuses unknown annotators and bad options with the command’s usage', async () => {
    const file = await threeAnnotators();
    const r = await sieve('agreement', file, '--annotators', 'ann,zed');
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `--annotators: 'ann,zed'; expected two or more annotators of the project: "ann", "bob" or "cy"`,
    );
    expect((await sieve('agreement', file, '--annotators', 'ann')).code).toBe(2);
    expect((await sieve('agreement', file, '--tolerances', '10,x')).err).toContain('--tolerances');
    expect((await sieve('agreement', file, '--format', 'xml')).code).toBe(2);
  });

  it('says there is nothing to compare in a project without two annotators', async () => {
    const { file } = await makeProject(dir());
    const r = await sieve('agreement', path.basename(file));
    expect(r.code).toBe(0);
    expect(r.out).toContain('nothing to compare');
    const json = JSON.parse(
      (await sieve('agreement', path.basename(file), '--format', 'json')).out,
    ) as ProjectAgreement;
    expect(json.pairs).toEqual([]);
    expect(json.progress).toEqual({ annotators: 0, annotated: 0, multiple: 0, adjudicated: 0 });
  });
});
