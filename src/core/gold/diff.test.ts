import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DiffConflictError, applyDiff, diffGold, reverseDiff, squashDiffs } from './diff';
import { type GoldRecords, emptyGold, goldProblems } from './records';

const word = fc.record({
  text: fc.constantFrom('a', 'b', 'hamburg', 'zug'),
  startSec: fc.integer({ min: 0, max: 9 }),
  endSec: fc.integer({ min: 9, max: 12 }),
});
const gold: fc.Arbitrary<GoldRecords> = fc.record({
  words: fc.array(word, { maxLength: 3 }),
  trees: fc.array(
    fc.record({
      name: fc.constantFrom('syntax', 'semantic'),
      typed: fc.boolean(),
      bracket: fc.constantFrom('(S a)', '(S b)'),
    }),
    { maxLength: 1 },
  ),
  entities: fc.array(
    fc.record({
      type: fc.constantFrom('P', 'L'),
      firstWord: fc.constant(0),
      lastWord: fc.integer({ min: 0, max: 2 }),
    }),
    { maxLength: 2 },
  ),
  concepts: fc.array(
    fc.record({ attribute: fc.constantFrom('goal', 'src'), value: fc.string({ maxLength: 3 }) }),
    {
      maxLength: 2,
    },
  ),
  interpretations: fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 }),
  labels: fc.record({ cantRepresent: fc.boolean() }, { requiredKeys: [] }),
});

describe('gold diffs', () => {
  it('apply(diff(a, b)) = b, and the reversed diff brings b back to a', () => {
    fc.assert(
      fc.property(gold, gold, (a, b) => {
        const d = diffGold(a, b);
        expect(applyDiff(a, d)).toEqual(b);
        expect(applyDiff(b, reverseDiff(d))).toEqual(a);
        expect(diffGold(a, a)).toEqual([]);
      }),
    );
  });

  it('squashing two diffs equals applying them in turn, and a no-op squash is empty', () => {
    fc.assert(
      fc.property(gold, gold, gold, (a, b, c) => {
        const s = squashDiffs(diffGold(a, b), diffGold(b, c));
        expect(applyDiff(a, s)).toEqual(c);
        expect(squashDiffs(diffGold(a, b), diffGold(b, a))).toEqual([]);
      }),
    );
  });

  it('refuses a diff whose before does not match, naming the field', () => {
    const a = emptyGold();
    const b = { ...a, words: [{ text: 'x', startSec: 0, endSec: 1 }] };
    const d = diffGold(a, b);
    expect(() => applyDiff(b, d)).toThrow(DiffConflictError);
    expect(() => applyDiff(b, d)).toThrow(/words changed/);
  });

  it('finds inconsistent gold: overlapping words, entities past the words, duplicate tree names', () => {
    const g: GoldRecords = {
      ...emptyGold(),
      words: [
        { text: 'a', startSec: 0, endSec: 1 },
        { text: 'b', startSec: 0.5, endSec: 2 },
      ],
      entities: [{ type: 'P', firstWord: 1, lastWord: 2 }],
      trees: [
        { name: 't', typed: false, bracket: '(S a b)' },
        { name: 't', typed: false, bracket: '(S a b)' },
      ],
    };
    expect(goldProblems(g)).toEqual([
      'word 1 "b" overlaps word 0',
      'entity 0 (P) ends at word 2, but there are 2 words',
      'two trees are named "t"',
    ]);
  });
});
