// TextGrids against Praat itself: files written by SIEVE open in Praat with the same tiers, intervals and
// points, and files Praat writes (long and short text forms, ASCII and UTF-16) read here as Praat made them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeText } from '../src/core/formats/decodeText';
import { type TextGrid, parseTextGrid, writeTextGrid } from '../src/core/formats/textGrid';
import {
  entityTiers,
  intervalTier,
  parseTextGridWords,
  treeLevelTiers,
  wordLabels,
} from '../src/core/formats/textGridWords';
import { parseTreeOrThrow } from '../src/core/tree/bracket';

const praatVersion = ((): string | null => {
  try {
    return execFileSync('praat', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();

// Prints the grid's domain and every tier, interval and point, tab-separated, times with 9 decimals.
const DUMP = `form Dump
  sentence path x
endform
tg = Read from file: path$
n = Get number of tiers
xmin = Get start time
xmax = Get end time
writeInfoLine: "grid", tab$, fixed$(xmin, 9), tab$, fixed$(xmax, 9), tab$, n
for t to n
  name$ = Get tier name: t
  isInt = Is interval tier: t
  if isInt
    k = Get number of intervals: t
    appendInfoLine: "IntervalTier", tab$, name$, tab$, k
    for i to k
      a = Get start time of interval: t, i
      b = Get end time of interval: t, i
      lab$ = Get label of interval: t, i
      appendInfoLine: fixed$(a, 9), tab$, fixed$(b, 9), tab$, lab$
    endfor
  else
    k = Get number of points: t
    appendInfoLine: "TextTier", tab$, name$, tab$, k
    for i to k
      p = Get time of point: t, i
      lab$ = Get label of point: t, i
      appendInfoLine: fixed$(p, 9), tab$, lab$
    endfor
  endif
endfor
`;

// Praat builds a grid with its own commands and saves it in both text forms.
const MAKE = `form Make
  sentence out x
  sentence label x
endform
tg = Create TextGrid: 0, 2.5, "words phones bell", "bell"
Insert boundary: 1, 0.5
Insert boundary: 1, 1.25
Set interval text: 1, 2, label$
Set interval text: 1, 3, "world"
Insert boundary: 2, 0.123456789
Set interval text: 2, 1, "HH"
Insert point: 3, 1.0, "ding"
Save as text file: out$ + "_long.TextGrid"
Save as short text file: out$ + "_short.TextGrid"
`;

const dir = mkdtempSync(join(tmpdir(), 'sieve-praat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runPraat(script: string, ...args: string[]): string {
  const file = join(dir, `script-${Math.random().toString(36).slice(2)}.praat`);
  writeFileSync(file, script);
  return execFileSync('praat', ['--run', file, ...args], { encoding: 'utf8' });
}

/** Praat's dump of a grid as the same structure our reader gives, numbers to 9 decimals. */
function dumpOf(grid: TextGrid): string[] {
  const f = (x: number): string => (x === 0 ? '0' : x.toFixed(9));
  const out = [`grid\t${f(grid.xmin)}\t${f(grid.xmax)}\t${grid.tiers.length}`];
  for (const t of grid.tiers) {
    if (t.kind === 'interval') {
      out.push(`IntervalTier\t${t.name}\t${t.intervals.length}`);
      for (const i of t.intervals) out.push(`${f(i.xmin)}\t${f(i.xmax)}\t${i.text}`);
    } else {
      out.push(`TextTier\t${t.name}\t${t.points.length}`);
      for (const p of t.points) out.push(`${f(p.time)}\t${p.mark}`);
    }
  }
  return out;
}

const ours: TextGrid = {
  xmin: 0,
  xmax: 3.3333333333333335,
  tiers: [
    {
      kind: 'interval',
      name: 'words',
      xmin: 0,
      xmax: 3.3333333333333335,
      intervals: [
        { xmin: 0, xmax: 0.12, text: '' },
        { xmin: 0.12, xmax: 0.48, text: 'héllo "quoted"' },
        { xmin: 0.48, xmax: 1.0000001, text: "naïve's" },
        { xmin: 1.0000001, xmax: 2.25, text: '日本語' },
        { xmin: 2.25, xmax: 3.3333333333333335, text: '' },
      ],
    },
    {
      kind: 'point',
      name: 'events',
      xmin: 0,
      xmax: 3.3333333333333335,
      points: [{ time: 1e-7, mark: 'click' }],
    },
  ],
};

describe.skipIf(praatVersion === null)(
  `TextGrids and Praat (${praatVersion ?? 'skipped: praat is not installed'})`,
  () => {
    it.each(['long', 'short'] as const)(
      'Praat opens a %s-form TextGrid written here and sees the same tiers',
      (form) => {
        const file = join(dir, `ours-${form}.TextGrid`);
        writeFileSync(file, writeTextGrid(ours, { form }));
        const dump = runPraat(DUMP, file).replace(/\n+$/, '').split('\n');
        expect(dump).toEqual(dumpOf(ours));
      },
    );

    it.each([
      ['UTF-16 (a non-ASCII label)', 'héllo "quoted"', 'utf-16be'],
      ['ASCII', 'hello', 'utf-8'],
    ])(
      'TextGrids Praat writes in %s, long and short, read here as Praat made them',
      (_what, label, encoding) => {
        const stem = join(dir, `praat-${encoding}`);
        runPraat(MAKE, stem, label);
        const expected: TextGrid = {
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
                { xmin: 0.5, xmax: 1.25, text: label },
                { xmin: 1.25, xmax: 2.5, text: 'world' },
              ],
            },
            {
              kind: 'interval',
              name: 'phones',
              xmin: 0,
              xmax: 2.5,
              intervals: [
                { xmin: 0, xmax: 0.123456789, text: 'HH' },
                { xmin: 0.123456789, xmax: 2.5, text: '' },
              ],
            },
            { kind: 'point', name: 'bell', xmin: 0, xmax: 2.5, points: [{ time: 1, mark: 'ding' }] },
          ],
        };
        for (const form of ['long', 'short']) {
          const decoded = decodeText(readFileSync(`${stem}_${form}.TextGrid`));
          expect(decoded.encoding).toBe(encoding);
          expect(parseTextGrid(decoded.text)).toEqual({ value: expected, diagnostics: [] });
          expect(parseTextGridWords(decoded.text).value).toEqual([
            { text: label, startSec: 0.5, endSec: 1.25 },
            { text: 'world', startSec: 1.25, endSec: 2.5 },
          ]);
          // And Praat's own reading of its file agrees with ours.
          expect(runPraat(DUMP, `${stem}_${form}.TextGrid`).replace(/\n+$/, '').split('\n')).toEqual(
            dumpOf(expected),
          );
        }
      },
    );

    it('Praat opens a gold export: word tier, one tier per tree level, entity tiers', () => {
      const words = [
        { text: 'fly', startSec: 0.1, endSec: 0.4 },
        { text: 'to', startSec: 0.4, endSec: 0.5 },
        { text: 'new', startSec: 0.6, endSec: 0.8 },
        { text: 'york', startSec: 0.8, endSec: 1.2 },
      ];
      const tree = parseTreeOrThrow(
        '(root:S (concept:AGoal word:fly (concept:ADest word:to word:new word:york)))',
        { typed: true },
      );
      const grid: TextGrid = {
        xmin: 0,
        xmax: 1.5,
        tiers: [
          intervalTier('words', wordLabels(words), 0, 1.5),
          ...treeLevelTiers(tree, words, 0, 1.5, 'semantic', true),
          ...entityTiers(
            [
              { type: 'CITY', firstWord: 2, lastWord: 3 },
              { type: 'NEW', firstWord: 2, lastWord: 2 },
            ],
            words,
            0,
            1.5,
          ),
        ],
      };
      expect(grid.tiers.map((t) => t.name)).toEqual([
        'words',
        'semantic-1',
        'semantic-2',
        'entities',
        'entities-2',
      ]);
      const file = join(dir, 'gold-export.TextGrid');
      writeFileSync(file, writeTextGrid(grid));
      expect(runPraat(DUMP, file).replace(/\n+$/, '').split('\n')).toEqual(dumpOf(grid));
    });
  },
);
