import { describe, expect, it } from 'vitest';
import { normaliseWord, preprocessDocument } from './preprocess';

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
});
