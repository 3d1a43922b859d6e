// Builds a new `.sieve` file from a project manifest, all or nothing.
import path from 'node:path';
import { AppError } from '../../core/errors';
import { ProjectManifest, type ProjectManifestInput } from '../../core/model/projectManifest';
import { type CorpusWriteSummary, writeCorpus } from '../import/writeCorpus';

/**
 * Writes a project file for `input`, with audio paths (relative to `baseDir`) stored relative to the
 * project file. The file appears only when complete: it is built under a temporary name and renamed.
 * With `annotator`, the manifest's gold is that annotator's layer (see `writeCorpus`).
 */
export async function createProject(
  file: string,
  input: ProjectManifestInput,
  baseDir: string,
  options: { annotator?: string } = {},
): Promise<CorpusWriteSummary> {
  const parsed = ProjectManifest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('INVALID_INPUT', `Manifest: ${issue.path.join('.') || '(root)'}: ${issue.message}`, {
      issues: parsed.error.issues,
    });
  }
  const m = parsed.data;
  return writeCorpus(
    file,
    {
      name: m.name,
      description: m.description,
      audio: m.audio.map((a) => ({ key: a.id, file: path.resolve(baseDir, a.path) })),
      utterances: m.utterances,
      systems: m.systems.map((sys) => ({
        name: sys.name,
        sourceFiles: ['manifest'],
        settings: sys.description ? { description: sys.description } : {},
        outputs: sys.outputs,
      })),
    },
    { create: true, ...(options.annotator !== undefined ? { annotator: options.annotator } : {}) },
  );
}
