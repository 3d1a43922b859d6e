import fs from 'node:fs';
import path from 'node:path';
import { createProject } from '../../store/createProject';
import type { Command } from '../command';

/** `sieve create OUT.sieve MANIFEST.json`: a new project from audio files and word timings. */
export const create: Command = {
  name: 'create',
  summary: 'Create a project file from a JSON manifest of audio and word timings',
  usage: 'sieve create OUT.sieve MANIFEST.json',
  async run(args, io) {
    if (args.length !== 2) {
      io.err(`usage: ${this.usage}\n`);
      return 2;
    }
    const out = path.resolve(io.cwd, args[0]!);
    const manifestPath = path.resolve(io.cwd, args[1]!);
    let manifest: unknown;
    try {
      manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch (err) {
      io.err(`${manifestPath}: ${(err as Error).message}\n`);
      return 1;
    }
    await createProject(out, manifest as never, path.dirname(manifestPath));
    io.out(`created ${out}\n`);
    return 0;
  },
};
