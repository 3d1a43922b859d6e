// Reads a folder of audio and the transcripts to align with it: a folder of one text file per recording
// (`utt01.wav` with `utt01.txt` or `utt01.lab`), or one file of many (`id<TAB>text` lines, or an sclite
// trn file). Nothing is aligned or written here. A file that cannot be read is an error that stops the
// import; a recording without a transcript, or a transcript without a recording, is left out with why.
import fs from 'node:fs';
import path from 'node:path';
import {
  type Transcript,
  parsePlainTranscript,
  parseTabTranscripts,
  parseTrnTranscripts,
} from '../../core/forcedAlign/transcripts';
import type { ParseResult } from '../../core/text/diagnostics';
import { AUDIO_EXTENSIONS } from '../audio/audioFile';
import { readTextFile } from './readTextFile';
import { type ImportIssue, type SkippedItem, listFiles, located, stem } from './scanCorpus';

/** The extensions of one-recording transcript files in a folder. */
export const TRANSCRIPT_EXTENSIONS: readonly string[] = ['.txt', '.lab'];

/** One recording to align: its audio file and its transcript, with where the transcript was read. */
export interface RecordingToAlign {
  id: string;
  audioFile: string;
  transcript: Transcript;
  /** The file the transcript came from. */
  transcriptFile: string;
}

/** The recordings paired with transcripts, what was left out, and the errors that stop the import. */
export interface ScannedTranscripts {
  recordings: RecordingToAlign[];
  skipped: SkippedItem[];
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Why there is nothing to align, when no recording has a transcript. */
  nothing?: string;
}

/** How a one-file transcript list is read: sclite trn for `.trn`, `id<TAB>text` lines otherwise. */
function readerFor(file: string): (text: string) => ParseResult<Transcript[]> {
  return path.extname(file).toLowerCase() === '.trn' ? parseTrnTranscripts : parseTabTranscripts;
}

/**
 * Pairs the audio files of `audioDir` with their transcripts by name. `transcripts` is a folder of
 * `.txt` / `.lab` files (one per recording, named like it) or one file holding many (`.trn`: sclite trn;
 * anything else: `id<TAB>text` lines), whose ids are the audio files' names without extension.
 */
export function scanTranscripts(audioDir: string, transcripts: string): ScannedTranscripts {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const skipped: SkippedItem[] = [];

  const audio = new Map<string, string>();
  for (const f of listFiles(audioDir)) {
    if (!AUDIO_EXTENSIONS.includes(path.extname(f).toLowerCase())) continue;
    const key = stem(f);
    if (audio.has(key))
      errors.push({ file: f, message: `two audio files are named "${key}" (${audio.get(key)})` });
    else audio.set(key, f);
  }

  const found = new Map<string, { transcript: Transcript; file: string }>();
  const isDir = fs.statSync(transcripts).isDirectory();
  let transcriptFiles = 0;
  for (const f of listFiles(transcripts)) {
    if (isDir && !TRANSCRIPT_EXTENSIONS.includes(path.extname(f).toLowerCase())) {
      skipped.push({ item: f, reason: `not a transcript (${TRANSCRIPT_EXTENSIONS.join(', ')})` });
      continue;
    }
    transcriptFiles++;
    const read = readTextFile(f);
    if (!read.ok) {
      errors.push(read.issue);
      continue;
    }
    const r = isDir ? parsePlainTranscript(read.text, stem(f)) : readerFor(f)(read.text);
    const loc = located(f, r.diagnostics);
    errors.push(...loc.errors);
    warnings.push(...loc.warnings);
    for (const t of r.value) {
      const before = found.get(t.id);
      if (before)
        errors.push({
          file: f,
          line: t.line,
          column: t.column,
          message: `utterance "${t.id}" has two transcripts (also ${before.file}:${before.transcript.line})`,
        });
      else found.set(t.id, { transcript: t, file: f });
    }
  }

  const recordings: RecordingToAlign[] = [];
  for (const [id, t] of found) {
    const audioFile = audio.get(id);
    if (audioFile === undefined) {
      skipped.push({ item: `${t.file}:${t.transcript.line}`, reason: `no audio file named "${id}"` });
      continue;
    }
    recordings.push({ id, audioFile, transcript: t.transcript, transcriptFile: t.file });
  }
  for (const [id, f] of audio)
    if (!found.has(id)) skipped.push({ item: f, reason: `no transcript for "${id}"` });

  const nothing =
    recordings.length > 0
      ? undefined
      : audio.size === 0
        ? `no audio file (${AUDIO_EXTENSIONS.join(', ')}) in ${audioDir}`
        : transcriptFiles === 0
          ? `no transcript file (${TRANSCRIPT_EXTENSIONS.join(', ')}, or one id<TAB>text or trn file) in ${transcripts}`
          : 'no audio file has a transcript of the same name';
  return { recordings, skipped, errors, warnings, ...(nothing !== undefined ? { nothing } : {}) };
}
