import path from 'node:path';
import { exportAnnotator as writeExport } from '../../team/exportAnnotator';
import type { Command } from '../command';
import { parseCliArgs, positionalArgs, requiredOption } from '../options';

/** `sieve export-annotator PROJECT --annotator NAME --out FILE.sieve`: an annotator's share, to take home. */
export const exportAnnotator: Command = {
  name: 'export-annotator',
  summary: "Write one annotator's utterances, audio and layer as a project of its own, to annotate offline",
  usage:
    'sieve export-annotator PROJECT.sieve --annotator NAME --out FILE.sieve [--no-audio] [--force]\n' +
    '  the utterances assigned to NAME (every utterance when none is), their audio copied into FILE-audio/\n' +
    "  beside FILE.sieve, and NAME's layer of each (the adjudicated words when NAME has none yet); no other\n" +
    "  annotator's layer, and with blind annotation no adjudicated trees, entities or concepts. The project is\n" +
    '  only read. --no-audio: refer to the audio where the project has it instead of copying it;\n' +
    '  --force: replace FILE.sieve (and files of the same name in FILE-audio/). `sieve merge` brings it back',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        annotator: { type: 'string' },
        out: { type: 'string' },
        'no-audio': { type: 'boolean' },
        force: { type: 'boolean' },
      },
      allowPositionals: true,
    });
    const [project] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const annotator = requiredOption(
      '--annotator',
      values.annotator,
      "NAME, one of the project's annotators",
    );
    const out = requiredOption('--out', values.out, 'FILE.sieve, the project file to write');
    const s = await writeExport(path.resolve(io.cwd, project), {
      annotator,
      out: path.resolve(io.cwd, out),
      audio: values['no-audio'] ? 'reference' : 'copy',
      force: values.force ?? false,
    });
    if (s.allUtterances)
      io.err(
        `note: ${annotator} has no assigned utterances, so every utterance of the project was exported\n`,
      );
    io.out(
      `wrote ${s.file}: ${s.utterances} utterances of ${s.annotator} (${s.newLayers} starting from the ` +
        `adjudicated words), ${s.audioFiles} audio files ` +
        (s.audioFolder ? `copied to ${s.audioFolder}` : 'referenced where the project has them') +
        (s.blind ? '; blind: no adjudicated trees, entities or concepts' : '') +
        '\n',
    );
    return 0;
  },
};
