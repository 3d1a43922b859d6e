import path from 'node:path';
import { EXPORT_FORMATS, type ExportFormat, exportGold } from '../../export/exportGold';
import { AppError } from '../../../core/errors';
import { sqliteFailure } from '../../store/projectFile';
import { ProjectStore } from '../../store/projectStore';
import type { Command } from '../command';
import { alternatives, choiceOption, parseCliArgs, positionalArgs, requiredOption } from '../options';

/** `sieve export PROJECT --format F OUT`: the gold standard for other tools. */
export const exportCommand: Command = {
  name: 'export',
  summary: 'Export the gold standard (gold JSON Lines, Praat TextGrids, timed PTB, CoNLL, CTM, sclite trn)',
  usage:
    `sieve export PROJECT.sieve --format ${EXPORT_FORMATS.join('|')} [--tree NAME] OUT\n` +
    '  jsonl: everything, re-importable with `sieve import --alignment OUT`; textgrid: OUT is a folder,\n' +
    '  one TextGrid per utterance with words, entities and one tier per tree level; ptb: one tree per\n' +
    '  utterance (--tree NAME, else the first) with timed leaves word@start-end; conll: word start end BIO-tag',
  run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: { format: { type: 'string' }, tree: { type: 'string' } },
      allowPositionals: true,
    });
    const [project, out] = positionalArgs(positionals, ['PROJECT.sieve', 'OUT']) as [string, string];
    const format = choiceOption<ExportFormat>(
      '--format',
      requiredOption('--format', values.format, alternatives(EXPORT_FORMATS)),
      EXPORT_FORMATS,
    );
    const file = path.resolve(io.cwd, project);
    let store: ProjectStore;
    let damaged = false;
    try {
      store = ProjectStore.open(file);
    } catch (err) {
      // A damaged project: copy out every utterance that still reads, and name the ones that do not.
      const what = err instanceof AppError && (err.details as { damaged?: string } | undefined)?.damaged;
      if (!what) throw err;
      io.err(`sieve export: ${file} is damaged (${what}); exporting what still reads\n`);
      store = ProjectStore.open(file, { salvage: true });
      damaged = true;
    }
    const unreadable: string[] = [];
    try {
      const files = exportGold(store, format, path.resolve(io.cwd, out), {
        tree: values.tree,
        onUnreadable: damaged ? (id) => unreadable.push(id) : undefined,
        onLeftOut: (id, note) => io.err(`sieve export: utterance "${id}": ${note}\n`),
      });
      io.out(`wrote ${files.length === 1 ? files[0] : `${files.length} files`}\n`);
      if (unreadable.length > 0)
        io.err(
          `sieve export: ${unreadable.length} utterance(s) could not be read and are not in the export: ` +
            `${unreadable.join(', ')}\n`,
        );
      return damaged ? 1 : 0;
    } catch (err) {
      throw damaged ? sqliteFailure(file, err) : err;
    } finally {
      store.close();
    }
  },
};
