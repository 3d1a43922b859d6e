import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTextGrid } from '../../core/formats/textGrid';
import { tempDir } from '../../../test/helpers/tempProject';
import { attachEntities, attachTrees } from './attachAnnotation';
import { readSystemFiles } from './readSystemFiles';
import { scanCorpus } from './scanCorpus';

let dir: string;
let cleanup: () => void;
beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  fs.mkdirSync(path.join(dir, 'audio'));
  fs.mkdirSync(path.join(dir, 'align'));
  // scanCorpus pairs files by name only; the audio is not read here.
  fs.writeFileSync(path.join(dir, 'audio', 'u1.wav'), '');
});
afterEach(() => cleanup());

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
const put = (name: string, data: string | Buffer): string => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return file;
};
const scan = () => scanCorpus({ audioDir: path.join(dir, 'audio'), alignment: path.join(dir, 'align') });

function grid(words: string[]): string {
  return writeTextGrid({
    xmin: 0,
    xmax: 1,
    tiers: [
      {
        kind: 'interval',
        name: 'words',
        xmin: 0,
        xmax: 1,
        intervals: words.map((text, i) => ({ xmin: i / words.length, xmax: (i + 1) / words.length, text })),
      },
    ],
  });
}

describe('encodings of imported files', () => {
  const eaf = (word: string): string =>
    '<?xml version="1.0"?>\n<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER>' +
    '<TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="0"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="500"/></TIME_ORDER>' +
    `<TIER TIER_ID="words"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"><ANNOTATION_VALUE>${word}</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER></ANNOTATION_DOCUMENT>\n`;
  const cases: [string, string][] = [
    ['u1.ctm', 'u1 1 0.0 0.5 caf\xe9 \n'],
    ['u1.json', '{"segments": [{"words": [{"word": "caf\xe9 ", "start": 0, "end": 0.5}]}]}\n'],
    ['u1.eaf', eaf('caf\xe9 ')],
    ['u1.jsonl', '{"id": "u1", "words": [{"text": "caf\xe9 ", "startSec": 0, "endSec": 0.5}]}\n'],
  ];
  for (const [name, text] of cases)
    it(`refuses a ${path.extname(name)} file that is not UTF-8, naming the bytes`, () => {
      put(`align/${name}`, latin1(text));
      const s = scan();
      const line = text.split('\n').findIndex((l) => l.includes('\xe9')) + 1;
      const column = text.split('\n')[line - 1]!.indexOf('\xe9') + 1;
      expect(s.errors).toEqual([
        {
          file: path.join(dir, 'align', name),
          line,
          column,
          message: 'invalid UTF-8 (bytes E9 20); save the file as UTF-8',
        },
      ]);
      expect(s.corpus.utterances).toEqual([]);
    });

  it('reads a TextGrid that is not UTF-8 at all as Windows-1252, as Praat does, and says so', () => {
    const text = grid(['caf\xe9', 'cr\xe8me']);
    put('align/u1.TextGrid', latin1(text));
    const s = scan();
    expect(s.errors).toEqual([]);
    expect(s.corpus.utterances[0]!.words.map((w) => w.text)).toEqual(['café', 'crème']);
    const line = text.split('\n').findIndex((l) => l.includes('\xe9')) + 1;
    expect(s.warnings).toEqual([
      {
        file: path.join(dir, 'align', 'u1.TextGrid'),
        line,
        column: text.split('\n')[line - 1]!.indexOf('\xe9') + 1,
        message: 'not UTF-8: read as Windows-1252 (Latin-1), as Praat reads such files; check "é" here',
      },
    ]);
  });

  it('refuses a TextGrid whose UTF-8 is damaged rather than guessing', () => {
    put('align/u1.TextGrid', Buffer.concat([Buffer.from(grid(['crème', 'caf'])), Buffer.from([0xe9])]));
    expect(scan().errors).toMatchObject([{ message: 'invalid UTF-8 (byte E9); save the file as UTF-8' }]);
  });

  it('refuses gold trees, gold entities and system outputs that are not UTF-8', () => {
    put('align/u1.ctm', 'u1 1 0.0 0.5 cafe\n');
    const s = scan();
    attachTrees(s, put('t.mrg', latin1('(S (NN caf\xe9))\n')), 'syntax', false);
    attachEntities(s, put('e.sgml', latin1('<P>caf\xe9</P>\n')));
    expect(s.errors.map((e) => [path.basename(e.file), e.line, e.column, e.message])).toEqual([
      ['t.mrg', 1, 11, 'invalid UTF-8 (bytes E9 29); save the file as UTF-8'],
      ['e.sgml', 1, 7, 'invalid UTF-8 (bytes E9 3C); save the file as UTF-8'],
    ]);
    const r = readSystemFiles([
      put('s.ctm', latin1('u1 1 0 1 caf\xe9\n')),
      put('s.jsonl', latin1('{"id":"\xe9"}')),
    ]);
    expect(r.errors.map((e) => [path.basename(e.file), e.line, e.column, e.message])).toEqual([
      ['s.ctm', 1, 13, 'invalid UTF-8 (bytes E9 0A); save the file as UTF-8'],
      ['s.jsonl', 1, 8, 'invalid UTF-8 (bytes E9 22); save the file as UTF-8'],
    ]);
    expect(r.outputs).toEqual([]);
  });
});

describe('many problems', () => {
  const badLines = (n: number): string => 'u1 1 x 0.5 word\n'.repeat(n);

  it('collects the errors of 200,000 bad lines without overflowing the stack', () => {
    put('align/u1.ctm', badLines(200_000));
    const s = scan();
    expect(s.errors).toHaveLength(200_000);
    expect(s.errors[199_999]).toMatchObject({ line: 200_000, column: 6 });
  });
});

describe('gold entities', () => {
  beforeEach(() => {
    fs.writeFileSync(path.join(dir, 'audio', 'u2.wav'), '');
    put('align/words.ctm', 'u1 1 0.0 0.5 from\nu1 1 0.5 0.5 Bonn\nu2 1 0 1 Berlin\n');
  });
  const scanWords = () =>
    scanCorpus({ audioDir: path.join(dir, 'audio'), alignment: path.join(dir, 'align') });

  it('refuses 100,000 nested entities at the first nested tag, quickly, adding none', () => {
    const s = scanWords();
    const n = 100_000;
    attachEntities(s, put('e.sgml', `from ${'<P>'.repeat(n)}Bonn${'</P>'.repeat(n)}\nBerlin\n`));
    expect(s.errors).toEqual([
      {
        file: path.join(dir, 'e.sgml'),
        line: 1,
        column: 9,
        message:
          '<P> is nested inside <P> at 1:6 (and 99,998 more on this line): gold entities may not nest or overlap',
      },
    ]);
    expect(s.corpus.utterances.map((u) => u.entities)).toEqual([undefined, []]);
  });

  it('refuses overlapping JSON spans at their document, and takes spans that do not overlap', () => {
    const s = scanWords();
    const doc = (words: string[], entities: unknown[]) => JSON.stringify({ words, entities });
    attachEntities(
      s,
      put(
        'e.json',
        `[\n${doc(
          ['from', 'Bonn'],
          [
            { type: 'L', firstWord: 0, lastWord: 1 },
            { type: 'L', firstWord: 1, lastWord: 1 },
          ],
        )},\n${doc(['Berlin'], [{ type: 'L', firstWord: 0, lastWord: 0 }])}\n]\n`,
      ),
    );
    expect(s.errors).toEqual([
      {
        file: path.join(dir, 'e.json'),
        line: 2,
        column: 1,
        message:
          'document 1 (utterance "u1"): L (word 2) overlaps L (words 1–2): gold entities may not nest or overlap',
      },
    ]);
    expect(s.corpus.utterances[1]!.entities).toEqual([{ type: 'L', firstWord: 0, lastWord: 0 }]);
  });
});

describe('what is wrong when nothing can be imported', () => {
  const eafOf = (tiers: string): string =>
    '<?xml version="1.0"?>\n<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER/>' +
    `${tiers}</ANNOTATION_DOCUMENT>\n`;
  const ref = (id: string, to: string): string =>
    `<ANNOTATION><REF_ANNOTATION ANNOTATION_ID="${id}" ANNOTATION_REF="${to}"><ANNOTATION_VALUE>w</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>`;

  it('says a trees file is empty, and an entities file too', () => {
    put('align/u1.ctm', 'u1 1 0.0 0.5 cafe\n');
    const s = scan();
    attachTrees(s, put('trees.txt', ''), 'syntax', false);
    attachTrees(s, put('blank.mrg', '\n  \n'), 'syntax', false);
    attachEntities(s, put('e.sgml', ''));
    expect(s.errors.map((e) => `${path.basename(e.file)}: ${e.message}`)).toEqual([
      'trees.txt: the file is empty: no tree',
      'blank.mrg: the file is empty: no tree',
      'e.sgml: the file is empty: no entity annotation',
    ]);
  });

  it('says an EAF has no time-aligned tier when its annotations only refer to each other', () => {
    put('align/u1.eaf', eafOf(`<TIER TIER_ID="words">${ref('a1', 'a2')}${ref('a2', 'a1')}</TIER>`));
    const s = scan();
    expect(s.errors.map((e) => [e.line, e.column, e.message])).toEqual([
      [
        2,
        104,
        "annotation 'a1': its ANNOTATION_REF chain comes back to an annotation it passed, never at a time-aligned one",
      ],
      [
        2,
        239,
        "annotation 'a2': its ANNOTATION_REF chain comes back to an annotation it passed, never at a time-aligned one",
      ],
      [
        1,
        1,
        'no time-aligned tier: every annotation refers to another annotation (REF_ANNOTATION), none has times',
      ],
    ]);
    put('align/u1.eaf', eafOf('<TIER TIER_ID="gloss" PARENT_REF="words"></TIER>'));
    expect(scan().errors.map((e) => e.message)).toEqual([
      'no time-aligned tier: every tier refers to another tier (PARENT_REF)',
    ]);
  });

  it('names the missing part instead of "no audio file has an alignment of the same name"', () => {
    const nothing = () => scan().nothing;
    expect(nothing()).toBe(
      `no alignment file (TextGrid, CTM, JSON, EAF, gold JSON Lines) in ${path.join(dir, 'align')}`,
    );
    put('align/u1.ctm', ';; nothing\n');
    expect(nothing()).toBe(`the alignment files hold no utterance (${path.join(dir, 'align')})`);
    put('align/u1.ctm', 'u1 1 0.0 0.5 cafe\n');
    expect(nothing()).toBeUndefined();
    put('align/u1.ctm', 'u2 1 0.0 0.5 cafe\n');
    expect(nothing()).toBe('no audio file has an alignment of the same name');
    fs.rmSync(path.join(dir, 'audio', 'u1.wav'));
    expect(nothing()).toMatch(/^no audio file \(\.wav, .*\) in /);
  });
});
