import { describe, expect, it } from 'vitest';
import { parseGoldJsonl, toRecords, writeGoldJsonl } from './goldJsonl';
import { emptyGold } from './records';

describe('gold JSON Lines', () => {
  it('writes only what is there and reads it back', () => {
    const gold = {
      ...emptyGold(),
      words: [{ text: 'Bonn', startSec: 0.5, endSec: 0.9 }],
      labels: { cantRepresent: true },
    };
    const text = writeGoldJsonl([
      { id: 'u1', audio: 'a', speaker: 's', transcript: 'Bonn.', startSec: 0, endSec: 1, gold },
    ]);
    expect(text).toBe(
      '{"id":"u1","audio":"a","speaker":"s","transcript":"Bonn.","startSec":0,"endSec":1,' +
        '"words":[{"text":"Bonn","startSec":0.5,"endSec":0.9}],"labels":{"cantRepresent":true}}\n',
    );
    const back = parseGoldJsonl(text);
    expect(back.diagnostics).toEqual([]);
    expect(toRecords(back.value[0]!)).toEqual(gold);
  });

  it('locates bad lines: schema, inconsistent gold, repeated ids', () => {
    const ok = '{"id":"u1","words":[]}';
    const r = parseGoldJsonl(
      [
        ok,
        '{"id":"u2","words":[{"text":"a","startSec":0,"endSec":1}],"entities":[{"type":"P","firstWord":0,"lastWord":3}]}',
        ok,
        '{"id":"u3"}',
      ].join('\n'),
    );
    expect(r.value.map((g) => g.id)).toEqual(['u1']);
    expect(r.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [2, 'gold.inconsistent'],
      [3, 'gold.duplicate'],
      [4, 'gold.schema'],
    ]);
  });
});
