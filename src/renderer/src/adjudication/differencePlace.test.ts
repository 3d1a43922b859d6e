import { describe, expect, it } from 'vitest';
import { layerDifferences } from '../../../core/agreement/differences';
import type { GoldRecords } from '../../../core/gold/records';
import { adjudicatedWords, differencePlace, differingBoxes } from './differencePlace';

const gold = (words: string, over: Partial<GoldRecords> = {}): GoldRecords => ({
  words: words.split(' ').map((w) => {
    const [text, t] = w.split('@');
    const [s, e] = t!.split('-').map(Number);
    return { text: text!, startSec: s!, endSec: e! };
  }),
  trees: [],
  entities: [],
  concepts: [],
  interpretations: [],
  labels: {},
  ...over,
});

describe('where a difference lies', () => {
  const a = gold('I@0-1 want@1-2 Bonn@2-3', { entities: [{ type: 'LOC', firstWord: 2, lastWord: 2 }] });
  const b = gold('I@0-1 want@1.1-2 to@2-2.5 Bonn@2.5-3', {
    entities: [{ type: 'LOC', firstWord: 2, lastWord: 3 }],
  });
  const ds = layerDifferences({ gold: a }, { gold: b });

  it('places boundaries between the two times, words and entities over their words, and not the rest', () => {
    expect(ds.map((d) => [d.kind, differencePlace(d, a, b)])).toEqual([
      ['boundary', { side: 'a', first: 1, last: 1, startSec: 1, endSec: 1.1 }],
      ['word-only', { side: 'b', first: 2, last: 2, startSec: 2, endSec: 2.5 }],
      ['boundary', { side: 'a', first: 2, last: 2, startSec: 2, endSec: 2.5 }],
      ['entity-extent', { side: 'a', first: 2, last: 2, startSec: 2, endSec: 3 }],
    ]);
    expect(differencePlace({ kind: 'status', aStatus: 'done', bStatus: 'todo' }, a, b)).toBeNull();
  });

  it('finds the adjudicated words of a place, and the word at its time for a word only one side has', () => {
    const adjudicated = gold('I@0-1 want@1-2 Bonn@2-3');
    expect(
      adjudicatedWords({ side: 'b', first: 3, last: 3, startSec: 2.5, endSec: 3 }, b, adjudicated),
    ).toEqual([2, 2]);
    expect(
      adjudicatedWords({ side: 'b', first: 2, last: 2, startSec: 2, endSec: 2.5 }, b, adjudicated),
    ).toEqual([2, 2]);
  });

  it("names each side's differing boxes for the outline", () => {
    expect(differingBoxes(ds, 'a')).toEqual([
      '.word-tier [data-word="1"]',
      '.word-tier [data-word="2"]',
      '.entity-tier [data-entity="0"]',
    ]);
    expect(differingBoxes(ds, 'b')).toEqual([
      '.word-tier [data-word="1"]',
      '.word-tier [data-word="2"]',
      '.word-tier [data-word="3"]',
      '.entity-tier [data-entity="0"]',
    ]);
  });
});
