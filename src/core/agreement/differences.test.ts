import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbGold, randomGold, randomTreeOver, writeTree } from '../../../test/helpers/testGold';
import type { GoldEntity, GoldRecords } from '../gold/records';
import { seededRandom } from '../stats/prng';
import { canonicalJson } from '../text/canonicalJson';
import { SCLITE_COSTS } from '../align/costs';
import { type NetWord, alignNetworks, chainNetwork, timeDistance, wordDistance } from '../align/network';
import {
  type Difference,
  type LayerView,
  describeDifference,
  differencesAmong,
  layerDifferences,
  matchWords,
  mirrorDifference,
} from './differences';

const words = (spec: string): GoldRecords['words'] =>
  spec.split(' ').map((w, i) => {
    const [text, times] = w.split('@');
    const [s, e] = times ? times.split('-').map(Number) : [i * 0.5, i * 0.5 + 0.4];
    return { text: text!, startSec: s!, endSec: e! };
  });

const gold = (over: Partial<GoldRecords>): GoldRecords => ({
  words: words('I want to go to Bonn'),
  trees: [],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
  ...over,
});

const kinds = (ds: Difference[]): string[] => ds.map((d) => d.kind);

describe('layerDifferences', () => {
  it('finds boundaries of matched words further apart than the tolerance, and only those', () => {
    const a = gold({ words: words('I@0-0.4 want@0.4-0.9 to@0.9-1.2') });
    const b = gold({ words: words('I@0-0.41 want@0.45-0.9 to@0.9-1.25') });
    const ds = layerDifferences({ gold: a }, { gold: b });
    expect(ds).toEqual([
      { kind: 'boundary', a: 1, b: 1, edge: 'start', aSec: 0.4, bSec: 0.45 },
      { kind: 'boundary', a: 2, b: 2, edge: 'end', aSec: 1.2, bSec: 1.25 },
    ]);
    // 10 ms is within 20 ms (the default) but not within 5 ms.
    expect(layerDifferences({ gold: a }, { gold: b }, { toleranceSec: 0.005 })).toHaveLength(3);
    expect(layerDifferences({ gold: a }, { gold: b }, { toleranceSec: 0.05 })).toEqual([]);
  });

  it('names words whose text differs and words only one layer has, matched by the alignment', () => {
    const a = gold({ words: words('I@0-0.4 want@0.4-0.9 to@0.9-1.2 Bonn@1.2-1.6') });
    const b = gold({ words: words('I@0-0.4 wanna@0.4-0.9 Bonn@1.2-1.6') });
    expect(layerDifferences({ gold: a }, { gold: b })).toEqual([
      { kind: 'word-text', a: 1, b: 1, aText: 'want', bText: 'wanna' },
      { kind: 'word-only', side: 'a', index: 2, text: 'to' },
    ]);
  });

  it('tells an entity of another type from one over other words and one the other layer lacks', () => {
    const e = (type: string, firstWord: number, lastWord: number): GoldEntity => ({
      type,
      firstWord,
      lastWord,
    });
    const a = gold({ entities: [e('PERSON', 0, 0), e('LOCATION', 5, 5), e('ORG', 3, 3)] });
    const b = gold({ entities: [e('LOCATION', 0, 0), e('LOCATION', 4, 5)] });
    expect(layerDifferences({ gold: a }, { gold: b })).toEqual([
      { kind: 'entity-type', a: 0, b: 0, aEntity: e('PERSON', 0, 0), bEntity: e('LOCATION', 0, 0) },
      { kind: 'entity-extent', a: 1, b: 1, aEntity: e('LOCATION', 5, 5), bEntity: e('LOCATION', 4, 5) },
      { kind: 'entity-only', side: 'a', index: 2, entity: e('ORG', 3, 3) },
    ]);
  });

  it('matches entities through the word alignment when a word is missing on one side', () => {
    const a = gold({
      words: words('I@0-1 want@1-2 to@2-3 go@3-4 Bonn@4-5'),
      entities: [{ type: 'LOC', firstWord: 4, lastWord: 4 }],
    });
    const b = gold({
      words: words('I@0-1 want@1-2 go@3-4 Bonn@4-5'),
      entities: [{ type: 'LOC', firstWord: 3, lastWord: 3 }],
    });
    expect(kinds(layerDifferences({ gold: a }, { gold: b }))).toEqual(['word-only']);
  });

  it('reports tree nodes without a Struct-IoU partner, with labels required to agree', () => {
    const w = words('I@0-0.4 want@0.4-0.9 Bonn@0.9-1.3');
    const a = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) (VP want (NP Bonn)))' }],
    });
    const b = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) (VP want (PN Bonn)))' }],
    });
    const ds = layerDifferences({ gold: a }, { gold: b });
    expect(
      ds.map((d) =>
        d.kind === 'node-unmatched' ? `${d.side}:${d.node.label}:${d.node.path.join('.')}` : d.kind,
      ),
    ).toEqual(['a:NP:1.1', 'b:PN:1.1']);
    const n = ds[0]!;
    expect(
      n.kind === 'node-unmatched' && [n.node.firstWord, n.node.lastWord, n.node.startSec, n.node.endSec],
    ).toEqual([2, 2, 0.9, 1.3]);
  });

  it('reports a matched node over other words, and a tree only one layer has', () => {
    const w = words('a@0-1 b@1-2 c@2-3');
    const a = gold({ words: w, trees: [{ name: 't', typed: false, bracket: '(S (X a b) c)' }] });
    const b = gold({
      words: w,
      trees: [
        { name: 't', typed: false, bracket: '(S (X a b c))' },
        { name: 'sem', typed: false, bracket: '(R a b c)' },
      ],
    });
    const ds = layerDifferences({ gold: a }, { gold: b });
    expect(kinds(ds)).toEqual(['node-span', 'tree-only']);
    const d = ds[0]!;
    expect(d.kind === 'node-span' && [d.a.path, d.b.path, d.iou]).toEqual([[0], [0], 2 / 3]);
  });

  it('compares concepts per attribute, interpretations as multisets, labels and status', () => {
    const a: LayerView = {
      gold: gold({
        concepts: [
          { attribute: 'to', value: 'Bonn' },
          { attribute: 'from', value: 'Köln' },
        ],
        interpretations: ['x', 'x'],
        labels: { inputKind: 'asr' },
      }),
      status: 'done',
    };
    const b: LayerView = {
      gold: gold({ concepts: [{ attribute: 'from', value: 'Köln' }], interpretations: ['x'], labels: {} }),
      status: 'in_progress',
    };
    expect(layerDifferences(a, b)).toEqual([
      { kind: 'concept', attribute: 'to', aValues: ['Bonn'], bValues: [] },
      { kind: 'interpretation-only', side: 'a', text: 'x' },
      { kind: 'label', key: 'inputKind', aValue: 'asr', bValue: undefined },
      { kind: 'status', aStatus: 'done', bStatus: 'in_progress' },
    ]);
    expect(layerDifferences({ gold: a.gold }, { gold: b.gold }).some((d) => d.kind === 'status')).toBe(false);
  });

  it('describes each difference in words with the annotators named', () => {
    const a = gold({ words: words('I@0-0.4 want@0.4-0.9') });
    const b = gold({ words: words('I@0-0.4 want@0.46-0.9') });
    const [d] = layerDifferences({ gold: a }, { gold: b });
    expect(describeDifference(d!, { a: 'ana', b: 'bo' })).toBe(
      "word 2's start differs by 60 ms (ana 0.400 s, bo 0.460 s)",
    );
  });

  it('refuses a negative tolerance', () => {
    expect(() => layerDifferences({ gold: gold({}) }, { gold: gold({}) }, { toleranceSec: -1 })).toThrow(
      /tolerance/,
    );
  });

  it('gives every pair of three layers', () => {
    const g = gold({});
    expect(differencesAmong([{ gold: g }, { gold: g }, { gold: g }]).map((p) => [p.a, p.b])).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
  });
});

/** A second annotator's layer of the same utterance: the same texts, moved boundaries, their own tree and entities. */
function variant(g: GoldRecords, seed: number): LayerView {
  const next = seededRandom(seed);
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  let t = g.words[0]?.startSec ?? 0;
  const ws = g.words.map((w) => {
    const start = r(Math.max(t, w.startSec + (next() < 0.4 ? (next() - 0.5) * 0.08 : 0)));
    const end = r(Math.max(start + 0.01, w.endSec + (next() < 0.4 ? (next() - 0.5) * 0.08 : 0)));
    t = end;
    return { ...w, startSec: start, endSec: end };
  });
  const dropped = next() < 0.3 && ws.length > 1 ? Math.floor(next() * ws.length) : -1;
  const kept = dropped < 0 ? ws : ws.filter((_, i) => i !== dropped);
  const leafs = kept.map((w) => w.text.replace(/\(/g, '-LRB-').replace(/\)/g, '-RRB-'));
  const entities: GoldEntity[] = [];
  for (let i = 0; i < kept.length; i++)
    if (next() < 0.3) {
      const last = Math.min(kept.length - 1, i + Math.floor(next() * 2));
      entities.push({ type: next() < 0.5 ? 'PERSON' : 'LOCATION', firstWord: i, lastWord: last });
      i = last;
    }
  return {
    gold: {
      words: kept,
      trees: [{ name: 'syntax', typed: false, bracket: writeTree(randomTreeOver(leafs, next)) }],
      entities,
      concepts: next() < 0.5 ? [{ attribute: 'to', value: 'Bonn' }] : [],
      interpretations: [],
      labels: next() < 0.5 ? { inputKind: 'text' } : {},
    },
    status: next() < 0.5 ? 'done' : 'todo',
  };
}

const sorted = (ds: Difference[]): string[] => ds.map((d) => canonicalJson(d)).sort();

describe('layerDifferences properties', () => {
  const arbPair = fc
    .tuple(
      arbGold(8),
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    )
    .map(([g, seed, independent, other]) => ({
      a: { gold: g, status: 'done' } as LayerView,
      b: independent ? ({ gold: randomGold(other), status: 'done' } as LayerView) : variant(g, seed),
    }));

  it('finds no difference between a layer and itself', () => {
    fc.assert(
      fc.property(arbPair, ({ a, b }) => {
        expect(layerDifferences(a, a)).toEqual([]);
        expect(
          layerDifferences(b, { ...b, gold: JSON.parse(JSON.stringify(b.gold)) as GoldRecords }),
        ).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('gives for (b, a) the mirror of what it gives for (a, b)', () => {
    fc.assert(
      fc.property(arbPair, ({ a, b }) => {
        const ab = layerDifferences(a, b);
        const ba = layerDifferences(b, a);
        expect(ba).toEqual(ab.map(mirrorDifference));
        expect(ab.map(mirrorDifference).map(mirrorDifference)).toEqual(ab);
      }),
      { numRuns: 300 },
    );
  });

  it('counts, where the texts are the same, exactly the edges further apart than the tolerance (slow count)', () => {
    fc.assert(
      fc.property(
        arbGold(8),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(0, 0.01, 0.02, 0.05),
        (g, seed, tol) => {
          const b = variant(g, seed);
          if (b.gold.words.length !== g.words.length) return;
          let expected = 0;
          g.words.forEach((w, i) => {
            const v = b.gold.words[i]!;
            if (Math.abs(w.startSec - v.startSec) > tol + 1e-9) expected++;
            if (Math.abs(w.endSec - v.endSec) > tol + 1e-9) expected++;
          });
          const ds = layerDifferences({ gold: g }, b, { toleranceSec: tol });
          expect(ds.filter((d) => d.kind === 'boundary')).toHaveLength(expected);
          expect(ds.filter((d) => d.kind === 'word-only' || d.kind === 'word-text')).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('finds a difference whenever entities, concepts or labels are not equal', () => {
    fc.assert(
      fc.property(arbPair, ({ a, b }) => {
        const ds = layerDifferences(a, b);
        const sameTexts =
          canonicalJson(a.gold.words.map((w) => w.text)) === canonicalJson(b.gold.words.map((w) => w.text));
        if (sameTexts)
          expect(ds.some((d) => d.kind.startsWith('entity'))).toBe(
            canonicalJson(a.gold.entities) !== canonicalJson(b.gold.entities),
          );
        expect(ds.some((d) => d.kind === 'concept')).toBe(
          canonicalJson(a.gold.concepts) !== canonicalJson(b.gold.concepts),
        );
        expect(ds.some((d) => d.kind === 'label')).toBe(
          canonicalJson(a.gold.labels) !== canonicalJson(b.gold.labels),
        );
        expect(sorted(ds)).toEqual(sorted(layerDifferences(b, a).map(mirrorDifference)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('matchWords', () => {
  /** The same alignment problem solved by sclite's network alignment (single precision), as the oracle. */
  function networkCost(a: GoldRecords['words'], b: GoldRecords['words']): number {
    const net = (ws: GoldRecords['words']) => {
      const n = chainNetwork(ws.map((w) => `w${w.text}`));
      ws.forEach((w, k) => Object.assign(n.words[k + 1]!, { startSec: w.startSec, endSec: w.endSec }));
      return n;
    };
    const distance = (x: NetWord | null, y: NetWord | null): number =>
      wordDistance(x, y, SCLITE_COSTS) + 0.01 * timeDistance(x, y);
    return alignNetworks(net(a), net(b), SCLITE_COSTS, distance).cost;
  }

  it('finds an alignment as cheap as the network alignment, and reports its true cost', () => {
    fc.assert(
      fc.property(arbGold(7), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean(), (g, seed, same) => {
        const b = same ? variant(g, seed).gold : randomGold(seed, 7);
        const m = matchWords(g.words, b.words);
        expect(m.cost).toBeCloseTo(networkCost(g.words, b.words), 3);
        // The steps are an alignment: every word once, in order, and their cost is the cost reported.
        expect(m.steps.filter(([i]) => i >= 0).map(([i]) => i)).toEqual(g.words.map((_, i) => i));
        expect(m.steps.filter(([, j]) => j >= 0).map(([, j]) => j)).toEqual(b.words.map((_, j) => j));
        const dur = (w: GoldRecords['words'][number]): number => w.endSec - w.startSec;
        const cost = m.steps.reduce((sum, [i, j]) => {
          if (i < 0) return sum + 3 + 0.01 * dur(b.words[j]!);
          if (j < 0) return sum + 3 + 0.01 * dur(g.words[i]!);
          const x = g.words[i]!;
          const y = b.words[j]!;
          const t = Math.abs(x.startSec - y.startSec) + Math.abs(x.endSec - y.endSec);
          return sum + (x.text === y.text ? 0 : 4) + 0.01 * t;
        }, 0);
        expect(m.cost).toBeCloseTo(cost, 9);
      }),
      { numRuns: 300 },
    );
  });
});
