import { describe, expect, it } from 'vitest';
import { parseNeConll } from './conll';

describe('CoNLL column reader', () => {
  it('reads BIO (IOB2) with documents separated by blank lines and -DOCSTART-', () => {
    const r = parseNeConll(
      '-DOCSTART- -X- O O\n\nNewt NNP B-PER\nGingrich NNP I-PER\nsaid VBD O\n\nin IN O\nNew NNP B-LOC\nYork NNP I-LOC\n',
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toHaveLength(2);
    expect(r.value[0]!.words.map((w) => w.text)).toEqual(['Newt', 'Gingrich', 'said']);
    expect(r.value[0]!.entities).toEqual([{ type: 'PER', firstWord: 0, lastWord: 1 }]);
    expect(r.value[1]!.entities).toEqual([{ type: 'LOC', firstWord: 1, lastWord: 2 }]);
  });

  it('reads BIOES and BILOU the same way', () => {
    const bioes = parseNeConll('a S-X\nb B-Y\nc I-Y\nd E-Y\ne O\nf S-Y\n');
    const bilou = parseNeConll('a U-X\nb B-Y\nc I-Y\nd L-Y\ne O\nf U-Y\n');
    const expected = [
      { type: 'X', firstWord: 0, lastWord: 0 },
      { type: 'Y', firstWord: 1, lastWord: 3 },
      { type: 'Y', firstWord: 5, lastWord: 5 },
    ];
    expect(bioes.value[0]!.entities).toEqual(expected);
    expect(bilou.value[0]!.entities).toEqual(expected);
  });

  it('chunks irregular sequences as conlleval does (I- after O starts a chunk; a type change splits)', () => {
    // conlleval.pl startOfChunk/endOfChunk: I-X after O starts X; I-Y after I-X ends X and starts Y;
    // B-X after I-X starts a new X.
    const r = parseNeConll('a I-X\nb I-X\nc I-Y\nd B-Y\ne I-Y\nf O\ng E-Z\n');
    expect(r.value[0]!.entities).toEqual([
      { type: 'X', firstWord: 0, lastWord: 1 },
      { type: 'Y', firstWord: 2, lastWord: 2 },
      { type: 'Y', firstWord: 3, lastWord: 4 },
      { type: 'Z', firstWord: 6, lastWord: 6 },
    ]);
    expect(r.diagnostics).toMatchObject([
      { code: 'ne.conll.irregularStart', severity: 'warning', line: 7, column: 3 },
    ]);
  });

  it('reads word times from four columns word/start/end/tag', () => {
    const r = parseNeConll('NEWT 0.10 0.42 B-PER\nGINGRICH 0.42 1.0 I-PER\n');
    expect(r.value[0]!.words).toEqual([
      { text: 'NEWT', startSec: 0.1, endSec: 0.42 },
      { text: 'GINGRICH', startSec: 0.42, endSec: 1 },
    ]);
  });

  it('reports a bad tag and a missing tag column with line and column', () => {
    const r = parseNeConll('a B-X\n  b\nc X-Y\n');
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['ne.conll.noTag', 2, 3],
      ['ne.conll.badTag', 3, 3],
    ]);
    expect(r.value[0]!.words.map((w) => w.text)).toEqual(['a', 'c']);
  });
});
