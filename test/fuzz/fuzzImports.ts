// Runs hostile files through the CLI's import commands on a real project: `sieve import-system` with
// JSON Lines, CTM, concepts and N-best files, and `sieve import` with alignments, trees and entities.
// An import that fails must leave the project file byte-identical; one that throws anything but the
// CLI's own user errors is a failure.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runCli } from '../../src/main/cli/runCli';
import { createProject } from '../../src/main/store/createProject';
import { writeWav } from '../helpers/wavFixture';
import { makeInput } from './fuzzReaders';
import { READER_TARGETS } from './readerTargets';

/** What went wrong with one import. */
export interface ImportFailure {
  seed: number;
  index: number;
  command: string;
  problem: 'throw' | 'changed';
  message: string;
}

/** The figures of an import run. */
export interface ImportFigures {
  imports: number;
  failed: number;
  succeeded: number;
  failures: ImportFailure[];
  slowestMs: number;
  totalMs: number;
}

/** Which reader feeds which file of which command. */
const CASES: readonly {
  reader: string;
  command: 'import-system' | 'alignment' | 'trees' | 'entities';
  ext: string;
}[] = [
  { reader: 'system-jsonl', command: 'import-system', ext: '.jsonl' },
  { reader: 'ctm', command: 'import-system', ext: '.ctm' },
  { reader: 'concepts', command: 'import-system', ext: '.concepts' },
  { reader: 'system-nbest-jsonl', command: 'import-system', ext: '.nbest' },
  { reader: 'textgrid-words', command: 'alignment', ext: '.TextGrid' },
  { reader: 'ctm', command: 'alignment', ext: '.ctm' },
  { reader: 'word-times-json', command: 'alignment', ext: '.json' },
  { reader: 'eaf', command: 'alignment', ext: '.eaf' },
  { reader: 'gold-jsonl', command: 'alignment', ext: '.jsonl' },
  { reader: 'ptb', command: 'trees', ext: '.mrg' },
  { reader: 'ne-detect', command: 'entities', ext: '.txt' },
];

function projectHash(file: string): string {
  const h = crypto.createHash('sha256');
  for (const f of [file, `${file}-wal`]) if (fs.existsSync(f)) h.update(fs.readFileSync(f));
  return h.digest('hex');
}

/** Makes a one-utterance project in `dir` to import into; returns its file. */
export async function makeFuzzProject(dir: string): Promise<string> {
  fs.mkdirSync(path.join(dir, 'audio'), { recursive: true });
  writeWav(path.join(dir, 'audio', 'u.wav'), 1, 8000, (t) => 0.3 * Math.sin(2 * Math.PI * 200 * t));
  const file = path.join(dir, 'fuzz.sieve');
  await createProject(
    file,
    {
      name: 'fuzz',
      description: '',
      audio: [{ id: 'u', path: 'audio/u.wav' }],
      utterances: [
        { id: 'utt-001', audio: 'u', words: [{ text: 'hello', startSec: 0.1, endSec: 0.4 }] },
        { id: 'u1', audio: 'u', words: [{ text: 'fly', startSec: 0.1, endSec: 0.4 }] },
      ],
    },
    dir,
  );
  return file;
}

/** Runs `count` imports of hostile files (inputs `first`… of run `seed`) into a project in `dir`. */
export async function fuzzImports(options: {
  seed: number;
  count: number;
  dir: string;
  first?: number;
}): Promise<ImportFigures> {
  const { seed, count, dir, first = 0 } = options;
  const project = await makeFuzzProject(dir);
  const failures: ImportFailure[] = [];
  let failed = 0;
  let slowestMs = 0;
  const t0 = performance.now();
  for (let index = first; index < first + count; index++) {
    const c = CASES[index % CASES.length]!;
    const target = READER_TARGETS.find((t) => t.name === c.reader)!;
    const input = makeInput([target], seed, index);
    const work = path.join(dir, `case`);
    fs.rmSync(work, { recursive: true, force: true });
    fs.mkdirSync(path.join(work, 'audio'), { recursive: true });
    fs.mkdirSync(path.join(work, 'align'));
    const hostile = path.join(work, c.command === 'alignment' ? `align/c${index}${c.ext}` : `in${c.ext}`);
    fs.writeFileSync(hostile, input.bytes ?? input.text);
    let argv: string[];
    if (c.command === 'import-system') argv = ['import-system', project, '--name', 'fuzz', hostile];
    else {
      const name = `c${index}`;
      writeWav(path.join(work, 'audio', `${name}.wav`), 0.5, 8000, () => 0);
      if (c.command !== 'alignment')
        fs.writeFileSync(
          path.join(work, 'align', `${name}.ctm`),
          `${name} 1 0.1 0.1 from\n${name} 1 0.2 0.1 bonn\n`,
        );
      argv = [
        'import',
        project,
        '--audio',
        path.join(work, 'audio'),
        '--alignment',
        path.join(work, 'align'),
      ];
      if (c.command === 'trees') argv.push('--trees', hostile);
      if (c.command === 'entities') argv.push('--entities', hostile);
    }
    const before = projectHash(project);
    const start = performance.now();
    let code: number;
    const label = `${argv[0]} ${c.ext} (${c.reader})`;
    try {
      code = await runCli(argv, { out: () => {}, err: () => {}, cwd: work });
    } catch (err) {
      const message = err instanceof Error ? `${err.name}: ${err.message.slice(0, 300)}` : String(err);
      failures.push({ seed, index, command: label, problem: 'throw', message });
      code = -1;
    }
    slowestMs = Math.max(slowestMs, performance.now() - start);
    if (code !== 0) {
      failed++;
      if (projectHash(project) !== before)
        failures.push({
          seed,
          index,
          command: label,
          problem: 'changed',
          message: `exit ${code}, project changed`,
        });
    }
  }
  return {
    imports: count,
    failed,
    succeeded: count - failed,
    failures,
    slowestMs,
    totalMs: performance.now() - t0,
  };
}
