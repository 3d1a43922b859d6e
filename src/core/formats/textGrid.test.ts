import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeText } from './decodeText';
import { applyMutations, badDiagnostic } from '../../../test/helpers/mutate';
import {
  type TextGrid,
  type TextGridTier,
  parseTextGrid,
  parseTextGridOrThrow,
  writeTextGrid,
} from './textGrid';
import { entityTiers, intervalTier, parseTextGridWords, tierSpans, treeLevelTiers } from './textGridWords';
import { parseTreeOrThrow } from '../tree/bracket';

/** Random edits of `sample`, biased towards characters that matter to the format. */
const mutations = (sample: string) =>
  fc.array(
    fc.record({
      kind: fc.constantFrom('delete' as const, 'insert' as const, 'replace' as const, 'duplicate' as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(sample.length > 40 ? 40 : sample.length),
      text: fc.oneof(
        fc.string({ maxLength: 6 }),
        fc.constantFrom('"', '\n', ' ', '<', '!', '-', '1e999', '""'),
      ),
    }),
    { minLength: 1, maxLength: 4 },
  );

const fixture = (name: string): string =>
  decodeText(readFileSync(new URL(`./fixtures/${name}`, import.meta.url))).text;

// The grid Praat 6.3.07 wrote for fixtures/praat-*-utf16.TextGrid (see test/praat.test.ts for the script).
const praatGrid: TextGrid = {
  xmin: 0,
  xmax: 2.5,
  tiers: [
    {
      kind: 'interval',
      name: 'words',
      xmin: 0,
      xmax: 2.5,
      intervals: [
        { xmin: 0, xmax: 0.5, text: '' },
        { xmin: 0.5, xmax: 1.25, text: 'héllo "quoted"' },
        { xmin: 1.25, xmax: 2.5, text: 'world' },
      ],
    },
    { kind: 'interval', name: 'phones', xmin: 0, xmax: 2.5, intervals: [{ xmin: 0, xmax: 2.5, text: '' }] },
    { kind: 'point', name: 'bell', xmin: 0, xmax: 2.5, points: [{ time: 1, mark: 'ding' }] },
  ],
};

describe('TextGrid reader', () => {
  it('reads the long and short text forms Praat writes (UTF-16 BE with BOM)', () => {
    for (const name of ['praat-long-utf16.TextGrid', 'praat-short-utf16.TextGrid']) {
      const r = parseTextGrid(fixture(name));
      expect(r.diagnostics).toEqual([]);
      expect(r.value).toEqual(praatGrid);
    }
  });

  it('reads the MFA words tier, skipping silence', () => {
    const r = parseTextGridWords(fixture('mfa-words-phones.TextGrid'));
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual([
      { text: 'hello', startSec: 0.12, endSec: 0.48 },
      { text: 'world', startSec: 0.48, endSec: 1.05 },
    ]);
    const phones = parseTextGridWords(fixture('mfa-words-phones.TextGrid'), { tier: 'PHONES' });
    expect(phones.value.map((w) => w.text)).toEqual(['HH', 'AH0', 'L', 'OW1', 'W', 'ER1', 'L', 'D']);
  });

  it('treats extra silence labels as silence only when asked', () => {
    const grid = writeTextGrid({
      xmin: 0,
      xmax: 2,
      tiers: [
        intervalTier(
          'words',
          [
            { startSec: 0, endSec: 1, text: 'sil' },
            { startSec: 1, endSec: 2, text: 'a' },
          ],
          0,
          2,
        ),
      ],
    });
    expect(parseTextGridWords(grid).value.map((w) => w.text)).toEqual(['sil', 'a']);
    expect(parseTextGridWords(grid, { silence: ['sil'] }).value.map((w) => w.text)).toEqual(['a']);
  });

  it('names the missing tier and lists the ones there are', () => {
    const grid = writeTextGrid({
      xmin: 0,
      xmax: 1,
      tiers: [intervalTier('a', [], 0, 1), intervalTier('b', [], 0, 1)],
    });
    const r = parseTextGridWords(grid);
    expect(r.diagnostics[0]!.message).toBe("expected an interval tier named 'words' (tiers: 'a', 'b')");
    expect(parseTextGridWords(grid, { tier: 'b' }).diagnostics).toEqual([]);
  });

  it('reports what it expected, with line and column', () => {
    const long = writeTextGrid(praatGrid);
    const broken = long.replace('xmax = 1.25 ', 'xmax = oops ');
    const r = parseTextGrid(broken);
    expect(r.diagnostics).toHaveLength(1);
    // "oops" is a label to Praat's reader, so the next value found is the string: line 22, column 20.
    expect(r.diagnostics[0]).toMatchObject({ code: 'textgrid.token', line: 22, column: 20 });
    expect(r.diagnostics[0]!.message).toBe(
      `expected xmax of interval 2 of tier 1 (a number), found 'héllo "quoted"'`,
    );
    const first = r.value.tiers[0]!;
    expect(first.kind === 'interval' && first.intervals).toHaveLength(1);
    expect(parseTextGrid(long.replace('2.5', '2.5x')).diagnostics[0]).toMatchObject({
      code: 'textgrid.number',
      line: 5,
      column: 8,
    });
    expect(parseTextGrid('File type = "ooTextFile"\nObject class = "Sound"\n').diagnostics[0]).toMatchObject({
      code: 'textgrid.header',
      line: 2,
    });
    expect(parseTextGrid(long.slice(0, 300)).diagnostics[0]!.code).toBe('textgrid.eof');
    expect(parseTextGrid('File type = "ooTextFile\n').diagnostics[0]!.code).toBe('textgrid.string');
    expect(parseTextGrid('ooBinaryFile\x08TextGrid').diagnostics[0]!.code).toBe('textgrid.binary');
    expect(() => parseTextGridOrThrow(broken, 'a.TextGrid')).toThrow(/^a\.TextGrid:22:20: expected xmax/);
  });

  it('warns about gaps and reports reversed intervals', () => {
    const t = writeTextGrid({
      xmin: 0,
      xmax: 3,
      tiers: [
        {
          kind: 'interval',
          name: 'w',
          xmin: 0,
          xmax: 3,
          intervals: [
            { xmin: 0, xmax: 1, text: 'a' },
            { xmin: 2, xmax: 1.5, text: 'b' },
          ],
        },
      ],
    });
    const codes = parseTextGrid(t).diagnostics.map((d) => [d.code, d.severity]);
    expect(codes).toEqual([
      ['textgrid.order', 'error'],
      ['textgrid.gap', 'warning'],
    ]);
  });

  it('does not trust counts: a huge size ends at the end of the file, at once', () => {
    const r = parseTextGrid(
      'File type = "ooTextFile"\n"TextGrid" 0 1 <exists> 999999999999\n"IntervalTier" "w" 0 1 999999999999 0 1 "a"\n',
    );
    expect(r.value.tiers).toHaveLength(1);
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([['textgrid.eof', 4]]);
    expect(parseTextGrid('File type = "ooTextFile" "TextGrid" 0 1 <exists> 1.5').diagnostics[0]!.code).toBe(
      'textgrid.count',
    );
  });

  it('reads <absent> tiers, comments and a BOM', () => {
    const r = parseTextGrid(
      '\ufeffFile type = "ooTextFile" ! a comment "with quotes"\n"TextGrid" 0 1 <absent>\n',
    );
    expect(r).toEqual({ value: { xmin: 0, xmax: 1, tiers: [] }, diagnostics: [] });
    expect(parseTextGridOrThrow(writeTextGrid({ xmin: 0, xmax: 1, tiers: [] }))).toEqual({
      xmin: 0,
      xmax: 1,
      tiers: [],
    });
  });
});

describe('TextGrid export tiers', () => {
  const words = [
    { text: 'fly', startSec: 0.1, endSec: 0.4 },
    { text: 'to', startSec: 0.4, endSec: 0.5 },
    { text: 'new', startSec: 0.6, endSec: 0.8 },
    { text: 'york', startSec: 0.8, endSec: 1.2 },
  ];

  it('lays entities on tiers, nesting on further tiers, and reads them back as spans', () => {
    const tiers = entityTiers(
      [
        { type: 'LOC', firstWord: 2, lastWord: 3 },
        { type: 'CITY', firstWord: 2, lastWord: 2 },
      ],
      words,
      0,
      1.5,
    );
    expect(tiers.map((t) => t.name)).toEqual(['entities', 'entities-2']);
    const first = tiers[0] as Extract<TextGridTier, { kind: 'interval' }>;
    expect(first.intervals).toEqual([
      { xmin: 0, xmax: 0.6, text: '' },
      { xmin: 0.6, xmax: 1.2, text: 'LOC' },
      { xmin: 1.2, xmax: 1.5, text: '' },
    ]);
    expect(tierSpans(first, words)).toEqual({
      spans: [{ type: 'LOC', firstWord: 2, lastWord: 3 }],
      problems: [],
    });
    expect(tierSpans({ ...first, intervals: [{ xmin: 0.7, xmax: 1.2, text: 'X' }] }, words).problems).toEqual(
      ["'X' at 0.7–1.2 is not on word boundaries"],
    );
  });

  it('writes one tier per tree level over the words', () => {
    const tree = parseTreeOrThrow('(S (V fly) (PP (P to) (NP new york)))');
    const tiers = treeLevelTiers(tree, words, 0, 1.5, 'syntax');
    expect(tiers.map((t) => t.name)).toEqual(['syntax-1', 'syntax-2']);
    const labelled = (t: TextGridTier): string[] =>
      t.kind === 'interval'
        ? t.intervals.filter((i) => i.text).map((i) => `${i.text}@${i.xmin}-${i.xmax}`)
        : [];
    expect(labelled(tiers[0]!)).toEqual(['V@0.1-0.4', 'PP@0.4-1.2']);
    expect(labelled(tiers[1]!)).toEqual(['P@0.4-0.5', 'NP@0.6-1.2']);
    expect(() => treeLevelTiers(parseTreeOrThrow('(S a b)'), words, 0, 2)).toThrow(
      /2 leaves but the utterance has 4 words/,
    );
  });

  it('refuses what a tier cannot hold', () => {
    expect(() => intervalTier('w', [{ startSec: 0.5, endSec: 0.5, text: 'a' }], 0, 1)).toThrow(
      /empty or reversed/,
    );
    expect(() =>
      intervalTier(
        'w',
        [
          { startSec: 0, endSec: 0.6, text: 'a' },
          { startSec: 0.5, endSec: 0.7, text: 'b' },
        ],
        0,
        1,
      ),
    ).toThrow(/overlaps/);
    expect(() => entityTiers([], [{ text: 'x', startSec: null, endSec: null }], 0, 1)).toThrow(/no times/);
  });
});

// Values Praat can hold exactly as written: times on a millisecond grid, any label text.
const ms = fc.integer({ min: 0, max: 100_000 }).map((k) => k / 1000);
const tierArb: fc.Arbitrary<TextGridTier> = fc.oneof(
  fc
    .record({
      name: fc.string({ maxLength: 6 }),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { maxLength: 6 }),
      labels: fc.array(fc.string({ maxLength: 5 }), { minLength: 7, maxLength: 7 }),
    })
    .map(({ name, cuts, labels }) => {
      const b = [0, ...cuts.sort((x, y) => x - y), 10_000].map((k) => k / 1000);
      const intervals = b.slice(1).map((x, k) => ({ xmin: b[k]!, xmax: x, text: labels[k]! }));
      return { kind: 'interval' as const, name, xmin: 0, xmax: 10, intervals };
    }),
  fc
    .record({
      name: fc.string({ unit: 'binary', maxLength: 4 }),
      times: fc.array(ms, { maxLength: 5 }),
      mark: fc.string(),
    })
    .map(({ name, times, mark }) => ({
      kind: 'point' as const,
      name,
      xmin: 0,
      xmax: 100,
      points: times.sort((x, y) => x - y).map((time) => ({ time, mark })),
    })),
);
const gridArb = fc.array(tierArb, { maxLength: 3 }).map((tiers): TextGrid => ({ xmin: 0, xmax: 100, tiers }));

describe('TextGrid round trips and fuzzing', () => {
  it('reads back what it writes, long and short', () => {
    fc.assert(
      fc.property(gridArb, fc.constantFrom('long' as const, 'short' as const), (g, form) => {
        expect(parseTextGrid(writeTextGrid(g, { form }))).toEqual({ value: g, diagnostics: [] });
      }),
    );
  });

  it('never throws on random or mutated input, and diagnostics point into the text', () => {
    const sample = writeTextGrid(praatGrid);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          mutations(sample).map((m) => applyMutations(sample, m)),
        ),
        (text) => {
          const r = parseTextGrid(text);
          expect(badDiagnostic(text, r.diagnostics)).toBeNull();
          parseTextGridWords(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
