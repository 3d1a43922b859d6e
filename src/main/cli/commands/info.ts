import path from 'node:path';
import { ProjectStore } from '../../store/projectStore';
import type { Command } from '../command';
import { parseCliArgs, positionalArgs } from '../options';

/** `sieve info FILE.sieve`: counts of utterances, words, gold trees, entities and concepts, audio files, and audio problems. */
export const info: Command = {
  name: 'info',
  summary: 'Show what a project file holds',
  usage: 'sieve info FILE.sieve [--json]',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { json: { type: 'boolean' } },
      allowPositionals: true,
    });
    const [project] = positionalArgs(positionals, ['FILE.sieve']) as [string];
    const store = ProjectStore.open(path.resolve(io.cwd, project));
    try {
      const s = store.summary();
      if (values.json) {
        io.out(`${JSON.stringify(s)}\n`);
      } else {
        const lines = [
          `project      ${s.name}`,
          `file         ${s.path}`,
          `schema       v${s.schemaVersion}${s.readOnly ? ' (read-only: this file cannot be written)' : ''}`,
          `utterances   ${s.utterances}`,
          `words        ${s.words}`,
          `trees        ${s.trees}`,
          `entities     ${s.entities}`,
          `concepts     ${s.concepts}`,
          `audio files  ${s.audioFiles}`,
          ...s.audioProblems.map((a) => `  ${a.state.padEnd(8)} ${a.path}`),
        ];
        io.out(`${lines.join('\n')}\n`);
      }
      return 0;
    } finally {
      store.close();
    }
  },
};
