import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTextGridOrThrow } from '../../core/formats/textGrid';
import { makeProject, tempDir } from '../../../test/helpers/tempProject';
import { ProjectStore } from '../store/projectStore';
import { diffGold } from '../../core/gold/diff';
import { readNe } from '../../core/ne/readers/readNe';
import { type SieveRun, runSieve } from '../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

/** Annotates the test project's first utterance with a tree, entities, concepts, interpretations, labels. */
async function annotated(): Promise<string> {
  const { file } = await makeProject(dir);
  const store = ProjectStore.open(file);
  const g = store.goldState('train-1').gold;
  store.applyGoldDiff(
    'train-1',
    diffGold(g, {
      ...g,
      trees: [
        { name: 'syntax', typed: false, bracket: '(S (NP (PRP I)) (VP (VBP want) (TO to)))' },
        { name: 'semantic', typed: true, bracket: '(root:S (concept:Want (word:I) (word:want)) (word:to))' },
      ],
      entities: [
        { type: 'P', firstWord: 0, lastWord: 0 },
        { type: 'O', firstWord: 1, lastWord: 2 },
      ],
      concepts: [{ attribute: 'goal', value: 'Berlin' }],
      interpretations: ['goal:Berlin'],
      labels: { inputKind: 'asr', cantRepresent: false },
    }),
  );
  // "want" as SIEVE's aligner would have placed it: its source and confidence go along in the exports
  // that have a place for them.
  store.db
    .prepare(
      "UPDATE word SET source = 'sieve-align', confidence = 0.42 WHERE utterance_id = 'train-1' AND idx = 1",
    )
    .run();
  store.close();
  return file;
}

describe('export', () => {
  it('round-trips the gold standard: export jsonl → import → same content', async () => {
    const file = await annotated();
    expect((await sieve('export', file, '--format', 'jsonl', 'gold.jsonl')).code).toBe(0);
    const r = await sieve('import', 'copy.sieve', '--audio', 'audio', '--alignment', 'gold.jsonl');
    expect(r.err).toBe('');
    const a = ProjectStore.open(file);
    const b = ProjectStore.open(path.join(dir, 'copy.sieve'));
    try {
      const strip = (u: { status: string }) => ({ ...u, audioId: 0, status: u.status });
      expect(b.listUtterances().map(strip)).toEqual(a.listUtterances().map(strip));
      for (const u of a.listUtterances()) expect(b.goldState(u.id).gold).toEqual(a.goldState(u.id).gold);
      expect(b.goldState('train-1').gold.words[1]).toMatchObject({ source: 'sieve-align', confidence: 0.42 });
      // And exporting the copy gives the very same file.
      expect(
        (await sieve('export', path.join(dir, 'copy.sieve'), '--format', 'jsonl', 'again.jsonl')).code,
      ).toBe(0);
      expect(fs.readFileSync(path.join(dir, 'again.jsonl'), 'utf8')).toBe(
        fs.readFileSync(path.join(dir, 'gold.jsonl'), 'utf8'),
      );
    } finally {
      a.close();
      b.close();
    }
  });

  it('writes TextGrids with word, entity and tree-level tiers, and words that import back', async () => {
    const file = await annotated();
    expect((await sieve('export', file, '--format', 'textgrid', 'tg')).out).toBe('wrote 2 files\n');
    const grid = parseTextGridOrThrow(fs.readFileSync(path.join(dir, 'tg', 'train-1.TextGrid'), 'utf8'));
    expect(grid.tiers.map((t) => t.name)).toEqual([
      'words',
      'entities',
      'syntax-1',
      'syntax-2',
      'semantic-1',
    ]);
    const store = ProjectStore.open(file);
    const words = store.getUtterance('train-1').words;
    store.close();
    const syntax2 = grid.tiers[3]!;
    expect(
      syntax2.kind === 'interval' &&
        syntax2.intervals.filter((i) => i.text).map((i) => [i.text, i.xmin, i.xmax]),
    ).toEqual([
      ['PRP', words[0]!.startSec, words[0]!.endSec],
      ['VBP', words[1]!.startSec, words[1]!.endSec],
      ['TO', words[2]!.startSec, words[2]!.endSec],
    ]);
    // The word tiers import back as the same words.
    fs.renameSync(path.join(dir, 'tg', 'train-1.TextGrid'), path.join(dir, 'tg', 'a.TextGrid'));
    fs.renameSync(path.join(dir, 'tg', 'air-1.TextGrid'), path.join(dir, 'tg', 'b.TextGrid'));
    expect((await sieve('import', 'tg.sieve', '--audio', 'audio', '--alignment', 'tg')).code).toBe(0);
    const back = ProjectStore.open(path.join(dir, 'tg.sieve'));
    expect(back.getUtterance('a').words.map((w) => [w.text, w.startSec, w.endSec])).toEqual(
      words.map((w) => [w.text, w.startSec, w.endSec]),
    );
    back.close();
  });

  it('writes timed PTB brackets and CoNLL columns that read back to the same trees, times and spans', async () => {
    const file = await annotated();
    expect((await sieve('export', file, '--format', 'ptb', 'gold.mrg')).code).toBe(0);
    const ptb = fs.readFileSync(path.join(dir, 'gold.mrg'), 'utf8');
    const store = ProjectStore.open(file);
    const words = store.getUtterance('train-1').words;
    store.close();
    expect(ptb).toBe(
      `# id = train-1\n(S (NP (PRP I@${words[0]!.startSec}-${words[0]!.endSec})) ` +
        `(VP (VBP want@${words[1]!.startSec}-${words[1]!.endSec}) (TO to@${words[2]!.startSec}-${words[2]!.endSec})))\n`,
    );
    const sem = await sieve('export', file, '--format', 'ptb', '--tree', 'semantic', 'sem.mrg');
    expect(sem.code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'sem.mrg'), 'utf8')).toMatch(
      /^# id = train-1\n\(root:S \(concept:Want word:I@0-0\.1 /,
    );

    // Overlapping entities (a project written before they were refused) cannot be BIO tags: the export
    // leaves out the later one and says so.
    const old = ProjectStore.open(file);
    old.db.prepare("UPDATE gold_entity SET first_word = 0 WHERE utterance_id = 'train-1' AND idx = 1").run();
    old.close();
    const overlapping = await sieve('export', file, '--format', 'conll', 'x.conll');
    expect(overlapping.code).toBe(0);
    expect(overlapping.err).toBe(
      'sieve export: utterance "train-1": entity 1 (O) left out: it overlaps another entity\n',
    );
    expect(fs.readFileSync(path.join(dir, 'x.conll'), 'utf8')).toMatch(/^I \S+ \S+ B-P\nwant \S+ \S+ O\n/);
    const s2 = ProjectStore.open(file);
    const g = s2.goldState('train-1').gold;
    s2.applyGoldDiff('train-1', diffGold(g, { ...g, entities: [{ type: 'P', firstWord: 0, lastWord: 1 }] }));
    s2.close();
    expect((await sieve('export', file, '--format', 'conll', 'gold.conll')).code).toBe(0);
    const conll = fs.readFileSync(path.join(dir, 'gold.conll'), 'utf8');
    expect(conll.split('\n').slice(0, 4)).toEqual([
      `I ${words[0]!.startSec} ${words[0]!.endSec} B-P`,
      `want ${words[1]!.startSec} ${words[1]!.endSec} I-P`,
      `to ${words[2]!.startSec} ${words[2]!.endSec} O`,
      '',
    ]);
    const back = readNe(conll);
    expect(back.diagnostics).toEqual([]);
    expect(back.value[0]!.entities).toEqual([{ type: 'P', firstWord: 0, lastWord: 1 }]);
    expect(back.value[0]!.words[1]).toEqual({
      text: 'want',
      startSec: words[1]!.startSec,
      endSec: words[1]!.endSec,
    });
  });

  it('writes CTM and trn that sclite-style readers take', async () => {
    const file = await annotated();
    await sieve('export', file, '--format', 'ctm', 'gold.ctm');
    await sieve('export', file, '--format', 'trn', 'gold.trn');
    expect(fs.readFileSync(path.join(dir, 'gold.trn'), 'utf8')).toBe('I want to (train-1)\nFlight (air-1)\n');
    expect(fs.readFileSync(path.join(dir, 'gold.ctm'), 'utf8').split('\n').slice(0, 2)).toEqual([
      'train-1 1 0.000 0.100 I',
      'train-1 1 0.110 0.300 want 0.42',
    ]);
    expect((await sieve('export', file, '--format', 'nope', 'x')).code).toBe(2);
  });
});
