import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keptEntityIndices, normaliseWord, preprocessDocument } from './preprocess';

const w = (text: string, startSec: number | null = null) => ({ text, startSec, endSec: startSec });

describe('preprocessing (Burger et al. §2.1)', () => {
  it('removes punctuation and folds to upper case, keeping apostrophes inside words', () => {
    expect(normaliseWord("I'm")).toBe("I'M");
    expect(normaliseWord('Boroff,')).toBe('BOROFF');
    expect(normaliseWord('"U.S."')).toBe('US');
    expect(normaliseWord("'em")).toBe('EM');
    expect(normaliseWord('O’Brien')).toBe('O’BRIEN'.replace('’', "'"));
    expect(normaliseWord('--')).toBe('');
    expect(normaliseWord('Newt', false)).toBe('Newt');
  });

  it('drops punctuation-only words, renumbers spans and keeps times', () => {
    const { doc, droppedEntities } = preprocessDocument({
      words: [w('"', 0), w('Newt', 1), w(',', 2), w('Gingrich', 3), w('.', 4), w('!', 5)],
      entities: [
        { type: 'PERSON', firstWord: 0, lastWord: 3 },
        { type: 'X', firstWord: 4, lastWord: 5 },
        { type: 'Y', firstWord: 2, lastWord: 2 },
      ],
    });
    expect(doc.words).toEqual([w('NEWT', 1), w('GINGRICH', 3)]);
    expect(doc.entities).toEqual([{ type: 'PERSON', firstWord: 0, lastWord: 1 }]);
    expect(droppedEntities).toBe(2);
  });

  it('keeps punctuation tokens and punctuation inside words when asked (conlleval scores every token)', () => {
    expect(normaliseWord(',', true, 'keep')).toBe(',');
    expect(normaliseWord('"U.S."', true, 'keep')).toBe('"U.S."');
    expect(normaliseWord('Boroff,', false, 'keep')).toBe('Boroff,');
    expect(normaliseWord('--', true, 'drop')).toBe('');
    const { doc, droppedEntities } = preprocessDocument(
      {
        words: [w('"', 0), w('Newt', 1), w(',', 2), w('Gingrich', 3), w('.', 4), w('!', 5)],
        entities: [
          { type: 'PERSON', firstWord: 0, lastWord: 3 },
          { type: 'X', firstWord: 4, lastWord: 5 },
        ],
      },
      { punctuation: 'keep' },
    );
    expect(doc.words.map((x) => x.text)).toEqual(['"', 'NEWT', ',', 'GINGRICH', '.', '!']);
    expect(doc.entities).toEqual([
      { type: 'PERSON', firstWord: 0, lastWord: 3 },
      { type: 'X', firstWord: 4, lastWord: 5 },
    ]);
    expect(droppedEntities).toBe(0);
  });
});

describe('keptEntityIndices', () => {
  it('keeps the entities that preprocessing one at a time keeps (random words and spans)', () => {
    const word = fc.constantFrom('New', 'york', ',', '.', "O'Brien", '--', 'U.S.', '"', 'x');
    const doc = fc.array(word, { minLength: 0, maxLength: 8 }).chain((texts) =>
      fc.record({
        words: fc.constant(texts.map((text, i) => ({ text, startSec: i, endSec: i + 0.5 }))),
        entities: fc.array(
          fc
            .tuple(fc.nat({ max: 9 }), fc.nat({ max: 3 }), fc.constantFrom('P', 'L'))
            .map(([a, len, type]) => ({ type, firstWord: a, lastWord: a + len })),
          { maxLength: 4 },
        ),
      }),
    );
    fc.assert(
      fc.property(
        doc,
        fc.boolean(),
        fc.constantFrom('drop' as const, 'keep' as const),
        (d, caseFold, punctuation) => {
          const options = { caseFold, punctuation };
          const slow = d.entities.flatMap((e, k) =>
            preprocessDocument({ words: [...d.words], entities: [e] }, options).droppedEntities === 0
              ? [k]
              : [],
          );
          expect(keptEntityIndices(d, options)).toEqual(slow);
        },
      ),
      { numRuns: 500 },
    );
  });
});
