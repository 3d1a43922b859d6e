import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeEaf } from '../../../core/formats/eaf';
import { writeTextGrid } from '../../../core/formats/textGrid';
import { speak, tempDir } from '../../../../test/helpers/tempProject';
import { ProjectStore } from '../../store/projectStore';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

/** A TextGrid with a `words` tier: the words spread over 0.1 s … 0.9 s, silences as empty intervals. */
function grid(words: string[]): string {
  const step = 0.8 / words.length;
  const intervals = [{ xmin: 0, xmax: 0.1, text: '' }];
  words.forEach((w, i) => intervals.push({ xmin: 0.1 + i * step, xmax: 0.1 + (i + 1) * step, text: w }));
  intervals.push({ xmin: 0.9, xmax: 1, text: '' });
  return writeTextGrid({
    xmin: 0,
    xmax: 1,
    tiers: [{ kind: 'interval', name: 'words', xmin: 0, xmax: 1, intervals }],
  });
}

function corpus(): void {
  fs.mkdirSync(path.join(dir, 'audio'));
  fs.mkdirSync(path.join(dir, 'align'));
  speak(path.join(dir, 'audio', 'u1.wav'), 'from Bonn to Berlin');
  speak(path.join(dir, 'audio', 'u2.wav'), 'next train to Hamburg');
  speak(path.join(dir, 'audio', 'lonely.wav'), 'no alignment here');
  fs.writeFileSync(path.join(dir, 'align', 'u1.TextGrid'), grid(['from', 'Bonn', 'to', 'Berlin']));
  fs.writeFileSync(path.join(dir, 'align', 'u2.TextGrid'), grid(['next', 'train', 'to', 'Hamburg']));
  fs.writeFileSync(path.join(dir, 'align', 'orphan.TextGrid'), grid(['orphan']));
}

describe('sieve import', () => {
  it('pairs audio and TextGrids by name, creates the project, and reports what it skipped', async () => {
    corpus();
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('skipped  orphan');
    expect(r.out).toMatch(/lonely\.wav: no alignment of that name/);
    expect(r.out).toMatch(
      /created .*p\.sieve: 2 utterances, 8 words, 0 trees, 0 entities, 0 concepts, 2 audio files added; 2 skipped/,
    );
    const store = ProjectStore.open(path.join(dir, 'p.sieve'));
    try {
      expect(store.listUtterances().map((u) => [u.id, u.transcript])).toEqual([
        ['u1', 'from Bonn to Berlin'],
        ['u2', 'next train to Hamburg'],
      ]);
      const bonn = store.getUtterance('u1').words[1]!;
      expect(bonn).toMatchObject({ text: 'Bonn', source: 'textgrid' });
      expect(bonn.startSec).toBeCloseTo(0.3, 12);
    } finally {
      store.close();
    }
    // Importing the same utterances again is refused and changes nothing.
    const again = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
    expect(again.code).toBe(1);
    expect(again.err).toContain('Utterance "u1" is already in the project');
  });

  it('takes one CTM for many utterances and WhisperX JSON per file, leaving out words nothing can place', async () => {
    corpus();
    fs.writeFileSync(
      path.join(dir, 'words.ctm'),
      ';; two utterances\nu1 1 0.10 0.20 from\nu1 1 0.30 0.20 Bonn\nu2 1 0.1 0.3 next\nlonely 1 0.1 0.2 no\n',
    );
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'words.ctm');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/3 utterances, 4 words/);
    const store = ProjectStore.open(path.join(dir, 'p.sieve'));
    expect(store.getUtterance('u1').words.map((w) => [w.text, w.startSec, w.endSec])).toEqual([
      ['from', 0.1, 0.3],
      ['Bonn', 0.3, 0.5],
    ]);
    store.close();

    fs.mkdirSync(path.join(dir, 'wx'));
    const wx = (words: object[]) => JSON.stringify({ segments: [{ start: 0, end: 1, text: '', words }] });
    fs.writeFileSync(
      path.join(dir, 'wx', 'u1.json'),
      wx([{ word: 'from', start: 0.1, end: 0.3, score: 0.9 }]),
    );
    fs.writeFileSync(
      path.join(dir, 'wx', 'u2.json'),
      // The word without times has no room between its neighbours, so SIEVE's aligner cannot place it.
      wx([{ word: 'next', start: 0.1, end: 0.3 }, { word: '12' }, { word: 'train', start: 0.3, end: 0.6 }]),
    );
    const w = await sieve('import', 'q.sieve', '--audio', 'audio', '--alignment', 'wx');
    expect(w.code).toBe(0);
    expect(w.out).toMatch(/u2 .*could not place either: "12" \(word 2\) \(words 2–2: no room/);
    expect(w.out).toMatch(/1 utterances, 1 words/);
  });

  it('adds gold trees and entities, checked against the words', async () => {
    corpus();
    fs.writeFileSync(
      path.join(dir, 'trees.mrg'),
      '# id = u2\n(S (NP next train) (PP to Hamburg))\n# id = u1\n( (S (PP from Bonn) (PP to Berlin)) )\n',
    );
    fs.writeFileSync(
      path.join(dir, 'ne.sgml'),
      'from <L>Bonn</L> to <L>Berlin</L>\nnext train to <L>Hamburg</L>\n',
    );
    const r = await sieve(
      'import',
      'p.sieve',
      '--audio',
      'audio',
      '--alignment',
      'align',
      '--trees',
      'trees.mrg',
      '--entities',
      'ne.sgml',
    );
    expect(r.err).toBe('');
    // The summary counts what was imported: two trees, three entity spans.
    expect(r.out).toMatch(/: 2 utterances, 8 words, 2 trees, 3 entities, 0 concepts, 2 audio files added;/);
    const store = ProjectStore.open(path.join(dir, 'p.sieve'));
    expect(store.goldState('u1').gold).toMatchObject({
      trees: [{ name: 'syntax', typed: false, bracket: '(S (PP from Bonn) (PP to Berlin))' }],
      entities: [
        { type: 'LOCATION', firstWord: 1, lastWord: 1 },
        { type: 'LOCATION', firstWord: 3, lastWord: 3 },
      ],
    });
    store.close();

    fs.writeFileSync(
      path.join(dir, 'bad.mrg'),
      '(S (NP next train) (PP to Hamburg))\n(S from Bonn to Munich)\n',
    );
    const bad = await sieve(
      'import',
      'q.sieve',
      '--audio',
      'audio',
      '--alignment',
      'align',
      '--trees',
      'bad.mrg',
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(
      /bad\.mrg:1:1: utterance "u1": 4 leaves for 4 words: leaf 1 is 'next' where word 1 is 'from'/,
    );
    expect(bad.err).toMatch(/bad\.mrg:2:1: utterance "u2": .*leaf 4 is 'Munich' where word 4 is 'Hamburg'/);
    expect(
      (
        await sieve(
          'import',
          'q.sieve',
          '--audio',
          'audio',
          '--alignment',
          'align',
          '--entities',
          'none.sgml',
        )
      ).err,
    ).toMatch(
      /^sieve import: --entities: 'none\.sgml'; expected an existing entity file \(SGML, CoNLL or JSON\); .*none\.sgml does not exist\nusage: /,
    );
  });

  it('reads ELAN EAF word tiers', async () => {
    corpus();
    fs.mkdirSync(path.join(dir, 'eaf'));
    fs.writeFileSync(
      path.join(dir, 'eaf', 'u1.eaf'),
      writeEaf([
        {
          id: 'words',
          annotations: [
            { startSec: 0.1, endSec: 0.35, value: 'from' },
            { startSec: 0.35, endSec: 0.7, value: 'Bonn' },
          ],
        },
      ]),
    );
    const r = await sieve('import', 'e.sieve', '--audio', 'audio', '--alignment', 'eaf');
    expect(r.err).toBe('');
    const store = ProjectStore.open(path.join(dir, 'e.sieve'));
    expect(store.getUtterance('u1').words.map((w) => [w.text, w.startSec, w.endSec, w.source])).toEqual([
      ['from', 0.1, 0.35, 'eaf'],
      ['Bonn', 0.35, 0.7, 'eaf'],
    ]);
    store.close();
  });

  it('stops at a broken alignment file with file:line:column and writes nothing', async () => {
    corpus();
    const broken = path.join(dir, 'align', 'u2.TextGrid');
    fs.writeFileSync(broken, fs.readFileSync(broken, 'utf8').replace('xmax = 0.3', 'xmax = oops'));
    const r = await sieve('import', 'p.sieve', '--audio', 'audio', '--alignment', 'align');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/u2\.TextGrid:\d+:\d+: /);
    expect(r.err).toContain('nothing was imported');
    expect(fs.existsSync(path.join(dir, 'p.sieve'))).toBe(false);
  });

  it('names a missing flag or argument in one line, then its usage', async () => {
    for (const [args, line] of [
      [
        ['p.sieve', '--audio', 'a'],
        '--alignment: not given; expected either --alignment DIR|FILE (alignments named like the audio files: ' +
          'TextGrid, CTM, JSON, EAF, gold JSON Lines) or --transcripts DIR|FILE (transcripts for SIEVE to align)',
      ],
      [['p.sieve', '--alignment', 'a'], '--audio: not given; expected DIR, a folder of audio files'],
      [['--audio', 'a', '--alignment', 'a'], 'arguments: none; expected PROJECT.sieve'],
    ] as const) {
      const r = await sieve('import', ...args);
      expect(r).toMatchObject({ code: 2, out: '' });
      expect(r.err.split('\n')[0]).toBe(`sieve import: ${line}`);
      expect(r.err).toMatch(/^usage: sieve import PROJECT\.sieve/m);
    }
  });
});
