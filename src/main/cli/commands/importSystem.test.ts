import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeProject, tempDir } from '../../../../test/helpers/tempProject';
import { ProjectStore } from '../../store/projectStore';
import { getSystemOutput } from '../../store/systemStore';
import { type SieveRun, runSieve } from '../../../../test/helpers/runSieve';

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir()));
afterEach(() => cleanup());

const sieve = (...argv: string[]): Promise<SieveRun> => runSieve(dir, ...argv);

describe('sieve import-system', () => {
  it('merges a CTM of words and JSON Lines of entities per utterance, and re-import replaces', async () => {
    const { file } = await makeProject(dir);
    fs.writeFileSync(
      path.join(dir, 'asr.ctm'),
      'train-1 1 0.0 0.1 I 0.9\ntrain-1 1 0.11 0.3 want\nghost 1 0 1 x\n',
    );
    fs.writeFileSync(
      path.join(dir, 'ner.jsonl'),
      `${JSON.stringify({ id: 'train-1', entities: [{ type: 'P', firstWord: 0, lastWord: 0 }] })}\n`,
    );
    const r = await sieve('import-system', 'test.sieve', '--name', 'asr', 'asr.ctm', 'ner.jsonl');
    expect(r.err).toBe('');
    expect(r.out).toBe(
      'skipped  ghost: no such utterance in the project\n' +
        'no output  air-1\n' +
        'imported system "asr": 1 utterances (2 words, 0 trees, 1 entities, 0 concepts, 0 N-best lists);' +
        ' 1 output(s) for utterances the project does not have, skipped;' +
        ' 1 utterance(s) without output, scored as empty hypotheses\n',
    );
    let store = ProjectStore.open(file);
    const id = store.systems()[0]!.id;
    expect(getSystemOutput(store.db, id, 'train-1')).toEqual({
      id: 'train-1',
      words: [
        { text: 'I', startSec: 0, endSec: 0.1, confidence: 0.9 },
        { text: 'want', startSec: 0.11, endSec: 0.41 },
      ],
      entities: [{ type: 'P', firstWord: 0, lastWord: 0 }],
    });
    store.close();

    const again = await sieve('import-system', 'test.sieve', '--name', 'asr', 'ner.jsonl');
    expect(again.out).toContain('replaced system "asr": 1 utterances');
    store = ProjectStore.open(file);
    expect(getSystemOutput(store.db, id, 'train-1')?.words).toBeUndefined();
    store.close();
  });

  it('stores trees as bracket text and warns about gold-only parts', async () => {
    const { file } = await makeProject(dir);
    const line = {
      id: 'train-1',
      words: [
        { text: 'I', startSec: 0, endSec: 0.1 },
        { text: 'want', startSec: 0.1, endSec: 0.4 },
      ],
      trees: [{ name: 'syntax', typed: false, tree: '(S (PRP I) (VBP want))' }],
      labels: { inputKind: 'asr' },
    };
    fs.writeFileSync(path.join(dir, 'sys.jsonl'), `${JSON.stringify(line)}\n`);
    const r = await sieve('import-system', 'test.sieve', '--name', 'parser', 'sys.jsonl');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /^warning: .*sys\.jsonl:1:\d+: utterance "train-1": labels belong to the gold standard/,
    );
    const store = ProjectStore.open(file);
    expect(getSystemOutput(store.db, store.systems()[0]!.id, 'train-1')?.trees).toEqual([
      { name: 'syntax', typed: false, bracket: '(S (PRP I) (VBP want))' },
    ]);
    store.close();
  });

  it('reads concepts and N-best lists as parts of an output', async () => {
    const { file } = await makeProject(dir);
    fs.writeFileSync(path.join(dir, 'sys.concepts'), 'train-1 goal:Berlin src:Bonn\n');
    fs.writeFileSync(
      path.join(dir, 'sys.nbest'),
      `${JSON.stringify({
        id: 'train-1',
        nbest: [
          { interp: 'goal:Berlin', score: 0.6 },
          { interp: 'goal:Bonn', score: 0.4 },
        ],
      })}\n`,
    );
    const r = await sieve('import-system', 'test.sieve', '--name', 'slu', 'sys.concepts', 'sys.nbest');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /^imported system "slu": 1 utterances \(0 words, 0 trees, 0 entities, 2 concepts, 1 N-best lists\);/m,
    );
    const store = ProjectStore.open(file);
    expect(getSystemOutput(store.db, store.systems()[0]!.id, 'train-1')).toEqual({
      id: 'train-1',
      concepts: [
        { attribute: 'goal', value: 'Berlin' },
        { attribute: 'src', value: 'Bonn' },
      ],
      nbest: [
        { interpretation: 'goal:Berlin', score: 0.6 },
        { interpretation: 'goal:Bonn', score: 0.4 },
      ],
    });
    store.close();
  });

  it('refuses located errors and parts given twice, importing nothing', async () => {
    await makeProject(dir);
    fs.writeFileSync(path.join(dir, 'a.ctm'), 'train-1 1 0.0 zero I\n');
    fs.writeFileSync(
      path.join(dir, 'b.jsonl'),
      '{"id": "train-1", "words": [{"text": "I", "startSec": null, "endSec": null}]}\n',
    );
    fs.writeFileSync(path.join(dir, 'c.ctm'), 'train-1 1 0.0 0.1 I\n');
    const r = await sieve('import-system', 'test.sieve', '--name', 'x', 'a.ctm', 'b.jsonl', 'c.ctm', 'd.txt');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/a\.ctm:1:\d+: /);
    expect(r.err).toMatch(/c\.ctm: utterance "train-1": words given twice \(also in .*b\.jsonl\)/);
    expect(r.err).toMatch(/d\.txt: unknown system output format/);
    const store = ProjectStore.open(path.join(dir, 'test.sieve'));
    expect(store.systems()).toEqual([]);
    store.close();
  });

  it('names a missing --name or file in one line, then its usage', async () => {
    const noName = await sieve('import-system', 'test.sieve', 'asr.ctm');
    expect(noName).toMatchObject({ code: 2, out: '' });
    expect(noName.err).toMatch(
      /^sieve import-system: --name: not given; expected NAME, the system's name in the project\nusage: sieve import-system/,
    );
    const noFile = await sieve('import-system', 'test.sieve', '--name', 'asr');
    expect(noFile.err.split('\n')[0]).toBe(
      "sieve import-system: arguments: 'test.sieve'; expected PROJECT.sieve FILE...",
    );
  });
});

describe('sieve import-system with many bad lines', () => {
  it('lists the first 100 errors of 200,000 and counts the rest', async () => {
    await makeProject(dir);
    fs.writeFileSync(path.join(dir, 'bad.ctm'), 'u1 1 x 0.5 word\n'.repeat(200_000));
    const r = await sieve('import-system', 'test.sieve', '--name', 'asr', 'bad.ctm');
    expect(r.code).toBe(1);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toHaveLength(102);
    expect(lines[0]).toMatch(/bad\.ctm:1:6: /);
    expect(lines[99]).toMatch(/bad\.ctm:100:6: /);
    expect(lines.slice(100)).toEqual([
      '… and 199,900 more errors',
      'sieve import-system: 200,000 error(s); nothing was imported',
    ]);
  });
});
