import { describe, expect, it } from 'vitest';
import { normaliseEnglish, normaliseWords } from './englishNormaliser';
import { numbersToDigits } from './englishNumbers';

const norm = (s: string): string => normaliseEnglish(s).join(' ');

describe('whisper-en-1 normaliser', () => {
  // Each pair is a rule of the normaliser's doc comment (and of docs/formats.md), worked by hand.
  it.each([
    [
      'Mr. Smith bought $5.50 worth of apples in the 1990s.',
      'mister smith bought $5.50 worth of apples in the 1990s',
    ],
    [
      "Uh, I won't go — it's the colour of the théâtre [noise] (laughs) hmm",
      'i will not go it is the color of the theater',
    ],
    ["He's been to St. Louis; she'd gone, y'all", 'he has been to saint louis she had gone you all'],
    ['1,000 people, fifty percent', '1000 people 50%'],
    ['twenty dollars', '$20'],
    ["gonna wanna can't", 'going to want to can not'],
    ['Æsop’s œuvre', 'aesop is oeuvre'],
  ])('%s → %s', (input, expected) => {
    expect(norm(input)).toBe(expected);
  });

  it('writes spelled-out numbers as digits', () => {
    for (const [input, expected] of [
      ['two', '2'],
      ['thirty one', '31'],
      ['five twenty four', '524'],
      ['nineteen ninety nine', '1999'],
      ['twenty nineteen', '2019'],
      ['two point five million', '2500000'],
      ['200 thousand', '200000'],
      ['forty three thousand two hundred and sixty', '43260'],
      ['three thousand twenty nine', '3029'],
      ['nineteen fifties', '1950s'],
      ['thirty first', '31st'],
      ['july third twenty twenty', 'july 3rd 2020'],
      ['twenty second street', '22nd street'],
      ['one second', '1 second'],
      ['a second chance', 'a second chance'],
      ['millions', '1000000s'],
      ['one hundred and one', '101'],
    ]) {
      expect([input, numbersToDigits(input!.split(' ')).join(' ')]).toEqual([input, expected]);
    }
  });

  it('normalises the words of a transcript by name, and returns no word for fillers only', () => {
    expect(normaliseWords('whisper-en-1', ['Hello,', 'World!'])).toEqual(['hello', 'world']);
    expect(normaliseWords('whisper-en-1', ['uh', 'um'])).toEqual([]);
  });
});
