import { beforeEach, describe, expect, it } from 'vitest';
import {
  randomPairs,
  runSclite,
  scliteAvailable,
  toTrn,
  type WordPair,
} from '../../../../test/fixtures/sclite/sclite';
import { SIEVE_VERSION } from '../../../core/version';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

function writePairs(pairs: readonly WordPair[]): void {
  write('ref.trn', toTrn(pairs.map((p) => ({ id: p.id, words: p.ref }))));
  write('hyp.trn', toTrn(pairs.map((p) => ({ id: p.id, words: p.hyp }))));
}

/** The numbers of a `| Sum/Avg| … |` row. */
const sumAvgNumbers = (text: string): string[] =>
  (/\|\s*Sum\/Avg\|[^\n]*/.exec(text)?.[0] ?? '').split(/[\s|]+/).filter((t) => t && t !== 'Sum/Avg');

describe('sieve wer', () => {
  beforeEach(() => {
    write('ref.trn', 'a b c (spk1_1)\nd_i drei sieben drei von hamburg (spk1_2)\nx y (spk2_1)\n(spk2_2)\n');
    write('hyp.trn', 'a x C d (spk1_1)\ndrei zwei sieben drei nach hamburg (spk1_2)\n(spk2_1)\nq (spk2_2)\n');
  });

  it('prints a summary table by speaker like sclite, then the corpus WER and the signature', async () => {
    // Case is folded by default, as sclite does without -s.
    const r = await sieve('wer', 'ref.trn', 'hyp.trn');
    expect(r).toMatchObject({ code: 0, err: '' });
    // Figures as sclite printed them for these files (sctk sclite -i rm -o sum, SCTK 2.4.10).
    expect(r.out).toMatch(/^\| spk1 +\| +2 +9 \| 66\.7 +22\.2 +11\.1 +22\.2 +55\.6 +100\.0 \|$/m);
    expect(r.out).toMatch(/^\| spk2 +\| +2 +2 \| +0\.0 +0\.0 +100\.0 +50\.0 +150\.0 +100\.0 \|$/m);
    expect(sumAvgNumbers(r.out)).toEqual(['4', '11', '54.5', '18.2', '27.3', '27.3', '72.7', '100.0']);
    expect(r.out).toContain(
      `WER 72.73%  (S 2 + D 3 + I 3 = 8 errors / 11 reference words)  wer|costs:sclite|case:fold|trn:sclite|v:${SIEVE_VERSION}`,
    );
  });

  it('prints per-utterance alignments with --format pra', async () => {
    const r = await sieve('wer', 'ref.trn', 'hyp.trn', '--ignore-case', '--format', 'pra');
    expect(r.out).toContain(
      [
        'id: (spk1_2)',
        'Scores: (#C #S #D #I) 4 1 1 1',
        'REF:  D_I drei **** sieben drei VON  hamburg ',
        'HYP:  *** drei ZWEI sieben drei NACH hamburg ',
        'Eval: D        I                S            ',
        '',
      ].join('\n'),
    );
  });

  it('prints JSON lines with --format json, null for the missing side and for an undefined WER', async () => {
    const r = await sieve(
      'wer',
      'ref.trn',
      'hyp.trn',
      '--format',
      'json',
      '--costs',
      'equal',
      '--case-sensitive',
    );
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    // Equal costs, exact case: C I S S costs 3 like C S S I; sclite's rule pairs tokens as late as possible.
    expect(lines[0]).toEqual({
      id: 'spk1_1',
      C: 1,
      S: 2,
      D: 0,
      I: 1,
      wer: 1,
      alignment: [
        ['a', 'a', 'C'],
        [null, 'x', 'I'],
        ['b', 'C', 'S'],
        ['c', 'd', 'S'],
      ],
    });
    expect(lines[3]).toMatchObject({ id: 'spk2_2', I: 1, wer: null, alignment: [[null, 'q', 'I']] });
    expect(lines[4]).toEqual({
      summary: {
        C: 4,
        S: 5,
        D: 2,
        I: 2,
        N: 11,
        wer: 9 / 11,
        signature: `wer|costs:equal|case:exact|trn:sclite|v:${SIEVE_VERSION}`,
      },
    });
  });

  it('reads sclite syntax, pairs ids whatever their case, and applies -D, --glm and --normalise', async () => {
    write('r.trn', "the (uh) cat { a / @ } he's OK (Spk1_1)\n");
    write('h.trn', 'THE CAT HE HAS OK (spk1_1)\n');
    const plain = await sieve('wer', 'r.trn', 'h.trn', '--format', 'json');
    expect(JSON.parse(plain.out.split('\n')[0]!)).toMatchObject({ C: 3, S: 1, D: 1, I: 1 });
    const optDel = await sieve('wer', 'r.trn', 'h.trn', '--format', 'json', '--optional-deletable');
    expect(JSON.parse(optDel.out.split('\n')[0]!)).toMatchObject({ C: 4, S: 1, D: 0, I: 1 });
    write(
      'm.glm',
      ";; rules\n* case_sensitive = 'F'\n[HE'S] => [{HE IS / HE HAS}] / [ ] __ [ ]\nOK => OKAY / [ ] __ [ ]\n",
    );
    const glm = await sieve(
      'wer',
      'r.trn',
      'h.trn',
      '--format',
      'json',
      '--optional-deletable',
      '--glm',
      'm.glm',
    );
    const lines = glm.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { summary?: { signature: string } });
    expect(lines[0]).toMatchObject({ C: 6, S: 0, D: 0, I: 0 });
    expect(lines[1]!.summary!.signature).toMatch(
      /^wer\|costs:sclite\|case:fold\|trn:sclite\|optdel:yes\|glm:m\.glm#[0-9a-f]{12}\|v:/,
    );
    write('n1.trn', 'Mr. Smith paid twenty dollars, uh, for the colour TV (u1)\n');
    write('n2.trn', 'mister smith paid $20 for the color tv (u1)\n');
    const norm = await sieve('wer', 'n1.trn', 'n2.trn', '--normalise', 'whisper-en-1');
    expect(norm.out).toContain('WER 0.00%  (S 0 + D 0 + I 0 = 0 errors / 8 reference words)');
    expect(norm.out).toContain('|norm:whisper-en-1|');
    const bad = await sieve('wer', 'n1.trn', 'n2.trn', '--normalise', 'nfkc');
    expect(bad.err.split('\n')[0]).toBe("sieve wer: --normalise: 'nfkc'; expected whisper-en-1");
  });

  it('scores CTM files by time (--time-mediated, sclite -T) or within a collar (--collar)', async () => {
    write('r.ctm', 'f1 A 0.00 0.30 the\nf1 A 0.30 0.40 cat\nf1 A 0.70 0.30 sat\nf1 A 1.00 0.50 down\n');
    write('h.ctm', 'f1 A 0.00 0.30 the\nf1 A 0.35 0.30 bat\nf1 A 0.70 0.30 sat\nf1 A 3.10 0.20 down\n');
    // As sctk sclite -T printed the pra for these files: `down` 2 s late is deleted and inserted.
    const tm = await sieve('wer', 'r.ctm', 'h.ctm', '--time-mediated', '--format', 'pra');
    expect(tm.out).toContain(
      [
        'Scores: (#C #S #D #I) 2 1 1 1',
        'REF:  the CAT sat DOWN **** ',
        'HYP:  the BAT sat **** DOWN ',
        'Eval:     S       D    I    ',
      ].join('\n'),
    );
    expect(tm.out).toContain('wer|costs:time|case:fold|time:mediated|v:');
    const collar = await sieve('wer', 'r.ctm', 'h.ctm', '--collar', '0.5', '--format', 'json');
    expect(JSON.parse(collar.out.split('\n')[0]!)).toMatchObject({ id: 'f1-A', C: 2, S: 1, D: 1, I: 1 });
    const both = await sieve('wer', 'r.ctm', 'h.ctm', '--collar', '0.5', '--time-mediated');
    expect(both.err.split('\n')[0]).toBe(
      'sieve wer: --collar: given with --time-mediated; expected one of them',
    );
    // Options of trn input are refused on CTM files, not ignored.
    for (const [flags, message] of [
      [['--report', 'sum,dtl'], '--report: not for CTM input; expected trn files'],
      [['--id-type', 'swb'], '--id-type: not for CTM input; expected trn files'],
      [['--optional-deletable'], '--optional-deletable: not for CTM input; expected trn files'],
      [['--fragments'], '--fragments: not for CTM input; expected trn files'],
    ] as const) {
      for (const mode of [['--time-mediated'], ['--collar', '0.5']]) {
        const r = await sieve('wer', 'r.ctm', 'h.ctm', ...mode, ...flags);
        expect([r.code, r.out, r.err.split('\n')[0]]).toEqual([2, '', `sieve wer: ${message}`]);
      }
    }
  });

  it('names a missing or extra utterance id', async () => {
    write('short.trn', 'a b c (spk1_1)\nx (spk9_9)\n');
    const r = await sieve('wer', 'ref.trn', 'short.trn');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "sieve wer: 4 reference and 2 hypothesis utterances: no hypothesis for reference id 'spk1_2', 'spk2_1', 'spk2_2'; hypothesis id 'spk9_9' not in the reference\n",
    );
  });

  it('reports bad trn lines with file, line and column', async () => {
    write('bad.trn', 'a b (u1)\nno id here\nc (u1)\n');
    const r = await sieve('wer', 'ref.trn', 'bad.trn');
    expect(r).toEqual({
      code: 1,
      out: '',
      err: [
        'bad.trn:2:11: expected the utterance id in parentheses at the end of the line',
        "bad.trn:3:4: utterance id 'u1' already used on line 1",
        '',
      ].join('\n'),
    });
    const missing = await sieve('wer', 'ref.trn', 'nope.trn');
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/^nope\.trn: ENOENT/);
  });

  it('lists the first 100 bad lines and counts the others', async () => {
    write('bad.trn', 'no id here\n'.repeat(150));
    const r = await sieve('wer', 'bad.trn', 'bad.trn');
    const lines = r.err.trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('bad.trn:'))).toHaveLength(200);
    expect(lines.filter((l) => l === '… and 50 more errors')).toHaveLength(2);
  });

  it('rejects a bad argument or flag in one line naming it and what it accepts, then its usage', async () => {
    for (const [args, line] of [
      [['ref.trn'], "arguments: 'ref.trn'; expected REF.trn HYP.trn"],
      [['ref.trn', 'hyp.trn', '--costs', 'huge'], "--costs: 'huge'; expected sclite or equal"],
      [['ref.trn', 'hyp.trn', '--format', 'xml'], "--format: 'xml'; expected sum, pra or json"],
      [
        ['ref.trn', 'hyp.trn', '--bogus'],
        '--bogus: not an option; expected --costs VALUE, --case-sensitive, --ignore-case, --optional-deletable, --fragments, --glm VALUE, --normalise VALUE, --format VALUE, --report VALUE, --id-type VALUE, --time-mediated or --collar VALUE',
      ],
      [['ref.trn', 'hyp.trn', '--format'], '--format: no value; expected --format VALUE'],
    ] as const) {
      const r = await sieve('wer', ...args);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve wer: ${line}`);
      expect(r.err).toMatch(/^usage: sieve wer REF\.trn HYP\.trn/m);
    }
  });
});

// Runs NIST sclite itself on fresh random pairs (a seed other than the frozen fixture's) and compares.
const hasSclite = scliteAvailable();
const skipReason = hasSclite ? '' : ' — SKIPPED: `sctk` is not installed (Debian: apt-get install sctk)';
describe.skipIf(!hasSclite)(`sieve wer against a live sclite run${skipReason}`, () => {
  for (const { name, flags, ignore } of [
    { name: 'case-folded (the default)', flags: [] as string[], ignore: [] as string[] },
    { name: 'case-sensitive (-s)', flags: ['-s'], ignore: ['--case-sensitive'] },
  ]) {
    it(`${name}: counts, alignments, pra lines and the Sum/Avg row`, async () => {
      const pairs = randomPairs(777 + flags.length, 300);
      writePairs(pairs);
      const sclite = runSclite(pairs, flags);
      const json = await sieve('wer', 'ref.trn', 'hyp.trn', '--format', 'json', ...ignore);
      const lines = json.out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const u of lines.slice(0, -1)) {
        const s = sclite.utterances.get(u.id as string)!;
        const ops = (u.alignment as string[][]).map((a) => a[2]).join('');
        expect({ id: u.id, C: u.C, S: u.S, D: u.D, I: u.I, ops }).toEqual({
          id: s.id,
          C: s.C,
          S: s.S,
          D: s.D,
          I: s.I,
          ops: s.ops,
        });
      }
      expect(lines).toHaveLength(pairs.length + 1);
      const pra = (await sieve('wer', 'ref.trn', 'hyp.trn', '--format', 'pra', ...ignore)).out;
      for (const block of pra.split('\n\n').filter((b) => b.startsWith('id: '))) {
        const [idLine, , ...rest] = block.split('\n');
        const id = /^id: \((.*)\)$/.exec(idLine!)![1]!;
        expect(rest).toEqual(sclite.utterances.get(id)!.pra);
      }
      const sum = (await sieve('wer', 'ref.trn', 'hyp.trn', ...ignore)).out;
      expect(sumAvgNumbers(sum)).toEqual(sumAvgNumbers(sclite.sumAvg));
    });
  }
});
