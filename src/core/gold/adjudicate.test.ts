import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbGold, randomTreeOver, writeTree } from '../../../test/helpers/testGold';
import { layerDifferences } from '../agreement/differences';
import { seededRandom } from '../stats/prng';
import { canonicalJson } from '../text/canonicalJson';
import { parseTreeOrThrow } from '../tree/bracket';
import { type Take, takeFrom } from './adjudicate';
import { applyDiff } from './diff';
import { type GoldEntity, type GoldRecords, goldIssues } from './records';

const words = (spec: string): GoldRecords['words'] =>
  spec.split(' ').map((w) => {
    const [text, times] = w.split('@');
    const [s, e] = times!.split('-').map(Number);
    return { text: text!, startSec: s!, endSec: e! };
  });

const gold = (over: Partial<GoldRecords>): GoldRecords => ({
  words: words('I@0-0.4 want@0.4-0.9 to@0.9-1.2 go@1.2-1.5 to@1.5-1.7 Bonn@1.7-2.2'),
  trees: [],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
  ...over,
});

const ent = (type: string, firstWord: number, lastWord: number): GoldEntity => ({
  type,
  firstWord,
  lastWord,
});

/** The records after a take that must succeed. */
function taken(target: GoldRecords, source: GoldRecords, take: Take): GoldRecords {
  const r = takeFrom(target, source, take, 'ana');
  if (!r.ok) throw new Error(r.reason);
  return applyDiff(target, r.diff);
}

const tree = (g: GoldRecords, name = 'syntax'): string =>
  writeTree(parseTreeOrThrow(g.trees.find((t) => t.name === name)!.bracket));

describe('takeFrom: word boundaries', () => {
  const target = gold({});
  const source = gold({
    words: words('I@0-0.35 want@0.35-0.95 to@0.95-1.2 go@1.2-1.5 to@1.5-1.7 Bonn@1.7-2.2'),
  });

  it('takes one edge, moving the shared boundary of the neighbour with it, and names the take', () => {
    const r = takeFrom(target, source, { what: 'boundary', word: 1, edge: 'start' }, 'ana');
    expect(r.ok && r.label).toBe('take the start of word 2 from ana');
    const g = taken(target, source, { what: 'boundary', word: 1, edge: 'start' });
    expect(g.words.slice(0, 3).map((w) => [w.startSec, w.endSec])).toEqual([
      [0, 0.35],
      [0.35, 0.9],
      [0.9, 1.2],
    ]);
  });

  it('takes both edges of a run of words in one diff of the words only', () => {
    const r = takeFrom(target, source, { what: 'boundaries', first: 1, last: 1 }, 'ana');
    expect(r.ok && r.diff.map((c) => c.field)).toEqual(['words']);
    const g = taken(target, source, { what: 'boundaries', first: 1, last: 1 });
    expect(g.words.slice(0, 3).map((w) => [w.startSec, w.endSec])).toEqual([
      [0, 0.35],
      [0.35, 0.95],
      [0.95, 1.2],
    ]);
  });

  it('refuses a word the annotator does not have, and a take that changes nothing', () => {
    const fewer = gold({ words: words('I@0-0.4 want@0.4-0.9 go@1.2-1.5 to@1.5-1.7 Bonn@1.7-2.2') });
    expect(takeFrom(target, fewer, { what: 'boundaries', first: 2, last: 2 }, 'ana')).toEqual({
      ok: false,
      reason: 'Word 3 ("to") has no partner among ana\'s words.',
    });
    expect(takeFrom(target, source, { what: 'boundaries', first: 4, last: 4 }, 'ana')).toEqual({
      ok: false,
      reason: 'The adjudicated layer already has the boundaries of word 5 as ana has it.',
    });
  });

  it('refuses a boundary that would overlap a neighbour with a gap before it', () => {
    const gapped = gold({ words: words('I@0-0.3 want@0.4-0.9') });
    const early = gold({ words: words('I@0-0.3 want@0.2-0.9') });
    const r = takeFrom(gapped, early, { what: 'boundary', word: 1, edge: 'start' }, 'ana');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(
      /^Taking the start of word 2 from ana would leave word 1 "want" overlaps word 0/,
    );
  });
});

describe('takeFrom: nodes and subtrees', () => {
  const w = words('I@0-1 want@1-2 to@2-3 go@3-4');
  const target = gold({
    words: w,
    trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) want to go)' }],
  });
  const source = gold({
    words: w,
    trees: [{ name: 'syntax', typed: false, bracket: '(S (PRP I) (VP want (VP to go)))' }],
  });

  it('relabels the node over the same words, or wraps the words in a new one', () => {
    expect(tree(taken(target, source, { what: 'node', tree: 'syntax', first: 0, last: 0 }))).toBe(
      '(S (PRP I) want to go)',
    );
    expect(tree(taken(target, source, { what: 'node', tree: 'syntax', first: 1, last: 3 }))).toBe(
      '(S (NP I) (VP want to go))',
    );
  });

  it('takes a whole subtree, and the whole tree at the root', () => {
    expect(tree(taken(target, source, { what: 'subtree', tree: 'syntax', first: 1, last: 3 }))).toBe(
      '(S (NP I) (VP want (VP to go)))',
    );
    expect(tree(taken(target, source, { what: 'subtree', tree: 'syntax', first: 0, last: 3 }))).toBe(
      tree(source),
    );
  });

  it('refuses a subtree that is already the same, whatever the layout of the bracket texts', () => {
    const laidOut = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S\n  (NP I) want to go)' }],
    });
    const same = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) want to go)' }],
    });
    expect(takeFrom(laidOut, same, { what: 'subtree', tree: 'syntax', first: 0, last: 0 }, 'ana')).toEqual({
      ok: false,
      reason: 'The adjudicated layer already has the subtree over word 1 of tree "syntax" as ana has it.',
    });
  });

  it('adds a tree the adjudicated layer lacks when every word is selected, and says so otherwise', () => {
    const bare = gold({ words: w });
    expect(tree(taken(bare, source, { what: 'subtree', tree: 'syntax', first: 0, last: 3 }))).toBe(
      tree(source),
    );
    const r = takeFrom(bare, source, { what: 'subtree', tree: 'syntax', first: 1, last: 3 }, 'ana');
    expect(!r.ok && r.reason).toMatch(/no tree "syntax": take the whole tree/);
    expect(takeFrom(bare, source, { what: 'node', tree: 'syntax', first: 1, last: 3 }, 'ana').ok).toBe(false);
  });

  it('takes a whole tree, or its absence, and refuses one that is not over the adjudicated words', () => {
    const bare = gold({ words: w });
    expect(taken(bare, source, { what: 'tree', tree: 'syntax' }).trees).toEqual(source.trees);
    expect(taken(target, bare, { what: 'tree', tree: 'syntax' }).trees).toEqual([]);
    const r = takeFrom(target, bare, { what: 'tree', tree: 'syntax' }, 'bo');
    expect(r.ok && r.label).toBe('take tree "syntax" from bo');
    const other = gold({
      words: words('I@0-1 wanna@1-2 to@2-3 go@3-4'),
      trees: [{ name: 'syntax', typed: false, bracket: '(S I wanna to go)' }],
    });
    const refused = takeFrom(target, other, { what: 'tree', tree: 'syntax' }, 'bo');
    expect(!refused.ok && refused.reason).toMatch(/^Taking tree "syntax" from bo would leave tree "syntax" /);
  });

  it('refuses a subtree whose words differ, a node the annotator lacks, and a bracket that crosses', () => {
    const other = gold({
      words: words('I@0-1 wanna@1-2 to@2-3 go@3-4'),
      trees: [{ name: 'syntax', typed: false, bracket: '(S I (VP wanna to go))' }],
    });
    const r = takeFrom(target, other, { what: 'subtree', tree: 'syntax', first: 1, last: 3 }, 'bo');
    expect(r).toEqual({
      ok: false,
      reason: 'Word 2 is "want" here but "wanna" for bo: a subtree is taken only over the same words.',
    });
    expect(takeFrom(target, source, { what: 'node', tree: 'syntax', first: 0, last: 1 }, 'ana')).toEqual({
      ok: false,
      reason: 'ana\'s tree "syntax" has no node over exactly words 1–2.',
    });
    const crossing = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S (X I want) to go)' }],
    });
    const wide = gold({
      words: w,
      trees: [{ name: 'syntax', typed: false, bracket: '(S I (Y want to) go)' }],
    });
    expect(takeFrom(crossing, wide, { what: 'node', tree: 'syntax', first: 1, last: 2 }, 'ana')).toEqual({
      ok: false,
      reason: 'In the adjudicated tree "syntax", words 2–3 cross a bracket.',
    });
  });
});

describe('takeFrom: entities, concepts, labels, the utterance', () => {
  it('replaces the entities over the selected words by the annotator’s, widening to theirs', () => {
    const target = gold({ entities: [ent('PERSON', 0, 0), ent('LOCATION', 5, 5)] });
    const source = gold({ entities: [ent('ORG', 0, 1), ent('LOCATION', 4, 5)] });
    expect(taken(target, source, { what: 'entity', first: 1, last: 1 }).entities).toEqual([
      ent('ORG', 0, 1),
      ent('LOCATION', 5, 5),
    ]);
    expect(taken(target, source, { what: 'entity', first: 5, last: 5 }).entities).toEqual([
      ent('PERSON', 0, 0),
      ent('LOCATION', 4, 5),
    ]);
    // Where the annotator has no entity, taking theirs removes the adjudicated one.
    expect(taken(target, gold({}), { what: 'entity', first: 0, last: 0 }).entities).toEqual([
      ent('LOCATION', 5, 5),
    ]);
  });

  it('takes the concepts of one attribute in place, all concepts, and the labels with interpretations', () => {
    const target = gold({
      concepts: [
        { attribute: 'from', value: 'Köln' },
        { attribute: 'to', value: 'Bonn' },
        { attribute: 'when', value: 'today' },
      ],
    });
    const source = gold({
      concepts: [{ attribute: 'to', value: 'Berlin' }],
      labels: { inputKind: 'asr' },
      interpretations: ['{"to":"Berlin"}'],
    });
    expect(taken(target, source, { what: 'concepts', attribute: 'to' }).concepts.map((c) => c.value)).toEqual(
      ['Köln', 'Berlin', 'today'],
    );
    expect(taken(target, source, { what: 'concepts' }).concepts).toEqual(source.concepts);
    const l = taken(target, source, { what: 'labels' });
    expect([l.labels, l.interpretations, l.concepts]).toEqual([
      { inputKind: 'asr' },
      ['{"to":"Berlin"}'],
      target.concepts,
    ]);
  });

  it('takes the whole utterance, and refuses a layer that is not valid gold', () => {
    const source = gold({ words: words('I@0-1 see@1-2'), entities: [ent('PERSON', 0, 0)] });
    expect(taken(gold({}), source, { what: 'utterance' })).toEqual(source);
    const broken = gold({ entities: [ent('PERSON', 0, 9)] });
    const r = takeFrom(gold({}), broken, { what: 'utterance' }, 'ana');
    expect(!r.ok && r.reason).toMatch(/entity 0 \(PERSON\) ends at word 9/);
  });
});

/** The annotator's layer of the same words: moved boundaries, their own tree, entities, concepts and labels. */
function sameWordsVariant(g: GoldRecords, seed: number): GoldRecords {
  const next = seededRandom(seed);
  const r = (x: number): number => Math.round(x * 1000) / 1000;
  let t = 0;
  const ws = g.words.map((w) => {
    const start = r(Math.max(t, w.startSec + (next() - 0.5) * 0.06));
    const end = r(Math.max(start + 0.01, w.endSec + (next() - 0.5) * 0.06));
    t = end;
    return { ...w, startSec: start, endSec: end };
  });
  const leafs = ws.map((w) => w.text.replace(/\(/g, '-LRB-').replace(/\)/g, '-RRB-'));
  const entities: GoldEntity[] = [];
  for (let i = 0; i < ws.length; i++)
    if (next() < 0.3) {
      const last = Math.min(ws.length - 1, i + Math.floor(next() * 2));
      entities.push(ent(next() < 0.5 ? 'PERSON' : 'LOCATION', i, last));
      i = last;
    }
  return {
    words: ws,
    trees: [{ name: 'syntax', typed: false, bracket: writeTree(randomTreeOver(leafs, next)) }],
    entities,
    concepts: next() < 0.5 ? [{ attribute: 'to', value: 'Bonn' }] : [],
    interpretations: next() < 0.5 ? ['x'] : [],
    labels: next() < 0.5 ? { inputKind: 'text' } : {},
  };
}

const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

describe('takeFrom properties', () => {
  it('taking every part from an annotator makes the adjudicated layer theirs (no difference left)', () => {
    fc.assert(
      fc.property(arbGold(8), seed, (target, s) => {
        const source = sameWordsVariant(target, s);
        const n = target.words.length;
        let g = target;
        const takes: Take[] = [
          { what: 'boundaries', first: 0, last: n - 1 },
          { what: 'subtree', tree: 'syntax', first: 0, last: n - 1 },
          { what: 'entity', first: 0, last: n - 1 },
          { what: 'concepts' },
          { what: 'labels' },
        ];
        for (const take of takes) {
          const r = takeFrom(g, source, take, 'ana');
          if (r.ok) g = applyDiff(g, r.diff);
          else expect(r.reason).toMatch(/already has/);
        }
        expect(layerDifferences({ gold: g }, { gold: source }, { toleranceSec: 0 })).toEqual([]);
        expect(canonicalJson({ ...g, trees: [] })).toBe(canonicalJson({ ...source, trees: [] }));
        expect(tree(g)).toBe(tree(source));
        expect(taken(target, source, { what: 'utterance' })).toEqual(source);
      }),
      { numRuns: 200 },
    );
  });

  it('each take changes only what it names, and what it makes is valid gold', () => {
    const made = new Map<string, number>();
    fc.assert(
      fc.property(arbGold(8), seed, fc.nat(), fc.nat(), fc.nat(7), (target, s, x, y, kind) => {
        const source = sameWordsVariant(target, s);
        const n = target.words.length;
        const first = x % n;
        const last = first + (y % (n - first));
        const take: Take = [
          { what: 'boundary', word: first, edge: y % 2 ? 'start' : 'end' } as const,
          { what: 'boundaries', first, last } as const,
          { what: 'node', tree: 'syntax', first, last } as const,
          { what: 'subtree', tree: 'syntax', first, last } as const,
          { what: 'entity', first, last } as const,
          { what: 'concepts', attribute: 'to' } as const,
          { what: 'labels' } as const,
          { what: 'tree', tree: 'syntax' } as const,
        ][kind]!;
        const r = takeFrom(target, source, take, 'ana');
        if (!r.ok) return;
        made.set(take.what, (made.get(take.what) ?? 0) + 1);
        const g = applyDiff(target, r.diff);
        expect(goldIssues(g)).toEqual([]);
        const fields = r.diff.map((c) => c.field);
        const allowed: Record<Take['what'], string[]> = {
          boundary: ['words'],
          boundaries: ['words'],
          node: ['trees'],
          subtree: ['trees'],
          entity: ['entities'],
          concepts: ['concepts'],
          labels: ['labels', 'interpretations'],
          tree: ['trees'],
          utterance: [],
        };
        for (const f of fields) expect(allowed[take.what]).toContain(f);
        if (take.what === 'boundary' || take.what === 'boundaries') {
          // Words outside the range keep their times, except a neighbour's shared edge.
          const lo = take.what === 'boundary' ? take.word : take.first;
          const hi = take.what === 'boundary' ? take.word : take.last;
          g.words.forEach((w, i) => {
            expect(w.text).toBe(target.words[i]!.text);
            if (i < lo - 1 || i > hi + 1) expect(w).toEqual(target.words[i]);
            if (i === lo - 1) expect(w.startSec).toBe(target.words[i]!.startSec);
            if (i === hi + 1) expect(w.endSec).toBe(target.words[i]!.endSec);
          });
        }
        if (take.what === 'entity') {
          // The taken entities are the annotator's entities that touch the range.
          const region = g.entities.filter((e) => e.firstWord <= last && e.lastWord >= first);
          const theirs = source.entities.filter((e) => e.firstWord <= last && e.lastWord >= first);
          expect(region).toEqual(theirs);
        }
      }),
      { numRuns: 800 },
    );
    // Every kind of take was made, so that the property says something of each (a node take succeeds the
    // least often: the annotator must have a node over exactly the random words).
    for (const what of ['boundary', 'boundaries', 'node', 'subtree', 'entity', 'concepts', 'labels', 'tree'])
      expect(made.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
