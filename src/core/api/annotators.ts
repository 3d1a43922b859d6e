// The API's schemas for a project's annotators, their assignments and their layers of the gold standard.
import { z } from 'zod';
import { GoldRecords } from '../gold/records';
import { AnnotationStatus } from '../model/schemas';

/** An annotator's name as the API takes it (the store checks the rest: no commas, not 'adjudicated'). */
export const AnnotatorName = z.string().min(1).max(100);

/**
 * A layer of an utterance's gold standard: an annotator's (`{ annotator: NAME }`) or the adjudicated one
 * (`'adjudicated'`, the same as leaving the layer out), which systems are scored against.
 */
export const LayerRef = z.union([z.literal('adjudicated'), z.strictObject({ annotator: AnnotatorName })]);
export type LayerRef = z.infer<typeof LayerRef>;

/** The annotator a layer reference names, or undefined for the adjudicated layer. */
export function layerAnnotator(layer: LayerRef | undefined): string | undefined {
  return layer === undefined || layer === 'adjudicated' ? undefined : layer.annotator;
}

/** An annotator with how many utterances they are assigned and how many of those layers are done. */
export const AnnotatorInfo = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  createdAt: z.string(),
  assigned: z.number().int().nonnegative(),
  /** Layers whose status is 'done' or 'reviewed'. */
  done: z.number().int().nonnegative(),
});
export type AnnotatorInfo = z.infer<typeof AnnotatorInfo>;

/**
 * How the project's team works: who the owner annotates as (null: not set), and whether annotation is
 * blind (an annotator's workspace shows none of the other annotators' work on an utterance; on unless
 * the project turns it off).
 */
export const TeamSettings = z.strictObject({
  owner: AnnotatorName.nullable(),
  blind: z.boolean(),
});
export type TeamSettings = z.infer<typeof TeamSettings>;

/** The project's annotators and team settings. */
export const AnnotatorList = z.strictObject({
  annotators: z.array(AnnotatorInfo),
  ...TeamSettings.shape,
});
export type AnnotatorList = z.infer<typeof AnnotatorList>;

/**
 * A rule that assigns every utterance of the project (see the store's `AssignmentRule` for exactly how):
 * each by `k` annotators, or each by one and a seeded sample of a `fraction` of them by two.
 */
export const AssignmentRuleInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('every'), k: z.number().int().min(1).max(100) }),
  z.strictObject({
    kind: z.literal('sample'),
    fraction: z.number().min(0).max(1),
    seed: z.number().int().min(0).max(0xffffffff).optional(),
  }),
]);
export type AssignmentRuleInput = z.infer<typeof AssignmentRuleInput>;

/**
 * What `assignment:set` does: assigns the utterances `utteranceIds` to `annotator`, or every utterance by a
 * rule to `annotators` (all of the project's, by name, when not given). Assignments only add.
 */
export const AssignmentRequest = z.union([
  z.strictObject({
    annotator: AnnotatorName,
    utteranceIds: z.array(z.string().min(1).max(200)).max(1_000_000),
  }),
  z.strictObject({
    rule: AssignmentRuleInput,
    annotators: z.array(AnnotatorName).min(1).max(1000).optional(),
  }),
]);
export type AssignmentRequest = z.infer<typeof AssignmentRequest>;

/** One annotator's layer of an utterance. */
export const AnnotatorLayer = z.strictObject({
  annotator: z.string(),
  status: AnnotationStatus,
  gold: GoldRecords,
  goldRev: z.number().int().nonnegative(),
});
export type AnnotatorLayer = z.infer<typeof AnnotatorLayer>;

/** Every annotator's layer of an utterance, by annotator name. */
export const UtteranceLayers = z.strictObject({
  utteranceId: z.string(),
  layers: z.array(AnnotatorLayer),
});
export type UtteranceLayers = z.infer<typeof UtteranceLayers>;
