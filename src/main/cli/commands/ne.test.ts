import { beforeEach, describe, expect, it } from 'vitest';
import { SIEVE_VERSION } from '../../../core/version';
import { cliSandbox } from '../../../../test/helpers/runSieve';

const { sieve, write } = cliSandbox();

// CoNLL text as conlleval reads it: word, part of speech, reference tag (IOB1), hypothesis tag (IOB2);
// punctuation inside and at the edges of entities, and entities of punctuation only.
const CONLL = `-DOCSTART- -X- O O

U.S. NNP I-LOC B-LOC
officials NNS O O
met VBD O O
in IN O O
St. NNP I-LOC B-LOC
Louis NNP I-LOC I-LOC
, , O I-LOC
Missouri NNP I-LOC B-LOC
. . O O

" " O B-MISC
Reuters NNP I-ORG I-MISC
" " O I-MISC
reported VBD O O
( ( O O
Procter NNP I-ORG B-ORG
& CC I-ORG O
Gamble NNP I-ORG B-ORG
) ) O O
. . O O

Smith NNP I-PER B-PER
, , I-PER O
Jr. NNP I-PER O
visited VBD O O
Bonn NNP I-LOC B-ORG
-- : I-MISC B-MISC
and CC O O
Anne-Marie NNP I-PER B-PER
. . O O

The DT O O
-- : O B-MISC
Yankees NNPS I-ORG B-ORG
won VBD O O
' POS O O
96 CD I-MISC O
. . O O

on IN O O
Monday NNP B-DATE O
, , O O
Hamas NNP O B-GPE
spoke VBD O O
. . O O
`;

// What conlleval (version 2004-01-26) prints for CONLL.
const CONLLEVAL = `processed 42 tokens with 12 phrases; found: 13 phrases; correct: 5.
accuracy:  50.00%; precision:  38.46%; recall:  41.67%; FB1:  40.00
             DATE: precision:   0.00%; recall:   0.00%; FB1:   0.00  0
              GPE: precision:   0.00%; recall:   0.00%; FB1:   0.00  1
              LOC: precision:  66.67%; recall:  50.00%; FB1:  57.14  3
             MISC: precision:  33.33%; recall:  50.00%; FB1:  40.00  3
              ORG: precision:  25.00%; recall:  33.33%; FB1:  28.57  4
              PER: precision:  50.00%; recall:  50.00%; FB1:  50.00  2
`;

/** CONLL with the word, the part of speech and tag column `k` (2: reference, 3: hypothesis). */
const column = (text: string, k: number): string =>
  text
    .split('\n')
    .map((l) =>
      l === ''
        ? ''
        : l
            .split(' ')
            .filter((_, c) => c < 2 || c === k)
            .join(' '),
    )
    .join('\n');

/** A figure as conlleval prints it; conlleval prints 0.00 where SIEVE's figure is undefined (null). */
const percent = (x: number | null): string => (x === null ? '0.00' : (100 * x).toFixed(2));

interface Prf {
  correct: number;
  ref: number;
  hyp: number;
  precision: number | null;
  recall: number | null;
  f: number | null;
}
interface Summary {
  signature: string;
  entity: Prf;
  byType: Record<string, { ref: number; hyp: number; overall: Prf; entity: Prf }>;
}

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
      `ne|mode:full|align:phonetic+cmudict|anchor:3|map:greedy|tol:0|case:fold|punct:drop|v:${SIEVE_VERSION}`,
    );
  });

  it('prints per-document, corpus and per-type tables', async () => {
    const r = await sieve('ne', '--ref', 'ref.sgml', '--hyp', 'hyp.sgml');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^doc +ref +hyp +mapped +type:P +R +F +extent:P/m);
    expect(r.out).toMatch(/^ +1 +3 +1 +1 +100\.0 +33\.3 +50\.0 /m);
    expect(r.out).toMatch(/^Corpus: 2 documents, 4 reference and 2 hypothesis entities, 2 mapped$/m);
    expect(r.out).toMatch(/^type +2 +4 +2 +100\.0 +50\.0 +66\.7 +50\.0$/m);
    expect(r.out).toMatch(/^PERSON +2 +1 /m);
    expect(r.out).toContain(
      `ne|mode:full|align:text|anchor:3|map:greedy|tol:1|case:fold|punct:drop|v:${SIEVE_VERSION}`,
    );
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

  it("with --keep-punctuation gives conlleval's whole-entity figures, overall and per type", async () => {
    write('ref.conll', column(CONLL, 2));
    write('hyp.conll', column(CONLL, 3));
    const summaryOf = async (...flags: string[]) => {
      const r = await sieve('ne', '--ref', 'ref.conll', '--hyp', 'hyp.conll', '--format', 'json', ...flags);
      expect(r.code).toBe(0);
      return (JSON.parse(r.out.trimEnd().split('\n').pop()!) as { summary: Summary }).summary;
    };
    for (const flags of [['--muc'], []]) {
      const kept = await summaryOf('--keep-punctuation', ...flags);
      expect(kept.signature).toContain('|punct:keep|');
      const [, phrases, found, correct, p, r, f] =
        /with (\d+) phrases; found: (\d+) phrases; correct: (\d+)\.\n.*precision: +([\d.]+)%; recall: +([\d.]+)%; FB1: +([\d.]+)/.exec(
          CONLLEVAL,
        )!;
      expect([kept.entity.ref, kept.entity.hyp, kept.entity.correct]).toEqual([
        Number(phrases),
        Number(found),
        Number(correct),
      ]);
      expect([kept.entity.precision, kept.entity.recall, kept.entity.f].map(percent)).toEqual([p, r, f]);
      const types = [
        ...CONLLEVAL.matchAll(
          /^ +(\S+): precision: +([\d.]+)%; recall: +([\d.]+)%; FB1: +([\d.]+) +(\d+)$/gm,
        ),
      ];
      expect(Object.keys(kept.byType)).toEqual(types.map((m) => m[1]));
      for (const [, type, tp, tr, tf, tfound] of types) {
        const t = kept.byType[type!]!;
        expect(t.hyp).toBe(Number(tfound));
        expect([t.entity.precision, t.entity.recall, t.entity.f].map(percent)).toEqual([tp, tr, tf]);
      }
    }
    // By default punctuation goes (Burger et al. §2.1): `St. Louis ,` against `St. Louis` is right, and the
    // entities of only `--` are left out, so the figures are not conlleval's.
    const dropped = await summaryOf('--muc');
    expect([dropped.entity.ref, dropped.entity.hyp, dropped.entity.correct]).toEqual([11, 11, 5]);
    expect(dropped.byType.LOC!.entity).toMatchObject({ correct: 3, ref: 4, hyp: 3 });
    expect(dropped.signature).toContain('|punct:drop|');
  });

  it('shows an undefined per-type figure as — in the table and null in JSON, never 0 and never left out', async () => {
    write('ref.conll', column(CONLL, 2));
    write('hyp.conll', column(CONLL, 3));
    const table = await sieve('ne', '--ref', 'ref.conll', '--hyp', 'hyp.conll', '--keep-punctuation');
    expect(table.out).toMatch(/^type +ref +hyp +type:P +R +F +extent:P .* all:P +R +F +entity:P +R +F$/m);
    // DATE: one reference entity, no hypothesis: P undefined, R = 0, F undefined — for every figure.
    expect(table.out).toMatch(/^DATE +1 +0( +— +0\.0 +—){5}$/m);
    // GPE: one hypothesis entity, no reference: P = 0, R and F undefined.
    expect(table.out).toMatch(/^GPE +0 +1( +0\.0 +— +—){5}$/m);
    expect(table.out).toMatch(/^LOC +4 +3 .* 66\.7 +50\.0 +57\.1$/m);
    const json = await sieve('ne', '--ref', 'ref.conll', '--hyp', 'hyp.conll', '--format', 'json');
    const { summary } = JSON.parse(json.out.trimEnd().split('\n').pop()!) as { summary: Summary };
    expect(summary.byType.DATE!.entity).toEqual({
      correct: 0,
      ref: 1,
      hyp: 0,
      precision: null,
      recall: 0,
      f: null,
    });
    expect(summary.byType.GPE!.overall).toMatchObject({ precision: 0, recall: null, f: null });
  });

  it('names an unknown tag in a CoNLL file by file, line and column', async () => {
    write(
      'ref.conll',
      'Newt NNP B-PER\nGing NNP I-PER\n##rich NNP X\nsaid VBD O\n\nin IN O\nBonn NNP B-LOC\n',
    );
    write(
      'hyp.conll',
      'Newt NNP B-PER\nGing NNP I-PER\n##rich NNP I-PER\nsaid VBD O\n\nin IN O\nBonn NNP B-LOC\n',
    );
    const r = await sieve('ne', '--ref', 'ref.conll', '--hyp', 'hyp.conll');
    expect(r).toMatchObject({
      code: 1,
      err: "ref.conll:3:12: tag 'X' is not O or B-/I-/E-/S-/L-/U-TYPE\n",
    });
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

  it('with --skip-invalid leaves out the bad documents of either file, lists them and counts them', async () => {
    write('ref3.sgml', `${REF}<P> A B </P> C\n`);
    write('hyp3.sgml', `AT THE <L> NEWARK </L> BASK <O> ON FILM\n<P> NEWT GOOD RICH </P>\n<P> A B </P> C\n`);
    const strict = await sieve('ne', '--ref', 'ref3.sgml', '--hyp', 'hyp3.sgml', '--format', 'json');
    expect(strict).toMatchObject({
      code: 1,
      out: '',
      err: 'hyp3.sgml:1:29: <O> at 1:29 is not closed on its line\n',
    });
    const r = await sieve(
      'ne',
      '--ref',
      'ref3.sgml',
      '--hyp',
      'hyp3.sgml',
      '--format',
      'json',
      '--skip-invalid',
    );
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'hyp3.sgml:1:29: <O> at 1:29 is not closed on its line\nsieve ne: skipped 1 item (--skip-invalid)\n',
    );
    const lines = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    // Documents keep their input numbers: 2 and 3 are scored, 1 is not.
    expect(new Set(lines.slice(0, -1).map((l) => l.doc))).toEqual(new Set([2, 3]));
    expect(lines.at(-1)!.summary).toMatchObject({
      documents: 2,
      skipped: 1,
      skippedItems: [
        { id: 1, file: 'hyp3.sgml', line: 1, column: 29, reason: '<O> at 1:29 is not closed on its line' },
      ],
    });
    const table = await sieve('ne', '--ref', 'ref3.sgml', '--hyp', 'hyp3.sgml', '--skip-invalid');
    expect(table.out).toMatch(/^skipped 1 item: 1 \(hyp3\.sgml:1:29\)$/m);
    expect(table.out).toMatch(/^Corpus: 2 documents/m);
  });

  it('with --align time names a document whose words lack times as an invalid item', async () => {
    write('t.conll', 'A 0.0 0.5 B-PER\nB 0.5 0.9 O\n\nC 1.0 1.2 B-LOC\nD O\n');
    const r = await sieve('ne', '--ref', 't.conll', '--hyp', 't.conll', '--align', 'time');
    expect(r).toMatchObject({ code: 1, out: '' });
    expect(r.err).toBe("t.conll:4:1: the time aligner needs word times: word 2 'D' has no time\n".repeat(2));
    const skip = await sieve(
      'ne',
      '--ref',
      't.conll',
      '--hyp',
      't.conll',
      '--align',
      'time',
      '--format',
      'json',
      '--skip-invalid',
    );
    expect(skip.code).toBe(0);
    expect(skip.out).toMatch(/"documents":1,/);
  });

  it('rejects a bad option in one line naming it and what it accepts, then the usage', async () => {
    const both = ['--ref', 'ref.sgml', '--hyp', 'hyp.sgml'];
    for (const [args, line] of [
      [['--ref', 'ref.sgml'], '--hyp: not given; expected HYP, a file of hypothesis entities'],
      [[...both, '--align', 'foo'], "--align: 'foo'; expected text, phonetic or time"],
      [[...both, '--format', 'xml'], "--format: 'xml'; expected table or json"],
      [[...both, '--mapping', 'best'], "--mapping: 'best'; expected greedy or optimal"],
      [[...both, '--ref-format', 'xml'], "--ref-format: 'xml'; expected sgml, conll or json"],
      [[...both, '--tolerance=-1'], "--tolerance: '-1'; expected a whole number ≥ 0"],
      [[...both, '--anchor', '2'], "--anchor: '2'; expected 0 (off) or a whole number ≥ 3"],
      [
        [...both, '--muc', '--tolerance', '1'],
        "--tolerance: '1'; expected 0 with --muc (MUC judges extent exactly)",
      ],
      [
        [...both, '--align', 'time'],
        "--align: 'time', but ref.sgml is SGML, which has no word times; expected text or phonetic, or word times on both sides (CoNLL `word start end tag`, JSON startSec/endSec)",
      ],
    ] as const) {
      const r = await sieve('ne', ...args);
      expect(r, args.join(' ')).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve ne: ${line}`);
      expect(r.err).toMatch(/^usage: sieve ne --ref REF --hyp HYP/m);
    }
  });
});
