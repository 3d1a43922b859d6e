import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseTranscript, wordToken } from './normaliseTranscript';
import { cardinalWords, numberWords } from './numberWords';

describe('normaliseTranscript', () => {
  it('keeps each word as written and gives the aligner a folded token', () => {
    const r = normaliseTranscript('Hello, World! “Quoted” (aside) — end.', 'en-us');
    expect(r.words).toEqual([
      { text: 'Hello,', token: 'hello' },
      { text: 'World!', token: 'world' },
      { text: '“Quoted”', token: 'quoted' },
      { text: '(aside)', token: 'aside' },
      { text: 'end.', token: 'end' },
    ]);
    expect(r.dropped).toEqual(['—']);
  });

  it('keeps apostrophes and hyphens inside words, typographic ones made ASCII', () => {
    expect(wordToken('Don’t', 'en-us')).toBe("don't");
    expect(wordToken('well-known,', 'en-us')).toBe('well-known');
    expect(wordToken("'quoted'", 'en-us')).toBe('quoted');
    expect(wordToken('Aujourd’hui', 'fr-fr')).toBe("aujourd'hui");
    expect(wordToken('peut‐être', 'fr-fr')).toBe('peut-être');
    // A French elided article written apart from its noun keeps its apostrophe: the dictionary has `l'`.
    expect(wordToken("l'", 'fr-fr')).toBe("l'");
    expect(wordToken("dogs'", 'en-us')).toBe('dogs');
  });

  it('separates words at other punctuation inside a piece', () => {
    expect(wordToken('U.S.', 'en-us')).toBe('u s');
    expect(wordToken('9:30', 'en-us')).toBe('nine thirty');
    expect(wordToken('and/or', 'en-us')).toBe('and or');
  });

  it('spells numbers as the dictionary does, per language', () => {
    expect(wordToken('2024.', 'en-us')).toBe('twenty twenty four');
    expect(wordToken('1,250', 'en-us')).toBe('one thousand two hundred fifty');
    expect(wordToken('3.5%', 'en-us')).toBe('three point five percent');
    expect(wordToken('21st', 'en-us')).toBe('twenty first');
    expect(wordToken('mp3', 'en-us')).toBe('mp three');
    expect(wordToken('Covid-19', 'en-us')).toBe('covid nineteen');
    expect(wordToken('a0.0', 'en-us')).toBe('a zero point zero');
    expect(wordToken('71', 'fr-fr')).toBe('soixante et onze');
    expect(wordToken('3,5', 'fr-fr')).toBe('trois virgule cinq');
    expect(wordToken('1er', 'fr-fr')).toBe('premier');
    expect(wordToken('&', 'fr-fr')).toBe('et');
    // French groups thousands with a (narrow) no-break space: the number stays one word.
    expect(
      normaliseTranscript('coûte 1\u00a0250 euros, 2\u202f000\u202f000 au total', 'fr-fr').words,
    ).toEqual([
      { text: 'coûte', token: 'coûte' },
      { text: '1\u00a0250', token: 'mille deux cent cinquante' },
      { text: 'euros,', token: 'euros' },
      { text: '2\u202f000\u202f000', token: 'deux millions' },
      { text: 'au', token: 'au' },
      { text: 'total', token: 'total' },
    ]);
  });

  it('drops pieces with nothing spoken in them, and reads an empty text as no words', () => {
    expect(normaliseTranscript('  ... -- " ', 'en-us')).toEqual({ words: [], dropped: ['...', '--', '"'] });
    expect(normaliseTranscript('', 'fr-fr')).toEqual({ words: [], dropped: [] });
  });

  it('spells digits whose marks make no number one by one (the property test found `0,0` kept as written)', () => {
    expect(normaliseTranscript('0,0 1.2.3', 'en-us').words.map((w) => w.token)).toEqual([
      'zero zero',
      'one two three',
    ]);
  });

  it('keeps every word, in order, with its text unchanged (property)', () => {
    const piece = fc.stringMatching(/^[A-Za-zéÉ0-9'’.,;:!?%&()“”—-]{1,8}$/);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom('en-us', 'fr-fr'), (pieces, lang) => {
        const r = normaliseTranscript(pieces.join('  '), lang);
        // Words and dropped pieces together are the pieces, and the words keep their order.
        expect(r.words.length + r.dropped.length).toBe(pieces.length);
        expect(r.words.map((w) => w.text)).toEqual(pieces.filter((p) => wordToken(p, lang) !== ''));
        for (const w of r.words) {
          expect(w.token).toBe(w.token.toLowerCase());
          expect(w.token).toMatch(/^[\p{L}\p{M}\p{N}'-]+( [\p{L}\p{M}\p{N}'-]+)*$/u);
        }
      }),
    );
  });
});

describe('numberWords', () => {
  it('spells English cardinals, years and ordinals', () => {
    expect(cardinalWords(0, 'en-us')).toEqual(['zero']);
    expect(cardinalWords(115, 'en-us')).toEqual(['one', 'hundred', 'fifteen']);
    expect(cardinalWords(2_000_042, 'en-us')).toEqual(['two', 'million', 'forty', 'two']);
    expect(numberWords('1984', 'en-us')).toEqual(['nineteen', 'eighty', 'four']);
    expect(numberWords('1900', 'en-us')).toEqual(['nineteen', 'hundred']);
    expect(numberWords('1905', 'en-us')).toEqual(['nineteen', 'oh', 'five']);
    expect(numberWords('2005', 'en-us')).toEqual(['two', 'thousand', 'five']);
    expect(numberWords('12th', 'en-us')).toEqual(['twelfth']);
    expect(numberWords('40th', 'en-us')).toEqual(['fortieth']);
    expect(numberWords('007', 'en-us')).toBeNull();
    expect(numberWords('1000000000', 'en-us')).toBeNull();
  });

  it('spells French cardinals with et, the vigesimal tens and the plural of cent and vingt', () => {
    expect(cardinalWords(21, 'fr-fr')).toEqual(['vingt', 'et', 'un']);
    expect(cardinalWords(75, 'fr-fr')).toEqual(['soixante', 'quinze']);
    expect(cardinalWords(80, 'fr-fr')).toEqual(['quatre-vingts']);
    expect(cardinalWords(81, 'fr-fr')).toEqual(['quatre-vingt', 'un']);
    expect(cardinalWords(99, 'fr-fr')).toEqual(['quatre-vingt', 'dix-neuf']);
    expect(cardinalWords(200, 'fr-fr')).toEqual(['deux', 'cents']);
    expect(cardinalWords(201, 'fr-fr')).toEqual(['deux', 'cent', 'un']);
    expect(cardinalWords(1000, 'fr-fr')).toEqual(['mille']);
    expect(cardinalWords(80_000, 'fr-fr')).toEqual(['quatre-vingt', 'mille']);
    expect(cardinalWords(2_000_000, 'fr-fr')).toEqual(['deux', 'millions']);
    expect(numberWords('2e', 'fr-fr')).toEqual(['deuxième']);
    expect(numberWords('5e', 'fr-fr')).toEqual(['cinquième']);
    expect(numberWords('9e', 'fr-fr')).toEqual(['neuvième']);
  });
});
