import { dictionary } from 'cmu-pronouncing-dictionary';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignmentProblems } from './alignment';
import { alignLexemes } from './anchor';
import { Vocabulary } from './document';
import { letterToSound } from './letterToSound';
import { phoneticAligner } from './phoneticAligner';

const cmu = phoneticAligner({ lookup: (w) => dictionary[w.toLowerCase()]?.split(' '), lexicon: 'cmudict' });

function blocks(ref: string, hyp: string, aligner = cmu): string[] {
  const v = new Vocabulary();
  const enc = (s: string) =>
    v.encode(
      s
        .split(' ')
        .filter((x) => x)
        .map((text) => ({ text, startSec: null, endSec: null })),
    );
  const r = enc(ref);
  const h = enc(hyp);
  const a = alignLexemes(r, h, aligner);
  expect(alignmentProblems(a, r.codes, h.codes)).toEqual([]);
  const out: string[] = [];
  for (let b = 0; b < a.blockCount; b++) {
    out.push(
      `${r.text.slice(a.refStart[b], a.refStart[b + 1]).join(' ')}/${h.text.slice(a.hypStart[b], a.hypStart[b + 1]).join(' ')}`,
    );
  }
  return out;
}

describe('phonetic aligner (Burger et al. §2.2, Fisher & Fiscus 1993)', () => {
  it("aligns Example 2 as the paper's phonetic alignment: NEW YORK against NEWARK", () => {
    // Burger et al. Example 2 (bottom) and §2.2: "compare New York and Newark in Example 1".
    expect(
      blocks(
        "AT THE NEW YORK DESK I'M PHILIP BOROFF MISSISSIPPI REPUBLICAN",
        'AT THE NEWARK BASK ON FILM FORUM MISSES THE REPUBLICAN',
      ),
    ).toEqual([
      'AT/AT',
      'THE/THE',
      'NEW YORK/NEWARK',
      'DESK/BASK',
      "I'M/ON",
      'PHILIP/FILM',
      'BOROFF/FORUM',
      'MISSISSIPPI/MISSES THE',
      'REPUBLICAN/REPUBLICAN',
    ]);
  });

  it('aligns Example 3 with OTTAWA against LOT OF WHAT, as §2.2 says it arguably should', () => {
    expect(
      blocks(
        'INVESTING AND TRADING WITH CUBA FROM OTTAWA THIS IS',
        'INVESTING IN TRAINING WOULD KEEP OFF A LOT OF WHAT THIS IS',
      ),
    ).toEqual([
      'INVESTING/INVESTING',
      'AND/IN',
      'TRADING/TRAINING',
      'WITH/WOULD',
      'CUBA/KEEP',
      'FROM/OFF A',
      'OTTAWA/LOT OF WHAT',
      'THIS/THIS',
      'IS/IS',
    ]);
  });

  it('works from letter-to-sound rules alone when there is no dictionary', () => {
    const lts = phoneticAligner();
    expect(lts.name).toBe('phonetic+lts');
    expect(blocks('NEWT GINGRICH', 'NEWT GOOD RICH', lts)).toEqual(['NEWT/NEWT', 'GINGRICH/GOOD RICH']);
    expect(blocks('AT THE NEW YORK DESK', 'AT THE NEWARK BASK', lts)).toEqual([
      'AT/AT',
      'THE/THE',
      'NEW YORK/NEWARK',
      'DESK/BASK',
    ]);
  });

  it('handles empty sides and words no rule can sound', () => {
    expect(blocks('A B', '')).toEqual(['A/', 'B/']);
    expect(blocks('', 'A')).toEqual(['/A']);
    expect(blocks('東京 X', '東京 Y')).toEqual(['東京/東京', 'X/Y']);
  });

  it('always gives a valid alignment, identity on identical texts (property)', () => {
    const text = fc.array(fc.constantFrom('NEW', 'YORK', 'NEWARK', 'GOOD', 'RICH', 'THE', 'XQZ'), {
      maxLength: 15,
    });
    fc.assert(
      fc.property(text, text, (r, h) => {
        blocks(r.join(' '), h.join(' '));
        expect(blocks(r.join(' '), r.join(' '))).toEqual(r.map((w) => `${w}/${w}`));
      }),
      { numRuns: 150 },
    );
  });
});

describe('letter-to-sound fallback', () => {
  it('spells common patterns into ARPAbet', () => {
    // Hand-applied rules: soft g before i, `ng` as one sound (taking the second g), `ch`; no dictionary
    // would say JH here, but the fallback only has to be close enough to align.
    expect(letterToSound('GINGRICH')).toEqual(['JH', 'IH', 'NG', 'R', 'IH', 'CH']);
    expect(letterToSound('newark')).toEqual(['N', 'UW', 'AA', 'R', 'K']);
    expect(letterToSound('Knight')).toEqual(['N', 'AY', 'T']);
    expect(letterToSound('cell')).toEqual(['S', 'EH', 'L']);
    expect(letterToSound('make')).toEqual(['M', 'AE', 'K']);
    expect(letterToSound('B52')).toEqual(['B', 'F', 'AY', 'V', 'T', 'UW']);
    expect(letterToSound("o'brien")).toEqual(['AA', 'B', 'R', 'IY', 'N']);
    expect(letterToSound('café')).toEqual(['K', 'AE', 'F']);
    expect(letterToSound('東')).toEqual(['?']);
    expect(letterToSound('')).toEqual([]);
  });
});
