import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ParseError } from '../text/diagnostics';
import { parseTrn, parseTrnOrThrow, writeTrn } from './trn';

describe('trn transcripts', () => {
  it('reads words and ids, skipping blank and ;; comment lines, with CRLF line ends', () => {
    const text = ';; a comment (x)\r\nthe (uh) cat (spk1_3)\r\n\r\n   \n(spk2_1)\n  a  b\t c  (s-9)  \n';
    const r = parseTrn(text);
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      { id: 'spk1_3', words: ['the', '(uh)', 'cat'], line: 2 },
      { id: 'spk2_1', words: [], line: 5 },
      { id: 's-9', words: ['a', 'b', 'c'], line: 6 },
    ]);
  });

  it('reports each bad line with its line and column and keeps the good ones', () => {
    const text = [
      'a b (u1)', // 1: fine
      'a b c', // 2: no id
      'a b (u3', // 3: unclosed
      'a b u4)', // 4: ')' without '('
      'a b (u5) c', // 5: text after the id
      'a b ()', // 6: empty id
      'x (u1)', // 7: duplicate
      'y (u 8)', // 8: space in id
      'z (u9)', // 9: fine
    ].join('\n');
    const r = parseTrn(text);
    expect(r.value.map((u) => u.id)).toEqual(['u1', 'u9']);
    expect(r.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['trn.noId', 2, 6],
      ['trn.unclosedId', 3, 5],
      ['trn.noId', 4, 7],
      ['trn.afterId', 5, 9],
      ['trn.emptyId', 6, 5],
      ['trn.duplicateId', 7, 4],
      ['trn.badId', 8, 4],
    ]);
    expect(r.diagnostics[5]!.message).toBe("utterance id 'u1' already used on line 1");
    expect(r.diagnostics[3]!.message).toBe("unexpected text after the utterance id: 'c'");
  });

  it('throws a ParseError whose message starts file:line:col', () => {
    expect(() => parseTrnOrThrow('a (u1)\nb c\n', 'hyp.trn')).toThrow(ParseError);
    expect(() => parseTrnOrThrow('a (u1)\nb c\n', 'hyp.trn')).toThrow(
      /^hyp\.trn:2:4: expected the utterance id in parentheses/,
    );
  });

  it('writes what it reads (round trip)', () => {
    const token = fc.stringMatching(/^[a-zA-Z0-9_'.-]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: token, words: fc.array(token, { maxLength: 5 }) }), {
          selector: (u) => u.id,
          maxLength: 6,
        }),
        (utts) => {
          const back = parseTrnOrThrow(writeTrn(utts));
          expect(back.map(({ id, words }) => ({ id, words }))).toEqual(utts);
        },
      ),
    );
    expect(writeTrn([{ id: 'a_1', words: [] }])).toBe('(a_1)\n');
  });
});
