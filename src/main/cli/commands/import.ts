import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type ImportIssue, scanCorpus } from '../../import/scanCorpus';
import { writeCorpus } from '../../import/writeCorpus';
import type { Command } from '../command';

/** `file:line:col: message`, the form editors and terminals link to. */
export function formatIssue(i: ImportIssue): string {
  return `${i.file}${i.line !== undefined ? `:${i.line}:${i.column ?? 1}` : ''}: ${i.message}`;
}

/** `sieve import PROJECT --audio DIR --alignment DIR|FILE`: audio and alignments paired by name, all or nothing. */
export const importCorpus: Command = {
  name: 'import',
  summary: 'Import audio with word alignments into a project (created if missing), all or nothing',
  usage:
    'sieve import PROJECT.sieve --audio DIR --alignment DIR|FILE [--name NAME] [--dry-run]\n' +
    '  pairs audio files (WAV, FLAC, MP3, Ogg) with alignments of the same name (Praat TextGrid, CTM,\n' +
    '  WhisperX/Gentle JSON, ELAN EAF); each pair becomes one utterance spanning its audio file',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        audio: { type: 'string' },
        alignment: { type: 'string' },
        name: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
      allowPositionals: true,
    });
    if (positionals.length !== 1 || !values.audio || !values.alignment) {
      io.err(`usage: ${this.usage}\n`);
      return 2;
    }
    const project = path.resolve(io.cwd, positionals[0]!);
    const audioDir = path.resolve(io.cwd, values.audio);
    const alignment = path.resolve(io.cwd, values.alignment);
    for (const p of [audioDir, alignment]) {
      if (!fs.existsSync(p)) {
        io.err(`sieve import: ${p} does not exist\n`);
        return 1;
      }
    }
    const create = !fs.existsSync(project);
    const scanned = scanCorpus({
      audioDir,
      alignment,
      name: values.name ?? (create ? path.basename(project, path.extname(project)) : undefined),
    });
    for (const w of scanned.warnings) io.err(`warning: ${formatIssue(w)}\n`);
    for (const s of scanned.skipped) io.out(`skipped  ${s.item}: ${s.reason}\n`);
    if (scanned.errors.length > 0) {
      for (const e of scanned.errors) io.err(`${formatIssue(e)}\n`);
      io.err(`sieve import: ${scanned.errors.length} error(s); nothing was imported\n`);
      return 1;
    }
    if (scanned.corpus.utterances.length === 0) {
      io.err('sieve import: no audio file has an alignment of the same name; nothing was imported\n');
      return 1;
    }
    if (values['dry-run']) {
      io.out(`would import ${scanned.corpus.utterances.length} utterances into ${project}\n`);
      return 0;
    }
    const summary = await writeCorpus(project, scanned.corpus, { create });
    io.out(
      `${summary.created ? 'created' : 'updated'} ${project}: ${summary.utterances} utterances, ` +
        `${summary.words} words, ${summary.audioFiles} audio files added; ${scanned.skipped.length} skipped\n`,
    );
    return 0;
  },
};
