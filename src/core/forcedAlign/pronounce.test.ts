import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wordToken } from './normaliseTranscript';
import { letterToSound } from '../ne/letterToSound';
import { type PronunciationLexicon, pronounce } from './pronounce';

const EN: PronunciationLexicon = {
  model: (w) =>
    ({ well: 'W EH L', known: 'N OW N', twenty: 'T W EH N T IY', four: 'F AO R', smith: 'S M IH TH' })[w],
  cmu: (w) => ({ berlin: 'B ER0 L IH1 N', zyx: undefined })[w],
};
const FR: PronunciationLexicon = {
  model: (w) => ({ "l'": 'll', a: 'aa', il: 'ii ll', t: 'tt' })[w],
  cmu: (w) => ({ berlin: 'B ER0 L IH1 N' })[w],
};

describe('pronounce', () => {
  it("leaves a word the model's dictionary has to the model (all its pronunciations)", () => {
    expect(pronounce('well', 'en-us', EN)).toEqual({ phones: null, source: 'model', guessed: [] });
  });

  it('falls back to the CMU dictionary, stress digits dropped', () => {
    expect(pronounce('berlin', 'en-us', EN)).toEqual({
      phones: 'B ER L IH N',
      source: 'cmudict',
      guessed: [],
    });
  });

  it('falls back to the letter-to-sound rules and says which words were guessed', () => {
    const r = pronounce('twenty blorf', 'en-us', EN);
    expect(r.source).toBe('lts');
    expect(r.guessed).toEqual(['blorf']);
    expect(r.phones).toBe(['T W EH N T IY', ...letterToSound('blorf')].join(' '));
  });

  it('pronounces a compound the dictionaries lack by its parts', () => {
    expect(pronounce('well-known', 'en-us', EN)).toEqual({
      phones: 'W EH L N OW N',
      source: 'model',
      guessed: [],
    });
    expect(pronounce('twenty four', 'en-us', EN)).toEqual({
      phones: 'T W EH N T IY F AO R',
      source: 'model',
      guessed: [],
    });
    expect(pronounce("l'homme", 'fr-fr', { model: (w) => ({ "l'": 'll', homme: 'oo mm' })[w] })).toEqual({
      phones: 'll oo mm',
      source: 'model',
      guessed: [],
    });
    expect(pronounce('a-t-il', 'fr-fr', FR)).toEqual({ phones: 'aa tt ii ll', source: 'model', guessed: [] });
  });

  it("adds the English possessive to a known word's phones", () => {
    expect(pronounce("smith's", 'en-us', EN)).toEqual({
      phones: 'S M IH TH S',
      source: 'model',
      guessed: [],
    });
  });

  it("maps English phones to the French model's phone set for fr-fr", () => {
    expect(pronounce('berlin', 'fr-fr', FR)).toEqual({
      phones: 'bb oe rr ll ii nn',
      source: 'cmudict',
      guessed: [],
    });
    const guessed = pronounce('zorg', 'fr-fr', FR);
    expect(guessed.source).toBe('lts');
    expect(guessed.phones!.split(' ').every((p) => /^[a-z]{2}$/.test(p))).toBe(true);
  });

  it('gives no phones when nothing in the token can be spoken', () => {
    expect(pronounce('ʔʔ', 'en-us', EN)).toEqual({ phones: null, source: 'lts', guessed: ['ʔʔ'] });
  });

  it('pronounces every written word with a letter or digit in it, in either language (property)', () => {
    const none: PronunciationLexicon = { model: () => undefined };
    const phoneSet = { 'en-us': /^[A-Z]{1,2}$/, 'fr-fr': /^[a-z]{2}$/ } as const;
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-zéèçà0-9'’.,-]{0,10}[A-Za-z0-9][A-Za-zéèçà0-9'’.,-]{0,10}$/),
        fc.constantFrom('en-us' as const, 'fr-fr' as const),
        (written, lang) => {
          const token = wordToken(written, lang);
          const p = pronounce(token, lang, none);
          expect(p.source).toBe('lts');
          expect(p.phones).not.toBeNull();
          expect(p.phones!.split(' ').every((ph) => phoneSet[lang].test(ph))).toBe(true);
          expect(p.guessed.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
