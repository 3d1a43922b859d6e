import { describe, expect, it } from 'vitest';
import { MetricInputError } from '../errors';
import { pairItems, parseItemResults, resolveMetric, sharedSignature, type ItemResults } from './itemResults';

const results = (...lines: object[]): ItemResults => {
  const { value, diagnostics } = parseItemResults(lines.map((l) => JSON.stringify(l)).join('\n'));
  expect(diagnostics).toEqual([]);
  return value;
};

describe('per-item results files', () => {
  it('reads items and the summary; keys include the input kind', () => {
    const r = results(
      { id: 'd1', input: 'text', x: 1 },
      { id: 'd1', input: 'asr', x: 0 },
      { summary: { signature: 's' } },
    );
    expect(r.items.map((i) => i.key)).toEqual(['d1/text', 'd1/asr']);
    expect(r.summary).toEqual({ signature: 's' });
    const bad = parseItemResults('{"id": "a"}\n{"id": "a"}\n[]\n{"x": 1}\nnope');
    expect(bad.diagnostics.map((d) => [d.line, d.message.slice(0, 20)])).toEqual([
      [2, 'item "a" appears twi'],
      [3, 'expected a JSON obje'],
      [4, 'an item line needs a'],
      [5, 'not valid JSON: Unex'],
    ]);
  });

  it('reads WER as a ratio of summed counts, not a mean of per-item rates', () => {
    // The wer command's lines: sclite counts per utterance. Hand calculation: (1+0+1)/(2+8) = 0.2.
    const r = results(
      { id: 'u1', C: 1, S: 1, D: 0, I: 0, wer: 0.5 },
      { id: 'u2', C: 7, S: 0, D: 1, I: 0, wer: 0.125 },
      { summary: { wer: 0.2, signature: 'wer|costs:sclite|case:exact|v:0.1.0' } },
    );
    const m = resolveMetric({ metric: 'wer' }, r);
    expect(m.source).toBe('S+D+I, C+S+D');
    const p = pairItems(r, r, m);
    expect(m.statistic.combine(p.a)).toBeCloseTo(0.2, 15);
    // Concept accuracy from the same counts: (C − I) / N = (1 + 7) / 10.
    const ca = resolveMetric({ metric: 'ca' }, r);
    expect([ca.source, ca.statistic.name]).toEqual(['C-I, C+S+D', 'ratio(0/0=1)']);
    expect(ca.statistic.combine(pairItems(r, r, ca).a)).toBeCloseTo(0.8, 15);
    expect(() => resolveMetric({ metric: 'x', stats: 'C+,D' }, r)).toThrow('expected comma-separated sums');
    // Asking for the per-item field explicitly gives the (different) mean of rates.
    const field = resolveMetric({ metric: 'wer', stats: 'wer' }, r);
    expect(field.statistic.combine(pairItems(r, r, field).a)).toBeCloseTo(0.3125, 15);
  });

  it('uses the summary combine map and stats entries', () => {
    const r = results(
      { id: 'a', 'NotFound@1': 1, stats: { f1: [3, 1, 0] } },
      { id: 'b', 'NotFound@1': 0, stats: { f1: [0, 0, 2] } },
      { id: 'c', excluded: 'cantRepresent' },
      { summary: { combine: { 'NotFound@1': 'sum', f1: 'f1' } } },
    );
    const nf = resolveMetric({ metric: 'NotFound@1' }, r);
    expect(nf.statistic.name).toBe('sum');
    const p = pairItems(r, r, nf);
    expect([p.n, p.excluded, nf.statistic.combine(p.a)]).toEqual([2, 1, 1]);
    const f1 = resolveMetric({ metric: 'f1' }, r);
    expect(f1.statistic.combine(pairItems(r, r, f1).a)).toBeCloseTo(6 / 9, 15);
  });

  it('names what does not fit', () => {
    const a = results({ id: 'a', x: 1 }, { id: 'b', x: null });
    const m = resolveMetric({ metric: 'x' }, a);
    expect(() => pairItems(a, a, m)).toThrow('item "b": x is null, not a number');
    // A value nested 50,000 deep is named by its start (JSON.stringify overflowed the stack on it).
    const deep = parseItemResults(
      `{"id": "a", "x": 1}\n{"id": "b", "x": ${'['.repeat(50_000)}${']'.repeat(50_000)}}`,
    ).value;
    expect(() => pairItems(deep, deep, m)).toThrow(`item "b": x is ${'['.repeat(57)}..., not a number`);
    expect(() => resolveMetric({ metric: 'x', stats: 'x,x' }, a)).toThrow(
      'say how they combine with --combine',
    );
    expect(() => resolveMetric({ metric: 'x', stats: 'x', combine: 'ratio' }, a)).toThrow(
      'ratio needs 2 statistics',
    );
    const b = results({ id: 'a', x: 1 }, { id: 'z', x: 1 });
    expect(() => pairItems(a, b, m)).toThrow('only in A: b; only in B: z');
    const sa = results({ summary: { signature: 'nbest|interp:tree' } });
    const sb = results({ summary: { signature: 'nbest|interp:auto' } });
    expect(() => sharedSignature(sa, sb)).toThrow(MetricInputError);
    expect(sharedSignature(sa, sb, true)).toBe('nbest|interp:tree');
    expect(sharedSignature(sa, sa)).toBe('nbest|interp:tree');
  });
});
