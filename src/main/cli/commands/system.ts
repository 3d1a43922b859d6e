import path from 'node:path';
import { ProjectStore } from '../../store/projectStore';
import type { Command } from '../command';
import { OptionError, choiceOption, parseCliArgs, positionalArgs } from '../options';

const ACTIONS = ['list', 'rename', 'delete'] as const;

/**
 * `sieve system list|rename|delete PROJECT …`: the systems of a project. Deleting takes the system's
 * outputs and cached scores with it, and is done only with `--yes` (without it, it says what would go).
 */
export const system: Command = {
  name: 'system',
  summary: "List, rename or delete a project's systems (a deleted system's outputs and cached scores go too)",
  usage:
    'sieve system list PROJECT.sieve [--json]\n' +
    '       sieve system rename PROJECT.sieve OLD NEW\n' +
    '       sieve system delete PROJECT.sieve NAME --yes\n' +
    '  delete without --yes only says what would be deleted',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { json: { type: 'boolean' }, yes: { type: 'boolean' } },
      allowPositionals: true,
    });
    const [actionArg] = positionalArgs(positionals, ['list|rename|delete', 'PROJECT.sieve'], true);
    const action = choiceOption('action', actionArg!, ACTIONS);
    const names: Record<(typeof ACTIONS)[number], string[]> = {
      list: ['PROJECT.sieve'],
      rename: ['PROJECT.sieve', 'OLD', 'NEW'],
      delete: ['PROJECT.sieve', 'NAME'],
    };
    const [project, a, b] = positionalArgs(positionals.slice(1), names[action]);
    if (values.json && action !== 'list')
      throw new OptionError('--json: only `sieve system list` prints JSON');
    if (values.yes && action !== 'delete')
      throw new OptionError('--yes: only `sieve system delete` asks for it');
    const store = ProjectStore.open(path.resolve(io.cwd, project!));
    try {
      if (action === 'list') {
        const systems = store.systems();
        if (values.json) io.out(`${JSON.stringify(systems)}\n`);
        else if (systems.length === 0) io.out('no systems\n');
        else for (const s of systems) io.out(`${s.name}\t${s.outputs} outputs\timported ${s.importedAt}\n`);
        return 0;
      }
      if (action === 'rename') {
        const renamed = store.renameSystem(a!, b!);
        io.out(`renamed system "${a}" to "${renamed.name}"\n`);
        return 0;
      }
      if (!values.yes) {
        const sys = store.systems().find((s) => s.name === a);
        // An unknown name is refused by the store below, as for `rename`.
        if (sys) {
          const cached = store.db
            .prepare('SELECT count(*) FROM score_cache WHERE system_id = ?')
            .pluck()
            .get(sys.id) as number;
          io.err(
            `sieve system: this would delete system "${sys.name}" with its ${sys.outputs} outputs and ` +
              `${cached} cached scores; nothing was deleted. Run again with --yes to delete it.\n`,
          );
          return 1;
        }
      }
      const gone = store.deleteSystem(a!);
      io.out(
        `deleted system "${gone.name}": ${gone.outputs} outputs and ${gone.cachedScores} cached scores removed\n`,
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
