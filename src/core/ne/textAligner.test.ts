import { describe, expect, it } from 'vitest';
import { alignLexemes } from './anchor';
import { Vocabulary } from './document';
import { textAligner } from './textAligner';

function blocks(ref: string, hyp: string): string[] {
  const v = new Vocabulary();
  const enc = (s: string) => v.encode(s.split(' ').map((text) => ({ text, startSec: null, endSec: null })));
  const r = enc(ref);
  const h = enc(hyp);
  const a = alignLexemes(r, h, textAligner);
  const out: string[] = [];
  for (let b = 0; b < a.blockCount; b++) {
    const rw = r.text.slice(a.refStart[b], a.refStart[b + 1]).join(' ') || '*';
    const hw = h.text.slice(a.hypStart[b], a.hypStart[b + 1]).join(' ') || '*';
    out.push(`${rw}/${hw}`);
  }
  return out;
}

describe('text aligner (sclite one-to-one)', () => {
  it("gives sclite's alignments of Examples 2 and 3 (top), as the paper prints them", () => {
    // `sctk sclite -i rm -o pra` (SCTK 2.4.10) prints, as Burger et al. Example 2 top:
    //   REF:  at the NEW    YORK DESK I'M  PHILIP BOROFF MISSISSIPPI republican
    //   HYP:  at the NEWARK BASK ON   FILM FORUM  MISSES THE         republican
    expect(
      blocks(
        "AT THE NEW YORK DESK I'M PHILIP BOROFF MISSISSIPPI REPUBLICAN",
        'AT THE NEWARK BASK ON FILM FORUM MISSES THE REPUBLICAN',
      ),
    ).toEqual([
      'AT/AT',
      'THE/THE',
      'NEW/NEWARK',
      'YORK/BASK',
      'DESK/ON',
      "I'M/FILM",
      'PHILIP/FORUM',
      'BOROFF/MISSES',
      'MISSISSIPPI/THE',
      'REPUBLICAN/REPUBLICAN',
    ]);
    // and, as Example 3 top:
    //   REF:  investing ** ******** ***** AND  TRADING WITH CUBA FROM OTTAWA this is
    //   HYP:  investing IN TRAINING WOULD KEEP OFF     A    LOT  OF   WHAT   this is
    expect(
      blocks(
        'INVESTING AND TRADING WITH CUBA FROM OTTAWA THIS IS',
        'INVESTING IN TRAINING WOULD KEEP OFF A LOT OF WHAT THIS IS',
      ),
    ).toEqual([
      'INVESTING/INVESTING',
      '*/IN',
      '*/TRAINING',
      '*/WOULD',
      'AND/KEEP',
      'TRADING/OFF',
      'WITH/A',
      'CUBA/LOT',
      'FROM/OF',
      'OTTAWA/WHAT',
      'THIS/THIS',
      'IS/IS',
    ]);
  });
});
