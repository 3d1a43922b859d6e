import path from 'node:path';
import { EXPORT_FORMATS, type ExportFormat, exportGold } from '../../export/exportGold';
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
    const store = ProjectStore.open(path.resolve(io.cwd, project));
    try {
      const files = exportGold(store, format, path.resolve(io.cwd, out), { tree: values.tree });
      io.out(`wrote ${files.length === 1 ? files[0] : `${files.length} files`}\n`);
      return 0;
    } finally {
      store.close();
    }
  },
};
