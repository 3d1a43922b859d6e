import fs from 'node:fs';
import path from 'node:path';
import { attachEntities, attachTrees } from '../../import/attachAnnotation';
import { scanCorpus } from '../../import/scanCorpus';
import { firstOf, issueLines, moreLine } from '../../import/issueList';
import { writeCorpus } from '../../import/writeCorpus';
import type { Command } from '../command';
import { optionError, parseCliArgs, positionalArgs, requiredOption } from '../options';

export { formatIssue } from '../../import/issueList';

/** `sieve import PROJECT --audio DIR --alignment DIR|FILE`: audio and alignments paired by name, all or nothing. */
export const importCorpus: Command = {
  name: 'import',
  summary: 'Import audio with word alignments into a project (created if missing), all or nothing',
  usage:
    'sieve import PROJECT.sieve --audio DIR --alignment DIR|FILE [--trees FILE [--tree-name NAME] [--typed]]\n' +
    '       [--entities FILE] [--name NAME] [--dry-run]\n' +
    '  pairs audio files (WAV, FLAC, MP3, Ogg) with alignments of the same name (Praat TextGrid, CTM,\n' +
    '  WhisperX/Gentle JSON, ELAN EAF, gold JSON Lines); each pair becomes one utterance spanning its audio\n' +
    '  file. --trees: a bracket file, one tree per utterance (`# id = ID` before a tree, or in order);\n' +
    '  --entities: inline SGML (one utterance per line), CoNLL or JSON spans, in utterance order',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        audio: { type: 'string' },
        alignment: { type: 'string' },
        name: { type: 'string' },
        trees: { type: 'string' },
        'tree-name': { type: 'string' },
        typed: { type: 'boolean' },
        entities: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
      allowPositionals: true,
    });
    const [projectArg] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const audioArg = requiredOption('--audio', values.audio, 'DIR, a folder of audio files');
    const alignmentArg = requiredOption(
      '--alignment',
      values.alignment,
      'DIR or FILE: alignments named like the audio files (TextGrid, CTM, JSON, EAF, gold JSON Lines)',
    );
    const project = path.resolve(io.cwd, projectArg);
    const audioDir = path.resolve(io.cwd, audioArg);
    const alignment = path.resolve(io.cwd, alignmentArg);
    const given: [string, string | undefined, string][] = [
      ['--audio', audioArg, 'an existing folder of audio files'],
      ['--alignment', alignmentArg, 'an existing folder or file of alignments'],
      ['--trees', values.trees, 'an existing bracket file'],
      ['--entities', values.entities, 'an existing entity file (SGML, CoNLL or JSON)'],
    ];
    for (const [flag, value, expected] of given) {
      if (value !== undefined && !fs.existsSync(path.resolve(io.cwd, value)))
        throw optionError(flag, value, `${expected}; ${path.resolve(io.cwd, value)} does not exist`);
    }
    const create = !fs.existsSync(project);
    const scanned = scanCorpus({
      audioDir,
      alignment,
      name: values.name ?? (create ? path.basename(project, path.extname(project)) : undefined),
    });
    if (values.trees)
      attachTrees(
        scanned,
        path.resolve(io.cwd, values.trees),
        values['tree-name'] ?? 'syntax',
        values.typed ?? false,
      );
    if (values.entities) attachEntities(scanned, path.resolve(io.cwd, values.entities));
    for (const l of issueLines(scanned.warnings, 'warnings', 'warning: ')) io.err(`${l}\n`);
    const skipped = firstOf(scanned.skipped);
    for (const s of skipped.listed) io.out(`skipped  ${s.item}: ${s.reason}\n`);
    if (skipped.more > 0) io.out(`skipped  ${moreLine(skipped.more, 'items')}\n`);
    if (scanned.errors.length > 0) {
      for (const l of issueLines(scanned.errors, 'errors')) io.err(`${l}\n`);
      io.err(
        `sieve import: ${scanned.errors.length.toLocaleString('en-US')} error(s); nothing was imported\n`,
      );
      return 1;
    }
    if (scanned.corpus.utterances.length === 0) {
      io.err(
        `sieve import: ${scanned.nothing ?? 'no audio file has an alignment of the same name'}; nothing was imported\n`,
      );
      return 1;
    }
    if (values['dry-run']) {
      io.out(`would import ${scanned.corpus.utterances.length} utterances into ${project}\n`);
      return 0;
    }
    const summary = await writeCorpus(project, scanned.corpus, { create });
    io.out(
      `${summary.created ? 'created' : 'updated'} ${project}: ${summary.utterances} utterances, ` +
        `${summary.words} words, ${summary.trees} trees, ${summary.entities} entities, ` +
        `${summary.concepts} concepts, ${summary.audioFiles} audio files added; ${scanned.skipped.length} skipped\n`,
    );
    return 0;
  },
};
