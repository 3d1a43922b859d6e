import { describe, expect, it } from 'vitest';
import { buildAsrReport } from '../../core/asr/asrReport';
import { undefinedNote } from './csvReport';
import { asrCsvRows, asrHtml, asrPlots } from './asrSection';

/** Two systems on three utterances of two speakers; A has confidences on every word, B on none. */
function report() {
  const steps = (ops: string) =>
    [...ops].map((op, k) => ({
      op: op as 'C' | 'S' | 'I' | 'D',
      ref: op === 'I' ? -1 : k,
      hyp: op === 'D' ? -1 : k,
    }));
  const sig = 'wer|costs:sclite|case:fold|v:0.1.0';
  const gold = [
    { id: 'a_1', speaker: 'a', goldWords: ['x', 'y'] },
    { id: 'a_2', speaker: 'a', goldWords: ['x', 'y'] },
    { id: 'b_1', speaker: '', goldWords: ['x', 'y'] },
  ];
  return buildAsrReport({
    utterances: gold,
    systems: [
      {
        systemId: 1,
        name: 'A',
        words: new Map(
          gold.map((g) => [g.id, { steps: steps(g.id === 'a_1' ? 'CS' : 'CC'), signature: sig }]),
        ),
        hypWords: new Map(
          gold.map((g) => [
            g.id,
            [
              { text: 'x', confidence: 0.9 },
              { text: g.id === 'a_1' ? 'z' : 'y', confidence: 0.4 },
            ],
          ]),
        ),
      },
      {
        systemId: 2,
        name: 'B',
        words: new Map(gold.map((g) => [g.id, { steps: steps('SS'), signature: sig }])),
        hypWords: new Map(gold.map((g) => [g.id, [{ text: 'p' }, { text: 'q' }]])),
      },
    ],
    caseFold: true,
  });
}

describe('the report’s ASR section', () => {
  it('CSV: NCE with its n, speaker rates as fractions with n and N, sc_stats tests with their n', () => {
    const rows = asrCsvRows(report(), undefinedNote);
    const nce = rows.find((r) => r[0] === 'asr' && r[1] === 'A' && r[3] === 'NCE')!;
    expect(nce[7]).toBe('6');
    expect(Number(nce[4])).toBeGreaterThan(-10);
    const bNce = rows.find((r) => r[0] === 'asr' && r[1] === 'B' && r[3] === 'NCE')!;
    expect(bNce[4]).toBe('');
    expect(bNce[10]).toBe('6 hypothesis words have no confidence');
    const err = rows.find((r) => r[0] === 'speaker' && r[1] === 'A' && r[2] === 'a' && r[3] === 'Err')!;
    expect(Number(err[4])).toBe(0.25);
    expect([err[7], err[8]]).toEqual(['2', '4']);
    expect(rows.find((r) => r[0] === 'speaker' && r[2] === '(no speaker)')).toBeDefined();
    const mcn = rows.find((r) => r[0] === 'test' && r[3] === 'mcnemar p')!;
    expect(mcn[1]).toBe('A vs B');
    expect([mcn[7], mcn[10]]).toEqual(['3', 'utterances']);
    expect(rows.some((r) => r[3] === 'mcnemar exact p')).toBe(true);
  });

  it('HTML: undefined NCE as — with its reason; the reliability plot names the systems without confidences', () => {
    const r = report();
    const html = asrHtml(r);
    expect(html).toContain('NCE — (6 hypothesis words have no confidence)');
    expect(html).toContain('<td>25.0</td>');
    const [plot] = asrPlots(r);
    expect(plot!.caption).toContain('A: n = 6 words');
    expect(plot!.caption).toContain('Without confidences on every word: B.');
  });
});
