import { describe, expect, it } from 'vitest';
import { runSclite, scliteAvailable } from '../../../../test/fixtures/sclite/sclite';
import { syntaxPairs } from '../../../../test/fixtures/sclite/syntax';
import { cliSandbox } from '../../../../test/helpers/runSieve';
import { SIEVE_VERSION } from '../../../core/version';

const { sieve, write } = cliSandbox();

describe('sieve cer', () => {
  it('scores characters, without spaces, in languages written with or without them', async () => {
    write('ref.trn', '今天天气很好 (spk1_1)\nthe cat (spk1_2)\n');
    write('hyp.trn', '今天天汽很好啊 (spk1_1)\nthe bat (spk1_2)\n');
    const r = await sieve('cer', 'ref.trn', 'hyp.trn', '--format', 'json');
    expect(r).toMatchObject({ code: 0, err: '' });
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // 今天天气很好 / 今天天汽很好啊: 汽 for 气 and 啊 inserted; the cat / the bat: b for c (6 characters).
    expect(lines[0]).toMatchObject({ id: 'spk1_1', C: 5, S: 1, D: 0, I: 1 });
    expect(lines[1]).toMatchObject({ id: 'spk1_2', C: 5, S: 1, D: 0, I: 0 });
    expect(lines[2]).toEqual({
      summary: {
        C: 10,
        S: 2,
        D: 0,
        I: 1,
        N: 12,
        wer: 3 / 12,
        signature: `cer|costs:sclite|case:fold|trn:sclite|split:chars|v:${SIEVE_VERSION}`,
      },
    });
    const sum = await sieve('cer', 'ref.trn', 'hyp.trn', '--no-ascii-split', '--delete-hyphens');
    expect(sum.out).toContain('CER ');
    expect(sum.out).toContain(
      'reference characters)  cer|costs:sclite|case:fold|trn:sclite|split:chars-noascii|hyphens:drop|',
    );
  });
});

const hasSclite = scliteAvailable();
const skipReason = hasSclite ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSclite)(`sieve cer against a live sclite -c run${skipReason}`, () => {
  it('has the Sum/Avg row of sctk sclite -e utf-8 -c on the same files', async () => {
    const pairs = syntaxPairs(515, 200, 'chars');
    write('ref.trn', pairs.map((p) => `${p.ref.join(' ')} (${p.id})\n`).join(''));
    write('hyp.trn', pairs.map((p) => `${p.hyp.join(' ')} (${p.id})\n`).join(''));
    const sclite = runSclite(pairs, ['-e', 'utf-8', '-c']);
    const row = (t: string): string[] =>
      (/\|\s*Sum\/Avg\|[^\n]*/.exec(t)?.[0] ?? '').split(/[\s|]+/).filter((x) => x && x !== 'Sum/Avg');
    const r = await sieve('cer', 'ref.trn', 'hyp.trn');
    expect(row(r.out)).toEqual(row(sclite.sumAvg));
  });
});
