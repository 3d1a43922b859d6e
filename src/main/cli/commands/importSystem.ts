import path from 'node:path';
import { readSystemFiles } from '../../import/readSystemFiles';
import { ProjectStore } from '../../store/projectStore';
import { importSystemOutputs } from '../../store/systemStore';
import type { Command } from '../command';
import { parseCliArgs, positionalArgs, requiredOption } from '../options';
import { issueLines } from '../../import/issueList';

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
    const { values, positionals } = parseCliArgs({
      args,
      options: { name: { type: 'string' } },
      allowPositionals: true,
    });
    const [projectArg, ...fileArgs] = positionalArgs(positionals, ['PROJECT.sieve', 'FILE'], true) as [
      string,
      ...string[],
    ];
    const name = requiredOption('--name', values.name, "NAME, the system's name in the project");
    const files = fileArgs.map((f) => path.resolve(io.cwd, f));
    const read = readSystemFiles(files);
    for (const l of issueLines(read.warnings, 'warnings', 'warning: ')) io.err(`${l}\n`);
    if (read.errors.length > 0) {
      for (const l of issueLines(read.errors, 'errors')) io.err(`${l}\n`);
      io.err(
        `sieve import-system: ${read.errors.length.toLocaleString('en-US')} error(s); nothing was imported\n`,
      );
      return 1;
    }
    const store = ProjectStore.open(path.resolve(io.cwd, projectArg));
    try {
      store.assertWritable();
      const s = importSystemOutputs(store.db, name, read.outputs, files);
      for (const k of s.skipped) io.out(`skipped  ${k.id}: ${k.reason}\n`);
      for (const id of s.uncovered) io.out(`no output  ${id}\n`);
      const c = s.counts;
      io.out(
        `${s.replaced ? 'replaced' : 'imported'} system "${s.system.name}": ${s.added} utterances ` +
          `(${c.words} words, ${c.trees} trees, ${c.entities} entities, ${c.concepts} concepts, ${c.nbest} N-best lists)` +
          `${s.skipped.length > 0 ? `; ${s.skipped.length} output(s) for utterances the project does not have, skipped` : ''}` +
          `${s.uncovered.length > 0 ? `; ${s.uncovered.length} utterance(s) without output, scored as empty hypotheses` : ''}\n`,
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
