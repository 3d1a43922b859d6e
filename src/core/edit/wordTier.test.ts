import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { goldProblems, type GoldRecords } from '../gold/records';
import { parseTreeOrThrow } from '../tree/bracket';
import { EditRefused } from './editRefused';
import { entityProblems } from './entities';
import { randomGold, writeTree } from '../../../test/helpers/testGold';
import { seededRandom } from '../stats/prng';
import { checkTreeText } from './treeCheck';
import {
  MIN_WORD_SEC,
  deleteWords,
  gapAt,
  insertWord,
  mergeWords,
  moveBoundary,
  setWordText,
  splitWord,
} from './wordTier';

const LIMITS = { minSec: 0, maxSec: 10 };

/** "I want | to go" — words 0.1–0.3, 0.3–0.6, (pause) 0.8–0.9, 0.9–1.2; a tree and a LOCATION entity. */
function sample(): GoldRecords {
  return {
    words: [
      { text: 'I', startSec: 0.1, endSec: 0.3 },
      { text: 'want', startSec: 0.3, endSec: 0.6 },
      { text: 'to', startSec: 0.8, endSec: 0.9 },
      { text: 'Bonn', startSec: 0.9, endSec: 1.2 },
    ],
    trees: [{ name: 'syntax', typed: false, bracket: '(S (NP I) (VP want (PP to Bonn)))' }],
    entities: [{ type: 'LOCATION', firstWord: 3, lastWord: 3 }],
    concepts: [],
    interpretations: [],
    labels: {},
  };
}

const tree = (g: GoldRecords): string => writeTree(parseTreeOrThrow(g.trees[0]!.bracket));

describe('boundaries', () => {
  it('moves a shared boundary for both words', () => {
    const g = moveBoundary(sample(), 0, 'end', 0.25, LIMITS);
    expect(g.words.slice(0, 2).map((w) => [w.startSec, w.endSec])).toEqual([
      [0.1, 0.25],
      [0.25, 0.6],
    ]);
  });

  it('moves a boundary next to a pause alone, up to the neighbour', () => {
    const g = moveBoundary(sample(), 1, 'end', 0.7, LIMITS);
    expect(g.words[1]!.endSec).toBe(0.7);
    expect(g.words[2]!.startSec).toBe(0.8);
    expect(moveBoundary(sample(), 1, 'end', 2, LIMITS).words[1]!.endSec).toBe(0.8);
  });

  it('never lets a word get shorter than the minimum or words overlap', () => {
    const g = moveBoundary(sample(), 0, 'end', 5, LIMITS);
    expect(g.words[0]!.endSec).toBe(0.6 - MIN_WORD_SEC);
    expect(g.words[1]!.startSec).toBe(0.6 - MIN_WORD_SEC);
    expect(moveBoundary(sample(), 0, 'start', -1, LIMITS).words[0]!.startSec).toBe(0);
    expect(moveBoundary(sample(), 3, 'end', 99, LIMITS).words[3]!.endSec).toBe(10);
  });
});

describe('split, merge, insert, delete, retext', () => {
  it('splits a word into two sibling leaves and widens entities over it', () => {
    const e = splitWord(sample(), 3, 1.0, ['Bo', 'nn']);
    expect(e.gold.words.map((w) => w.text)).toEqual(['I', 'want', 'to', 'Bo', 'nn']);
    expect(e.gold.words[3]).toEqual({ text: 'Bo', startSec: 0.9, endSec: 1 });
    expect(tree(e.gold)).toBe('(S (NP I) (VP want (PP to Bo nn)))');
    expect(e.gold.entities).toEqual([{ type: 'LOCATION', firstWord: 3, lastWord: 4 }]);
    expect(() => splitWord(sample(), 3, 1.195)).toThrow(EditRefused);
  });

  it('merges words across brackets, dropping a node left empty', () => {
    const e = mergeWords(sample(), 0, 1);
    expect(e.gold.words[0]).toEqual({ text: 'Iwant', startSec: 0.1, endSec: 0.6 });
    expect(tree(e.gold)).toBe('(S (NP Iwant) (VP (PP to Bonn)))');
    expect(e.gold.entities).toEqual([{ type: 'LOCATION', firstWord: 2, lastWord: 2 }]);
  });

  it('reports entities a merge would make overlap', () => {
    const g = {
      ...sample(),
      entities: [
        { type: 'PERSON', firstWord: 0, lastWord: 0 },
        { type: 'LOCATION', firstWord: 1, lastWord: 1 },
      ],
    };
    const e = mergeWords(g, 0, 1, 'Iwant');
    expect(e.gold.entities).toEqual([{ type: 'PERSON', firstWord: 0, lastWord: 0 }]);
    expect(e.notes[0]).toMatch(/LOCATION .* removed/);
  });

  it('inserts a word filling the pause at the playhead, next to its left neighbour in the tree', () => {
    expect(gapAt(sample().words, 0.7, LIMITS)).toEqual({ index: 2, startSec: 0.6, endSec: 0.8 });
    expect(gapAt(sample().words, 0.5, LIMITS)).toBeNull();
    const e = insertWord(sample(), 0.7, 'uh', LIMITS);
    expect(e.index).toBe(2);
    expect(e.gold.words[2]).toEqual({ text: 'uh', startSec: 0.6, endSec: 0.8 });
    expect(tree(e.gold)).toBe('(S (NP I) (VP want uh (PP to Bonn)))');
    expect(e.gold.entities).toEqual([{ type: 'LOCATION', firstWord: 4, lastWord: 4 }]);
    expect(insertWord(sample(), 0.05, 'so', LIMITS).gold.words[0]).toEqual({
      text: 'so',
      startSec: 0,
      endSec: 0.1,
    });
    expect(() => insertWord(sample(), 0.5, 'x', LIMITS)).toThrow(/not in a gap/);
  });

  it('deletes words with their leaves, emptied nodes and entities', () => {
    const e = deleteWords(sample(), 2, 3);
    expect(tree(e.gold)).toBe('(S (NP I) (VP want))');
    expect(e.gold.entities).toEqual([]);
    expect(e.notes).toEqual(['Entity LOCATION (word 4) lost its words and was removed.']);
    const all = deleteWords(sample(), 0, 3);
    expect(all.gold.trees).toEqual([]);
    expect(all.notes[0]).toMatch(/Tree "syntax" lost its last word/);
  });

  it('retexts a word and its leaf, escaping brackets; refuses spaces', () => {
    const e = setWordText(sample(), 3, '(Bonn)');
    expect(tree(e.gold)).toBe('(S (NP I) (VP want (PP to -LRB-Bonn-RRB-)))');
    expect(() => setWordText(sample(), 3, 'Bad Godesberg')).toThrow(/no spaces/);
  });

  it('leaves a tree that does not match the words alone, and says so', () => {
    const g = { ...sample(), trees: [{ name: 'syntax', typed: false, bracket: '(S I want to Berlin)' }] };
    const e = deleteWords(g, 0, 0);
    expect(e.gold.trees[0]!.bracket).toBe('(S I want to Berlin)');
    expect(e.notes[0]).toMatch(/does not match the words/);
  });

  it('gives new leaves of a typed tree the type of the leaf they replace', () => {
    const g = {
      ...sample(),
      trees: [{ name: 'sem', typed: true, bracket: '(R:S (C:X W:I W:want) W:to W:Bonn)' }],
    };
    const e = splitWord(g, 1, 0.45, ['wa', 'nt']);
    expect(e.gold.trees[0]!.bracket).toBe('(R:S (C:X W:I W:wa W:nt) W:to W:Bonn)');
  });
});

describe('random edit sequences keep the gold consistent (property)', () => {
  it('words ordered and non-overlapping, every tree over exactly the words, entities in range and apart', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (seed, opSeed) => {
          let g = randomGold(seed, 8);
          const next = seededRandom(opSeed);
          for (let step = 0; step < 12; step++) {
            const n = g.words.length;
            if (n === 0) break;
            const i = Math.floor(next() * n);
            const j = Math.min(n - 1, i + Math.floor(next() * 3));
            const w = g.words[i]!;
            try {
              switch (Math.floor(next() * 7)) {
                case 0:
                  g = moveBoundary(g, i, next() < 0.5 ? 'start' : 'end', next() * 4, LIMITS);
                  break;
                case 1:
                  g = splitWord(g, i, w.startSec + (w.endSec - w.startSec) * next(), ['a', 'b']).gold;
                  break;
                case 2:
                  g = mergeWords(g, i, j).gold;
                  break;
                case 3:
                  g = insertWord(g, next() * 4, 'uh', LIMITS).gold;
                  break;
                case 4:
                  if (n > 1) g = deleteWords(g, i, j).gold;
                  break;
                case 5:
                  g = setWordText(g, i, next() < 0.5 ? 'x' : '(y)').gold;
                  break;
                default:
                  g = moveBoundary(g, i, 'end', w.endSec + (next() - 0.5) * 0.2, LIMITS);
              }
            } catch (e) {
              expect(e).toBeInstanceOf(EditRefused);
            }
            expect(goldProblems(g)).toEqual([]);
            g.words.forEach((x) => expect(x.endSec - x.startSec).toBeGreaterThanOrEqual(MIN_WORD_SEC - 1e-9));
            expect(entityProblems(g.entities, g.words.length)).toEqual([]);
            for (const t of g.trees) {
              expect(
                checkTreeText(
                  t.bracket,
                  t.typed,
                  g.words.map((x) => x.text),
                ).diagnostics,
              ).toEqual([]);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
