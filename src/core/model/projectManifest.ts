// A project described as plain JSON: the input of `sieve create` and of the demo builder.
import { z } from 'zod';
import { GoldConcept, GoldEntity, GoldLabels, GoldTree } from '../gold/records';
import { SystemOutput } from './systemOutput';

const ManifestWord = z.strictObject({
  text: z.string().min(1),
  startSec: z.number().nonnegative(),
  endSec: z.number().nonnegative(),
});

/** One utterance of a manifest; times are seconds within its audio file. */
export const ManifestUtterance = z.strictObject({
  id: z.string().min(1),
  audio: z.string().min(1),
  startSec: z.number().nonnegative().optional(),
  endSec: z.number().nonnegative().optional(),
  speaker: z.string().default(''),
  transcript: z.string().optional(),
  wordSource: z.string().default('import'),
  words: z.array(ManifestWord),
  trees: z.array(GoldTree).optional(),
  entities: z.array(GoldEntity).optional(),
  concepts: z.array(GoldConcept).optional(),
  interpretations: z.array(z.string()).optional(),
  labels: GoldLabels.optional(),
});

/** A system and its outputs, stored with the project. */
export const ManifestSystem = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().default(''),
  outputs: z.array(SystemOutput),
});

/** A whole project: audio files (paths relative to the manifest) and utterances over them. */
export const ProjectManifest = z.strictObject({
  name: z.string().min(1),
  description: z.string().default(''),
  audio: z.array(z.strictObject({ id: z.string().min(1), path: z.string().min(1) })).min(1),
  utterances: z.array(ManifestUtterance).min(1),
  systems: z.array(ManifestSystem).default([]),
});
export type ProjectManifest = z.infer<typeof ProjectManifest>;
export type ProjectManifestInput = z.input<typeof ProjectManifest>;
