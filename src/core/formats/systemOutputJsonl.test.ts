import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseSystemOutputJsonl, writeSystemOutputJsonl } from './systemOutputJsonl';
import type { SystemOutput } from '../model/systemOutput';

const good: SystemOutput = {
  id: 'u1',
  words: [
    { text: 'from', startSec: 0.1, endSec: 0.3, confidence: 0.9 },
    { text: 'Bonn', startSec: 0.3, endSec: 0.6 },
  ],
  trees: [{ name: 'syntax', typed: false, bracket: '(PP (IN from) (NNP Bonn))' }],
  entities: [{ type: 'L', firstWord: 1, lastWord: 1 }],
  concepts: [{ attribute: 'sourcecity', value: 'Bonn' }],
  nbest: [
    { interpretation: 'sourcecity:Bonn', score: 0.7 },
    { interpretation: 'sourcecity:Berlin', score: 0.3 },
  ],
};

describe('system output JSON Lines', () => {
  it('reads what it writes', () => {
    const text = writeSystemOutputJsonl([good, { id: 'u2' }]);
    expect(parseSystemOutputJsonl(text)).toEqual({ value: [good, { id: 'u2' }], diagnostics: [] });
  });

  it('locates schema errors, tree errors, leaf mismatches, spans past the words and repeated ids', () => {
    const lines = [
      JSON.stringify(good),
      '{"id": "u2", "words": [{"text": "x", "startSec": -1}]}',
      JSON.stringify({ ...good, id: 'u3', trees: [{ name: 't', typed: false, bracket: '(S from Bonn' }] }),
      JSON.stringify({ ...good, id: 'u4', trees: [{ name: 't', typed: false, bracket: '(S from Berlin)' }] }),
      JSON.stringify({ ...good, id: 'u5', entities: [{ type: 'P', firstWord: 0, lastWord: 2 }] }),
      JSON.stringify(good),
      '{"id": "u6",',
    ];
    const r = parseSystemOutputJsonl(lines.join('\n'));
    expect(r.value.map((o) => o.id)).toEqual(['u1']);
    expect(r.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [2, 'system.schema'],
      [3, 'system.tree'],
      [4, 'system.leaves'],
      [5, 'system.entity'],
      [6, 'system.duplicate'],
      [7, 'system.json'],
    ]);
    expect(r.diagnostics[0]!.column).toBe(1 + lines[1]!.indexOf('-1'));
    expect(r.diagnostics[2]!.message).toContain('leaf 2 ("Berlin") does not match word "Bonn"');
    expect(r.diagnostics[4]!.message).toContain('line 1');
  });

  it('never throws on random or mutated input', () => {
    const base = writeSystemOutputJsonl([good]);
    fc.assert(
      fc.property(fc.string(), fc.nat(base.length), fc.nat(base.length), (junk, a, b) => {
        parseSystemOutputJsonl(junk);
        parseSystemOutputJsonl(base.slice(0, Math.min(a, b)) + junk + base.slice(Math.max(a, b)));
      }),
    );
  });
});
