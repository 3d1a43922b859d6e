import { describe, expect, it } from 'vitest';
import { parseStm } from './stm';

describe('parseStm', () => {
  it('reads segments with speaker, times, label and words; leaves out gaps and ignored stretches', () => {
    const r = parseStm(
      [
        ';; CATEGORY "0" "" ""',
        'talk 1 anna 0.50 4.25 <o,f0,female> good morning everyone',
        'talk 1 inter_segment_gap 4.25 5.00',
        'talk 1 ben 5.00 6.10 morning',
        'talk 1 excluded 6.10 9.00 IGNORE_TIME_SEGMENT_IN_SCORING',
        'other A carl 0 1.5 (uh) yes',
        '',
      ].join('\n'),
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      {
        file: 'talk',
        channel: '1',
        speaker: 'anna',
        startSec: 0.5,
        endSec: 4.25,
        label: '<o,f0,female>',
        words: ['good', 'morning', 'everyone'],
      },
      { file: 'talk', channel: '1', speaker: 'ben', startSec: 5, endSec: 6.1, words: ['morning'] },
      { file: 'other', channel: 'A', speaker: 'carl', startSec: 0, endSec: 1.5, words: ['(uh)', 'yes'] },
    ]);
  });

  it('reports short lines, bad times and alternations at their line and column, keeping the rest', () => {
    const r = parseStm('a 1 s 0 1 fine\na 1 s 2\na 1 s x 3 no\na 1 s 4 3 no\na 1 s 5 6 { yes / yeah }\n');
    expect(r.value.map((s) => s.words)).toEqual([['fine']]);
    expect(r.diagnostics.map((d) => [d.line, d.column, d.code])).toEqual([
      [2, 8, 'stm.fields'],
      [3, 7, 'stm.begin'],
      [4, 9, 'stm.end'],
      [5, 11, 'stm.alternation'],
    ]);
  });
});
