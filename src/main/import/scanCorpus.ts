// Reads a folder of audio and a folder (or file) of word alignments and pairs them by name into a corpus
// for `writeCorpus`. Nothing is written here; every problem is collected with its file, line and column.
import fs from 'node:fs';
import path from 'node:path';
import type { TimedWord } from '../../core/model/annotation';
import type { GoldWord } from '../../core/gold/records';
import type { Diagnostic, ParseResult } from '../../core/text/diagnostics';
import { AUDIO_EXTENSIONS } from '../audio/audioFile';
import type { Corpus, CorpusUtterance } from './writeCorpus';
import { type AlignmentReadOptions, alignmentReaderFor } from './alignmentReaders';
import { readTextFile } from './readTextFile';

/** A problem in an input file, located. */
export interface ImportIssue {
  file: string;
  line?: number;
  column?: number;
  message: string;
}

/** Something left out of an import, and why. */
export interface SkippedItem {
  item: string;
  reason: string;
}

/** The corpus read from files, what was left out, and the errors that stop the import. */
export interface ScannedCorpus {
  corpus: Corpus;
  skipped: SkippedItem[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Why there is nothing to import, when no utterance was found (`no audio file (…) in DIR`). */
  nothing?: string;
  /**
   * Utterances with words their alignment left without times, kept aside (not skipped) when the scan is
   * asked to (`keepUntimed`) so that SIEVE's aligner can place those words (`placeUntimedWords`).
   */
  untimed?: UntimedUtterance[];
}

/** An utterance whose alignment left some words without times, and where it goes among the others. */
export interface UntimedUtterance {
  utterance: Omit<CorpusUtterance, 'words'>;
  words: TimedWord[];
  /** The alignment file it was read from. */
  file: string;
  /** The audio file it is in. */
  audioFile: string;
  /** Its place in `corpus.utterances` had it been timed (the index of the utterance it goes before). */
  position: number;
}

/** Words of one utterance as an alignment file gives them. */
export interface AlignedUtterance {
  id: string;
  words: TimedWord[];
  /** Further gold annotation and the utterance's extent, from formats that carry them (gold JSON Lines). */
  extra?: Omit<CorpusUtterance, 'id' | 'audio' | 'words' | 'wordSource'>;
  /** The audio file's stem when it differs from the id (several utterances of one file). */
  audio?: string;
}

/** Where to read a corpus from. */
export interface ScanOptions {
  audioDir: string;
  /** A folder of alignment files (paired with audio by file name) or one file (a CTM may hold many). */
  alignment: string;
  name?: string;
  /** Keep utterances with untimed words aside in `untimed` instead of skipping them. */
  keepUntimed?: boolean;
  /** Which tiers are read, and where recordings are cut into utterances. */
  read?: AlignmentReadOptions;
}

/** The visible files of a folder in name order, or the one file given. */
export function listFiles(dirOrFile: string): string[] {
  const stat = fs.statSync(dirOrFile);
  if (!stat.isDirectory()) return [dirOrFile];
  return fs
    .readdirSync(dirOrFile, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.join(dirOrFile, e.name))
    .sort();
}

/** The file's name without its extension: the key that pairs audio and alignment files. */
export function stem(file: string): string {
  return path.basename(file, path.extname(file));
}

/** Turns diagnostics of `file` into located issues. */
export function located(
  file: string,
  diagnostics: readonly Diagnostic[],
): { errors: ImportIssue[]; warnings: ImportIssue[] } {
  const to = (d: Diagnostic): ImportIssue => ({ file, line: d.line, column: d.column, message: d.message });
  return {
    errors: diagnostics.filter((d) => d.severity === 'error').map(to),
    warnings: diagnostics.filter((d) => d.severity === 'warning').map(to),
  };
}

/** Gold words need times: the first untimed word, if any, is the reason to leave the utterance out. */
function timedOnly(words: readonly TimedWord[]): GoldWord[] | string {
  const out: GoldWord[] = [];
  for (const [i, w] of words.entries()) {
    if (w.startSec === null || w.endSec === null)
      return `word ${i + 1} "${w.text}" has no time (it was not aligned to the audio)`;
    // SIEVE's own gold JSON Lines carries each word's source and confidence; other formats have none.
    const marks =
      'source' in w && typeof w.source === 'string'
        ? { source: w.source, ...(w.confidence !== undefined ? { confidence: w.confidence } : {}) }
        : {};
    out.push({ text: w.text, startSec: w.startSec, endSec: w.endSec, ...marks });
  }
  return out;
}

/**
 * Pairs audio files and alignments by name: `audio/utt01.wav` with `align/utt01.TextGrid`, or with the
 * CTM records whose file field is `utt01`. Each pair becomes one utterance spanning its whole audio file,
 * or several (`utt01_0001` …) where the alignment has segments, speakers or is cut at pauses
 * (`options.read`). Unpaired files are skipped and reported; unreadable alignment files are errors.
 */
export function scanCorpus(options: ScanOptions): ScannedCorpus {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const skipped: SkippedItem[] = [];

  const audio = new Map<string, string>();
  for (const f of listFiles(options.audioDir)) {
    if (!AUDIO_EXTENSIONS.includes(path.extname(f).toLowerCase())) continue;
    const key = stem(f);
    if (audio.has(key))
      errors.push({ file: f, message: `two audio files are named "${key}" (${audio.get(key)})` });
    else audio.set(key, f);
  }

  const aligned = new Map<
    string,
    { words: TimedWord[]; file: string; extra?: AlignedUtterance['extra']; audio: string }
  >();
  let alignmentFiles = 0;
  for (const f of listFiles(options.alignment)) {
    const reader = alignmentReaderFor(f);
    if (reader) alignmentFiles++;
    if (!reader) {
      if (fs.statSync(options.alignment).isDirectory())
        skipped.push({ item: f, reason: 'not an alignment format' });
      else errors.push({ file: f, message: 'not an alignment format (TextGrid, CTM, STM, JSON or EAF)' });
      continue;
    }
    // Praat reads an 8-bit TextGrid that is not UTF-8 as Windows-1252, and so does this import.
    const read = readTextFile(f, { windows1252: path.extname(f).toLowerCase() === '.textgrid' });
    if (!read.ok) {
      errors.push(read.issue);
      continue;
    }
    if (read.warning) warnings.push(read.warning);
    const result: ParseResult<AlignedUtterance[]> = reader(read.text, stem(f), options.read ?? {});
    const loc = located(f, result.diagnostics);
    for (const i of loc.errors) errors.push(i);
    for (const i of loc.warnings) warnings.push(i);
    for (const u of result.value) {
      if (aligned.has(u.id))
        errors.push({
          file: f,
          message: `utterance "${u.id}" is aligned twice (also in ${aligned.get(u.id)!.file})`,
        });
      else aligned.set(u.id, { words: u.words, file: f, extra: u.extra, audio: u.audio ?? u.id });
    }
  }

  const utterances: CorpusUtterance[] = [];
  const kept: UntimedUtterance[] = [];
  const used = new Set<string>();
  let untimed: string | undefined;
  // Files in name order, utterances in file order.
  for (const [id, a] of aligned) {
    if (!audio.has(a.audio)) {
      skipped.push({ item: `${id} (${a.file})`, reason: `no audio file named "${a.audio}"` });
      continue;
    }
    const words = timedOnly(a.words);
    if (typeof words === 'string' && options.keepUntimed) {
      used.add(a.audio);
      kept.push({
        utterance: {
          ...a.extra,
          id,
          audio: a.audio,
          wordSource: path.extname(a.file).slice(1).toLowerCase(),
        },
        words: a.words,
        file: a.file,
        audioFile: audio.get(a.audio)!,
        position: utterances.length,
      });
      continue;
    }
    if (typeof words === 'string') {
      untimed ??= `every utterance with audio was left out; utterance "${id}" (${a.file}): ${words}`;
      skipped.push({ item: `${id} (${a.file})`, reason: words });
      continue;
    }
    used.add(a.audio);
    utterances.push({
      ...a.extra,
      id,
      audio: a.audio,
      words,
      wordSource: path.extname(a.file).slice(1).toLowerCase(),
    });
  }
  for (const [id, f] of audio)
    if (!used.has(id)) skipped.push({ item: f, reason: 'no alignment of that name' });

  // Nothing to import: say which part is missing rather than only that no pair was made.
  const nothing =
    utterances.length > 0 || kept.length > 0
      ? undefined
      : audio.size === 0
        ? `no audio file (${AUDIO_EXTENSIONS.join(', ')}) in ${options.audioDir}`
        : alignmentFiles === 0
          ? `no alignment file (TextGrid, CTM, JSON, EAF, gold JSON Lines) in ${options.alignment}`
          : aligned.size === 0
            ? `the alignment files hold no utterance (${options.alignment})`
            : (untimed ?? 'no audio file has an alignment of the same name');
  return {
    corpus: {
      ...(options.name ? { name: options.name } : {}),
      audio: [...used].map((id) => ({ key: id, file: audio.get(id)! })),
      utterances,
    },
    skipped,
    errors,
    warnings,
    ...(nothing !== undefined ? { nothing } : {}),
    ...(options.keepUntimed ? { untimed: kept } : {}),
  };
}
