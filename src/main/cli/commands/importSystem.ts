import path from 'node:path';
import { parseArgs } from 'node:util';
import { readSystemFiles } from '../../import/readSystemFiles';
import { ProjectStore } from '../../store/projectStore';
import { importSystemOutputs } from '../../store/systemStore';
import type { Command } from '../command';
import { formatIssue } from './import';

/** `sieve import-system PROJECT --name NAME FILE…`: a system's outputs, replacing an earlier import. */
export const importSystem: Command = {
  name: 'import-system',
  summary:
    "Import a system's outputs (JSON Lines, CTM, concepts, N-best) into a project; re-importing replaces them",
  usage:
    'sieve import-system PROJECT.sieve --name NAME FILE...\n' +
    '  FILE: .jsonl (one output per utterance: words, trees, entities, concepts, nbest; see docs/formats.md)\n' +
    '        .ctm (recognized words with times), .concepts (ID attr:value …), .nbest (N-best JSON Lines);\n' +
    '        several files may give different parts of one output',
  run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: { name: { type: 'string' } },
      allowPositionals: true,
    });
    if (positionals.length < 2 || !values.name) {
      io.err(`usage: ${this.usage}\n`);
      return 2;
    }
    const [projectArg, ...fileArgs] = positionals as [string, ...string[]];
    const files = fileArgs.map((f) => path.resolve(io.cwd, f));
    const read = readSystemFiles(files);
    for (const w of read.warnings) io.err(`warning: ${formatIssue(w)}\n`);
    if (read.errors.length > 0) {
      for (const e of read.errors) io.err(`${formatIssue(e)}\n`);
      io.err(`sieve import-system: ${read.errors.length} error(s); nothing was imported\n`);
      return 1;
    }
    const store = ProjectStore.open(path.resolve(io.cwd, projectArg));
    try {
      const s = importSystemOutputs(store.db, values.name, read.outputs, files);
      for (const k of s.skipped) io.out(`skipped  ${k.id}: ${k.reason}\n`);
      io.out(
        `${s.replaced ? 'replaced' : 'imported'} system "${s.system.name}": ${s.added} utterances` +
          `${s.skipped.length > 0 ? `, ${s.skipped.length} skipped` : ''}\n`,
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
