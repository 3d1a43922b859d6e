// Which reader turns an alignment file into utterances with timed words, chosen by file extension. A
// recording may give several utterances: by a tier of segments or utterances, by speaker, by WhisperX
// segment, or cut at pauses when asked (see core/formats/recordingTracks).
import path from 'node:path';
import { parseCtm } from '../../core/formats/ctm';
import { parseEaf } from '../../core/formats/eaf';
import {
  type RecordingTracks,
  type TierOptions,
  type Track,
  eafTracks,
  recordingUtterances,
  textGridTracks,
  whisperXTracks,
} from '../../core/formats/recordingTracks';
import type { PauseSplitOptions } from '../../core/formats/segments';
import { parseStm } from '../../core/formats/stm';
import { parseTextGrid } from '../../core/formats/textGrid';
import { diagnosticAt, LineIndex, type Diagnostic } from '../../core/text/diagnostics';
import { parseGoldJsonl } from '../../core/gold/goldJsonl';
import {
  parseGentleJson,
  parseWhisperXJson,
  WORD_TIMES_KIND_MESSAGE,
  wordTimesJsonKind,
} from '../../core/formats/wordTimesJson';
import type { ParseResult } from '../../core/text/diagnostics';
import type { AlignedUtterance } from './scanCorpus';

/** How alignment files are read: which tiers, and where a recording is cut into utterances. */
export interface AlignmentReadOptions extends TierOptions {
  /** Cut a recording's words at pauses of at least this many seconds. */
  pauseSec?: number;
  /** Cut an utterance longer than this many seconds at its longest pause. */
  maxSec?: number;
}

/** Reads one alignment file's text; `fileStem` names the audio file and the utterances made of it. */
export type AlignmentReader = (
  text: string,
  fileStem: string,
  options: AlignmentReadOptions,
) => ParseResult<AlignedUtterance[]>;

const splitOf = (o: AlignmentReadOptions): Omit<PauseSplitOptions, 'within'> => ({
  ...(o.pauseSec !== undefined ? { pauseSec: o.pauseSec } : {}),
  ...(o.maxSec !== undefined ? { maxSec: o.maxSec } : {}),
});

/** The utterances of a recording's tracks as aligned utterances of the audio file `fileStem`. */
function utterancesOf(fileStem: string, rec: RecordingTracks, o: AlignmentReadOptions): AlignedUtterance[] {
  return recordingUtterances(fileStem, rec, splitOf(o)).map(({ id, words, ...extent }) => ({
    id,
    words,
    audio: fileStem,
    ...(Object.keys(extent).length > 0 ? { extra: extent } : {}),
  }));
}

/** The diagnostics of a file, and the problem that leaves nothing to read in it (at its start). */
function refused(
  text: string,
  diagnostics: Diagnostic[],
  code: string,
  problem: string,
): ParseResult<AlignedUtterance[]> {
  return { value: [], diagnostics: [...diagnostics, diagnosticAt(new LineIndex(text), 0, code, problem)] };
}

/** Tracks read from a file, or the problem that stops it, as aligned utterances and diagnostics. */
function fromTracks(
  text: string,
  fileStem: string,
  o: AlignmentReadOptions,
  read: RecordingTracks | { problem: string },
  diagnostics: Diagnostic[],
  code: string,
): ParseResult<AlignedUtterance[]> {
  // The reader's own errors come first: tiers of a file that does not parse are not looked at.
  if (diagnostics.some((d) => d.severity === 'error')) return { value: [], diagnostics };
  if ('problem' in read) return refused(text, diagnostics, code, read.problem);
  const index = new LineIndex(text);
  const notes = read.notes.map((n) => diagnosticAt(index, 0, code, n, 'warning'));
  return { value: utterancesOf(fileStem, read, o), diagnostics: [...diagnostics, ...notes] };
}

const READERS: Record<string, AlignmentReader> = {
  '.textgrid': (text, fileStem, o) => {
    const r = parseTextGrid(text);
    return fromTracks(text, fileStem, o, textGridTracks(r.value, o), r.diagnostics, 'textgrid.tier');
  },
  // WhisperX or Gentle word timestamps, told apart by their shape: an object with `words` and no
  // `segments` is Gentle (one utterance, cut at pauses when asked), anything else is read as WhisperX.
  '.json': (text, fileStem, o) => {
    const kind = wordTimesJsonKind(text);
    if (kind === 'gentle') {
      const g = parseGentleJson(text);
      const rec: RecordingTracks = { tracks: [{ kind: 'words', words: g.value }], notes: [] };
      return fromTracks(text, fileStem, o, rec, g.diagnostics, 'gentle');
    }
    if (kind === 'unknown') return refused(text, [], 'wordtimes.kind', WORD_TIMES_KIND_MESSAGE);
    const w = parseWhisperXJson(text);
    return fromTracks(text, fileStem, o, whisperXTracks(w.value), w.diagnostics, 'whisperx');
  },
  // SIEVE's own gold JSON Lines (what `sieve export --format jsonl` writes): words and all annotation.
  '.jsonl': (text) => {
    const r = parseGoldJsonl(text);
    return {
      value: r.value.map(({ id, words, audio, ...extra }) => ({
        id,
        words,
        extra,
        ...(audio ? { audio } : {}),
      })),
      diagnostics: r.diagnostics,
    };
  },
  // ELAN: the tier named by --tier, else `words`, else the one top-level tier with timed annotations.
  '.eaf': (text, fileStem, o) => {
    const r = parseEaf(text);
    const annotations = r.value.tiers.flatMap((tier) => tier.annotations);
    // Annotations that only refer to each other have no times to give: say so rather than import words
    // with no times (which would then pair with no audio).
    if (annotations.length > 0 && annotations.every((a) => a.ref !== undefined))
      return refused(
        text,
        r.diagnostics,
        'eaf.no-tier',
        'no time-aligned tier: every annotation refers to another annotation (REF_ANNOTATION), none has times',
      );
    if (r.value.tiers.length === 0)
      return refused(text, r.diagnostics, 'eaf.no-tier', 'no tier: the file has no TIER of words');
    return fromTracks(text, fileStem, o, eafTracks(r.value, o), r.diagnostics, 'eaf.no-tier');
  },
  // A CTM names its utterances in its file field (Kaldi writes one utterance id per "file"); channels of
  // one file are taken in turn, and a second channel of the same id is an error reported by the caller.
  // Each id is a recording, cut at pauses when asked.
  '.ctm': (text, _fileStem, o) => {
    const r = parseCtm(text);
    return {
      value: r.value.flatMap((u) =>
        utterancesOf(u.id, { tracks: [{ kind: 'words', words: u.words }], notes: [] }, o),
      ),
      diagnostics: r.diagnostics,
    };
  },
  // STM (sclite's reference segments): each file id is a recording, each segment an utterance of its
  // speaker whose words SIEVE's aligner places.
  '.stm': (text, _fileStem, o) => {
    const r = parseStm(text);
    const files = new Map<string, Map<string, Extract<Track, { kind: 'utterances' }>>>();
    for (const s of r.value) {
      const speakers = files.get(s.file) ?? new Map<string, Extract<Track, { kind: 'utterances' }>>();
      files.set(s.file, speakers);
      let track = speakers.get(s.speaker);
      if (!track) {
        track = { kind: 'utterances', speaker: s.speaker, utterances: [] };
        speakers.set(s.speaker, track);
      }
      track.utterances.push({
        startSec: s.startSec,
        endSec: s.endSec,
        words: s.words.map((text) => ({ text, startSec: null, endSec: null })),
      });
    }
    return {
      value: [...files].flatMap(([file, speakers]) =>
        utterancesOf(file, { tracks: [...speakers.values()], notes: [] }, o),
      ),
      diagnostics: r.diagnostics,
    };
  },
};

/** The reader for a file, or null when its extension is not an alignment format. */
export function alignmentReaderFor(file: string): AlignmentReader | null {
  return READERS[path.extname(file).toLowerCase()] ?? null;
}
