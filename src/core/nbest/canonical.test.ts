import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { canonicalJson } from '../text/canonicalJson';
import { canonicalInterpretation as canon } from './canonical';

describe('canonical forms of interpretations', () => {
  it('trees: whitespace and leaf brackets do not matter, structure and labels do', () => {
    const a = canon('(S (NP the  mug)\n  (PP on (NP the table)))', 'tree');
    expect(a).toBe('(S (NP the mug) (PP on (NP the table)))');
    expect(canon('  ( S(NP the (mug)) (PP on (NP the table)) )', 'tree')).toBe(a);
    expect(canon('(S (NP the mug) (PP on (NP the table)))', 'auto')).toBe(`T${a}`);
    expect(canon('(S (NP the mug on) (PP (NP the table)))', 'tree')).not.toBe(a);
    expect(() => canon('(S (NP the mug)', 'tree')).toThrow(MetricInputError);
    expect(() => canon('(S a) (S b)', 'tree')).toThrow('expected one tree, found 2');
    expect(() => canon(3, 'tree')).toThrow('must be a string, got 3');
  });

  it('attribute–value sets: order and repeats do not matter, types do', () => {
    const a = canon({ lex: 'mug', colour: 'blue' }, 'avs');
    expect(
      canon(
        [
          ['colour', 'blue'],
          ['lex', 'mug'],
          ['colour', 'blue'],
        ],
        'avs',
      ),
    ).toBe(a);
    expect(canon({ colour: ['blue'], lex: 'mug' }, 'avs')).toBe(a);
    expect(canon({ lex: 'mug', colour: ['blue', 'green'] }, 'avs')).toBe(
      canon(
        [
          ['colour', 'green'],
          ['lex', 'mug'],
          ['colour', 'blue'],
        ],
        'avs',
      ),
    );
    expect(canon({ n: 1 }, 'avs')).not.toBe(canon({ n: '1' }, 'avs'));
    expect(() => canon({ near: { lex: 'table' } }, 'avs')).toThrow(MetricInputError);
    expect(() => canon([['a']], 'avs')).toThrow('[attribute, value] pairs');
  });

  it('JSON: key order does not matter, array order does', () => {
    expect(canonicalJson({ b: [1, { d: null, c: true }], a: 'x' })).toBe(
      '{"a":"x","b":[1,{"c":true,"d":null}]}',
    );
    expect(canon({ b: 1, a: 2 }, 'json')).toBe(canon({ a: 2, b: 1 }, 'json'));
    expect(canon([1, 2], 'json')).not.toBe(canon([2, 1], 'json'));
    expect(canon(JSON.parse('1.0'), 'json')).toBe(canon(1, 'json'));
  });

  it('text and auto: whitespace runs collapse; kinds never coincide', () => {
    expect(canon('  plate16\t near  ball9 ', 'text')).toBe('plate16 near ball9');
    expect(canon('plate16 near ball9', 'auto')).toBe('Splate16 near ball9');
    expect(canon('x', 'auto')).not.toBe(canon(['x'], 'auto'));
    expect(canon('"x"', 'auto')).not.toBe(canon(['"x"'], 'auto'));
    expect(canon('1', 'auto')).not.toBe(canon(1, 'auto'));
  });

  it('values nested 50,000 deep: written without overflowing the stack, refused by name where they do not fit', () => {
    const n = 50_000;
    const deep = JSON.parse('[{"a":'.repeat(n) + '1' + '}]'.repeat(n)) as unknown;
    expect(canonicalJson(deep)).toBe('[{"a":'.repeat(n) + '1' + '}]'.repeat(n));
    expect(canon(deep, 'auto')).toBe(`J${'[{"a":'.repeat(n)}1${'}]'.repeat(n)}`);
    expect(() => canon({ x: deep }, 'avs')).toThrow(/got \{"x":\[\{"a":\[\{"a":.*\.\.\.$/);
    expect(() => canon(deep, 'tree')).toThrow(/must be a string, got \[\{"a"/);
  });

  it('canonical JSON is invariant under key shuffling and round-trips through JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const c = canonicalJson(v);
        expect(canonicalJson(JSON.parse(c))).toBe(c);
        const shuffled = JSON.parse(
          JSON.stringify(v, (_k, x: unknown) =>
            x && typeof x === 'object' && !Array.isArray(x)
              ? Object.fromEntries(Object.entries(x).reverse())
              : x,
          ),
        ) as unknown;
        expect(canonicalJson(shuffled)).toBe(c);
      }),
    );
  });
});
