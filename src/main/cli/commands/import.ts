import fs from 'node:fs';
import path from 'node:path';
import { ALIGN_LANGUAGES, AlignerThread } from '../../forcedAlign/alignSpeech';
import { alignRecordings } from '../../import/alignRecordings';
import { attachEntities, attachTrees } from '../../import/attachAnnotation';
import { placeUntimedWords } from '../../import/placeUntimedWords';
import { type ScannedCorpus, scanCorpus } from '../../import/scanCorpus';
import { scanTranscripts } from '../../import/scanTranscripts';
import { firstOf, issueLines, moreLine } from '../../import/issueList';
import { writeCorpus } from '../../import/writeCorpus';
import type { CliIo, Command } from '../command';
import { choiceOption, numberOption, optionError, parseCliArgs, positionalArgs } from '../options';
import type { AlignmentReadOptions } from '../../import/alignmentReaders';
import { AUDIO_END_TOLERANCE_SEC } from '../../import/writeCorpus';
import { annotatorNameProblem } from '../../store/annotatorStore';

export { formatIssue } from '../../import/issueList';

/** Prints which recording the aligner is at, one line each, on stderr. */
function alignProgress(io: CliIo, what: string): (done: number, total: number, id: string) => void {
  return (done, total, id) => {
    if (id !== '') io.err(`${what} ${done + 1}/${total}: ${id}\n`);
  };
}

/**
 * Aligns the recordings of `--audio` to the transcripts of `--transcripts` with SIEVE's aligner; the
 * recordings that cannot be aligned are skipped with the reason, the rest become the corpus.
 */
async function scanAndAlign(
  io: CliIo,
  audioDir: string,
  transcripts: string,
  lang: (typeof ALIGN_LANGUAGES)[number],
  name: string | undefined,
): Promise<ScannedCorpus> {
  const t = scanTranscripts(audioDir, transcripts);
  const scanned: ScannedCorpus = {
    corpus: { ...(name ? { name } : {}), audio: [], utterances: [] },
    skipped: t.skipped,
    errors: t.errors,
    warnings: t.warnings,
    ...(t.nothing !== undefined ? { nothing: t.nothing } : {}),
  };
  if (t.errors.length > 0 || t.recordings.length === 0) return scanned;
  const aligner = new AlignerThread({ background: false });
  try {
    const aligned = await alignRecordings(
      t.recordings,
      lang,
      (r, o) => aligner.align(r, o),
      alignProgress(io, 'aligning'),
    );
    scanned.corpus.utterances = aligned.utterances;
    scanned.corpus.audio = aligned.utterances.map((u) => ({
      key: u.audio,
      file: t.recordings.find((r) => r.id === u.audio)!.audioFile,
    }));
    scanned.skipped.push(...aligned.failed);
    scanned.warnings.push(...aligned.warnings);
    if (aligned.utterances.length === 0)
      scanned.nothing = `no recording could be aligned; ${aligned.failed[0]!.item}: ${aligned.failed[0]!.reason}`;
  } finally {
    await aligner.close();
  }
  return scanned;
}

/** Places the words the alignment files left untimed with SIEVE's aligner (see `placeUntimedWords`). */
async function placeUntimed(
  io: CliIo,
  scanned: ScannedCorpus,
  lang: (typeof ALIGN_LANGUAGES)[number],
): Promise<void> {
  if (scanned.errors.length > 0 || (scanned.untimed ?? []).length === 0) return;
  const aligner = new AlignerThread({ background: false });
  try {
    const r = await placeUntimedWords(
      scanned,
      lang,
      (q, o) => aligner.align(q, o),
      alignProgress(io, 'placing untimed words'),
    );
    if (r.placed > 0)
      io.err(`placed ${r.placed} untimed word(s) in ${r.utterances} utterance(s) with SIEVE's aligner\n`);
  } finally {
    await aligner.close();
  }
}

/**
 * `sieve import PROJECT --audio DIR --alignment DIR|FILE` (audio and alignments paired by name) or
 * `--transcripts DIR|FILE` (aligned by SIEVE), all or nothing.
 */
export const importCorpus: Command = {
  name: 'import',
  summary: 'Import audio with word alignments into a project (created if missing), all or nothing',
  usage:
    'sieve import PROJECT.sieve --audio DIR (--alignment DIR|FILE | --transcripts DIR|FILE) [--lang en-us|fr-fr]\n' +
    '       [--tier NAME] [--segment-tier NAME] [--split-at-pause SECONDS] [--max-utterance SECONDS]\n' +
    '       [--trees FILE [--tree-name NAME] [--typed]] [--entities FILE] [--name NAME] [--annotator NAME]\n' +
    '       [--dry-run]\n' +
    '  pairs audio files (WAV, FLAC, MP3, Ogg) with alignments of the same name (Praat TextGrid, CTM,\n' +
    '  WhisperX/Gentle JSON, ELAN EAF, gold JSON Lines, STM segments); each pair becomes one utterance\n' +
    '  spanning its audio file, or several (NAME_0001 …) by segment tier, speaker tiers, WhisperX or STM\n' +
    '  segments;\n' +
    "  words an alignment left without times are placed by SIEVE's aligner between their neighbours, and so\n" +
    '  are the words of a tier of utterances (one interval or annotation per sentence) and of STM segments.\n' +
    '  --tier: the TextGrid/EAF tier to read (words, or utterances); --segment-tier: a tier of utterance\n' +
    '  segments to cut the words by (default: one named utterance(s), segment(s) or sentence(s));\n' +
    '  --split-at-pause: cut at pauses of at least SECONDS; --max-utterance: cut an utterance longer than\n' +
    `  SECONDS at its longest pause. Ends up to ${AUDIO_END_TOLERANCE_SEC * 1000} ms past the audio are moved onto its end, with a warning.\n` +
    "  --transcripts: SIEVE's aligner aligns each recording to its transcript (a folder of .txt/.lab files\n" +
    '  named like the audio, or one file of id<TAB>text lines, or an sclite .trn file); a recording that\n' +
    '  cannot be aligned is left out with the reason. --lang: the language spoken (default en-us).\n' +
    '  --trees: a bracket file, one tree per utterance (`# id = ID` before a tree, or in order);\n' +
    '  --entities: inline SGML (one utterance per line), CoNLL or JSON spans, in utterance order.\n' +
    "  --annotator: the gold is that annotator's layer (the annotator added and the utterances assigned to\n" +
    '  them if need be); utterances the project has keep their adjudicated gold, new ones get the words as\n' +
    '  their adjudicated starting point; a layer the annotator has edited is not overwritten',
  async run(args, io) {
    const { values, positionals } = parseCliArgs({
      args,
      options: {
        audio: { type: 'string' },
        alignment: { type: 'string' },
        transcripts: { type: 'string' },
        lang: { type: 'string' },
        name: { type: 'string' },
        trees: { type: 'string' },
        'tree-name': { type: 'string' },
        typed: { type: 'boolean' },
        entities: { type: 'string' },
        tier: { type: 'string' },
        'segment-tier': { type: 'string' },
        'split-at-pause': { type: 'string' },
        'max-utterance': { type: 'string' },
        'dry-run': { type: 'boolean' },
        annotator: { type: 'string' },
      },
      allowPositionals: true,
    });
    const [projectArg] = positionalArgs(positionals, ['PROJECT.sieve']) as [string];
    const audioArg = values.audio;
    if (audioArg === undefined || audioArg === '')
      throw optionError('--audio', null, 'DIR, a folder of audio files');
    const either =
      'either --alignment DIR|FILE (alignments named like the audio files: TextGrid, CTM, JSON, EAF, gold ' +
      'JSON Lines) or --transcripts DIR|FILE (transcripts for SIEVE to align)';
    if (values.alignment !== undefined && values.transcripts !== undefined)
      throw optionError('--transcripts', values.transcripts, `not with --alignment: ${either}`);
    if (values.alignment === undefined && values.transcripts === undefined)
      throw optionError('--alignment', null, either);
    const lang = choiceOption('--lang', values.lang ?? 'en-us', ALIGN_LANGUAGES);
    const annotatorProblem = values.annotator === undefined ? null : annotatorNameProblem(values.annotator);
    if (annotatorProblem !== null) throw optionError('--annotator', values.annotator!, annotatorProblem);
    const read: AlignmentReadOptions = {
      ...(values.tier !== undefined ? { tier: values.tier } : {}),
      ...(values['segment-tier'] !== undefined ? { segmentTier: values['segment-tier'] } : {}),
      ...(values['split-at-pause'] !== undefined
        ? {
            pauseSec: numberOption('--split-at-pause', values['split-at-pause'], 0, {
              min: 0.01,
              max: 3600,
              maxIncluded: true,
            }),
          }
        : {}),
      ...(values['max-utterance'] !== undefined
        ? {
            maxSec: numberOption('--max-utterance', values['max-utterance'], 0, {
              min: 0.1,
              max: 86400,
              maxIncluded: true,
            }),
          }
        : {}),
    };
    // How alignment files are read means nothing to transcripts, which SIEVE aligns whole.
    const readFlag = (['tier', 'segment-tier', 'split-at-pause', 'max-utterance'] as const).find(
      (k) => values[k] !== undefined,
    );
    if (values.transcripts !== undefined && readFlag !== undefined)
      throw optionError(
        `--${readFlag}`,
        values[readFlag]!,
        'only with --alignment (how alignment files are read)',
      );
    const project = path.resolve(io.cwd, projectArg);
    const audioDir = path.resolve(io.cwd, audioArg);
    const given: [string, string | undefined, string][] = [
      ['--audio', audioArg, 'an existing folder of audio files'],
      ['--alignment', values.alignment, 'an existing folder or file of alignments'],
      ['--transcripts', values.transcripts, 'an existing folder of transcripts, or a file of them'],
      ['--trees', values.trees, 'an existing bracket file'],
      ['--entities', values.entities, 'an existing entity file (SGML, CoNLL or JSON)'],
    ];
    for (const [flag, value, expected] of given) {
      if (value !== undefined && !fs.existsSync(path.resolve(io.cwd, value)))
        throw optionError(flag, value, `${expected}; ${path.resolve(io.cwd, value)} does not exist`);
    }
    const create = !fs.existsSync(project);
    const name = values.name ?? (create ? path.basename(project, path.extname(project)) : undefined);
    let scanned: ScannedCorpus;
    if (values.transcripts !== undefined) {
      const transcripts = path.resolve(io.cwd, values.transcripts);
      if (values['dry-run']) {
        const t = scanTranscripts(audioDir, transcripts);
        for (const s of firstOf(t.skipped).listed) io.out(`skipped  ${s.item}: ${s.reason}\n`);
        for (const l of issueLines(t.errors, 'errors')) io.err(`${l}\n`);
        if (t.errors.length > 0) return 1;
        io.out(`would align ${t.recordings.length} recordings and import them into ${project}\n`);
        return 0;
      }
      scanned = await scanAndAlign(io, audioDir, transcripts, lang, name);
    } else {
      scanned = scanCorpus({
        audioDir,
        alignment: path.resolve(io.cwd, values.alignment!),
        name,
        keepUntimed: true,
        read,
      });
      if (!values['dry-run']) await placeUntimed(io, scanned, lang);
    }
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
    if (
      scanned.corpus.utterances.length === 0 &&
      !(values['dry-run'] && (scanned.untimed?.length ?? 0) > 0)
    ) {
      io.err(
        `sieve import: ${scanned.nothing ?? 'no audio file has an alignment of the same name'}; nothing was imported\n`,
      );
      return 1;
    }
    if (values['dry-run']) {
      const untimed = scanned.untimed?.length ?? 0;
      io.out(
        `would import ${scanned.corpus.utterances.length} utterances into ${project}` +
          (untimed > 0 ? `, and ${untimed} more whose untimed words SIEVE's aligner would place` : '') +
          '\n',
      );
      return 0;
    }
    const summary = await writeCorpus(project, scanned.corpus, {
      create,
      ...(values.annotator !== undefined ? { annotator: values.annotator } : {}),
    });
    for (const l of summary.clamped) io.err(`warning: ${l}\n`);
    io.out(
      `${summary.created ? 'created' : 'updated'} ${project}` +
        (values.annotator !== undefined ? ` (annotator ${values.annotator}'s layer)` : '') +
        `: ${summary.utterances} utterances, ` +
        `${summary.words} words, ${summary.trees} trees, ${summary.entities} entities, ` +
        `${summary.concepts} concepts, ${summary.audioFiles} audio files added; ${scanned.skipped.length} skipped\n`,
    );
    return 0;
  },
};
