import path from 'node:path';
import type { AgreementOptions } from '../../../core/agreement/signature';
import { agreementCsv, agreementJson, agreementMarkdown } from '../../agreement/agreementText';
import { projectAgreement } from '../../agreement/projectAgreement';
import { listAnnotators } from '../../store/annotatorStore';
import { ProjectStore } from '../../store/projectStore';
import type { Command } from '../command';
import {
  alternatives,
  choiceOption,
  integerOption,
  optionError,
  parseCliArgs,
  positionalArgs,
} from '../options';

const FORMATS = ['md', 'json', 'csv'] as const;

/** `--tolerances 10,20,50`: boundary tolerances in milliseconds, each a number ≥ 0, at least one. */
function tolerancesOption(value: string): number[] {
  const items = value.split(',').map((v) => v.trim());
  const ms = items.map((v) => (v === '' ? Number.NaN : Number(v)));
  if (ms.length === 0 || ms.some((t) => !Number.isFinite(t) || t < 0 || t > 60_000))
    throw optionError('--tolerances', value, 'a comma-separated list of milliseconds from 0 to 60000');
  return ms;
}

/** `sieve agreement PROJECT`: agreement between the project's annotators, per pair, with intervals and n. */
export const agreement: Command = {
  name: 'agreement',
  summary:
    "Agreement between a project's annotators per pair (boundaries, words, trees, entities, concepts, κ and α) with 95% intervals, and adjudication progress",
  usage:
    'sieve agreement PROJECT.sieve [--annotators A,B[,C…]] [--format md|json|csv] [--utterances]\n' +
    '  [--tolerances MS,MS,…] [--resamples N] [--seed S] [--error-rate symmetric|b-against-a]\n' +
    '  [--costs sclite|equal] [--case-sensitive] [--entity-tolerance WORDS]\n' +
    "  words are compared as the project's scoring settings say (Ignore case) unless --case-sensitive is given;\n" +
    '  compares every pair of the annotators (all of the project when --annotators is not given) on the\n' +
    '  utterances both annotated; --utterances adds every utterance’s figures, most differences first.\n' +
    '  Every option that changes a figure is in the signature printed with it; an undefined figure is —\n' +
    '  in md, an empty cell with its reason in csv and null in json, never 0',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        annotators: { type: 'string' },
        format: { type: 'string', default: 'md' },
        utterances: { type: 'boolean', default: false },
        tolerances: { type: 'string' },
        resamples: { type: 'string' },
        seed: { type: 'string' },
        'error-rate': { type: 'string' },
        costs: { type: 'string' },
        'case-sensitive': { type: 'boolean', default: false },
        'entity-tolerance': { type: 'string' },
      },
      allowPositionals: true,
    });
    const [project] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const format = choiceOption('--format', values.format, FORMATS);
    const base: AgreementOptions = {
      ...(values.tolerances !== undefined
        ? { boundaryTolerancesMs: tolerancesOption(values.tolerances) }
        : {}),
      ...(values['error-rate'] !== undefined
        ? {
            errorRate: choiceOption('--error-rate', values['error-rate'], [
              'symmetric',
              'b-against-a',
            ] as const),
          }
        : {}),
      ...(values.costs !== undefined
        ? { costs: choiceOption('--costs', values.costs, ['sclite', 'equal'] as const) }
        : {}),
      ...(values['entity-tolerance'] !== undefined
        ? {
            ne: {
              tolerance: integerOption('--entity-tolerance', values['entity-tolerance'], 1, { max: 1000 }),
            },
          }
        : {}),
      bootstrap: {
        resamples: integerOption('--resamples', values.resamples, 1000, { min: 1, max: 1_000_000 }),
        seed: integerOption('--seed', values.seed, 12345, { min: 0, max: 0xffffffff }),
      },
    };
    const store = ProjectStore.open(path.resolve(io.cwd, project));
    try {
      // Words are compared as the project's scoring compares them (Ignore case), unless told otherwise.
      const options: AgreementOptions = {
        ...base,
        ignoreCase: values['case-sensitive'] ? false : store.scoringSettings().settings.ignoreCase,
      };
      let annotators: string[] | undefined;
      if (values.annotators !== undefined) {
        annotators = values.annotators.split(',').map((s) => s.trim());
        const known = listAnnotators(store.db).map((a) => a.name);
        const unknown = annotators.filter((n) => !known.includes(n));
        if (unknown.length > 0 || annotators.length < 2)
          throw optionError(
            '--annotators',
            values.annotators,
            known.length >= 2
              ? `two or more annotators of the project: ${alternatives(known.map((n) => JSON.stringify(n)))}`
              : `two or more annotators; the project has ${known.length === 0 ? 'none' : `only ${JSON.stringify(known[0])}`}`,
          );
      }
      const model = projectAgreement(store.db, {
        project: store.summary().name,
        ...(annotators ? { annotators } : {}),
        options,
      });
      const shown = { utterances: values.utterances };
      io.out(
        format === 'json'
          ? agreementJson(model, shown)
          : format === 'csv'
            ? agreementCsv(model, shown)
            : agreementMarkdown(model, shown),
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
