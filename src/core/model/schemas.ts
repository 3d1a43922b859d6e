// The project's records as runtime schemas; TypeScript types are inferred from them so the API contract,
// the store and the UI all speak of the same shapes.
import { z } from 'zod';

/** Annotation workflow state of one utterance. */
export const AnnotationStatus = z.enum(['todo', 'in_progress', 'done', 'reviewed']);
export type AnnotationStatus = z.infer<typeof AnnotationStatus>;

/** One word of an utterance's word tier; times are seconds from the start of the audio file. */
export const Word = z.strictObject({
  index: z.number().int().nonnegative(),
  text: z.string(),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
  /** Where the times come from: 'manual', 'sieve-align', 'import' or an imported alignment's format. */
  source: z.string(),
  /** SIEVE's aligner's confidence in [0, 1] for words it placed; null for every other word. */
  confidence: z.number().min(0).max(1).nullable(),
});
export type Word = z.infer<typeof Word>;

/**
 * Whether an audio file still is what the project recorded: present and with the same content hash, a
 * regular file (not a folder, device or pipe), inside the project's folder or a folder the user added.
 */
export const AudioState = z.enum(['ok', 'missing', 'changed', 'outside', 'not-a-file']);
export type AudioState = z.infer<typeof AudioState>;

/** An audio file referenced by the project (path relative to the project file). */
export const AudioFileInfo = z.strictObject({
  id: z.number().int().positive(),
  path: z.string(),
  durationSec: z.number().nonnegative(),
  sampleRate: z.number().int().positive(),
  channels: z.number().int().positive(),
  sha256: z.string(),
  state: AudioState,
});
export type AudioFileInfo = z.infer<typeof AudioFileInfo>;

/** One row of the project's utterance list. */
export const UtteranceSummary = z.strictObject({
  id: z.string(),
  audioId: z.number().int().positive(),
  speaker: z.string(),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
  durationSec: z.number().nonnegative(),
  transcript: z.string(),
  status: AnnotationStatus,
  wordCount: z.number().int().nonnegative(),
});
export type UtteranceSummary = z.infer<typeof UtteranceSummary>;

/** An utterance with its word tier and its audio file. */
export const UtteranceDetail = z.strictObject({
  utterance: UtteranceSummary,
  words: z.array(Word),
  audio: AudioFileInfo,
});
export type UtteranceDetail = z.infer<typeof UtteranceDetail>;

/** Counts and health of an open project. */
export const ProjectSummary = z.strictObject({
  path: z.string(),
  name: z.string(),
  description: z.string(),
  schemaVersion: z.number().int(),
  utterances: z.number().int().nonnegative(),
  words: z.number().int().nonnegative(),
  /** Gold annotation: trees (of every name), entity spans and concepts, over all utterances. */
  trees: z.number().int().nonnegative(),
  entities: z.number().int().nonnegative(),
  concepts: z.number().int().nonnegative(),
  audioFiles: z.number().int().nonnegative(),
  audioProblems: z.array(AudioFileInfo),
  /** The file could not be written (its permissions, its folder's, or the file system): edits are refused. */
  readOnly: z.boolean(),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** A waveform envelope: the largest absolute sample value in each bucket, all channels mixed. */
export const Peaks = z.strictObject({
  audioId: z.number().int().positive(),
  durationSec: z.number().nonnegative(),
  bucketsPerSec: z.number().positive(),
  peaks: z.array(z.number()),
});
export type Peaks = z.infer<typeof Peaks>;
