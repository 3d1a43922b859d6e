import { beforeEach, describe, expect, it } from 'vitest';
import { SIEVE_VERSION } from '../../../core/version';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

// Burger et al. Example 1 and Example 4 (Hyp2), one document per line.
const REF =
  "AT THE <L> NEW YORK </L> DESK I'M <P> PHILIP BOROFF </P> <L> MISSISSIPPI </L> REPUBLICAN\n<P> NEWT GINGRICH </P>\n";
const HYP = 'AT THE <L> NEWARK </L> BASK ON FILM FORUM MISSES THE REPUBLICAN\n<P> NEWT GOOD RICH </P>\n';

describe('sieve ne', () => {
  beforeEach(() => {
    write('ref.sgml', REF);
    write('hyp.sgml', HYP);
  });

  it('writes one JSON line per entity with judgements and aligned words, then the summary', async () => {
    const r = await sieve(
      'ne',
      '--ref',
      'ref.sgml',
      '--hyp',
      'hyp.sgml',
      '--align',
      'phonetic',
      '--tolerance',
      '0',
      '--format',
      'json',
    );
    expect(r).toMatchObject({ code: 0, err: '' });
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual({
      doc: 1,
      ref: { type: 'LOCATION', firstWord: 2, lastWord: 3, words: ['NEW', 'YORK'] },
      hyp: { type: 'LOCATION', firstWord: 2, lastWord: 2, words: ['NEWARK'] },
      type: true,
      extent: true,
      content: false,
      aligned: [[['NEW', 'YORK'], ['NEWARK']]],
    });
    expect(lines[1]).toMatchObject({
      doc: 1,
      hyp: null,
      type: null,
      extent: null,
      content: null,
      aligned: [
        [['PHILIP'], ['FILM']],
        [['BOROFF'], ['FORUM']],
      ],
    });
    // Example 4 Hyp2 through the phonetic aligner: Table 1 row 2 (type 1, extent 1, content 0).
    expect(lines[3]).toMatchObject({
      doc: 2,
      type: true,
      extent: true,
      content: false,
      aligned: [
        [['NEWT'], ['NEWT']],
        [['GINGRICH'], ['GOOD', 'RICH']],
      ],
    });
    const summary = (lines[4] as { summary: Record<string, { f: number | null; correct: number }> }).summary;
    // Hand calculation: 4 reference entities (12 slots), 2 hypothesis entities (6 slots), 4 slots right.
    expect(summary.overall).toMatchObject({ correct: 4, ref: 12, hyp: 6 });
    expect(summary.overall!.f).toBeCloseTo(8 / 18, 12);
    expect(summary.signature).toBe(
      `ne|mode:full|align:phonetic+cmudict|anchor:3|map:greedy|tol:0|case:fold|v:${SIEVE_VERSION}`,
    );
  });

  it('prints per-document, corpus and per-type tables', async () => {
    const r = await sieve('ne', '--ref', 'ref.sgml', '--hyp', 'hyp.sgml');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^doc +ref +hyp +mapped +type:P +R +F +extent:P/m);
    expect(r.out).toMatch(/^ +1 +3 +1 +1 +1\.000 +0\.333 +0\.500 /m);
    expect(r.out).toMatch(/^Corpus: 2 documents, 4 reference and 2 hypothesis entities, 2 mapped$/m);
    expect(r.out).toMatch(/^type +2 +4 +2 +1\.000 +0\.500 +0\.667 +0\.500$/m);
    expect(r.out).toMatch(/^PERSON +2 +1 /m);
    expect(r.out).toContain(`ne|mode:full|align:text|anchor:3|map:greedy|tol:1|case:fold|v:${SIEVE_VERSION}`);
  });

  it('in MUC mode on identical CoNLL texts reports the exact-match F1 as the whole-entity figure', async () => {
    write('ref.conll', 'Newt B-PER\nGingrich I-PER\nin O\nNew B-LOC\nYork I-LOC\n\nBonn S-LOC\n');
    write('hyp.conll', 'Newt B-PER\nGingrich I-PER\nin O\nNew B-ORG\nYork O\n\nBonn S-LOC\n');
    const r = await sieve('ne', '--ref', 'ref.conll', '--hyp', 'hyp.conll', '--muc', '--format', 'json');
    expect(r.code).toBe(0);
    const summary = (
      JSON.parse(r.out.trimEnd().split('\n').pop()!) as { summary: { entity: { f: number }; mode: string } }
    ).summary;
    // Exact matches: PER Newt Gingrich and LOC Bonn of 3 reference and 3 hypothesis entities: 2·2/6.
    expect(summary.mode).toBe('muc');
    expect(summary.entity.f).toBeCloseTo(2 / 3, 12);
  });

  it('aligns by time from JSON words with times', async () => {
    const words = (spec: string) =>
      spec.split(' ').map((t) => {
        const [text, s, e] = t.split(':');
        return { text, startSec: Number(s), endSec: Number(e) };
      });
    write(
      'ref.json',
      JSON.stringify([
        {
          words: words('NEWT:0:0.4 GINGRICH:0.4:1'),
          entities: [{ type: 'PERSON', firstWord: 0, lastWord: 1 }],
        },
      ]),
    );
    write(
      'hyp.json',
      JSON.stringify([
        {
          words: words('NEWT:0:0.4 GOOD:0.4:0.7 RICH:0.7:1'),
          entities: [{ type: 'PERSON', firstWord: 0, lastWord: 1 }],
        },
      ]),
    );
    const r = await sieve(
      'ne',
      '--ref',
      'ref.json',
      '--hyp',
      'hyp.json',
      '--align',
      'time',
      '--tolerance',
      '0',
      '--format',
      'json',
    );
    expect(r.code).toBe(0);
    // Example 4 Hyp4 with the one-to-two alignment from times: Table 1 row 4 at tolerance 0.
    expect(JSON.parse(r.out.split('\n')[0]!)).toMatchObject({ type: true, extent: false, content: false });
  });

  it('reports markup errors with file, line and column, and unpaired documents', async () => {
    write('bad.sgml', 'A <P> B\nC </L>\n');
    const r = await sieve('ne', '--ref', 'bad.sgml', '--hyp', 'hyp.sgml');
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'bad.sgml:1:3: <P> at 1:3 is not closed on its line\nbad.sgml:2:3: </L> closes no open element\n',
    );
    write('one.sgml', '<P> NEWT GINGRICH </P>\n');
    const u = await sieve('ne', '--ref', 'one.sgml', '--hyp', 'hyp.sgml');
    expect(u).toMatchObject({
      code: 1,
      err: 'sieve ne: one.sgml has 1 documents and hyp.sgml has 2; documents pair in order (SGML: line by line)\n',
    });
  });

  it('rejects bad options with the usage text', async () => {
    for (const args of [
      ['--ref', 'ref.sgml'],
      ['--ref', 'ref.sgml', '--hyp', 'hyp.sgml', '--align', 'sound'],
      ['--ref', 'ref.sgml', '--hyp', 'hyp.sgml', '--tolerance', '-1'],
    ]) {
      const r = await sieve('ne', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(/usage: sieve ne --ref REF --hyp HYP/);
    }
    const muc = await sieve('ne', '--ref', 'ref.sgml', '--hyp', 'hyp.sgml', '--muc', '--tolerance', '1');
    expect(muc).toMatchObject({
      code: 1,
      err: 'sieve ne: MUC mode judges extent at tolerance 0, got tolerance 1\n',
    });
    const time = await sieve('ne', '--ref', 'ref.sgml', '--hyp', 'hyp.sgml', '--align', 'time');
    expect(time.code).toBe(1);
    expect(time.err).toMatch(/^sieve ne: the time aligner needs word times: reference word 0 'AT'/);
  });
});
