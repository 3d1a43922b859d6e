import path from 'node:path';
import { createProject } from '../../store/createProject';
import type { Command } from '../command';
import { optionError, parseCliArgs, positionalArgs } from '../options';
import { annotatorNameProblem } from '../../store/annotatorStore';
import { readTextFileOrThrow } from '../../import/readTextFile';

/** `sieve create OUT.sieve MANIFEST.json`: a new project from audio files and word timings. */
export const create: Command = {
  name: 'create',
  summary: 'Create a project file from a JSON manifest of audio and word timings',
  usage:
    'sieve create OUT.sieve MANIFEST.json [--annotator NAME]\n' +
    "  --annotator: the manifest's gold is that annotator's layer; the adjudicated layer gets the words",
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { annotator: { type: 'string' } },
      allowPositionals: true,
    });
    const problem = values.annotator === undefined ? null : annotatorNameProblem(values.annotator);
    if (problem !== null) throw optionError('--annotator', values.annotator!, problem);
    const [outArg, manifestArg] = positionalArgs(positionals, ['OUT.sieve', 'MANIFEST.json']) as [
      string,
      string,
    ];
    const out = path.resolve(io.cwd, outArg);
    const manifestPath = path.resolve(io.cwd, manifestArg);
    let manifest: unknown;
    try {
      const text = readTextFileOrThrow(manifestPath, manifestPath);
      try {
        manifest = JSON.parse(text);
      } catch (err) {
        throw new Error(`${manifestPath}: ${(err as Error).message}`, { cause: err });
      }
    } catch (err) {
      io.err(`${(err as Error).message}\n`);
      return 1;
    }
    await createProject(
      out,
      manifest as never,
      path.dirname(manifestPath),
      values.annotator !== undefined ? { annotator: values.annotator } : {},
    );
    io.out(
      `created ${out}${values.annotator !== undefined ? ` (annotator ${values.annotator}'s layer)` : ''}\n`,
    );
    return 0;
  },
};
