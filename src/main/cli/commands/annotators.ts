import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_SEED } from '../../../core/stats/prng';
import {
  type AssignmentRule,
  addAnnotator,
  annotatorId,
  assign,
  assignByRule,
  listAnnotators,
  setTeamSettings,
  teamSettings,
} from '../../store/annotatorStore';
import { ProjectStore } from '../../store/projectStore';
import type { CliIo, Command } from '../command';
import {
  choiceOption,
  integerOption,
  numberOption,
  optionError,
  parseCliArgs,
  positionalArgs,
} from '../options';
import { OptionError } from '../options';

const ACTIONS = ['list', 'add', 'assign', 'owner', 'blind'] as const;

/** The annotators, their counts and the team settings, as a table (or JSON). */
function printList(store: ProjectStore, io: CliIo, json: boolean): void {
  const annotators = listAnnotators(store.db);
  const team = teamSettings(store.db);
  if (json) {
    io.out(`${JSON.stringify({ annotators, ...team })}\n`);
    return;
  }
  const width = Math.max(9, ...annotators.map((a) => a.name.length));
  const lines = [
    `${'annotator'.padEnd(width)}  assigned      done`,
    ...annotators.map(
      (a) =>
        `${a.name.padEnd(width)}  ${a.assigned.toLocaleString('en-US').padStart(8)}  ${a.done.toLocaleString('en-US').padStart(8)}` +
        (a.name === team.owner ? '  (owner)' : ''),
    ),
    `owner: ${team.owner ?? '—'}; blind annotation: ${team.blind ? 'on' : 'off'}`,
  ];
  io.out(`${lines.join('\n')}\n`);
}

/** The utterance ids of `--utterances FILE`: one a line, blank lines and `#` comments left out. */
function idsOfFile(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/**
 * `sieve annotators PROJECT list|add NAME|assign …|owner NAME|blind on|off`: a project's annotators,
 * what they are assigned, the owner's annotator and blind annotation.
 */
export const annotators: Command = {
  name: 'annotators',
  summary: "List and add a project's annotators, assign them utterances, set the owner and blind annotation",
  usage:
    'sieve annotators PROJECT.sieve list [--json]\n' +
    '       sieve annotators PROJECT.sieve add NAME\n' +
    '       sieve annotators PROJECT.sieve assign NAME (ID... | --utterances FILE)\n' +
    '       sieve annotators PROJECT.sieve assign (--every K | --sample P [--seed N]) [--annotators A,B,...]\n' +
    '       sieve annotators PROJECT.sieve owner NAME\n' +
    '       sieve annotators PROJECT.sieve blind on|off\n' +
    "  add: a new annotator (a name without commas; 'adjudicated' names the adjudicated layer).\n" +
    '  assign: utterances to an annotator, by id or listed in FILE (one id a line), each getting their own\n' +
    "  layer that starts from the project's word alignment; or every utterance by a rule, among the\n" +
    '  annotators given (all by default), in project order: --every K gives utterance i to annotators\n' +
    '  i, i+1, ..., i+K-1 (in turn); --sample P gives each utterance to one annotator in turn and a random\n' +
    `  fraction P of them to the next one too (the agreement sample; drawn with --seed, default ${DEFAULT_SEED}).\n` +
    "  Assignments only add. owner: the annotator the project's owner works as (added if new).\n" +
    "  blind: whether an annotator's workspace hides the other annotators' work on an utterance (default on).",
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        json: { type: 'boolean' },
        utterances: { type: 'string' },
        every: { type: 'string' },
        sample: { type: 'string' },
        seed: { type: 'string' },
        annotators: { type: 'string' },
      },
      allowPositionals: true,
    });
    const [projectArg, actionArg, ...rest] = positionalArgs(
      positionals,
      ['PROJECT.sieve', 'ACTION'],
      true,
    ) as [string, string, ...string[]];
    const action = choiceOption('ACTION', actionArg, ACTIONS);
    const store = ProjectStore.open(path.resolve(io.cwd, projectArg));
    try {
      switch (action) {
        case 'list':
          positionalArgs(rest, []);
          printList(store, io, values.json ?? false);
          return 0;
        case 'add': {
          const [name] = positionalArgs(rest, ['NAME']) as [string];
          const a = store.write(() => addAnnotator(store.db, name));
          io.out(`added annotator ${a.name}\n`);
          return 0;
        }
        case 'owner': {
          const [name] = positionalArgs(rest, ['NAME']) as [string];
          store.write(() => setTeamSettings(store.db, { owner: name }));
          io.out(`the owner works as annotator ${name}\n`);
          return 0;
        }
        case 'blind': {
          const [on] = positionalArgs(rest, ['on|off']) as [string];
          const blind = choiceOption('blind', on, ['on', 'off'] as const) === 'on';
          store.write(() => setTeamSettings(store.db, { blind }));
          io.out(`blind annotation ${blind ? 'on' : 'off'}\n`);
          return 0;
        }
        case 'assign': {
          const added = assignCommand(store, rest, values, io);
          io.out(`${added.toLocaleString('en-US')} new assignment(s)\n`);
          printList(store, io, false);
          return 0;
        }
      }
    } finally {
      store.close();
    }
  },
};

/** `assign`'s two forms: by ids (or a file of them) to one annotator, or by rule. */
function assignCommand(
  store: ProjectStore,
  rest: string[],
  values: { utterances?: string; every?: string; sample?: string; seed?: string; annotators?: string },
  io: CliIo,
): number {
  const byRule = values.every !== undefined || values.sample !== undefined;
  if (!byRule) {
    for (const flag of ['seed', 'annotators'] as const)
      if (values[flag] !== undefined)
        throw optionError(`--${flag}`, values[flag]!, 'only with --every or --sample');
    const [name, ...ids] = positionalArgs(rest, ['NAME'], true) as [string, ...string[]];
    if (values.utterances !== undefined) {
      if (ids.length > 0) throw new OptionError(`arguments: ids and --utterances FILE; expected one of them`);
      const file = path.resolve(io.cwd, values.utterances);
      if (!fs.existsSync(file))
        throw optionError(
          '--utterances',
          values.utterances,
          `a file of utterance ids; ${file} does not exist`,
        );
      ids.push(...idsOfFile(file));
    } else if (ids.length === 0)
      throw new OptionError('arguments: no utterance ids; expected NAME ID... or NAME --utterances FILE');
    return store.write(() => assign(store.db, annotatorId(store.db, name), ids));
  }
  if (values.every !== undefined && values.sample !== undefined)
    throw optionError('--sample', values.sample, 'not with --every: one rule at a time');
  if (values.utterances !== undefined)
    throw optionError('--utterances', values.utterances, 'not with a rule');
  positionalArgs(rest, []);
  let rule: AssignmentRule;
  if (values.every !== undefined) {
    if (values.seed !== undefined) throw optionError('--seed', values.seed, 'only with --sample');
    rule = { kind: 'every', k: integerOption('--every', values.every, 1, { min: 1, max: 100 }) };
  } else
    rule = {
      kind: 'sample',
      fraction: numberOption('--sample', values.sample, 0, { min: 0, max: 1, maxIncluded: true }),
      seed: integerOption('--seed', values.seed, DEFAULT_SEED, { min: 0, max: 0xffffffff }),
    };
  return store.write(() => {
    const names =
      values.annotators !== undefined
        ? values.annotators.split(',').map((n) => n.trim())
        : listAnnotators(store.db).map((a) => a.name);
    return assignByRule(
      store.db,
      names.map((n) => annotatorId(store.db, n)),
      rule,
    );
  });
}
