import path from 'node:path';
import { createProject } from '../../store/createProject';
import type { Command } from '../command';
import { parseCliArgs, positionalArgs } from '../options';
import { readTextFileOrThrow } from '../../import/readTextFile';

/** `sieve create OUT.sieve MANIFEST.json`: a new project from audio files and word timings. */
export const create: Command = {
  name: 'create',
  summary: 'Create a project file from a JSON manifest of audio and word timings',
  usage: 'sieve create OUT.sieve MANIFEST.json',
  async run(args, io) {
    const { positionals } = parseCliArgs({ args, options: {}, allowPositionals: true });
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
    await createProject(out, manifest as never, path.dirname(manifestPath));
    io.out(`created ${out}\n`);
    return 0;
  },
};
